import { z } from 'zod';
import { text, int, bigInt } from './base';
import { defineRoute } from './api';
import { NEXT_PAYOUT_REASONS } from './payout-schedule';
import { saidIn } from './texts/said';
import { commonCatalogue } from './texts/common';
import { partnerCatalogue } from './texts/partner';

/** This file's validation messages, said by code (see `saidIn`). */
const commonSaid = saidIn(commonCatalogue);
const partnerSaid = saidIn(partnerCatalogue);

/**
 * The partner dashboard: visits, leads, approvals and earnings for a period
 * and the one before it, by day (or week), per product, and money by state.
 */

/** A period longer than this many days is charted by week (Monday) rather than by day. */
export const DASHBOARD_DAILY_MAX_DAYS = 62;
/** The campaign page itself, not one product's link on it, in visit counts. */
export const CAMPAIGN_PAGE_JOB_ID = 0;
/** A first-party random id per browser, so a device counts once a day; nothing else is kept. */
export const VISITOR_COOKIE = 'pmw_visitor';
/** The referrer parameter's shape kept as a visit's source (the tracking id's). */
export const VISIT_SOURCE_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

const isoDay = text().regex(/^\d{4}-\d{2}-\d{2}$/, commonSaid('common.datesFormat'));

export const dashboardQuerySchema = z
  .object({ start_date: isoDay.optional(), end_date: isoDay.optional() })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    message: partnerSaid('partner.dateOrder'),
    path: ['end_date'],
  });

const totals = { visits: int(), leads: int(), approved: int(), earned_paise: bigInt() };
export const dashboardTotalsSchema = z.object(totals);
export const dashboardSchema = z.object({
  ...totals,
  previous: dashboardTotalsSchema,
  /** The first day of each bucket: a day, or a week's Monday when the period is long. */
  series: z.array(z.object({ date: text(), ...totals })),
  /** Per product, the period's visits to its link, leads, approved and approved with a payout. */
  funnel: z.array(z.object({ job_id: int(), slug_name: text(), visits: int(), leads: int(), approved: int(), paid: int() })),
  money: z.object({
    /** Payouts of leads still waiting for verification. */
    pending_paise: bigInt(),
    /** Earned: approved leads' credits less reversals (the wallet's total earnings). */
    approved_paise: bigInt(),
    /** The wallet balance the next payout run pays. */
    payable_paise: bigInt(),
    /** Paid to the bank by payout runs. */
    paid_paise: bigInt(),
    /** The scheduled run day (IST, YYYY-MM-DD) that pays the payable money; null with the reason when none will yet. */
    next_payout_on: text().nullable(),
    next_payout_reason: z.enum(NEXT_PAYOUT_REASONS).nullable(),
    /** The smallest payout a run makes (a balance below it waits). */
    payout_minimum_paise: bigInt(),
  }),
  /** The bucket the series uses. */
  bucket: z.enum(['day', 'week']),
  start_date: text().nullable(),
  end_date: text(),
});
export type Dashboard = z.output<typeof dashboardSchema>;
export type DashboardTotals = z.output<typeof dashboardTotalsSchema>;

/** A team's numbers: the partner's without visits (a team's leads are filled in by its members, not opened from a link). */
const teamTotals = { leads: int(), approved: int(), earned_paise: bigInt() };
export const teamMemberRankSchema = z.object({
  user_id: int(),
  first_name: text().nullable(),
  blocked: z.boolean(),
  leads: int(),
  approved: int(),
  rejected: int(),
  /** Approved over decided (approved and rejected), whole percent; null before any decision. */
  approval_rate: int().nullable(),
  earned_paise: bigInt(),
});
export type TeamMemberRank = z.output<typeof teamMemberRankSchema>;
export const teamDashboardSchema = z.object({
  team_id: int(),
  team_code: text(),
  ...teamTotals,
  previous: z.object(teamTotals),
  series: z.array(z.object({ date: text(), ...teamTotals })),
  funnel: z.array(z.object({ job_id: int(), slug_name: text(), leads: int(), approved: int(), paid: int() })),
  /** Every member, ranked by approved leads, then approval rate, then leads. */
  members: z.array(teamMemberRankSchema),
  money: z.object({ pending_paise: bigInt(), approved_paise: bigInt() }),
  bucket: z.enum(['day', 'week']),
  start_date: text().nullable(),
  end_date: text(),
});
export type TeamDashboard = z.output<typeof teamDashboardSchema>;

export const dashboardRoutes = {
  partnerDashboard: defineRoute({
    method: 'GET',
    path: '/partner/dashboard',
    summary: "The partner's visits, leads, approvals and earnings for a period, against the one before",
    auth: 'worker',
    query: dashboardQuerySchema,
    response: dashboardSchema,
  }),
  teamDashboard: defineRoute({
    method: 'GET',
    path: '/partner/team/dashboard',
    summary: "The managed team's leads, approvals and earnings for a period, against the one before, with its members ranked",
    auth: 'worker',
    query: dashboardQuerySchema,
    response: teamDashboardSchema,
  }),
};

/** A member's approval rate: approved over the leads decided (approved and rejected), in whole percent. */
export const approvalRate = (approved: number, rejected: number): number | null => conversionPercent(approved, approved + rejected);

/** Most approved leads first, then the better approval rate (none last), then more leads, then the older member. */
export function rankMembers<T extends { user_id: number; leads: number; approved: number; approval_rate: number | null }>(
  members: T[],
): T[] {
  return [...members].sort(
    (a, b) => b.approved - a.approved || (b.approval_rate ?? -1) - (a.approval_rate ?? -1) || b.leads - a.leads || a.user_id - b.user_id,
  );
}

/** Change against the previous period, in whole percent; null when there was nothing before. */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 100);
}

/** A share in whole percent (a funnel step's conversion); null when the step before was empty. */
export function conversionPercent(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 100);
}

const DAY_MS = 86_400_000;
const dayNumber = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / DAY_MS;
const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Days from start to end inclusive. */
export const daysBetween = (start: string, end: string) => dayNumber(end) - dayNumber(start) + 1;

/** The period of the same length just before [start, end]. */
export function previousPeriod(start: string, end: string): { start_date: string; end_date: string } {
  const len = daysBetween(start, end);
  return { start_date: dayString(dayNumber(start) - len), end_date: dayString(dayNumber(start) - 1) };
}

/** The bucket a day falls in: itself, or its week's Monday. */
export function bucketOf(day: string, bucket: 'day' | 'week'): string {
  if (bucket === 'day') return day;
  const n = dayNumber(day);
  // 1970-01-01 was a Thursday: day 0 is 3 days after a Monday.
  return dayString(n - ((n + 3) % 7));
}

/** Every bucket from start to end, so days without activity show as zero. */
export function bucketsBetween(start: string, end: string, bucket: 'day' | 'week'): string[] {
  const out: string[] = [];
  const step = bucket === 'day' ? 1 : 7;
  for (let n = dayNumber(bucketOf(start, bucket)); n <= dayNumber(end); n += step) out.push(dayString(n));
  return out;
}
