import { describe, expect, it } from 'vitest';
import {
  approvalRate,
  bucketOf,
  bucketsBetween,
  changePercent,
  conversionPercent,
  daysBetween,
  previousPeriod,
  rankMembers,
} from './dashboard';

describe('dashboard periods', () => {
  it('takes the period before as the same number of days just before', () => {
    expect(previousPeriod('2026-11-23', '2026-11-27')).toEqual({ start_date: '2026-11-18', end_date: '2026-11-22' });
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ start_date: '2026-01-29', end_date: '2026-02-28' });
    expect(daysBetween('2026-11-27', '2026-11-27')).toBe(1);
  });

  it('buckets days into weeks starting on Monday and lists empty days too', () => {
    expect(bucketOf('2026-11-27', 'week')).toBe('2026-11-23');
    expect(bucketOf('2026-11-23', 'week')).toBe('2026-11-23');
    expect(bucketOf('2026-11-22', 'week')).toBe('2026-11-16');
    expect(bucketsBetween('2026-11-26', '2026-11-28', 'day')).toEqual(['2026-11-26', '2026-11-27', '2026-11-28']);
    expect(bucketsBetween('2026-11-20', '2026-12-01', 'week')).toEqual(['2026-11-16', '2026-11-23', '2026-11-30']);
  });

  it('says the change and the conversion in whole percent, or nothing without a base', () => {
    expect(changePercent(15, 10)).toBe(50);
    expect(changePercent(5, 10)).toBe(-50);
    expect(changePercent(5, 0)).toBeNull();
    expect(conversionPercent(1, 3)).toBe(33);
    expect(conversionPercent(1, 0)).toBeNull();
  });
});

describe('team members ranked', () => {
  it('put the most approved first, then the better approval rate (none decided last), then more leads', () => {
    const m = (user_id: number, leads: number, approved: number, rejected: number) => ({
      user_id,
      leads,
      approved,
      approval_rate: approvalRate(approved, rejected),
    });
    const ranked = rankMembers([m(1, 9, 2, 7), m(2, 3, 2, 0), m(3, 5, 0, 0), m(4, 8, 0, 1), m(5, 2, 5, 1), m(6, 6, 0, 0)]);
    expect(ranked.map((r) => r.user_id)).toEqual([5, 2, 1, 4, 6, 3]);
    expect(approvalRate(2, 1)).toBe(67);
    expect(approvalRate(0, 0)).toBeNull();
  });
});
