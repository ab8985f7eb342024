import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { conversionPercent, dashboardRoutes, type Dashboard } from '@pmw/contract/dashboard';
import { formatRupees } from '@pmw/contract/partner';
import { NEXT_PAYOUT_REASON } from '@pmw/contract/payout-schedule';
import { DATE_FILTERS, DATE_FILTER_CODES, dateRangeFor, type DateFilter } from '@pmw/contract/team';
import { teamCatalogue } from '@pmw/contract/texts/team';
import { api } from '../../../shared/api-client';
import { QueryView } from '../../../shared/query-view';
import { textOf } from '../../../shared/i18n';
import { t } from './messages';
import { Change, count, dayLabel, filteredLink, show } from './dashboard-parts';
import './dashboard.css';
import { LEAD_STATUS } from '@pmw/contract/lead-status';

type Metric = 'visits' | 'leads' | 'approved' | 'earned_paise';
const METRICS: { key: Metric; label: 'visits' | 'leads' | 'approved' | 'earned' }[] = [
  { key: 'visits', label: 'visits' },
  { key: 'leads', label: 'leads' },
  { key: 'approved', label: 'approved' },
  { key: 'earned_paise', label: 'earned' },
];

/** The Leads Report filtered as a dashboard number was counted. */
const reportLink = (range: { start_date: string; end_date: string } | undefined, more: { status?: number; job_id?: number } = {}) =>
  filteredLink('/partner/report', range, more);

/** Bars drawn as SVG (no chart library to download); the table under it says the same to a screen reader. */
function Chart({ data, metric }: { data: Dashboard; metric: Metric }) {
  const max = Math.max(1, ...data.series.map((s) => s[metric]));
  const n = data.series.length;
  const gap = n > 40 ? 1 : 2;
  const width = 320;
  const height = 120;
  const bar = Math.max(1, width / n - gap);
  const first = data.series[0]?.date;
  const last = data.series[n - 1]?.date;
  return (
    <div className="dash-chart" aria-hidden="true">
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" focusable="false">
        {data.series.map((s, i) => {
          const h = (s[metric] / max) * (height - 4);
          return (
            <rect
              key={s.date}
              x={i * (width / n) + gap / 2}
              y={height - h}
              width={bar}
              height={Math.max(h, s[metric] > 0 ? 2 : 0)}
              rx={1}
            />
          );
        })}
      </svg>
      <div className="dash-chart__axis">
        <span>{first ? dayLabel(first) : ''}</span>
        <span>{show(metric, max)}</span>
        <span>{last ? dayLabel(last) : ''}</span>
      </div>
    </div>
  );
}

/** When the next payout run pays the partner, or why no run will yet (with the step that fixes it). */
function NextPayout({ money }: { money: Dashboard['money'] }) {
  if (money.next_payout_on) {
    return <p className="dash-next-payout dash-next-payout--due">{t('nextPayoutOn', { date: dayLabel(money.next_payout_on) })}</p>;
  }
  const reason = money.next_payout_reason ?? NEXT_PAYOUT_REASON.noSchedule;
  return (
    <p className="dash-next-payout">
      {reason === NEXT_PAYOUT_REASON.belowMinimum
        ? t('nextPayoutBelowMinimum', { minimum: formatRupees(money.payout_minimum_paise), balance: formatRupees(money.payable_paise) })
        : reason === NEXT_PAYOUT_REASON.nothingPayable
          ? t('nextPayoutNothing')
          : reason === NEXT_PAYOUT_REASON.noPayoutMethod
            ? t('nextPayoutNoMethod')
            : t('noSchedule')}
      {reason === NEXT_PAYOUT_REASON.noPayoutMethod && (
        <>
          {' '}
          <Link to="/partner/profile/bank">{t('addPayoutMethod')}</Link>
        </>
      )}
    </p>
  );
}

/** /partner/dashboard: the partner's visits, leads, approvals and earnings at a glance. */
export function DashboardPage() {
  const [period, setPeriod] = useState<DateFilter>('this_week');
  const [metric, setMetric] = useState<Metric>('leads');
  const range = dateRangeFor(period);
  const query = useQuery({
    queryKey: ['partner', 'dashboard', range ?? 'all'],
    queryFn: () => api(dashboardRoutes.partnerDashboard, { query: range ?? {} }),
    placeholderData: keepPreviousData,
  });
  const metricLabel = t(METRICS.find((m) => m.key === metric)!.label);

  return (
    <section className="dash" aria-labelledby="dash-title">
      <div className="dash-head">
        <h1 id="dash-title">{t('title')}</h1>
        <div className="field dash-period">
          <label htmlFor="dash-period">{t('periodLabel')}</label>
          <select id="dash-period" className="input" value={period} onChange={(e) => setPeriod(e.target.value as DateFilter)}>
            {DATE_FILTERS.map((f) => (
              <option key={f} value={f}>
                {textOf(teamCatalogue, DATE_FILTER_CODES[f])}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryView query={query} failed={t('loadFailed')} loading={t('loading')}>
        {(d) => {
          const reportRange = range ?? (d.start_date ? { start_date: d.start_date, end_date: d.end_date } : undefined);
          const tiles: { key: Metric; label: string; to: string }[] = [
            { key: 'visits', label: t('visits'), to: '' },
            { key: 'leads', label: t('leads'), to: reportLink(reportRange) },
            { key: 'approved', label: t('approved'), to: reportLink(reportRange, { status: LEAD_STATUS.approved }) },
            { key: 'earned_paise', label: t('earned'), to: reportLink(reportRange, { status: LEAD_STATUS.approved }) },
          ];
          return (
            <div className={`dash-body ${query.isFetching ? 'dash-body--refreshing' : ''}`} aria-busy={query.isFetching}>
              <ul className="tiles dash-tiles" aria-label={t('title')}>
                {tiles.map((tile) => {
                  const inner = (
                    <>
                      <span className="tile__label">{tile.label}</span>
                      <span className="tile__value">{show(tile.key, d[tile.key])}</span>
                      {period !== 'all' && (
                        <>
                          <Change now={d[tile.key]} before={d.previous[tile.key]} />
                          <span className="dash-before">{t('previousWas', { n: show(tile.key, d.previous[tile.key]) })}</span>
                        </>
                      )}
                    </>
                  );
                  return (
                    <li key={tile.key}>
                      {tile.to ? (
                        <Link
                          className="card tile dash-tile"
                          to={tile.to}
                          aria-label={`${tile.label}: ${show(tile.key, d[tile.key])}. ${t('openReport')}`}
                        >
                          {inner}
                        </Link>
                      ) : (
                        <div className="card tile dash-tile">{inner}</div>
                      )}
                    </li>
                  );
                })}
              </ul>
              <p className="dash-note">
                {t('visitsNote')} {t('numbersNote')}
              </p>

              <section className="card dash-section" aria-labelledby="dash-chart-title">
                <h2 id="dash-chart-title">{d.bucket === 'week' ? t('chartTitleWeek') : t('chartTitleDay')}</h2>
                <div className="dash-metrics" role="group" aria-label={t('chartMetric')}>
                  {METRICS.map((m) => (
                    <button
                      key={m.key}
                      type="button"
                      className={`chip ${metric === m.key ? 'chip--on' : ''}`}
                      aria-pressed={metric === m.key}
                      onClick={() => setMetric(m.key)}
                    >
                      {t(m.label)}
                    </button>
                  ))}
                </div>
                <Chart data={d} metric={metric} />
                <table className="visually-hidden">
                  <caption>{d.bucket === 'week' ? t('chartTableCaptionWeek') : t('chartTableCaption', { metric: metricLabel })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('date')}</th>
                      {METRICS.map((m) => (
                        <th key={m.key} scope="col">
                          {t(m.label)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {d.series.map((s) => (
                      <tr key={s.date}>
                        <th scope="row">{d.bucket === 'week' ? t('weekOf', { date: dayLabel(s.date) }) : dayLabel(s.date)}</th>
                        {METRICS.map((m) => (
                          <td key={m.key}>{show(m.key, s[m.key])}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>

              <section className="card dash-section" aria-labelledby="dash-funnel-title">
                <h2 id="dash-funnel-title">{t('funnelTitle')}</h2>
                {d.funnel.length === 0 ? (
                  <p className="empty">{t('funnelEmpty')}</p>
                ) : (
                  <ul className="dash-funnel">
                    {d.funnel.map((f) => {
                      const steps = [
                        { label: t('visits'), value: f.visits, to: '', of: null as number | null, prev: '' },
                        {
                          label: t('leads'),
                          value: f.leads,
                          to: reportLink(reportRange, { job_id: f.job_id }),
                          of: conversionPercent(f.leads, f.visits),
                          prev: t('visits'),
                        },
                        {
                          label: t('approved'),
                          value: f.approved,
                          to: reportLink(reportRange, { job_id: f.job_id, status: LEAD_STATUS.approved }),
                          of: conversionPercent(f.approved, f.leads),
                          prev: t('leads'),
                        },
                        { label: t('paid'), value: f.paid, to: '', of: conversionPercent(f.paid, f.approved), prev: t('approved') },
                      ];
                      return (
                        <li key={f.job_id} className="dash-product">
                          <h3>{f.slug_name}</h3>
                          <dl>
                            {steps.map((s) => (
                              <div key={s.label}>
                                <dt>{s.label}</dt>
                                <dd>
                                  {s.to ? (
                                    <Link to={s.to} aria-label={`${f.slug_name}, ${s.label}: ${count(s.value)}. ${t('openReport')}`}>
                                      {count(s.value)}
                                    </Link>
                                  ) : (
                                    count(s.value)
                                  )}
                                  {s.of !== null && <span className="dash-rate">{t('ofPrevious', { n: count(s.of), step: s.prev })}</span>}
                                </dd>
                              </div>
                            ))}
                          </dl>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </section>

              <section className="card dash-section" aria-labelledby="dash-money-title">
                <h2 id="dash-money-title">{t('moneyTitle')}</h2>
                <dl className="dash-money">
                  <div>
                    <dt>{t('moneyPending')}</dt>
                    <dd>
                      <Link
                        to={reportLink(undefined, { status: LEAD_STATUS.pending })}
                        aria-label={`${t('moneyPending')}: ${formatRupees(d.money.pending_paise)}. ${t('openReport')}`}
                      >
                        {formatRupees(d.money.pending_paise)}
                      </Link>
                    </dd>
                  </div>
                  {(
                    [
                      ['moneyApproved', d.money.approved_paise],
                      ['moneyPayable', d.money.payable_paise],
                      ['moneyPaid', d.money.paid_paise],
                    ] as const
                  ).map(([label, paise]) => (
                    <div key={label}>
                      <dt>{t(label)}</dt>
                      <dd>
                        <Link to="/partner/earnings" aria-label={`${t(label)}: ${formatRupees(paise)}. ${t('openPayouts')}`}>
                          {formatRupees(paise)}
                        </Link>
                      </dd>
                    </div>
                  ))}
                </dl>
                <NextPayout money={d.money} />
              </section>
            </div>
          );
        }}
      </QueryView>
    </section>
  );
}
