import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_DEFAULT_RATING,
  FEEDBACK_MAX_RATING,
  FEEDBACK_OTHER,
  feedbackComment,
  feedbackReasonsFor,
  feedbackRoutes,
  parseFeedbackLink,
  type FeedbackLink,
  type FeedbackTask,
} from '@pmw/contract/feedback';
import { api, ApiError } from '../../shared/api-client';
import { Loader } from '../../shared/loader';
import { showError } from '../../shared/message-bar';
import { InstructionHtml } from './instruction-html';
import { useDeviceLocation } from './use-device-location';
import { t } from './messages';
import './feedback.css';
import { LanguageSwitch } from '../../shared/language-switch';
import { tx } from '../../shared/i18n';
import { safeLink } from '../../shared/safe-url';
import { LoadFailed } from '../../shared/query-view';

/** `/fb/{job_task_id}/{ref_value}/{user_id}/{otp}`: a merchant rates the partner who served them. */
export function FeedbackPage() {
  const params = useParams();
  const link = useMemo(
    () => parseFeedbackLink({ jobTaskId: params.jobTaskId, refValue: params.refValue, userId: params.userId, otp: params.otp }),
    [params.jobTaskId, params.refValue, params.userId, params.otp],
  );
  useEffect(() => {
    const before = document.title;
    document.title = t('pageTitle');
    return () => {
      document.title = before;
    };
  }, []);
  return (
    <main className="fb">
      <div className="page-lang">
        <LanguageSwitch />
      </div>
      {link ? <FeedbackForLink link={link} /> : <InvalidLink />}
    </main>
  );
}

function InvalidLink() {
  return (
    <section className="fb-card card fb-center" role="alert">
      <h1>{t('linkInvalid')}</h1>
      <p className="muted">{t('linkInvalidHint')}</p>
    </section>
  );
}

/** Too many wrong codes: the server's message says to ask the partner for a new link. */
function LockedLink({ message }: { message: string }) {
  return (
    <section className="fb-card card fb-center" role="alert">
      <h1>{t('linkLocked')}</h1>
      <p className="muted">{message}</p>
    </section>
  );
}

function FeedbackForLink({ link }: { link: FeedbackLink }) {
  const location = useDeviceLocation();
  const [done, setDone] = useState(false);
  const task = useQuery({
    queryKey: ['feedback-task', link],
    queryFn: () =>
      api(feedbackRoutes.fetchTask, {
        query: { entity_type: 'JOB_TASK', entity_id: link.job_task_id, ref_type: 'MERCHANT_MOBILE', ref_value: link.ref_value, user_id: link.user_id, otp: link.otp },
      }),
    retry: (count, err) => !(err instanceof ApiError && err.httpStatus < 500) && count < 1,
  });

  if (task.isPending) {
    return (
      <div className="fb-center">
        <Loader label={t('loading')} />
      </div>
    );
  }
  if (task.isError) {
    if (task.error instanceof ApiError && (task.error.httpStatus === 404 || task.error.httpStatus === 400)) return <InvalidLink />;
    if (task.error instanceof ApiError && task.error.httpStatus === 429) return <LockedLink message={task.error.message} />;
    return (
      <section className="fb-card card fb-center">
        <LoadFailed failed={t('somethingWentWrong')} retry={t('tryAgain')} error={task.error} busy={task.isFetching} onRetry={() => void task.refetch()} />
      </section>
    );
  }
  if (done || task.data.submitted) return <ThankYou task={task.data} />;
  return (
    <>
      <PartnerCard task={task.data} otp={link.otp} />
      <RatingForm link={link} location={location} onDone={() => setDone(true)} />
    </>
  );
}

function PartnerCard({ task, otp }: { task: FeedbackTask; otp: string }) {
  const instructionId = useId();
  const name = task.User.first_name || t('partner');
  return (
    <section className="fb-card card" aria-label={name}>
      <div className="fb-partner">
        {task.User.profile_picture_url ? (
          <img className="fb-partner__photo" src={task.User.profile_picture_url} alt="" />
        ) : (
          <span className="fb-partner__photo fb-partner__initial" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="fb-partner__who">
          <h1 className="fb-partner__name">{name}</h1>
          <p className="muted">{t('partnerId', { id: task.User.pmw_id })}</p>
          <a className="fb-partner__call" href={`tel:${task.User.mobile}`} aria-label={t('callPartner', { name })}>
            <PhoneIcon />
            {task.User.mobile}
          </a>
        </div>
      </div>
      <p className="fb-intro">{t('intro')}</p>
      {task.consumer_instruction && (
        <>
          <h2 id={instructionId} className="visually-hidden">
            {t('instructionHeading')}
          </h2>
          <InstructionHtml html={task.consumer_instruction} labelledBy={instructionId} />
        </>
      )}
      <div className="fb-otp" role="group" aria-label={t('shareOtp')}>
        <span className="fb-otp__label">{t('shareOtp')}</span>
        <span className="fb-otp__value">{otp}</span>
        <span className="fb-otp__hint muted">{t('shareOtpHint')}</span>
      </div>
    </section>
  );
}

function RatingForm(props: { link: FeedbackLink; location: { lat: number; lng: number } | null; onDone: () => void }) {
  const [rating, setRating] = useState(FEEDBACK_DEFAULT_RATING);
  const [reasons, setReasons] = useState<string[]>([]);
  const [other, setOther] = useState('');
  const commentId = useId();
  const submit = useMutation({
    mutationFn: () =>
      api(feedbackRoutes.addResponse, {
        body: {
          rating,
          comment: feedbackComment(reasons, other),
          location: props.location,
          entity_type: 'JOB_TASK',
          entity_id: props.link.job_task_id,
          ref_type: 'MERCHANT_MOBILE',
          ref_value: props.link.ref_value,
          otp: props.link.otp,
        },
      }),
    onSuccess: props.onDone,
    onError: showError,
  });

  function choose(n: number) {
    setRating(n);
    setReasons([]);
  }
  function toggle(reason: string) {
    setReasons((now) => (now.includes(reason) ? now.filter((r) => r !== reason) : [...now, reason]));
  }
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!submit.isPending) submit.mutate();
  }

  const otherOpen = reasons.includes(FEEDBACK_OTHER);
  return (
    <form className="fb-card card" onSubmit={onSubmit} noValidate>
      <fieldset className="fb-stars">
        <legend className="fb-heading">{t('rateOurPartner')}</legend>
        <div className="fb-stars__row">
          {Array.from({ length: FEEDBACK_MAX_RATING }, (_, i) => i + 1).map((n) => (
            <label key={n} className={`fb-star${n <= rating ? ' fb-star--on' : ''}`}>
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => choose(n)}
                className="visually-hidden"
                aria-label={t(n === 1 ? 'starLabel' : 'starsLabel', { n })}
              />
              <span aria-hidden="true">★</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="fb-chips">
        <legend className="visually-hidden">{t('reasonsLabel')}</legend>
        {feedbackReasonsFor(rating).map((reason) => (
          <button
            key={reason}
            type="button"
            className={`fb-chip${reasons.includes(reason) ? ' fb-chip--on' : ''}`}
            aria-pressed={reasons.includes(reason)}
            onClick={() => toggle(reason)}
          >
            {tx(reason)}
          </button>
        ))}
      </fieldset>
      {otherOpen && (
        <div className="field">
          <label htmlFor={commentId}>{t('otherComment')}</label>
          <textarea
            id={commentId}
            className="input"
            rows={3}
            maxLength={FEEDBACK_COMMENT_MAX}
            placeholder={t('otherPlaceholder')}
            value={other}
            onChange={(e) => setOther(e.target.value)}
          />
          <p className="field__hint">{t('charactersLeft', { n: FEEDBACK_COMMENT_MAX - other.length })}</p>
        </div>
      )}
      <button type="submit" className="button button--block" disabled={submit.isPending}>
        {submit.isPending ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}

function ThankYou({ task }: { task: FeedbackTask }) {
  return (
    <section className="fb-card card fb-center fb-thanks" aria-live="polite">
      <div className="fb-thanks__tick" aria-hidden="true">
        ✓
      </div>
      <h1>{t('thankYou')}</h1>
      <p>
        {t('needHelp')}: <a href={`tel:${task.support_phone}`}>{task.support_phone}</a>
      </p>
      <div className="fb-join">
        <h2>{t('joinTitle')}</h2>
        <p className="muted">{t('joinText')}</p>
        <a className="button" href={safeLink(task.join_url) ?? '/'}>
          {t('joinNow')}
        </a>
      </div>
    </section>
  );
}

function PhoneIcon() {
  return (
    <svg className="fb-phone-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.46.57 3.6a1 1 0 0 1-.25 1z"
      />
    </svg>
  );
}
