import { useMemo, useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { RouteQuery } from '@pmw/contract/api';
import {
  APPLICATION_OUTCOMES,
  APPLICATION_STATUS_LABEL,
  applicationRoutes,
  type ApplicationOutcome,
  type ApplicationStatusResult,
  type OpsApplication,
} from '@pmw/contract/applications';
import { HIRING_CATEGORY_ID, type ApplicationStatusName } from '@pmw/contract/hiring';
import { opsProjectRoutes } from '@pmw/contract/ops-projects';
import { api, apiWithMessage } from '../../shared/api-client';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { showError, showMessage, showSuccess } from '../../shared/message-bar';
import { QueryView, when } from './common';
import { DataTable, selectedIds, type Column } from './data-table';
import { FilterForm, numberOrNone } from './filter-form';
import { t } from './messages';

type Filters = Omit<RouteQuery<typeof applicationRoutes.opsList>, 'page' | 'limit'>;
const LIMIT = 50;
const STATUS_NAMES = Object.keys(APPLICATION_STATUS_LABEL) as ApplicationStatusName[];
const statusOf = (v: string | undefined) => STATUS_NAMES.find((s) => s === v);

const BADGE: Record<ApplicationStatusName, string> = {
  APPLIED: 'badge',
  SLOT_BOOKED: 'badge badge--warning',
  NO_SHOW: 'badge badge--danger',
  ATTENDED: 'badge',
  SELECTED: 'badge badge--success',
  JOINED: 'badge badge--success',
  REJECTED: 'badge badge--danger',
};

/**
 * The Hiring page: candidates' applications by project, location, slot date
 * and status; ops select rows and record what happened at the interview.
 */
export function HiringPage() {
  const qc = useQueryClient();
  const [filters, setFilters] = useState<Filters>({ status: 'SLOT_BOOKED' });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [asking, setAsking] = useState<{ outcome: ApplicationOutcome; ids: number[] } | null>(null);
  const [refusals, setRefusals] = useState<ApplicationStatusResult['results']>([]);

  const projects = useQuery({
    queryKey: ['ops', 'projects', 'hiring'],
    queryFn: () => api(opsProjectRoutes.list, { query: { q: '', job_category_id: HIRING_CATEGORY_ID } }),
  });
  const apps = useQuery({
    queryKey: ['ops', 'applications', filters, page],
    queryFn: () => api(applicationRoutes.opsList, { query: { ...filters, page, limit: LIMIT } }),
  });
  const columns = useMemo(() => applicationColumns(), []);
  const chosen = selectedIds(selected);
  const target = (): number[] => chosen;

  const record = useMutation({
    mutationFn: (v: { outcome: ApplicationOutcome; ids: number[] }) =>
      apiWithMessage(applicationRoutes.opsSetStatus, { body: { application_ids: v.ids, status: v.outcome } }),
    onSuccess: (r) => {
      const refused = r.data.results.filter((x) => !x.ok);
      setRefusals(refused);
      if (refused.length) showMessage('error', r.message);
      else showSuccess(r.message);
      setAsking(null);
      setSelected({});
      void qc.invalidateQueries({ queryKey: ['ops', 'applications'] });
    },
    onError: (err) => {
      setAsking(null);
      showError(err);
    },
  });
  const ask = (outcome: ApplicationOutcome) => {
    const ids = target();
    if (ids.length) setAsking({ outcome, ids });
  };

  const noProjects = projects.data?.length === 0;
  return (
    <section aria-labelledby="hiring-title">
      <h1 id="hiring-title">{t('hiringTitle')}</h1>
      <p className="muted">{t('hiringIntro')}</p>
      <FilterForm
        submitLabel={t('apply')}
        fields={[
          {
            name: 'job_id',
            label: t('fProject'),
            options: [
              { value: '', label: t('fAnyProject') },
              ...(projects.data ?? []).map((p) => ({ value: String(p.job_id), label: `${p.job_id} · ${p.job_title}` })),
            ],
          },
          { name: 'job_location_id', label: t('fLocationId'), numeric: true },
          {
            name: 'status',
            label: t('fStatus'),
            defaultValue: 'SLOT_BOOKED',
            options: [{ value: '', label: t('fAny') }, ...STATUS_NAMES.map((s) => ({ value: s, label: APPLICATION_STATUS_LABEL[s] }))],
          },
          { name: 'slot_from', label: t('fSlotFrom'), type: 'date' },
          { name: 'slot_to', label: t('fSlotTo'), type: 'date' },
        ]}
        onApply={(f) => {
          setFilters({
            job_id: numberOrNone(f.job_id),
            job_location_id: numberOrNone(f.job_location_id),
            status: statusOf(f.status),
            slot_from: f.slot_from,
            slot_to: f.slot_to,
          });
          setPage(1);
          setSelected({});
          setRefusals([]);
        }}
      />

      <div className="ops__toolbar" role="toolbar" aria-label={t('outcomeFor', { n: target().length })}>
        <span aria-live="polite">{t('selected', { n: chosen.length })}</span>
        {APPLICATION_OUTCOMES.map((o) => (
          <button
            key={o}
            type="button"
            className={`button button--small${o === 'REJECTED' || o === 'NO_SHOW' ? ' button--ghost' : ''}`}
            disabled={!target().length || record.isPending}
            onClick={() => ask(o)}
          >
            {t('markAs', { status: APPLICATION_STATUS_LABEL[o] })}
          </button>
        ))}
      </div>

      {refusals.length > 0 && (
        <div className="card ops__refusals" role="status">
          <h2>{t('refusedTitle', { n: refusals.length })}</h2>
          <ul>
            {refusals.map((r) => (
              <li key={r.application_id}>{t('refusedRow', { id: r.application_id, why: r.message })}</li>
            ))}
          </ul>
        </div>
      )}

      {noProjects ? (
        <div className="card">
          <p>{t('hiringNoProjects')}</p>
          <Link className="button" to="/ops/projects/new">
            {t('newProject')}
          </Link>
        </div>
      ) : (
        <QueryView query={apps} isEmpty={(d) => d.rows.length === 0}>
          {(data) => (
            <DataTable
              label={t('hiringTitle')}
              columns={columns}
              rows={data.rows}
              rowId={(r) => r.application_id}
              paging={{ page, limit: LIMIT, count: data.count, onPage: setPage }}
              selection={{
                selected,
                onChange: setSelected,
                rowLabel: (r) => t('applicationOf', { id: r.application_id, name: r.candidate_name ?? r.mobile }),
              }}
            />
          )}
        </QueryView>
      )}

      <ConfirmDialog
        open={asking !== null}
        message={asking ? t('outcomeConfirm', { n: asking.ids.length, status: APPLICATION_STATUS_LABEL[asking.outcome] }) : ''}
        confirmLabel={asking ? t('markAs', { status: APPLICATION_STATUS_LABEL[asking.outcome] }) : undefined}
        cancelLabel={t('cancel')}
        busy={record.isPending}
        danger={asking?.outcome === 'REJECTED'}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && record.mutate(asking)}
      >
        {asking?.outcome === 'JOINED' && <p>{t('joinedCredits')}</p>}
      </ConfirmDialog>
    </section>
  );
}

const applicationColumns = (): Column<OpsApplication>[] => [
  { id: 'id', header: t('colApplication'), cell: (r) => r.application_id, sortValue: (r) => r.application_id },
  {
    id: 'candidate',
    header: t('colCandidate'),
    cell: (r) => (
      <>
        {r.candidate_name ?? '—'}
        <br />
        <span className="muted">{r.mobile}</span>
      </>
    ),
  },
  { id: 'project', header: t('colProject'), cell: (r) => r.job_title },
  { id: 'location', header: t('colLocation'), cell: (r) => r.city },
  { id: 'slot', header: t('colSlot'), cell: (r) => (r.slot_start ? when(r.slot_start) : '—'), sortValue: (r) => r.slot_start ?? '' },
  { id: 'recruiter', header: t('colRecruiter'), cell: (r) => `${r.recruiter_name ?? ''} (PMW${r.recruiter_id})` },
  {
    id: 'status',
    header: t('colStatus'),
    cell: (r) =>
      r.status_name ? <span className={BADGE[r.status_name]}>{APPLICATION_STATUS_LABEL[r.status_name]}</span> : String(r.status),
  },
];
