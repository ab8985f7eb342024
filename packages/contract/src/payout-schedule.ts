import { istDateString } from './time';

/**
 * When payout runs are due: a schedule finance sets in configuration
 * (PAYOUT_SCHEDULE), on IST calendar days. It is shown (the partner's next
 * payout date, the ops dashboard's next run), not enforced: ops start each run.
 */

/** Weekday names as the schedule writes them, Sunday first (as Date#getUTCDay counts). */
export const PAYOUT_WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
/** Every Monday: a partner's approved money reaches them within the week. */
export const PAYOUT_SCHEDULE_DEFAULT = 'weekly:MON';

export type PayoutSchedule =
  | { kind: 'off' }
  /** Days of the week, 0 = Sunday. */
  | { kind: 'weekly'; weekdays: number[] }
  /** Days of the month; a day the month does not have falls on its last day (31 = every month's end). */
  | { kind: 'monthly'; days: number[] };

/** Why a partner has no next payout date. */
export const NEXT_PAYOUT_REASON = {
  /** Runs have no schedule (PAYOUT_SCHEDULE=off). */
  noSchedule: 'no_schedule',
  /** The wallet holds nothing to pay. */
  nothingPayable: 'nothing_payable',
  /** The balance is below the minimum payout: more earnings are needed first. */
  belowMinimum: 'below_minimum',
  /** No verified bank account or UPI ID to pay into. */
  noPayoutMethod: 'no_payout_method',
} as const;
export const NEXT_PAYOUT_REASONS = Object.values(NEXT_PAYOUT_REASON) as [NextPayoutReason, ...NextPayoutReason[]];
export type NextPayoutReason = (typeof NEXT_PAYOUT_REASON)[keyof typeof NEXT_PAYOUT_REASON];

/**
 * `off`, `weekly:MON` (or `weekly:MON,THU`), `monthly:1` (or `monthly:1,15`,
 * `monthly:31` for each month's last day); null when it is none of these.
 */
export function parsePayoutSchedule(input: string): PayoutSchedule | null {
  const s = input.trim().toUpperCase();
  if (s === 'OFF') return { kind: 'off' };
  const m = /^(WEEKLY|MONTHLY):([A-Z0-9]+(?:,[A-Z0-9]+)*)$/.exec(s);
  if (!m) return null;
  const parts = m[2]!.split(',');
  if (m[1] === 'WEEKLY') {
    const weekdays = parts.map((p) => PAYOUT_WEEKDAYS.indexOf(p as (typeof PAYOUT_WEEKDAYS)[number]));
    if (weekdays.some((d) => d < 0)) return null;
    return { kind: 'weekly', weekdays: [...new Set(weekdays)].sort((a, b) => a - b) };
  }
  if (parts.some((p) => !/^\d{1,2}$/.test(p))) return null;
  const days = parts.map(Number);
  if (days.some((d) => d < 1 || d > 31)) return null;
  return { kind: 'monthly', days: [...new Set(days)].sort((a, b) => a - b) };
}

const DAY_MS = 86_400_000;
const parse = (day: string) => ({ y: Number(day.slice(0, 4)), m: Number(day.slice(5, 7)), d: Number(day.slice(8, 10)) });
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.UTC(parse(day).y, parse(day).m - 1, parse(day).d);
const lastDayOfMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** Whether a run is due on an IST calendar day (`YYYY-MM-DD`). */
export function isPayoutRunDay(schedule: PayoutSchedule, day: string): boolean {
  if (schedule.kind === 'off') return false;
  if (schedule.kind === 'weekly') return schedule.weekdays.includes(new Date(dayMs(day)).getUTCDay());
  const { y, m, d } = parse(day);
  const last = lastDayOfMonth(y, m);
  return schedule.days.some((want) => Math.min(want, last) === d);
}

/** The first run day on or after `from` (after it when `afterFrom`); null without a schedule. */
export function nextPayoutRunDay(schedule: PayoutSchedule, from: string, afterFrom = false): string | null {
  if (schedule.kind === 'off') return null;
  // Every schedule has a run within 31 days (a month's last day at the latest).
  for (let i = afterFrom ? 1 : 0; i <= 32; i++) {
    const day = toDay(dayMs(from) + i * DAY_MS);
    if (isPayoutRunDay(schedule, day)) return day;
  }
  return null;
}

/** The run due next from `now`: today's if today is a run day and no run has been started today yet. */
export function nextPayoutRun(schedule: PayoutSchedule, now: Date, ranToday: boolean): string | null {
  return nextPayoutRunDay(schedule, istDateString(now), ranToday);
}

export interface NextPayoutInput {
  schedule: PayoutSchedule;
  now: Date;
  /** A run was already started today (IST): today's run is behind us. */
  ran_today: boolean;
  balance_paise: number;
  /** Earnings credited within the holding period, still held now (each at the instant it was credited). */
  held_credits: { at: Date; paise: number }[];
  hold_days: number;
  minimum_paise: number;
  has_payout_method: boolean;
}

/**
 * The run day that pays the partner, or why none will yet. A run pays the
 * balance less earnings still in their holding period, if that reaches the
 * minimum. A hold ends at the hour the earning was credited, hold_days later;
 * a run on that very day may start before that hour, so the money is promised
 * for the first run day after it.
 */
export function nextPayoutOn(input: NextPayoutInput): { on: string | null; reason: NextPayoutReason | null } {
  const none = (reason: NextPayoutReason) => ({ on: null, reason });
  if (input.schedule.kind === 'off') return none(NEXT_PAYOUT_REASON.noSchedule);
  if (input.balance_paise <= 0) return none(NEXT_PAYOUT_REASON.nothingPayable);
  if (input.balance_paise < input.minimum_paise) return none(NEXT_PAYOUT_REASON.belowMinimum);
  if (!input.has_payout_method) return none(NEXT_PAYOUT_REASON.noPayoutMethod);
  const nowMs = input.now.getTime();
  const releases = input.held_credits.map((c) => {
    const at = c.at.getTime() + input.hold_days * DAY_MS;
    return { paise: c.paise, released: at <= nowMs, day: istDateString(at) };
  });
  let day = nextPayoutRun(input.schedule, input.now, input.ran_today);
  // Every credit is released within hold_days (+1); a run comes at most a month after that.
  for (let tries = 0; day && tries < input.hold_days + 64; tries++) {
    const held = releases.reduce((sum, r) => (r.released || r.day < day! ? sum : sum + r.paise), 0);
    const payable = Math.max(0, input.balance_paise - held);
    if (payable > 0 && payable >= input.minimum_paise) return { on: day, reason: null };
    day = nextPayoutRunDay(input.schedule, day, true);
  }
  return none(NEXT_PAYOUT_REASON.nothingPayable);
}
