import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { keptBeforeHydration, keptValuesUsed } from '../../shared/public-page/before-hydration';
import {
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_DEFAULT_RATING,
  FEEDBACK_MAX_RATING,
  FEEDBACK_OTHER,
  FEEDBACK_REASONS_HIGH,
  FEEDBACK_REASONS_LOW,
  feedbackComment,
  type FeedbackFormField,
  type FeedbackFormState,
  type FeedbackLink,
  type FeedbackPageData,
} from '@pmw/contract/feedback-rules';
import type { FeedbackTask } from '@pmw/contract/feedback';
import { LanguageSwitch } from '../../shared/language-switch';
import { safeLink } from '../../shared/safe-url';
import { showError } from '../../shared/message-bar';
import { InstructionHtml } from './instruction-html';
import { useDeviceLocation } from './use-device-location';
import { t } from './messages';

/** The reason chips' words, from this page's own texts (the first screen loads no other). */
const REASON_KEYS: Record<string, Parameters<typeof t>[0]> = {
  'Did not explain product properly': 'reasonExplain',
  'Was in hurry': 'reasonHurry',
  'Speaking rudely': 'reasonRude',
  Other: 'reasonOther',
  'Good Sales Person': 'reasonGoodSales',
  'Great conversation': 'reasonConversation',
  'Explained the product clearly': 'reasonExplained',
};

/**
 * `/fb/{job_task_id}/{ref_value}/{user_id}/{otp}`: a merchant rates the
 * partner who served them. Rendered on the server from `data` (the partner,
 * the OTP and the stars are in the first response) and hydrated in the
 * browser; `fallback` is what the app's router shows while it fetches.
 */
export function FeedbackView({ data, fallback }: { data: FeedbackPageData; fallback?: ReactNode }) {
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
      {fallback ?? <FeedbackBody data={data} />}
    </main>
  );
}

function FeedbackBody({ data }: { data: FeedbackPageData }) {
  const location = useDeviceLocation();
  const [done, setDone] = useState(false);
  if (!data.link || data.problem?.kind === 'invalid') return <InvalidLink />;
  if (data.problem?.kind === 'locked') return <LockedLink message={data.problem.message} />;
  if (!data.task) {
    return (
      <section className="fb-card card fb-center" role="alert">
        <p>{t('somethingWentWrong')}</p>
      </section>
    );
  }
  if (done || data.task.submitted) return <ThankYou task={data.task} />;
  return (
    <>
      <PartnerCard task={data.task} otp={data.link.otp} />
      <RatingForm link={data.link} posted={data.form} location={location} onDone={() => setDone(true)} />
    </>
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

/** The form's action: a plain post that works before any script runs (the page answers it). */
const FORM_ACTION = '/api/v2/feedback/response/form';

/**
 * The stars, the reason chips and the 'Other' box as a real form: without
 * script it posts to the server, which answers the thank-you or this page with
 * the message at its field; once hydrated it sends the same answer in place.
 * Both chip sets are on the page and CSS shows the set of the checked stars
 * (`:has`), so it is right without script too; the server keeps only the
 * reasons of the chosen stars.
 */
function RatingForm(props: {
  link: FeedbackLink;
  posted?: FeedbackFormState;
  location: { lat: number; lng: number } | null;
  onDone: () => void;
}) {
  // What the merchant chose or typed in the server's HTML before the script arrived stays.
  const [kept] = useState(keptBeforeHydration);
  useEffect(keptValuesUsed, []);
  const [rating, setRating] = useState(() => Number(kept?.get('rating')?.[0] ?? props.posted?.rating ?? FEEDBACK_DEFAULT_RATING));
  const [reasons, setReasons] = useState<string[]>(() => kept?.get('reason') ?? props.posted?.reasons ?? []);
  const [other, setOther] = useState(() => kept?.get('other')?.[0] ?? props.posted?.other ?? '');
  const [errors, setErrors] = useState(props.posted?.errors ?? {});
  const commentId = useId();
  const [busy, setBusy] = useState(false);

  function choose(n: number) {
    setRating(n);
    setReasons([]);
    setErrors({});
  }
  function toggle(reason: string) {
    setReasons((now) => (now.includes(reason) ? now.filter((r) => r !== reason) : [...now, reason]));
  }
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    try {
      // The call and its schemas load when the merchant submits.
      const { sendFeedback } = await import('./feedback-actions');
      await sendFeedback(props.link, { rating, comment: feedbackComment(reasons, other), location: props.location });
      props.onDone();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  }

  const low = rating < 4;
  const errorOf = (field: FeedbackFormField) =>
    errors[field] ? (
      <p id={`fb-${field}-error`} className="field__error" role="alert">
        {errors[field]}
      </p>
    ) : null;
  const reasonSet = (set: readonly string[], which: 'low' | 'high') => (
    <fieldset className={`fb-chips fb-chips--${which}`} aria-describedby={errors.reason ? 'fb-reason-error' : undefined}>
      <legend className="visually-hidden">{t('reasonsLabel')}</legend>
      {set.map((reason) => (
        <label key={reason} className={`fb-chip${reasons.includes(reason) ? ' fb-chip--on' : ''}`}>
          <input
            type="checkbox"
            name="reason"
            value={reason}
            className="fb-chip__box"
            checked={reasons.includes(reason)}
            onChange={() => toggle(reason)}
          />
          {t(REASON_KEYS[reason] ?? 'reasonOther')}
        </label>
      ))}
    </fieldset>
  );
  return (
    <form
      className={`fb-card card fb-form fb-form--${low ? 'low' : 'high'}${reasons.includes(FEEDBACK_OTHER) ? ' fb-form--other' : ''}`}
      method="post"
      action={FORM_ACTION}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      <input type="hidden" name="entity_id" value={props.link.job_task_id} />
      <input type="hidden" name="ref_value" value={props.link.ref_value} />
      <input type="hidden" name="user_id" value={props.link.user_id} />
      <input type="hidden" name="otp" value={props.link.otp} />
      <fieldset className="fb-stars" aria-describedby={errors.rating ? 'fb-rating-error' : undefined}>
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
        {errorOf('rating')}
      </fieldset>
      {reasonSet(FEEDBACK_REASONS_LOW, 'low')}
      {reasonSet(FEEDBACK_REASONS_HIGH, 'high')}
      {errorOf('reason')}
      <div className="field fb-other">
        <label htmlFor={commentId}>{t('otherComment')}</label>
        <textarea
          id={commentId}
          name="other"
          className="input"
          rows={3}
          maxLength={FEEDBACK_COMMENT_MAX}
          placeholder={t('otherPlaceholder')}
          value={other}
          onChange={(e) => setOther(e.target.value)}
          aria-invalid={errors.other ? true : undefined}
          aria-describedby={errors.other ? 'fb-other-error' : undefined}
        />
        {errorOf('other')}
        <p className="field__hint">{t('charactersLeft', { n: FEEDBACK_COMMENT_MAX - other.length })}</p>
      </div>
      <button type="submit" className="button button--block" disabled={busy}>
        {busy ? t('submitting') : t('submit')}
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
