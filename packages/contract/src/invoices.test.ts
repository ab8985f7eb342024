import { describe, expect, it } from 'vitest';
import { financialYearOfMonth, gstSplit, gstinStateCode, invoiceMonthOf, invoiceNumber } from './invoices';

describe('GST on an invoice', () => {
  it('splits 18% into CGST and SGST at 9% each within a state, IGST at 18% across states', () => {
    expect(gstSplit(100_000, 18, true)).toEqual({
      taxable_paise: 100_000,
      cgst_paise: 9_000,
      sgst_paise: 9_000,
      igst_paise: 0,
      gst_paise: 18_000,
      total_paise: 118_000,
    });
    expect(gstSplit(100_000, 18, false)).toEqual({
      taxable_paise: 100_000,
      cgst_paise: 0,
      sgst_paise: 0,
      igst_paise: 18_000,
      gst_paise: 18_000,
      total_paise: 118_000,
    });
  });

  it('rounds each tax half up to the paisa on its own', () => {
    // 9% of 12,345 paise is 1,111.05: 1,111 each; 18% is 2,222.1: 2,222.
    expect(gstSplit(12_345, 18, true)).toMatchObject({ cgst_paise: 1_111, sgst_paise: 1_111, gst_paise: 2_222, total_paise: 14_567 });
    expect(gstSplit(12_345, 18, false)).toMatchObject({ igst_paise: 2_222, total_paise: 14_567 });
    // 9% of 50 paise is 4.5: rounded up to 5 each, so within the state the GST is 10 where 18% across states is 9.
    expect(gstSplit(50, 18, true)).toMatchObject({ cgst_paise: 5, sgst_paise: 5, gst_paise: 10 });
    expect(gstSplit(50, 18, false)).toMatchObject({ igst_paise: 9 });
    // 9% of 1 paisa is 0.09: nothing.
    expect(gstSplit(1, 18, true).gst_paise).toBe(0);
    expect(gstSplit(0, 18, false)).toMatchObject({ gst_paise: 0, total_paise: 0 });
  });

  it('takes other rates, a zero rate and fractions of a percent', () => {
    expect(gstSplit(100_000, 5, true)).toMatchObject({ cgst_paise: 2_500, sgst_paise: 2_500 });
    expect(gstSplit(100_000, 0, false)).toMatchObject({ gst_paise: 0, total_paise: 100_000 });
    expect(gstSplit(100_000, 0.25, false).igst_paise).toBe(250);
  });

  it('reads the state from the GSTIN', () => {
    expect(gstinStateCode('29AAHCP1234Q1ZX')).toBe('29');
    expect(gstinStateCode('27ABCPK1234L1ZS')).toBe('27');
  });
});

describe('invoice numbers and months', () => {
  it("numbers a partner's invoices per financial year from 001", () => {
    expect(invoiceNumber(204, '2026-27', 1)).toBe('PMW204/2026-27/001');
    expect(invoiceNumber(204, '2026-27', 12)).toBe('PMW204/2026-27/012');
    expect(invoiceNumber(204, '2026-27', 1234)).toBe('PMW204/2026-27/1234');
  });

  it('puts a month in its financial year: April starts one', () => {
    expect(financialYearOfMonth('2026-03')).toBe('2025-26');
    expect(financialYearOfMonth('2026-04')).toBe('2026-27');
    expect(financialYearOfMonth('2026-12')).toBe('2026-27');
    expect(financialYearOfMonth('2099-06')).toBe('2099-00');
  });

  it('bills an earning in its month in India time', () => {
    // 31 May 18:29 UTC is 23:59 IST on 31 May; a minute later it is June in India.
    expect(invoiceMonthOf(new Date('2026-05-31T18:29:00Z'))).toBe('2026-05');
    expect(invoiceMonthOf(new Date('2026-05-31T18:30:00Z'))).toBe('2026-06');
  });
});
