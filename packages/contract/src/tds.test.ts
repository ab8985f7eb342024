import { describe, expect, it } from 'vitest';
import { financialYearOf, financialYearRange, percentOfPaise, tdsFor } from './tds';

const rules = { ratePercent: 2, noPanRatePercent: 20, thresholdPaise: 2_000_000 };
const one = (gross: number, has_valid_pan = true) =>
  tdsFor({ gross_paise: gross, year_gross_before_paise: 0, year_tds_before_paise: 0, has_valid_pan }, rules);

describe('TDS under section 194H', () => {
  it('is nothing up to the threshold and the whole amount once it is exceeded', () => {
    expect(one(1_999_999)).toBe(0);
    expect(one(2_000_000)).toBe(0);
    // ₹20,000.01 × 2% = ₹400.0002, held as ₹400.00.
    expect(one(2_000_001)).toBe(40_000);
  });

  it('rounds half up to the paisa', () => {
    expect(percentOfPaise(25, 2)).toBe(1); // 0.5 paise
    expect(percentOfPaise(24, 2)).toBe(0); // 0.48 paise
    expect(percentOfPaise(2_000_075, 2)).toBe(40_002); // 40,001.5 paise
  });

  it('deducts for the whole year on the payout that crosses, then on every payout after it', () => {
    let gross = 0;
    let tds = 0;
    const pay = (amount: number) => {
      const t = tdsFor({ gross_paise: amount, year_gross_before_paise: gross, year_tds_before_paise: tds, has_valid_pan: true }, rules);
      gross += amount;
      tds += t;
      return t;
    };
    expect(pay(800_000)).toBe(0);
    expect(pay(800_000)).toBe(0);
    // ₹24,000 for the year: 2% of all of it.
    expect(pay(800_000)).toBe(48_000);
    expect(pay(100_033)).toBe(2_001); // 2,000.66 paise
    expect(pay(100_033)).toBe(2_000); // the year's total stays within a paisa of 2%
    expect(tds).toBe(percentOfPaise(gross, 2));
  });

  it('deducts 20% where no valid PAN is on file, and 2% on the running total once a PAN is added', () => {
    expect(one(2_500_000, false)).toBe(500_000);
    // Without PAN early in the year, then a PAN: nothing more until 2% of the year's total passes what was held.
    const after = tdsFor(
      { gross_paise: 1_000_000, year_gross_before_paise: 2_500_000, year_tds_before_paise: 500_000, has_valid_pan: true },
      rules,
    );
    expect(after).toBe(0);
    // A PAN added before any deduction: later payouts are at 2% of the year.
    expect(
      tdsFor({ gross_paise: 1_000_000, year_gross_before_paise: 1_500_000, year_tds_before_paise: 0, has_valid_pan: true }, rules),
    ).toBe(50_000);
  });

  it('never deducts more than the payout', () => {
    expect(tdsFor({ gross_paise: 100, year_gross_before_paise: 5_000_000, year_tds_before_paise: 0, has_valid_pan: true }, rules)).toBe(
      100,
    );
  });

  it('knows the financial year in India time', () => {
    expect(financialYearOf(new Date('2026-03-31T18:29:59Z'))).toBe('2025-26');
    expect(financialYearOf(new Date('2026-03-31T18:30:00Z'))).toBe('2026-27');
    expect(financialYearRange('2026-27')?.from.toISOString()).toBe('2026-03-31T18:30:00.000Z');
    expect(financialYearRange('2026-28')).toBeNull();
  });
});
