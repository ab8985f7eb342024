import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTime } from '@pmw/contract/time';
import { opsTeamRoutes } from '@pmw/contract/ops-teams';
import type { OpsProject } from '@pmw/contract/ops-projects';
import { api, apiWithMessage } from '../../shared/api-client';
import { showError, showSuccess } from '../../shared/message-bar';
import { QueryView } from './common';
import { DataTable } from './data-table';
import { t } from './messages';

/** A project's interview slots by date and start time, with capacity and bookings. */
export function SlotsPanel({ project }: { project: OpsProject }) {
  const qc = useQueryClient();
  const base = useId();
  const [location, setLocation] = useState(String(project.locations[0]?.job_location_id ?? ''));
  const [date, setDate] = useState('');
  const [times, setTimes] = useState('');
  const [duration, setDuration] = useState('30');
  const [capacity, setCapacity] = useState('5');
  const slots = useQuery({
    queryKey: ['ops', 'slots', project.job_id],
    queryFn: () => api(opsTeamRoutes.slots, { params: { job_id: project.job_id } }),
  });
  const add = useMutation({
    mutationFn: () =>
      apiWithMessage(opsTeamRoutes.addSlots, {
        params: { job_id: project.job_id },
        body: {
          job_location_id: Number(location),
          date,
          start_times: times.split(/[\s,]+/).filter(Boolean),
          duration_minutes: Number(duration),
          capacity: Number(capacity),
        },
      }),
    onSuccess: (r) => {
      showSuccess(r.message);
      setTimes('');
      void qc.invalidateQueries({ queryKey: ['ops', 'slots', project.job_id] });
    },
    onError: showError,
  });
  const city = (id: number) => project.locations.find((l) => l.job_location_id === id)?.city ?? String(id);
  return (
    <section className="ops__builder" aria-labelledby={`${base}-t`}>
      <h2 id={`${base}-t`}>{t('slotsTitle')}</h2>
      {project.locations.length === 0 ? (
        <p className="muted">{t('slotsNeedLocation')}</p>
      ) : (
        <form
          className="ops__filters"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate();
          }}
        >
          <div className="field">
            <label htmlFor={`${base}-loc`}>{t('slotLocation')}</label>
            <select id={`${base}-loc`} className="input" value={location} onChange={(e) => setLocation(e.target.value)}>
              {project.locations.map((l) => (
                <option key={l.job_location_id} value={l.job_location_id}>
                  {l.city}
                  {l.address ? ` · ${l.address}` : ''}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${base}-date`}>{t('slotDate')}</label>
            <input id={`${base}-date`} type="date" className="input" required value={date} onChange={(e) => setDate(e.target.value)} />
          </div>
          <div className="field ops__grow">
            <label htmlFor={`${base}-times`}>{t('slotTimes')}</label>
            <input
              id={`${base}-times`}
              className="input"
              required
              value={times}
              onChange={(e) => setTimes(e.target.value)}
              placeholder="10:00, 11:30"
            />
          </div>
          <div className="field">
            <label htmlFor={`${base}-dur`}>{t('slotDuration')}</label>
            <input
              id={`${base}-dur`}
              type="number"
              min={5}
              className="input"
              value={duration}
              onChange={(e) => setDuration(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${base}-cap`}>{t('slotCapacity')}</label>
            <input
              id={`${base}-cap`}
              type="number"
              min={1}
              className="input"
              value={capacity}
              onChange={(e) => setCapacity(e.target.value)}
            />
          </div>
          <button type="submit" className="button" disabled={add.isPending}>
            {t('addSlots')}
          </button>
        </form>
      )}
      <QueryView query={slots} isEmpty={(d) => d.length === 0}>
        {(rows) => (
          <DataTable
            label={t('slotsTitle')}
            columns={[
              { id: 'date', header: t('slotDate'), cell: (s) => s.date, sortValue: (s) => `${s.date} ${s.start_time}` },
              { id: 'time', header: t('colTime'), cell: (s) => `${formatTime(s.start_time)} – ${formatTime(s.end_time)}` },
              {
                id: 'location',
                header: t('slotLocation'),
                cell: (s) => city(s.job_location_id),
                sortValue: (s) => city(s.job_location_id),
              },
              { id: 'capacity', header: t('colCapacity'), cell: (s) => `${s.booked} / ${s.capacity}` },
              {
                id: 'bookings',
                header: t('colBookings'),
                cell: (s) =>
                  s.bookings.length ? (
                    s.bookings.map((b) => `PMW${b.user_id}`).join(', ')
                  ) : (
                    <span className="muted">{t('noBookings')}</span>
                  ),
              },
            ]}
            rows={rows}
            rowId={(s) => s.slot_id}
          />
        )}
      </QueryView>
    </section>
  );
}
