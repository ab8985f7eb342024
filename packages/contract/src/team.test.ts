import { describe, expect, it } from 'vitest';
import {
  criteriaPairs,
  dateRangeFor,
  isCompletePincode,
  leadStatusFilter,
  leadStatusIndex,
  needsMoreDetails,
  projectAction,
  projectAvailability,
  truncatePincode,
} from './team';

// Wednesday 19 Nov 2026, 10:00 at +05:30.
const wed = new Date('2026-11-19T10:00:00+05:30');

describe('dateRangeFor', () => {
  it('starts weeks on Monday', () => {
    expect(dateRangeFor('this_week', wed)).toEqual({ start_date: '2026-11-16', end_date: '2026-11-19' });
    expect(dateRangeFor('last_week', wed)).toEqual({ start_date: '2026-11-09', end_date: '2026-11-15' });
  });

  it('treats Sunday as the last day of the week, and Monday as the first', () => {
    const sunday = new Date('2026-11-22T20:00:00+05:30');
    expect(dateRangeFor('this_week', sunday)).toEqual({ start_date: '2026-11-16', end_date: '2026-11-22' });
    const monday = new Date('2026-11-23T00:10:00+05:30');
    expect(dateRangeFor('this_week', monday)).toEqual({ start_date: '2026-11-23', end_date: '2026-11-23' });
    expect(dateRangeFor('last_week', monday)).toEqual({ start_date: '2026-11-16', end_date: '2026-11-22' });
  });

  it('uses the day in India, not in UTC', () => {
    // 20:00 UTC on Sunday is already Monday 01:30 in India.
    const lateSundayUtc = new Date('2026-11-22T20:00:00Z');
    expect(dateRangeFor('this_week', lateSundayUtc)).toEqual({ start_date: '2026-11-23', end_date: '2026-11-23' });
    // 1 Nov 00:30 at +05:30 is still 31 Oct in UTC.
    const firstOfNov = new Date('2026-11-01T00:30:00+05:30');
    expect(dateRangeFor('this_month', firstOfNov)).toEqual({ start_date: '2026-11-01', end_date: '2026-11-01' });
  });

  it('covers calendar months', () => {
    expect(dateRangeFor('this_month', wed)).toEqual({ start_date: '2026-11-01', end_date: '2026-11-19' });
    expect(dateRangeFor('last_month', wed)).toEqual({ start_date: '2026-10-01', end_date: '2026-10-31' });
    const jan = new Date('2027-01-05T09:00:00+05:30');
    expect(dateRangeFor('last_month', jan)).toEqual({ start_date: '2026-12-01', end_date: '2026-12-31' });
    const march = new Date('2028-03-10T09:00:00+05:30');
    expect(dateRangeFor('last_month', march)).toEqual({ start_date: '2028-02-01', end_date: '2028-02-29' });
  });

  it('runs the last 3 and 6 months from the same day back, clamped to the month end', () => {
    expect(dateRangeFor('last_3_months', wed)).toEqual({ start_date: '2026-08-19', end_date: '2026-11-19' });
    expect(dateRangeFor('last_6_months', wed)).toEqual({ start_date: '2026-05-19', end_date: '2026-11-19' });
    const may31 = new Date('2026-05-31T12:00:00+05:30');
    expect(dateRangeFor('last_3_months', may31)).toEqual({ start_date: '2026-02-28', end_date: '2026-05-31' });
    const feb = new Date('2027-02-15T12:00:00+05:30');
    expect(dateRangeFor('last_6_months', feb)).toEqual({ start_date: '2026-08-15', end_date: '2027-02-15' });
  });

  it('has no bounds for all', () => {
    expect(dateRangeFor('all', wed)).toBeUndefined();
  });
});

describe('lead status', () => {
  it('maps stored status to the report index and back', () => {
    expect(leadStatusIndex({ status: 0, archive_status: 0 })).toBe(0);
    expect(leadStatusIndex({ status: 1, archive_status: 0 })).toBe(1);
    expect(leadStatusIndex({ status: 2, archive_status: 0 })).toBe(2);
    expect(leadStatusIndex({ status: 0, archive_status: 1 })).toBe(3);
    expect(leadStatusFilter(3)).toEqual({ status: 0, archive_status: 1 });
    expect(leadStatusFilter(0)).toEqual({ status: 0, archive_status: 0 });
    expect(leadStatusFilter(2)).toEqual({ status: 2, archive_status: 0 });
  });

  it('offers Add Details only on Added leads with sub_status 1', () => {
    expect(needsMoreDetails({ status: 0, archive_status: 0, sub_status: 1 })).toBe(true);
    expect(needsMoreDetails({ status: 0, archive_status: 0, sub_status: 0 })).toBe(false);
    expect(needsMoreDetails({ status: 0, archive_status: 1, sub_status: 1 })).toBe(false);
    expect(needsMoreDetails({ status: 2, archive_status: 0, sub_status: 1 })).toBe(false);
  });
});

describe('projects', () => {
  it('shares projects with action_status 20 and adds to the rest', () => {
    expect(projectAction({ action_status: 20 })).toBe('Share');
    expect(projectAction({ action_status: 10 })).toBe('Add');
  });

  it('disables archived and on-hold projects with their message', () => {
    expect(projectAvailability({ archive_status: 1, archive_message: 'Paused', on_hold: false, hold_message: null })).toEqual({
      enabled: false,
      message: 'Paused',
      messageCode: null,
    });
    expect(projectAvailability({ archive_status: 0, archive_message: null, on_hold: true, hold_message: 'On hold' })).toEqual({
      enabled: false,
      message: 'On hold',
      messageCode: null,
    });
    expect(projectAvailability({ archive_status: 1, archive_message: null, on_hold: false, hold_message: null })).toEqual({
      enabled: false,
      message: null,
      messageCode: 'team.projectUnavailable',
    });
    expect(projectAvailability({ archive_status: 0, archive_message: null, on_hold: false, hold_message: null }).enabled).toBe(true);
  });

  it('keeps 6 digits of a pincode and fires at 6', () => {
    expect(truncatePincode('5600761')).toBe('560076');
    expect(truncatePincode('56 00-7')).toBe('56007');
    expect(isCompletePincode('56007')).toBe(false);
    expect(isCompletePincode('560076')).toBe(true);
  });

  it('splits criteria into pairs', () => {
    expect(criteriaPairs('Age_21 to 60 years;;Income_₹25,000 a month')).toEqual([
      { label: 'Age', value: '21 to 60 years' },
      { label: 'Income', value: '₹25,000 a month' },
    ]);
    expect(criteriaPairs(null)).toEqual([]);
  });
});
