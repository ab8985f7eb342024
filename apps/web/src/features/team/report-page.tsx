import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  DATE_FILTER_CODES,
  DATE_FILTERS,
  LEAD_STATUS_CODES,
  dateRangeFor,
  leadStatusFilter,
  needsMoreDetails,
  type DateFilter,
  type LeadStatusIndex,
  type TeamLead,
} from '@pmw/contract/team';
import { Dialog } from '../../shared/dialog';
import { Loader } from '../../shared/loader';
import { fetchProjectReport, fetchReportData, fetchTaskCount, teamKeys } from './team-api';
import { t } from './messages';
import { formatDateTime, textOf } from '../../shared/i18n';
import { teamCatalogue } from '@pmw/contract/texts/team';
import { QueryView } from '../../shared/query-view';
import { teamPaths, useAreaNav } from './area-nav';

const STATUS_KEYS = ['added', 'verified', 'rejected', 'expired'] as const;
type Picked = { form_id: number; job_title: string; index: LeadStatusIndex };

/** The list the address names (report/{form_id}/{status index}), if any. */
function usePicked(titles: { form_id: number; job_title: string }[] | undefined): Picked | undefined {
  const { formId, status } = useParams();
  if (!formId || !status || !/^[0-9]{1,9}$/.test(formId) || !/^[0-3]$/.test(status)) return undefined;
  const form_id = Number(formId);
  return { form_id, job_title: titles?.find((r) => r.form_id === form_id)?.job_title ?? '', index: Number(status) as LeadStatusIndex };
}

/** The period chosen, kept for the visit so Back to the report finds it as it was. */
let rememberedFilter: DateFilter = 'all';

/** My Lead's Report: counts for a period, then leads per project and status. */
export function ReportPage() {
  const nav = useAreaNav();
  const [filter, setFilterState] = useState<DateFilter>(rememberedFilter);
  const setFilter = (f: DateFilter) => {
    rememberedFilter = f;
    setFilterState(f);
  };
  const range = dateRangeFor(filter) ?? {};
  const count = useQuery({ queryKey: [...teamKeys.report, 'count', range], queryFn: () => fetchTaskCount(range) });
  const report = useQuery({ queryKey: [...teamKeys.report, 'projects', range], queryFn: () => fetchProjectReport(range) });
  const picked = usePicked(report.data);

  return (
    <section className="team-report">
      <div className="field team-report__filter">
        <label htmlFor="team-date-filter">{t('dateFilter')}</label>
        <select id="team-date-filter" className="input" value={filter} onChange={(e) => setFilter(e.target.value as DateFilter)}>
          {DATE_FILTERS.map((f) => (
            <option key={f} value={f}>
              {textOf(teamCatalogue, DATE_FILTER_CODES[f])}
            </option>
          ))}
        </select>
      </div>
      <h2>{t('summary')}</h2>
      {count.isPending ? (
        <Loader label={t('loading')} />
      ) : count.isError ? (
        <p role="alert">{t('somethingWrong')}</p>
      ) : (
        <dl className="team-tiles" aria-label={t('summary')}>
          <div className="team-tile">
            <dt>{t('total')}</dt>
            <dd>{count.data.total}</dd>
          </div>
          {STATUS_KEYS.map((k) => (
            <div key={k} className={`team-tile team-tile--${k}`}>
              <dt>{t(k)}</dt>
              <dd>{count.data[k]}</dd>
            </div>
          ))}
        </dl>
      )}
      {!report.data ? (
        <QueryView query={report} failed={t('reportLoadFailed')} retry={t('tryAgain')} loading={t('loading')}>
          {() => null}
        </QueryView>
      ) : report.data.length === 0 ? (
        <p className="empty">{t('noLeads')}</p>
      ) : (
        <ul className="team-report__projects">
          {report.data.map((row) => (
            <li key={row.job_id} className="card team-report__project">
              <h3>{row.job_title}</h3>
              <div className="team-report__counts">
                {STATUS_KEYS.map((k, index) => (
                  <button
                    key={k}
                    type="button"
                    className={`team-count team-count--${k}`}
                    aria-label={`${row.job_title}: ${t(k)} ${row[k]}`}
                    onClick={() => nav.go(teamPaths.reportList(row.form_id, index))}
                  >
                    <span className="team-count__n">{row[k]}</span>
                    <span className="team-count__label">{t(k)}</span>
                  </button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      <LeadList
        picked={picked}
        onClose={() => nav.back(teamPaths.report)}
        onAddDetails={(lead) => picked && nav.go(teamPaths.addDetails(picked.form_id, picked.index, lead.form_response_id))}
      />
    </section>
  );
}

function LeadList({
  picked,
  onClose,
  onAddDetails,
}: {
  picked: Picked | undefined;
  onClose: () => void;
  onAddDetails: (lead: TeamLead) => void;
}) {
  const filter = picked ? leadStatusFilter(picked.index) : undefined;
  const leads = useQuery({
    queryKey: [...teamKeys.report, 'data', picked?.form_id, filter],
    queryFn: () => fetchReportData({ form_id: picked!.form_id, ...filter! }),
    enabled: picked !== undefined,
  });
  return (
    <Dialog
      open={picked !== undefined}
      title={picked ? t('leadsOf', { title: picked.job_title, status: textOf(teamCatalogue, LEAD_STATUS_CODES[picked.index]) }) : ''}
      onClose={onClose}
      variant="sheet"
    >
      {leads.isPending ? (
        <Loader label={t('loading')} />
      ) : leads.isError ? (
        <p role="alert">{t('somethingWrong')}</p>
      ) : leads.data.length === 0 ? (
        <p className="empty">{t('noLeadsHere')}</p>
      ) : (
        <ul className="team-leads">
          {leads.data.map((lead) => (
            <li key={lead.form_response_id} className="team-leads__item">
              <div>
                <strong>{lead.customer_name ?? lead.customer_mobile}</strong>
                <div className="muted">{lead.customer_mobile}</div>
                {lead.mobile_check === 'unverified' && <span className="badge badge--warning">{t('mobileUnverified')}</span>}
                {lead.mobile_check === 'call' && <span className="badge badge--success">{t('mobileByCall')}</span>}
                <div className="muted">
                  {t('addedOn', { date: formatDateTime(lead.created_on) })} · {t('leadId', { id: lead.form_response_id })}
                </div>
                {lead.status_comment && <div>{t('comment', { comment: lead.status_comment })}</div>}
              </div>
              {needsMoreDetails(lead) && (
                <button type="button" className="button button--small" onClick={() => onAddDetails(lead)}>
                  {t('addDetails')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
