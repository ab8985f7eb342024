import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CANDIDATES_PAGE_SIZE, applicationRoutes, type PartnerCandidate } from '@pmw/contract/applications';
import { formatRupees } from '@pmw/contract/partner';
import type { ApplicationStatusName } from '@pmw/contract/hiring';
import { api } from '../../../shared/api-client';
import { QueryView } from '../../../shared/query-view';
import { formatDateTime } from '../../../shared/i18n';
import { Pager } from '../pager';
import { t } from './messages';

const STATUS_TEXT: Record<ApplicationStatusName, Parameters<typeof t>[0]> = {
  APPLIED: 'stApplied',
  SLOT_BOOKED: 'stSlotBooked',
  NO_SHOW: 'stNoShow',
  ATTENDED: 'stAttended',
  SELECTED: 'stSelected',
  JOINED: 'stJoined',
  REJECTED: 'stRejected',
};
const GOOD: readonly ApplicationStatusName[] = ['SELECTED', 'JOINED'];
const BAD: readonly ApplicationStatusName[] = ['NO_SHOW', 'REJECTED'];

/** The candidates who applied through this partner's job links, each with their status and what the hire pays. */
export function Candidates() {
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: ['partner', 'candidates', page],
    queryFn: () =>
      api(applicationRoutes.partnerCandidates, { query: { limit: CANDIDATES_PAGE_SIZE, offset: page * CANDIDATES_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="candidates-title" className="my-projects">
      <h2 id="candidates-title">{t('candidates')}</h2>
      <QueryView
        query={list}
        failed={t('candidatesLoadFailed')}
        retry={t('retry')}
        loading={t('loading')}
        isEmpty={(d) => d.count === 0}
        empty={t('candidatesEmpty')}
      >
        {(d) => (
          <>
            <ul className="my-project-list">
              {d.rows.map((c) => (
                <li key={c.application_id}>
                  <CandidateCard c={c} />
                </li>
              ))}
            </ul>
            <Pager
              rows={d.rows.length}
              total={d.count}
              page={page}
              pageSize={CANDIDATES_PAGE_SIZE}
              onPage={setPage}
              label={t('candidates')}
            />
          </>
        )}
      </QueryView>
    </section>
  );
}

function CandidateCard({ c }: { c: PartnerCandidate }) {
  const name = c.status_name;
  const badge = name && GOOD.includes(name) ? 'badge badge--success' : name && BAD.includes(name) ? 'badge badge--danger' : 'badge';
  return (
    <article className="card my-project" aria-label={t('candidateOf', { name: c.candidate_name ?? '—', project: c.job_title })}>
      <span className="my-project__title">
        <strong>{c.candidate_name ?? '—'}</strong>
        <span className="muted">
          {c.job_title} · {c.city}
        </span>
        <span className="muted">{c.slot_start ? t('interviewAt', { when: formatDateTime(c.slot_start) }) : t('noSlotYet')}</span>
      </span>
      <span className="my-project__counts">
        <span className={badge}>{name ? t(STATUS_TEXT[name]) : String(c.status)}</span>
        {c.earned_paise > 0 && <span className="count-tile">{t('earned', { amount: formatRupees(c.earned_paise) })}</span>}
      </span>
    </article>
  );
}
