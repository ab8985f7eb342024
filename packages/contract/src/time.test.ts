import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatIsoLocal, istDateString, istDayStart } from './time';

describe('times at +05:30 whatever the machine zone', () => {
  it('formats an instant as India sees it', () => {
    const instant = '2026-11-21T18:40:05Z';
    expect(formatDateTime(instant)).toBe('22 Nov 2026, 12:10 AM');
    expect(formatDate(instant)).toBe('22 Nov 2026');
    expect(formatIsoLocal(instant)).toBe('2026-11-22 00:10:05');
    expect(istDateString(instant)).toBe('2026-11-22');
  });
  it('a +05:30 day starts at 18:30 UTC the day before', () => {
    expect(istDayStart('2026-11-22').toISOString()).toBe('2026-11-21T18:30:00.000Z');
  });
  it('noon and midnight read 12', () => {
    expect(formatDateTime('2026-01-01T06:30:00Z')).toBe('01 Jan 2026, 12:00 PM');
  });
});
