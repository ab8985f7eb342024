import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import type { Booking, SlotDay } from '@pmw/contract/hiring';
import { directionsUrl, interviewIcs } from '@pmw/contract/calendar';
import { istDayStart } from '@pmw/contract/time';
import { ApiError, isRefusal } from '../../shared/api-client';
import { Loader } from '../../shared/loader';
import { showError, showSuccess } from '../../shared/message-bar';
import { bookSlot, bookedQueryKey, fetchBooked, fetchMe, fetchSlots, rescheduleSlot, slotsQueryKey } from './candidate-api';
import { useCandidateState } from './candidate-state';
import { t } from './messages';
import './candidate.css';
import { formatDate, formatTime } from '../../shared/i18n';
import { PageLanguageSwitch } from '../../shared/language-switch';
import { LoadFailed } from '../../shared/query-view';

const noRetryOn4xx = (count: number, err: unknown) => !isRefusal(err) && count < 1;

/** /slotselect: interview slots grouped by date; after booking (and on reload) the booked view. */
export function SlotPage() {
  const carried = useCandidateState();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number | null>(null);
  const jobId = carried?.job_id ?? 0;
  const me = useQuery({ queryKey: ['candidate', 'me'], queryFn: fetchMe, enabled: !!carried, retry: noRetryOn4xx });
  const booked = useQuery({
    queryKey: bookedQueryKey(jobId),
    queryFn: () => fetchBooked(jobId),
    enabled: !!carried && me.isSuccess,
    retry: noRetryOn4xx,
  });
  const slots = useQuery({
    queryKey: slotsQueryKey(jobId),
    queryFn: () => fetchSlots(jobId, carried!.job_location_id),
    enabled: !!carried && booked.isSuccess && booked.data === null,
    retry: noRetryOn4xx,
  });
  const confirm = useMutation({
    mutationFn: (slot: { slot_id: number; date: string }) =>
      bookSlot({ user_id: me.data!.user_id, slot_id: slot.slot_id, job_id: jobId, booking_date: slot.date }),
    onSuccess: (booking) => {
      queryClient.setQueryData(bookedQueryKey(jobId), booking);
      showSuccess(t('slotBooked'));
    },
    onError: (err) => {
      showError(err);
      void slots.refetch();
    },
  });

  if (!carried) return <Navigate to="/" replace />;
  // Without the candidate's session (cleared cookies) the path starts again from the job.
  if ((me.isSuccess && !me.data) || (me.isError && me.error instanceof ApiError && me.error.httpStatus === 401))
    return <Navigate to="/" replace />;
  const failed = me.isError || booked.isError || slots.isError;
  if (failed) {
    return (
      <main className="center-page">
        <LoadFailed
          failed={t('slotsLoadFailed')}
          retry={t('retry')}
          error={me.error ?? booked.error ?? slots.error}
          busy={me.isFetching || booked.isFetching || slots.isFetching}
          onRetry={() => void Promise.all([me.refetch(), booked.refetch(), slots.refetch()])}
        />
      </main>
    );
  }
  if (me.isPending || booked.isPending || (booked.data === null && slots.isPending)) {
    return (
      <div className="page-loader">
        <Loader label={t('loading')} />
      </div>
    );
  }
  if (booked.data && me.data)
    return (
      <BookedView booking={booked.data} jobTitle={carried.job_title} jobLocationId={carried.job_location_id} userId={me.data.user_id} />
    );

  const days = slots.data ?? [];
  const selected = chosenSlot(days, chosen);
  return (
    <main className="candidate candidate--form">
      <PageLanguageSwitch />
      <form
        className="card"
        onSubmit={(e) => {
          e.preventDefault();
          if (!selected) return showError(t('chooseSlot'));
          confirm.mutate({ slot_id: selected.slot_id, date: selected.date });
        }}
      >
        <h1>{t('slotsTitle')}</h1>
        <p className="muted">{carried.job_title}</p>
        {days.length === 0 && <p className="empty">{t('noSlots')}</p>}
        <SlotChoices days={days} chosen={chosen} onChoose={setChosen} />
        <div className="sticky-action">
          <button type="submit" className="button button--block" disabled={confirm.isPending || days.length === 0}>
            {t('confirm')}
          </button>
        </div>
      </form>
    </main>
  );
}

/** The slot the candidate chose, with the day it is on. */
function chosenSlot(days: SlotDay[], chosen: number | null) {
  return days.flatMap((d) => d.slots.map((s) => ({ ...s, date: d.date }))).find((s) => s.slot_id === chosen);
}

/** The open slots, grouped by day, as radio choices. */
function SlotChoices({
  days,
  chosen,
  onChoose,
  current,
}: {
  days: SlotDay[];
  chosen: number | null;
  onChoose: (slotId: number) => void;
  current?: number;
}) {
  return (
    <>
      {days.map((day) => (
        <fieldset key={day.date} className="slot-day">
          <legend>
            <h2>{formatDate(istDayStart(day.date))}</h2>
          </legend>
          <div className="slot-grid">
            {day.slots.map((s) => (
              <label key={s.slot_id} className="slot-option">
                <input
                  type="radio"
                  name="slot"
                  value={s.slot_id}
                  checked={chosen === s.slot_id}
                  disabled={s.available <= 0 || s.slot_id === current}
                  onChange={() => onChoose(s.slot_id)}
                />
                <strong>{formatTime(s.start_time)}</strong>
                <small>{t('until', { time: formatTime(s.end_time) })}</small>
                <small>{s.slot_id === current ? t('currentSlot') : s.available > 0 ? t('seatsLeft', { n: s.available }) : t('full')}</small>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </>
  );
}

/** Saves the interview as a calendar file the phone opens. */
function downloadIcs(booking: Booking, jobTitle: string, place: string) {
  const ics = interviewIcs({
    uid: `interview-${booking.booking_id}-${booking.slot_id}@pickmywork`,
    start: booking.start_time,
    end: booking.end_time,
    title: t('calendarTitle', { title: jobTitle }),
    location: place,
    description: t('calendarNote'),
  });
  const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'interview.ics';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function BookedView({
  booking,
  jobTitle,
  jobLocationId,
  userId,
}: {
  booking: Booking;
  jobTitle: string;
  jobLocationId: number;
  userId: number;
}) {
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const moveTitle = useRef<HTMLHeadingElement>(null);
  // The new-time list opens with the reader's focus on it.
  useEffect(() => {
    if (moving) moveTitle.current?.focus();
  }, [moving]);
  const place = [booking.location.address, booking.location.city].filter(Boolean).join(', ');
  const slots = useQuery({
    queryKey: [...slotsQueryKey(booking.job_id), 'reschedule'],
    queryFn: () => fetchSlots(booking.job_id, jobLocationId),
    enabled: moving,
    retry: noRetryOn4xx,
  });
  const move = useMutation({
    mutationFn: (slot: { slot_id: number; date: string }) =>
      rescheduleSlot({ user_id: userId, slot_id: slot.slot_id, job_id: booking.job_id, booking_date: slot.date }),
    onSuccess: (moved) => {
      queryClient.setQueryData(bookedQueryKey(booking.job_id), moved);
      setMoving(false);
      setChosen(null);
      showSuccess(t('rescheduled'));
    },
    onError: (err) => {
      showError(err);
      void slots.refetch();
    },
  });
  const days = slots.data ?? [];
  const selected = chosenSlot(days, chosen);

  return (
    <main className="candidate candidate--form">
      <PageLanguageSwitch />
      <section className="card booked" aria-labelledby="booked-title">
        <h1 id="booked-title">{t('bookedTitle')}</h1>
        <p className="muted">{jobTitle}</p>
        <dl>
          <dt>{t('bookedDate')}</dt>
          <dd>{formatDate(booking.start_time)}</dd>
          <dt>{t('bookedTime')}</dt>
          <dd>
            {formatTime(booking.start_time)} - {formatTime(booking.end_time)}
          </dd>
          <dt>{t('bookedLocation')}</dt>
          <dd>{place}</dd>
        </dl>
        <p>{t('bookedNote')}</p>
        <div className="booked__actions">
          <button type="button" className="button button--ghost" onClick={() => downloadIcs(booking, jobTitle, place)}>
            {t('addToCalendar')}
          </button>
          <a
            className="button button--ghost"
            href={directionsUrl(place)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('directionsLabel', { place })}
          >
            {t('directions')}
          </a>
          {!moving && (
            <button type="button" className="button button--ghost" onClick={() => setMoving(true)}>
              {t('reschedule')}
            </button>
          )}
        </div>
      </section>
      {moving && (
        <form
          className="card booked__move"
          aria-labelledby="reschedule-title"
          onSubmit={(e) => {
            e.preventDefault();
            if (!selected) return showError(t('chooseSlot'));
            move.mutate({ slot_id: selected.slot_id, date: selected.date });
          }}
        >
          <h2 id="reschedule-title" ref={moveTitle} tabIndex={-1}>
            {t('rescheduleTitle')}
          </h2>
          <p className="muted">{t('rescheduleNote')}</p>
          {slots.isPending ? (
            <Loader label={t('loading')} />
          ) : slots.isError ? (
            <LoadFailed
              failed={t('slotsLoadFailed')}
              retry={t('retry')}
              error={slots.error}
              busy={slots.isFetching}
              onRetry={() => void slots.refetch()}
            />
          ) : days.length === 0 ? (
            <p className="empty">{t('noSlots')}</p>
          ) : (
            <SlotChoices days={days} chosen={chosen} onChoose={setChosen} current={booking.slot_id} />
          )}
          <div className="booked__actions">
            <button type="button" className="button button--ghost" onClick={() => setMoving(false)} disabled={move.isPending}>
              {t('keepTime')}
            </button>
            <button type="submit" className="button" disabled={move.isPending || !selected}>
              {t('confirmNewTime')}
            </button>
          </div>
        </form>
      )}
    </main>
  );
}
