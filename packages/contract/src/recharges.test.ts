import { describe, expect, it } from 'vitest';
import { isCalendarDate, parseRechargeCsv, rupeesToPaise } from './recharges';

describe('recharge amounts and dates', () => {
  it('turns rupees into paise without floats', () => {
    expect(rupeesToPaise('99.5')).toBe(9950);
    expect(rupeesToPaise('99.50')).toBe(9950);
    expect(rupeesToPaise('0.29')).toBe(29);
    expect(rupeesToPaise('1,299')).toBe(129_900);
    expect(rupeesToPaise('₹ 10')).toBe(1000);
    for (const bad of ['12.345', '-5', 'abc', '0', '0.00', '', '1e3', '10.', '9999999999']) expect(rupeesToPaise(bad)).toBeNull();
  });

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('26-01-01')).toBe(false);
  });

  it('reads the columns by the header, in any order, with line numbers', () => {
    expect(parseRechargeCsv('date,amount,account_number,mobile\n2026-01-01,10,"A,1",9876500101\n\n')).toEqual([
      { row: 2, mobile: '9876500101', account_number: 'A,1', amount: '10', date: '2026-01-01' },
    ]);
    expect(parseRechargeCsv('9876500101,1,10,2026-01-01')).toBeNull();
  });
});
