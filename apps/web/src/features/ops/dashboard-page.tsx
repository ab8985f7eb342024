import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  LEAD_ACTIONS_DECIDED,
  OPS_LEAD_STATES,
  opsDashboardRoutes,
  type OpsDashboard,
  type OpsLeadState,
} from '@pmw/contract/ops-dashboard';
import { istDateString } from '@pmw/contract/time';
import { api } from '../../shared/api-client';
import { BarChart } from '../../shared/bar-chart';
import { QueryView, rupees, when } from './common';
import { t } from './messages';
import { LEAD_ARCHIVE_STATUS, LEAD_STATUS } from '@pmw/contract/lead-status';

// Indian grouping (1,00,000).
const grouping = new Intl.NumberFormat('en-IN');
const count = (n: number) => grouping.format(n);
/** A run day with its weekday: `Mon, 30 Nov`. */
const runDayLabel = (date: string) =>
  new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
const minutes = (n: number | null) =>
  n === null ? t('dNone') : n < 120 ? t('dMinutes', { n: count(n) }) : t('dHours', { n: count(Math.round(n / 60)) });

const PERIODS = [1, 7, 14, 30] as const;
type Period = (typeof PERIODS)[number];
const DAY_MS = 86_400_000;
const periodRange = (days: Period, now = new Date()) => ({
  start_date: istDateString(new Date(now.getTime() - (days - 1) * DAY_MS)),
  end_date: istDateString(now),
});

/** A lead state as the queue's filters ask for it. */
const { pending, approved, rejected } = LEAD_STATUS;
const { live, expired } = LEAD_ARCHIVE_STATUS;
const STATE_QUERY: Record<OpsLeadState, string> = {
  pending: `status=${pending}&archive_status=${live}`,
  approved: `status=${approved}`,
  rejected: `status=${rejected}`,
  expired: `status=${pending}&archive_status=${expired}`,
};
const STATE_LABEL = { pending: 'sPending', approved: 'sApproved', rejected: 'sRejected', expired: 'dExpired' } as const;
const STATE_TONE = { pending: 0, approved: 1, rejected: 2, expired: 3 } as const;

const leadsLink = (state: OpsLeadState | null, range?: { from?: string; to?: string }) => {
  const q = [STATE_QUERY[state ?? 'pending']];
  if (range?.from) q.push(`from=${range.from}`);
  if (range?.to) q.push(`to=${range.to}`);
  return `/ops/leads?${q.join('&')}`;
};

/** /ops: the console's first screen, the business of a day (or a few) at a glance. */
export function DashboardPage() {
  const [days, setDays] = useState<Period>(14);
  const range = periodRange(days);
  const query = useQuery({
    queryKey: ['ops', 'dashboard', range],
    queryFn: () => api(opsDashboardRoutes.opsDashboard, { query: range }),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="ops-dash" aria-labelledby="ops-dash-title">
      <div className="ops-dash__head">
        <h1 id="ops-dash-title">{t('dTitle')}</h1>
        <div className="field">
          <label htmlFor="ops-dash-period">{t('dPeriod')}</label>
          <select id="ops-dash-period" className="input" value={days} onChange={(e) => setDays(Number(e.target.value) as Period)}>
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {p === 1 ? t('dToday') : t('dLastDays', { n: p })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryView query={query}>{(d) => <Body d={d} />}</QueryView>
    </section>
  );
}

function Tile(props: { label: string; value: string; to?: string; external?: boolean; note?: string | undefined }) {
  const inner = (
    <>
      <span className="ops-dash__label">{props.label}</span>
      <span className="ops-dash__value">{props.value}</span>
      {props.note && <span className="ops-dash__note">{props.note}</span>}
    </>
  );
  if (!props.to) return <div className="ops-dash__tile">{inner}</div>;
  const name = `${props.label}: ${props.value}${props.note ? `. ${props.note}` : ''}`;
  // The support inbox is its own area: a full page load.
  return props.external ? (
    <a className="ops-dash__tile" href={props.to} aria-label={name}>
      {inner}
    </a>
  ) : (
    <Link className="ops-dash__tile" to={props.to} aria-label={name}>
      {inner}
    </Link>
  );
}

function Body({ d }: { d: OpsDashboard }) {
  const range = { from: d.start_date, to: d.end_date };
  const ago = (n: number) => istDateString(new Date(Date.now() - n * DAY_MS));
  const a = d.pending_age;
  return (
    <div className="ops-dash__body">
      <section aria-labelledby="ops-dash-pending">
        <h2 id="ops-dash-pending">{t('dPendingTitle')}</h2>
        <div className="ops-dash__tiles">
          <Tile
            label={t('dPendingNow')}
            value={count(a.total)}
            to={leadsLink('pending')}
            note={a.oldest_created_on ? t('dOldest', { when: when(a.oldest_created_on) }) : t('dNoneWaiting')}
          />
          <Tile label={t('dOver', { n: 1 })} value={count(a.over_1_day)} to={leadsLink('pending', { to: ago(2) })} />
          <Tile label={t('dOver', { n: 3 })} value={count(a.over_3_days)} to={leadsLink('pending', { to: ago(4) })} />
          <Tile label={t('dOver', { n: 7 })} value={count(a.over_7_days)} to={leadsLink('pending', { to: ago(8) })} />
        </div>
        <p className="ops-dash__note">{t('dOverNote')}</p>
      </section>

      <section aria-labelledby="ops-dash-days">
        <h2 id="ops-dash-days">{t('dDaysTitle', { from: dayLabel(d.start_date), to: dayLabel(d.end_date) })}</h2>
        <div className="ops-dash__tiles">
          {OPS_LEAD_STATES.map((s) => (
            <Tile key={s} label={t(STATE_LABEL[s])} value={count(d.totals[s])} to={leadsLink(s, range)} />
          ))}
        </div>
        <BarChart
          buckets={d.days.map((x) => dayLabel(x.date))}
          series={OPS_LEAD_STATES.map((s) => ({ label: t(STATE_LABEL[s]), values: d.days.map((x) => x[s]), tone: STATE_TONE[s] }))}
          format={count}
          caption={t('dDaysCaption')}
          bucketHeader={t('dDay')}
        />
      </section>

      <section aria-labelledby="ops-dash-agents">
        <h2 id="ops-dash-agents">{t('dAgentsTitle')}</h2>
        {d.agents.length === 0 ? (
          <p className="ops-dash__note">{t('dAgentsEmpty')}</p>
        ) : (
          <div className="ops-dash__scroll" role="region" aria-label={t('dAgentsTitle')} tabIndex={0}>
            <table className="ops-dash__table">
              <thead>
                <tr>
                  <th scope="col">{t('dAgent')}</th>
                  <th scope="col">{t('sApproved')}</th>
                  <th scope="col">{t('sRejected')}</th>
                </tr>
              </thead>
              <tbody>
                {d.agents.map((g) => {
                  const audit = (action: string) =>
                    `/ops/audit?actor_user_id=${g.user_id}&action=${action}&from=${d.start_date}&to=${d.end_date}`;
                  const name = g.name ?? `PMW${g.user_id}`;
                  return (
                    <tr key={g.user_id}>
                      <th scope="row">{name}</th>
                      <td>
                        <Link
                          to={audit(LEAD_ACTIONS_DECIDED.approved)}
                          aria-label={t('dAgentLink', { name, n: count(g.approved), what: t('sApproved') })}
                        >
                          {count(g.approved)}
                        </Link>
                      </td>
                      <td>
                        <Link
                          to={audit(LEAD_ACTIONS_DECIDED.rejected)}
                          aria-label={t('dAgentLink', { name, n: count(g.rejected), what: t('sRejected') })}
                        >
                          {count(g.rejected)}
                        </Link>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="ops-dash-payout">
        <h2 id="ops-dash-payout">{t('dPayoutTitle')}</h2>
        <div className="ops-dash__tiles">
          <Tile
            label={t('dPayoutNextRun')}
            value={d.payout.next_run_on ? runDayLabel(d.payout.next_run_on) : t('dPayoutNoSchedule')}
            to="/ops/payouts"
            note={t('dPayoutByHand')}
          />
          <Tile
            label={t('dPayoutNet')}
            value={rupees(d.payout.net_paise)}
            to="/ops/payouts"
            note={t('dPayoutPartners', { n: count(d.payout.partners) })}
          />
          <Tile label={t('dPayoutTds')} value={rupees(d.payout.tds_paise)} to="/ops/payouts" />
          <Tile
            label={t('dPayoutHeld')}
            value={rupees(d.payout.held_paise)}
            to="/ops/payouts"
            note={t('dPayoutPartners', { n: count(d.payout.held_count) })}
          />
        </div>
      </section>

      <section aria-labelledby="ops-dash-support">
        <h2 id="ops-dash-support">{t('dSupportTitle')}</h2>
        <div className="ops-dash__tiles">
          <Tile label={t('dSupportOpen')} value={count(d.support.open)} to="/ops/support" external />
          <Tile
            label={t('dSupportWaiting')}
            value={count(d.support.waiting)}
            to="/ops/support"
            external
            note={d.support.oldest_waiting_since ? t('dSince', { when: when(d.support.oldest_waiting_since) }) : undefined}
          />
          <Tile
            label={t('dSupportMedian')}
            value={minutes(d.support.first_response_median_minutes)}
            note={t('dSupportAnswered', { n: count(d.support.answered), max: minutes(d.support.first_response_max_minutes) })}
          />
        </div>
      </section>
    </div>
  );
}
