import { describe, expect, it } from 'vitest';
import {
  NEXT_PAYOUT_REASON,
  isPayoutRunDay,
  nextPayoutOn,
  nextPayoutRun,
  nextPayoutRunDay,
  parsePayoutSchedule,
  type NextPayoutInput,
  type PayoutSchedule,
} from './payout-schedule';

const ist = (local: string) => new Date(`${local}+05:30`);
const weeklyMon = parsePayoutSchedule('weekly:MON')!;

describe('the payout schedule as configured', () => {
  it('reads off, weekdays and days of the month, in any case, and refuses anything else', () => {
    expect(parsePayoutSchedule('off')).toEqual({ kind: 'off' });
    expect(parsePayoutSchedule('weekly:MON')).toEqual({ kind: 'weekly', weekdays: [1] });
    expect(parsePayoutSchedule(' Weekly:thu,mon ')).toEqual({ kind: 'weekly', weekdays: [1, 4] });
    expect(parsePayoutSchedule('monthly:1')).toEqual({ kind: 'monthly', days: [1] });
    expect(parsePayoutSchedule('monthly:15,1,15')).toEqual({ kind: 'monthly', days: [1, 15] });
    for (const bad of ['', 'weekly', 'weekly:MONDAY', 'weekly:', 'monthly:0', 'monthly:32', 'monthly:1.5', 'daily:1', 'monthly:1,,2']) {
      expect(parsePayoutSchedule(bad), bad).toBeNull();
    }
  });
});

describe('run days', () => {
  it('fall on the weekdays named', () => {
    // 30 Nov 2026 is a Monday.
    expect(isPayoutRunDay(weeklyMon, '2026-11-30')).toBe(true);
    expect(isPayoutRunDay(weeklyMon, '2026-11-29')).toBe(false);
    expect(nextPayoutRunDay(weeklyMon, '2026-11-30')).toBe('2026-11-30');
    expect(nextPayoutRunDay(weeklyMon, '2026-11-30', true)).toBe('2026-12-07');
    expect(nextPayoutRunDay(parsePayoutSchedule('weekly:MON,THU')!, '2026-12-01')).toBe('2026-12-03');
  });

  it('fall on a month end for a day the month does not have, leap years included', () => {
    const last = parsePayoutSchedule('monthly:31')!;
    expect(nextPayoutRunDay(last, '2026-02-10')).toBe('2026-02-28');
    expect(nextPayoutRunDay(last, '2028-02-10')).toBe('2028-02-29');
    expect(nextPayoutRunDay(last, '2026-04-01')).toBe('2026-04-30');
    expect(nextPayoutRunDay(last, '2026-01-31', true)).toBe('2026-02-28');
    const thirtieth = parsePayoutSchedule('monthly:30')!;
    expect(isPayoutRunDay(thirtieth, '2026-02-28')).toBe(true);
    expect(isPayoutRunDay(thirtieth, '2026-03-30')).toBe(true);
    expect(isPayoutRunDay(thirtieth, '2026-03-31')).toBe(false);
  });

  it('cross a year end', () => {
    expect(nextPayoutRunDay(parsePayoutSchedule('monthly:1')!, '2026-12-02')).toBe('2027-01-01');
    expect(nextPayoutRunDay(parsePayoutSchedule('monthly:1,15')!, '2026-12-02')).toBe('2026-12-15');
  });

  it('are IST days: a minute before and at midnight in India', () => {
    // Sunday 29 Nov 23:59:59 IST is still Sunday (18:29:59 UTC): the next Monday run is tomorrow.
    expect(nextPayoutRun(weeklyMon, new Date('2026-11-29T18:29:59Z'), false)).toBe('2026-11-30');
    // Midnight IST Monday (18:30 UTC on Sunday) is Monday: today's run.
    expect(nextPayoutRun(weeklyMon, new Date('2026-11-29T18:30:00Z'), false)).toBe('2026-11-30');
    // Once today's run has started, the next is a week later.
    expect(nextPayoutRun(weeklyMon, new Date('2026-11-29T18:30:00Z'), true)).toBe('2026-12-07');
    // Monday 23:59 IST is Monday; a minute later it is Tuesday.
    expect(nextPayoutRun(weeklyMon, ist('2026-11-30T23:59:00'), false)).toBe('2026-11-30');
    expect(nextPayoutRun(weeklyMon, ist('2026-12-01T00:00:00'), false)).toBe('2026-12-07');
    // 31 Dec at 23:30 IST is still the month's last day; 18:30 UTC on the 31st is already 1 Jan in India.
    expect(nextPayoutRun(parsePayoutSchedule('monthly:31')!, ist('2026-12-31T23:30:00'), false)).toBe('2026-12-31');
    expect(nextPayoutRun(parsePayoutSchedule('monthly:1')!, new Date('2026-12-31T18:30:00Z'), false)).toBe('2027-01-01');
  });

  it('are none without a schedule', () => {
    expect(nextPayoutRun({ kind: 'off' }, new Date(), false)).toBeNull();
  });
});

describe("a partner's next payout", () => {
  const base: NextPayoutInput = {
    schedule: weeklyMon,
    // Wednesday 25 Nov 2026, noon IST.
    now: ist('2026-11-25T12:00:00'),
    ran_today: false,
    balance_paise: 50_000,
    held_credits: [],
    hold_days: 0,
    minimum_paise: 10_000,
    has_payout_method: true,
  };
  const next = (over: Partial<NextPayoutInput>) => nextPayoutOn({ ...base, ...over });

  it('is the next run day when the balance is payable', () => {
    expect(next({})).toEqual({ on: '2026-11-30', reason: null });
    expect(next({ balance_paise: 10_000 })).toEqual({ on: '2026-11-30', reason: null });
  });

  it('says why there is none: no schedule, nothing to pay, below the minimum, nowhere to pay', () => {
    const off: PayoutSchedule = { kind: 'off' };
    expect(next({ schedule: off })).toEqual({ on: null, reason: NEXT_PAYOUT_REASON.noSchedule });
    expect(next({ balance_paise: 0 })).toEqual({ on: null, reason: NEXT_PAYOUT_REASON.nothingPayable });
    expect(next({ balance_paise: 9_999 })).toEqual({ on: null, reason: NEXT_PAYOUT_REASON.belowMinimum });
    expect(next({ has_payout_method: false })).toEqual({ on: null, reason: NEXT_PAYOUT_REASON.noPayoutMethod });
  });

  it('waits for earnings in their holding period, promising the run after the day a hold ends', () => {
    // ₹400 credited on Monday 23 Nov at 10:00 IST with a 7-day hold: held until Monday 30 Nov 10:00 IST.
    const credits = [{ at: ist('2026-11-23T10:00:00'), paise: 40_000 }];
    // Only ₹100 free of the hold: paid on the 30th.
    expect(next({ hold_days: 7, held_credits: credits })).toEqual({ on: '2026-11-30', reason: null });
    // Nothing free before the hold ends: a run on the 30th may start before 10:00, so the 7th of December.
    expect(next({ hold_days: 7, held_credits: credits, balance_paise: 40_000 })).toEqual({ on: '2026-12-07', reason: null });
    // ₹50 free is below the minimum: the run after the hold ends pays all.
    expect(next({ hold_days: 7, held_credits: credits, balance_paise: 45_000 })).toEqual({ on: '2026-12-07', reason: null });
    // A hold that has already ended by now counts as ended, even on a run day itself.
    const monday = ist('2026-11-30T11:00:00');
    expect(next({ hold_days: 7, held_credits: credits, balance_paise: 40_000, now: monday })).toEqual({ on: '2026-11-30', reason: null });
    expect(next({ hold_days: 7, held_credits: credits, balance_paise: 40_000, now: monday, ran_today: true })).toEqual({
      on: '2026-12-07',
      reason: null,
    });
  });

  it('holds across a month end on a monthly schedule', () => {
    const credits = [{ at: ist('2026-01-30T18:00:00'), paise: 20_000 }];
    const monthEnd = parsePayoutSchedule('monthly:31')!;
    // Held until 6 Feb: the February run on the 28th pays it.
    expect(
      next({ schedule: monthEnd, now: ist('2026-01-31T09:00:00'), hold_days: 7, held_credits: credits, balance_paise: 20_000 }),
    ).toEqual({ on: '2026-02-28', reason: null });
  });
});
