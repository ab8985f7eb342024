import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { conversionPercent, dashboardRoutes, type TeamDashboard } from '@pmw/contract/dashboard';
import { formatRupees } from '@pmw/contract/partner';
import { DATE_FILTERS, DATE_FILTER_CODES, dateRangeFor, type DateFilter } from '@pmw/contract/team';
import { teamCatalogue } from '@pmw/contract/texts/team';
import { api } from '../../../shared/api-client';
import { BarChart } from '../../../shared/bar-chart';
import { QueryView } from '../../../shared/query-view';
import { textOf } from '../../../shared/i18n';
import { t } from './messages';
import { Change, count, dayLabel, filteredLink, show } from './dashboard-parts';
import './dashboard.css';
import { LEAD_STATUS } from '@pmw/contract/lead-status';

type Metric = 'leads' | 'approved' | 'earned_paise';
const METRICS: { key: Metric; label: 'leads' | 'approved' | 'earned' }[] = [
  { key: 'leads', label: 'leads' },
  { key: 'approved', label: 'approved' },
  { key: 'earned_paise', label: 'earned' },
];

/** The Team page's leads list, filtered as a dashboard number was counted. */
const teamLink = (range: { start_date: string; end_date: string } | undefined, more: { status?: number; member?: number } = {}) =>
  filteredLink('/partner/team', range, { status: more.status, member_user_id: more.member });

/** /partner/team/dashboard: the manager's team at a glance, its members ranked. */
export function TeamDashboardPage() {
  const [period, setPeriod] = useState<DateFilter>('this_month');
  const [metric, setMetric] = useState<Metric>('leads');
  const range = dateRangeFor(period);
  const query = useQuery({
    queryKey: ['partner', 'team-dashboard', range ?? 'all'],
    queryFn: () => api(dashboardRoutes.teamDashboard, { query: range ?? {} }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  return (
    <section className="dash" aria-labelledby="team-dash-title">
      <div className="dash-head">
        <h1 id="team-dash-title">{query.data ? t('teamTitle', { code: query.data.team_code }) : t('teamTitleShort')}</h1>
        <div className="field dash-period">
          <label htmlFor="team-dash-period">{t('periodLabel')}</label>
          <select id="team-dash-period" className="input" value={period} onChange={(e) => setPeriod(e.target.value as DateFilter)}>
            {DATE_FILTERS.map((f) => (
              <option key={f} value={f}>
                {textOf(teamCatalogue, DATE_FILTER_CODES[f])}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryView query={query} failed={t('teamLoadFailed')} loading={t('loading')}>
        {(d) => <TeamBody d={d} period={period} range={range} metric={metric} setMetric={setMetric} refreshing={query.isFetching} />}
      </QueryView>
    </section>
  );
}

function TeamBody(props: {
  d: TeamDashboard;
  period: DateFilter;
  range: { start_date: string; end_date: string } | undefined;
  metric: Metric;
  setMetric: (m: Metric) => void;
  refreshing: boolean;
}) {
  const { d, period, metric } = props;
  const range = props.range ?? (d.start_date ? { start_date: d.start_date, end_date: d.end_date } : undefined);
  const tiles: { key: Metric; label: string; to: string }[] = [
    { key: 'leads', label: t('leads'), to: teamLink(range) },
    { key: 'approved', label: t('approved'), to: teamLink(range, { status: LEAD_STATUS.approved }) },
    { key: 'earned_paise', label: t('earned'), to: teamLink(range, { status: LEAD_STATUS.approved }) },
  ];
  const metricLabel = t(METRICS.find((m) => m.key === metric)!.label);
  const buckets = d.series.map((s) => (d.bucket === 'week' ? t('weekOf', { date: dayLabel(s.date) }) : dayLabel(s.date)));
  return (
    <div className={`dash-body ${props.refreshing ? 'dash-body--refreshing' : ''}`} aria-busy={props.refreshing}>
      <ul className="tiles dash-tiles dash-tiles--three" aria-label={t('teamNumbers')}>
        {tiles.map((tile) => (
          <li key={tile.key}>
            <Link
              className="card tile dash-tile"
              to={tile.to}
              aria-label={`${tile.label}: ${show(tile.key, d[tile.key])}. ${t('openTeamLeads')}`}
            >
              <span className="tile__label">{tile.label}</span>
              <span className="tile__value">{show(tile.key, d[tile.key])}</span>
              {period !== 'all' && (
                <>
                  <Change now={d[tile.key]} before={d.previous[tile.key]} />
                  <span className="dash-before">{t('previousWas', { n: show(tile.key, d.previous[tile.key]) })}</span>
                </>
              )}
            </Link>
          </li>
        ))}
      </ul>

      <section className="card dash-section" aria-labelledby="team-members-title">
        <h2 id="team-members-title">{t('membersTitle')}</h2>
        {d.members.length === 0 ? (
          <p className="empty">{t('membersEmpty')}</p>
        ) : (
          // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
          <div className="dash-table-wrap" role="region" aria-label={t('membersTitle')} tabIndex={0}>
            <table className="dash-table">
              <caption className="visually-hidden">{t('membersCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('rank')}</th>
                  <th scope="col">{t('member')}</th>
                  <th scope="col">{t('leads')}</th>
                  <th scope="col">{t('approved')}</th>
                  <th scope="col">{t('approvalRate')}</th>
                  <th scope="col">{t('earned')}</th>
                </tr>
              </thead>
              <tbody>
                {d.members.map((m, i) => {
                  const name = m.first_name ?? t('memberNoName');
                  return (
                    <tr key={m.user_id}>
                      <td>{count(i + 1)}</td>
                      <th scope="row">
                        {name}
                        {m.blocked && <span className="dash-rate"> {t('blocked')}</span>}
                      </th>
                      <td>
                        <Link
                          to={teamLink(range, { member: m.user_id })}
                          aria-label={`${name}, ${t('leads')}: ${count(m.leads)}. ${t('openTeamLeads')}`}
                        >
                          {count(m.leads)}
                        </Link>
                      </td>
                      <td>
                        <Link
                          to={teamLink(range, { member: m.user_id, status: LEAD_STATUS.approved })}
                          aria-label={`${name}, ${t('approved')}: ${count(m.approved)}. ${t('openTeamLeads')}`}
                        >
                          {count(m.approved)}
                        </Link>
                      </td>
                      <td>{m.approval_rate === null ? t('noDecisions') : `${count(m.approval_rate)}%`}</td>
                      <td>{formatRupees(m.earned_paise)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <p className="dash-note">{t('approvalRateNote')}</p>
      </section>

      <section className="card dash-section" aria-labelledby="team-chart-title">
        <h2 id="team-chart-title">{d.bucket === 'week' ? t('chartTitleWeek') : t('chartTitleDay')}</h2>
        <div className="dash-metrics" role="group" aria-label={t('chartMetric')}>
          {METRICS.map((m) => (
            <button
              key={m.key}
              type="button"
              className={`chip ${metric === m.key ? 'chip--on' : ''}`}
              aria-pressed={metric === m.key}
              onClick={() => props.setMetric(m.key)}
            >
              {t(m.label)}
            </button>
          ))}
        </div>
        <BarChart
          buckets={buckets}
          series={[{ label: metricLabel, values: d.series.map((s) => s[metric]), tone: 'brand' }]}
          format={(n) => show(metric, n)}
          caption={
            d.bucket === 'week' ? t('teamChartCaptionWeek', { metric: metricLabel }) : t('teamChartCaptionDay', { metric: metricLabel })
          }
          bucketHeader={t('date')}
        />
      </section>

      <section className="card dash-section" aria-labelledby="team-funnel-title">
        <h2 id="team-funnel-title">{t('teamFunnelTitle')}</h2>
        {d.funnel.length === 0 ? (
          <p className="empty">{t('teamFunnelEmpty')}</p>
        ) : (
          <ul className="dash-funnel">
            {d.funnel.map((f) => (
              <li key={f.job_id} className="dash-product">
                <h3>{f.slug_name}</h3>
                <dl>
                  <div>
                    <dt>{t('leads')}</dt>
                    <dd>{count(f.leads)}</dd>
                  </div>
                  <div>
                    <dt>{t('approved')}</dt>
                    <dd>
                      {count(f.approved)}
                      {conversionPercent(f.approved, f.leads) !== null && (
                        <span className="dash-rate">
                          {t('ofPrevious', { n: count(conversionPercent(f.approved, f.leads)!), step: t('leads') })}
                        </span>
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('paid')}</dt>
                    <dd>{count(f.paid)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card dash-section" aria-labelledby="team-money-title">
        <h2 id="team-money-title">{t('teamMoneyTitle')}</h2>
        <dl className="dash-money">
          <div>
            <dt>{t('moneyPending')}</dt>
            <dd>
              <Link
                to={teamLink(undefined, { status: LEAD_STATUS.pending })}
                aria-label={`${t('moneyPending')}: ${formatRupees(d.money.pending_paise)}. ${t('openTeamLeads')}`}
              >
                {formatRupees(d.money.pending_paise)}
              </Link>
            </dd>
          </div>
          <div>
            <dt>{t('moneyApproved')}</dt>
            <dd>
              <Link
                to={teamLink(undefined, { status: LEAD_STATUS.approved })}
                aria-label={`${t('moneyApproved')}: ${formatRupees(d.money.approved_paise)}. ${t('openTeamLeads')}`}
              >
                {formatRupees(d.money.approved_paise)}
              </Link>
            </dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
