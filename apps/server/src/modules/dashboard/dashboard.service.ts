// Read model: the partner dashboard reads its day rows with their projects in one query, for speed;
// one of the few files allowed to join other modules' tables (eslint.config.js).
import { createHash } from 'node:crypto';
import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_DAILY_MAX_DAYS,
  bucketOf,
  bucketsBetween,
  daysBetween,
  previousPeriod,
  type Dashboard,
  type DashboardTotals,
} from '@pmw/contract/dashboard';
import { istDateString } from '@pmw/contract/time';
import type { Db } from '../../db/client';
import { partnerDays, visitCounts, visitDevices } from '../../db/schema/dashboard';
import { jobs } from '../../db/schema/projects';
import type { WalletService } from '../wallet/wallet.service';

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

/**
 * Owns visit_counts, visit_devices and partner_days (the last kept by
 * triggers on leads): the partner dashboard reads these day-level rows, never
 * the leads themselves.
 */
export function createDashboardService(deps: { db: Db; wallet: Pick<WalletService, 'summary' | 'paidOut'> }) {
  const { db, wallet } = deps;
  let prunedBefore = '';

  /** Devices of days before yesterday can never count again: they are dropped once a day per process. */
  async function prune(today: string) {
    if (prunedBefore === today) return;
    prunedBefore = today;
    const yesterday = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);
    await db.delete(visitDevices).where(sql`${visitDevices.day} < ${yesterday}`);
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

    async partnerDashboard(
      userId: number,
      q: { start_date?: string | undefined; end_date?: string | undefined },
      now = new Date(),
    ): Promise<Dashboard> {
      const today = istDateString(now);
      const end = q.end_date ?? today;
      let start = q.start_date ?? null;
      if (!start) {
        // "All": from the first day anything happened.
        // Both drivers answer { rows }; the generic driver type does not say so.
        const first = (await db.execute(sql`
          select least((select min(day) from ${partnerDays} where partner_user_id = ${userId}),
                       (select min(day) from ${visitCounts} where partner_user_id = ${userId}))::text as day`)) as unknown as {
          rows: { day: string | null }[];
        };
        start = first.rows[0]?.day ?? end;
        if (start > end) start = end;
      }
      const prev = q.start_date ? previousPeriod(start, end) : null;
      const from = prev?.start_date ?? start;
      const bucket = daysBetween(start, end) > DASHBOARD_DAILY_MAX_DAYS ? 'week' : 'day';

      const range = (day: typeof partnerDays.day | typeof visitCounts.day): SQL => and(gte(day, from), lte(day, end))!;
      const [leadRows, visitRows, pendingRows, summary, paid] = await Promise.all([
        db
          .select({
            day: partnerDays.day,
            job_id: partnerDays.job_id,
            leads: partnerDays.leads,
            approved: partnerDays.approved,
            paid: partnerDays.paid,
            approved_paise: partnerDays.approved_paise,
          })
          .from(partnerDays)
          .where(and(eq(partnerDays.partner_user_id, userId), range(partnerDays.day))),
        db
          .select({ day: visitCounts.day, job_id: visitCounts.job_id, n: sql<number>`sum(${visitCounts.n})::int` })
          .from(visitCounts)
          .where(and(eq(visitCounts.partner_user_id, userId), range(visitCounts.day)))
          .groupBy(visitCounts.day, visitCounts.job_id),
        db
          .select({ paise: sql<string>`coalesce(sum(${partnerDays.pending_paise}), 0)::text` })
          .from(partnerDays)
          .where(eq(partnerDays.partner_user_id, userId)),
        wallet.summary(userId),
        wallet.paidOut(userId),
      ]);

      const current = zero();
      const previous = zero();
      const series = new Map(bucketsBetween(start, end, bucket).map((d) => [d, { date: d, ...zero() }]));
      const funnel = new Map<number, { job_id: number; visits: number; leads: number; approved: number; paid: number }>();
      const product = (job_id: number) => {
        let f = funnel.get(job_id);
        if (!f) funnel.set(job_id, (f = { job_id, visits: 0, leads: 0, approved: 0, paid: 0 }));
        return f;
      };
      for (const r of leadRows) {
        if (r.day < start) {
          previous.leads += r.leads;
          previous.approved += r.approved;
          previous.earned_paise += Number(r.approved_paise);
          continue;
        }
        current.leads += r.leads;
        current.approved += r.approved;
        current.earned_paise += Number(r.approved_paise);
        const s = series.get(bucketOf(r.day, bucket));
        if (s) {
          s.leads += r.leads;
          s.approved += r.approved;
          s.earned_paise += Number(r.approved_paise);
        }
        if (r.leads || r.approved) {
          const f = product(r.job_id);
          f.leads += r.leads;
          f.approved += r.approved;
          f.paid += r.paid;
        }
      }
      for (const r of visitRows) {
        const n = Number(r.n);
        if (r.day < start) {
          previous.visits += n;
          continue;
        }
        current.visits += n;
        const s = series.get(bucketOf(r.day, bucket));
        if (s) s.visits += n;
        if (r.job_id > 0) product(r.job_id).visits += n;
      }
      const ids = [...funnel.keys()];
      const names = ids.length
        ? await db.select({ job_id: jobs.job_id, slug_name: jobs.slug_name }).from(jobs).where(inArray(jobs.job_id, ids))
        : [];
      const slug = new Map(names.map((n) => [n.job_id, n.slug_name]));

      return {
        ...current,
        previous,
        series: [...series.values()],
        funnel: [...funnel.values()]
          .map((f) => ({ ...f, slug_name: slug.get(f.job_id) ?? String(f.job_id) }))
          .sort((a, b) => b.leads - a.leads || b.visits - a.visits || a.job_id - b.job_id),
        money: {
          pending_paise: Number(pendingRows[0]?.paise ?? 0),
          approved_paise: summary.credit_amount,
          payable_paise: summary.total_amount,
          paid_paise: paid,
          next_payout_on: null,
        },
        bucket,
        start_date: q.start_date ?? null,
        end_date: end,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
