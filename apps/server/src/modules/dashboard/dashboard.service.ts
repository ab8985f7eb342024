// Read model: the partner dashboard reads its day rows with their projects in one query, for speed;
// one of the few files allowed to join other modules' tables (apps/server/read-models.json).
import { createHash } from 'node:crypto';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  DASHBOARD_DAILY_MAX_DAYS,
  approvalRate,
  rankMembers,
  CAMPAIGN_PAGE_JOB_ID,
  bucketOf,
  bucketsBetween,
  daysBetween,
  previousPeriod,
  type Dashboard,
  type DashboardTotals,
  type TeamDashboard,
} from '@pmw/contract/dashboard';
import { OPS_DASHBOARD_DEFAULT_DAYS, leadStates, type OpsDashboard } from '@pmw/contract/ops-dashboard';
import type { DecidedLeads } from '@pmw/contract/risk';
import { istDateString } from '@pmw/contract/time';
import type { Db } from '../../db/client';
import { partnerDays, teamDays, visitCounts, visitDevices } from '../../db/schema/dashboard';
import { jobs } from '../../db/schema/projects';
import type { WalletService } from '../wallet/wallet.service';
import type { PayoutsService } from '../ops/payouts.service';

export interface Visit {
  partner_user_id: number;
  job_id: number;
  /** The referrer parameter of the address, '' without one. */
  source: string;
  /** The visitor cookie's value; only a hash of it is kept. */
  visitor: string;
  at?: Date;
}

const zero = (): DashboardTotals => ({ visits: 0, leads: 0, approved: 0, earned_paise: 0 });
const teamZero = () => ({ leads: 0, approved: 0, earned_paise: 0 });
// Both drivers answer { rows }; the generic driver type does not say so.
type Rows<T> = { rows: T[] };

/** The period asked for, the one before it (when there are dates) and how the chart groups days. */
function periodOf(q: { start_date?: string | undefined; end_date?: string | undefined }, end: string, firstDay: string | null) {
  let start = q.start_date ?? firstDay ?? end;
  if (start > end) start = end;
  const prev = q.start_date ? previousPeriod(start, end) : null;
  const bucket: 'day' | 'week' = daysBetween(start, end) > DASHBOARD_DAILY_MAX_DAYS ? 'week' : 'day';
  return { start, end, from: prev?.start_date ?? start, bucket };
}

/** The members of the team whose dashboard is asked for, as the team's service lists them. */
export interface DashboardTeam {
  team_id: number;
  team_code: string;
  members: { user_id: number; first_name: string | null; blocked: boolean }[];
}

/**
 * Owns visit_counts, visit_devices and partner_days (the last kept by
 * triggers on leads): the partner dashboard reads these day-level rows, never
 * the leads themselves.
 */
export function createDashboardService(deps: {
  db: Db;
  wallet: Pick<WalletService, 'moneySummary'>;
  payouts: Pick<PayoutsService, 'nextPayout' | 'rules'>;
}) {
  const { db, wallet, payouts } = deps;
  let prunedBefore = '';

  /** Devices of days before yesterday can never count again: they are dropped once a day per process. */
  async function prune(today: string) {
    if (prunedBefore === today) return;
    prunedBefore = today;
    const yesterday = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);
    await db.delete(visitDevices).where(sql`${visitDevices.day} < ${yesterday}`);
  }

  async function slugs(ids: number[]): Promise<Map<number, string>> {
    const names = ids.length
      ? await db.select({ job_id: jobs.job_id, slug_name: jobs.slug_name }).from(jobs).where(inArray(jobs.job_id, ids))
      : [];
    return new Map(names.map((n) => [n.job_id, n.slug_name]));
  }

  return {
    /** Counts a visit unless this device was already counted on this page today; answers whether it counted. */
    async recordVisit(v: Visit): Promise<boolean> {
      const day = istDateString(v.at ?? new Date());
      const device = createHash('sha256').update(v.visitor).digest('hex').slice(0, 32);
      // One statement: the device row and the counter move together or not at all.
      const result = (await db.execute(sql`
        with seen as (
          insert into ${visitDevices} (day, partner_user_id, job_id, device)
          values (${day}, ${v.partner_user_id}, ${v.job_id}, ${device})
          on conflict do nothing
          returning 1
        )
        insert into ${visitCounts} as c (partner_user_id, job_id, day, source, n)
        select ${v.partner_user_id}, ${v.job_id}, ${day}, ${v.source}, 1 from seen
        on conflict (partner_user_id, day, job_id, source) do update set n = c.n + 1
        returning 1 as counted`)) as unknown as { rows: unknown[] }; // both drivers answer { rows }
      await prune(day);
      return result.rows.length > 0;
    },

    /**
     * Decided leads (approved or rejected) on a project, a partner's or, with
     * no partner, every partner's, among the leads that came in from `since`
     * (an IST day) on: day rows on the primary key or the (job_id, day)
     * index, never the leads.
     */
    async decidedOnProject(jobId: number, since: string, partnerId?: number): Promise<DecidedLeads> {
      const [r] = await db
        .select({
          approved: sql<number>`coalesce(sum(${partnerDays.approved}), 0)::int`,
          decided: sql<number>`coalesce(sum(${partnerDays.approved} + ${partnerDays.rejected}), 0)::int`,
        })
        .from(partnerDays)
        .where(
          and(
            partnerId === undefined ? undefined : eq(partnerDays.partner_user_id, partnerId),
            eq(partnerDays.job_id, jobId),
            gte(partnerDays.day, since),
          ),
        );
      return { approved: Number(r?.approved ?? 0), decided: Number(r?.decided ?? 0) };
    },

    async partnerDashboard(
      userId: number,
      q: { start_date?: string | undefined; end_date?: string | undefined },
      now = new Date(),
    ): Promise<Dashboard> {
      const end = q.end_date ?? istDateString(now);
      let first: string | null = null;
      if (!q.start_date) {
        // "All": from the first day anything happened.
        const r = (await db.execute(sql`
          select least((select min(day) from ${partnerDays} where partner_user_id = ${userId}),
                       (select min(day) from ${visitCounts} where partner_user_id = ${userId}))::text as day`)) as unknown as Rows<{
          day: string | null;
        }>;
        first = r.rows[0]?.day ?? null;
      }
      const { start, from, bucket } = periodOf(q, end, first);

      // One statement, summed in the database: the period's and the one before's totals, the chart's
      // buckets and the products, a hundred rows or so whatever the number of leads and visits.
      const bucketDay = bucket === 'week' ? sql`date_trunc('week', day)::date` : sql`day`;
      // The wallet's figures and the next payout's facts are read beside the day rows (one wait, not three).
      const daysRead = db.execute(sql`
        with span as (
          select day, job_id, leads, approved, paid, approved_paise, 0 as visits
          from ${partnerDays} where partner_user_id = ${userId} and day between ${from} and ${end}
          union all
          select day, job_id, 0, 0, 0, 0, n
          from ${visitCounts} where partner_user_id = ${userId} and day between ${from} and ${end}
        ), marked as (
          select day < ${start}::date as before, ${bucketDay} as bucket, job_id, leads, approved, paid, approved_paise, visits from span
        ), sums as (
          select before, bucket, job_id, grouping(bucket) as no_bucket, grouping(job_id) as no_job,
            sum(leads)::int as leads, sum(approved)::int as approved, sum(paid)::int as paid,
            sum(approved_paise)::text as approved_paise, sum(visits)::int as visits
          from marked
          group by grouping sets ((before), (before, bucket), (before, job_id))
        ), pending as (
          select coalesce(sum(pending_paise), 0)::text as pending_paise from ${partnerDays} where partner_user_id = ${userId}
        )
        -- Money waiting is not the period's: one row carries it even when the period has nothing in it.
        select s.before, s.bucket::text as bucket, s.job_id, s.no_bucket, s.no_job, s.leads, s.approved, s.paid, s.approved_paise, s.visits,
          j.slug_name, p.pending_paise
        from pending p
        left join sums s on true
        left join ${jobs} j on j.job_id = s.job_id and s.no_job = 0`);
      const moneyRead = wallet.moneySummary(userId);
      const [days, money, next] = await Promise.all([
        daysRead,
        moneyRead,
        payouts.nextPayout(
          userId,
          moneyRead.then((m) => m.total_amount),
          now,
        ),
      ]);
      const result = days as unknown as Rows<{
        before: boolean | null;
        bucket: string | null;
        job_id: number | null;
        /** Null on the one row of a period with nothing in it. */
        no_bucket: number | null;
        no_job: number | null;
        leads: number;
        approved: number;
        paid: number;
        approved_paise: string;
        visits: number;
        slug_name: string | null;
        pending_paise: string;
      }>;

      const current = zero();
      const previous = zero();
      const series = new Map(bucketsBetween(start, end, bucket).map((d) => [d, { date: d, ...zero() }]));
      const funnel: Dashboard['funnel'] = [];
      let pending = 0;
      for (const r of result.rows) {
        pending = Number(r.pending_paise);
        if (r.no_bucket === null) continue;
        const totals = {
          visits: Number(r.visits),
          leads: Number(r.leads),
          approved: Number(r.approved),
          earned_paise: Number(r.approved_paise),
        };
        if (Number(r.no_bucket) && Number(r.no_job)) Object.assign(r.before ? previous : current, totals);
        else if (r.before) continue;
        else if (!Number(r.no_bucket)) {
          const s = series.get(r.bucket!);
          if (s) Object.assign(s, totals);
        } else if (r.job_id! > CAMPAIGN_PAGE_JOB_ID && (totals.visits || totals.leads || totals.approved))
          funnel.push({
            job_id: Number(r.job_id),
            slug_name: r.slug_name ?? String(r.job_id),
            visits: totals.visits,
            leads: totals.leads,
            approved: totals.approved,
            paid: Number(r.paid),
          });
      }

      return {
        ...current,
        previous,
        series: [...series.values()],
        funnel: funnel.sort((a, b) => b.leads - a.leads || b.visits - a.visits || a.job_id - b.job_id),
        money: {
          pending_paise: pending,
          approved_paise: money.credit_amount,
          payable_paise: money.total_amount,
          paid_paise: money.paid_paise,
          next_payout_on: next.on,
          next_payout_reason: next.reason,
          payout_minimum_paise: payouts.rules.minimumPaise,
        },
        bucket,
        start_date: q.start_date ?? null,
        end_date: end,
      };
    },

    /** The team's leads for a period against the one before, by day or week, per product and per member. */
    async teamDashboard(
      team: DashboardTeam,
      q: { start_date?: string | undefined; end_date?: string | undefined },
      now = new Date(),
    ): Promise<TeamDashboard> {
      const end = q.end_date ?? istDateString(now);
      let first: string | null = null;
      if (!q.start_date) {
        const r = (await db.execute(
          sql`select min(day)::text as day from ${teamDays} where team_id = ${team.team_id}`,
        )) as unknown as Rows<{ day: string | null }>;
        first = r.rows[0]?.day ?? null;
      }
      const { start, from, bucket } = periodOf(q, end, first);
      const [rows, pendingRows] = await Promise.all([
        db
          .select({
            day: teamDays.day,
            member: teamDays.member_user_id,
            job_id: teamDays.job_id,
            leads: teamDays.leads,
            approved: teamDays.approved,
            rejected: teamDays.rejected,
            paid: teamDays.paid,
            approved_paise: teamDays.approved_paise,
          })
          .from(teamDays)
          .where(and(eq(teamDays.team_id, team.team_id), gte(teamDays.day, from), lte(teamDays.day, end))),
        db
          .select({
            pending: sql<string>`coalesce(sum(${teamDays.pending_paise}), 0)::text`,
            approved: sql<string>`coalesce(sum(${teamDays.approved_paise}), 0)::text`,
          })
          .from(teamDays)
          .where(eq(teamDays.team_id, team.team_id)),
      ]);
      const current = teamZero();
      const previous = teamZero();
      const series = new Map(bucketsBetween(start, end, bucket).map((d) => [d, { date: d, ...teamZero() }]));
      const funnel = new Map<number, { job_id: number; leads: number; approved: number; paid: number }>();
      const members = new Map(
        team.members.map((m) => [
          m.user_id,
          { ...m, leads: 0, approved: 0, rejected: 0, earned_paise: 0, approval_rate: null as number | null },
        ]),
      );
      for (const r of rows) {
        const paise = Number(r.approved_paise);
        const into = r.day < start ? previous : current;
        into.leads += r.leads;
        into.approved += r.approved;
        into.earned_paise += paise;
        if (r.day < start) continue;
        const s = series.get(bucketOf(r.day, bucket));
        if (s) {
          s.leads += r.leads;
          s.approved += r.approved;
          s.earned_paise += paise;
        }
        if (r.leads || r.approved) {
          let f = funnel.get(r.job_id);
          if (!f) funnel.set(r.job_id, (f = { job_id: r.job_id, leads: 0, approved: 0, paid: 0 }));
          f.leads += r.leads;
          f.approved += r.approved;
          f.paid += r.paid;
        }
        // A member who has left the team keeps no row: the team's totals still count their leads.
        const m = members.get(r.member);
        if (m) {
          m.leads += r.leads;
          m.approved += r.approved;
          m.rejected += r.rejected;
          m.earned_paise += paise;
        }
      }
      const slug = await slugs([...funnel.keys()]);
      return {
        team_id: team.team_id,
        team_code: team.team_code,
        ...current,
        previous,
        series: [...series.values()],
        funnel: [...funnel.values()]
          .map((f) => ({ ...f, slug_name: slug.get(f.job_id) ?? String(f.job_id) }))
          .sort((a, b) => b.leads - a.leads || a.job_id - b.job_id),
        members: rankMembers([...members.values()].map((m) => ({ ...m, approval_rate: approvalRate(m.approved, m.rejected) }))),
        money: { pending_paise: Number(pendingRows[0]?.pending ?? 0), approved_paise: Number(pendingRows[0]?.approved ?? 0) },
        bucket,
        start_date: q.start_date ?? null,
        end_date: end,
      };
    },

    /** Every lead by the IST day it came in and its state now, summed over partners' and team members' days. */
    async leadsByDay(
      q: { start_date?: string | undefined; end_date?: string | undefined },
      now = new Date(),
    ): Promise<Pick<OpsDashboard, 'start_date' | 'end_date' | 'days' | 'totals'>> {
      const end = q.end_date ?? istDateString(now);
      const start = q.start_date ?? dayBefore(end, OPS_DASHBOARD_DEFAULT_DAYS - 1);
      const result = (await db.execute(sql`
        select day::text as day, sum(leads)::int as leads, sum(approved)::int as approved, sum(rejected)::int as rejected, sum(expired)::int as expired
        from (
          select day, leads, approved, rejected, expired from ${partnerDays} where day between ${start} and ${end}
          union all
          select day, leads, approved, rejected, expired from ${teamDays} where day between ${start} and ${end}
        ) d
        group by day`)) as unknown as Rows<{ day: string; leads: number; approved: number; rejected: number; expired: number }>;
      const byDay = new Map(result.rows.map((r) => [r.day, leadStates({ ...r })]));
      const totals = { pending: 0, approved: 0, rejected: 0, expired: 0 };
      const days = bucketsBetween(start, end, 'day').map((date) => {
        const s = byDay.get(date) ?? { pending: 0, approved: 0, rejected: 0, expired: 0 };
        totals.pending += s.pending;
        totals.approved += s.approved;
        totals.rejected += s.rejected;
        totals.expired += s.expired;
        return { date, ...s };
      });
      return { start_date: start, end_date: end, days, totals };
    },
  };
}

/** The day n days before an ISO day. */
function dayBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}
export type DashboardService = ReturnType<typeof createDashboardService>;
