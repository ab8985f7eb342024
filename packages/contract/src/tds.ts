/**
 * TDS on commission under section 194H, in paise.
 *
 * Once a partner's commission in a financial year (April to March, India time)
 * exceeds the threshold, TDS is due on the year's whole amount: the payout that
 * crosses it deducts for everything paid earlier in the year too, and every
 * payout after it deducts at the rate. The deduction is worked out on the year's
 * running total and the TDS already held is taken off, so the year's TDS is the
 * rate of the year's commission rounded once (half up, to the paisa): no payout
 * is ever off by more than a paisa. A partner without a valid PAN is deducted at
 * the higher rate; when a PAN arrives mid-year, later payouts use the lower rate
 * on the running total, and what was already held is never given back here.
 */
export interface TdsRules {
  ratePercent: number;
  noPanRatePercent: number;
  thresholdPaise: number;
}

export interface TdsInput {
  /** Gross of this payout. */
  gross_paise: number;
  /** Gross of the partner's earlier payouts this financial year (failed ones excluded). */
  year_gross_before_paise: number;
  /** TDS already held on those payouts. */
  year_tds_before_paise: number;
  has_valid_pan: boolean;
}

/** rate% of an amount in paise, rounded half up to the paisa, in integers so nothing drifts. */
export function percentOfPaise(paise: number, ratePercent: number): number {
  // Basis points keep rates such as 0.75% exact.
  const bp = Math.round(ratePercent * 100);
  return Math.floor((paise * bp + 5000) / 10000);
}

export function tdsFor(input: TdsInput, rules: TdsRules): number {
  const total = input.year_gross_before_paise + input.gross_paise;
  if (total <= rules.thresholdPaise) return 0;
  const rate = input.has_valid_pan ? rules.ratePercent : rules.noPanRatePercent;
  const due = percentOfPaise(total, rate) - input.year_tds_before_paise;
  return Math.min(input.gross_paise, Math.max(0, due));
}

/** The financial year a moment falls in, India time, as '2026-27'. */
export function financialYearOf(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  const y = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
}

export const FINANCIAL_YEAR_PATTERN = /^(\d{4})-(\d{2})$/;

/** The instants a financial year starts and ends (exclusive), or null when '2026-27' is not a real year pair. */
export function financialYearRange(fy: string): { from: Date; to: Date } | null {
  const m = FINANCIAL_YEAR_PATTERN.exec(fy);
  if (!m) return null;
  const y = Number(m[1]);
  if ((y + 1) % 100 !== Number(m[2])) return null;
  // 1 April 00:00 IST is 31 March 18:30 UTC.
  return { from: new Date(Date.UTC(y, 2, 31, 18, 30)), to: new Date(Date.UTC(y + 1, 2, 31, 18, 30)) };
}

/** The TDS return is filed per quarter of the financial year: Q1 April–June, Q2 July–September, Q3 October–December, Q4 January–March. */
export const TDS_QUARTERS = [1, 2, 3, 4] as const;
export type TdsQuarter = (typeof TDS_QUARTERS)[number];

/** The quarter of the financial year a moment falls in, India time. */
export function tdsQuarterOf(at: Date): TdsQuarter {
  const month = new Date(at.getTime() + 330 * 60_000).getUTCMonth();
  return (Math.floor(((month + 9) % 12) / 3) + 1) as TdsQuarter;
}

/** The columns of the quarterly TDS report: one row per partner (PAN) per quarter, what the return and Form 16A are made from. */
export const TDS_REPORT_COLUMNS = [
  'Financial Year',
  'Quarter',
  'Partner ID',
  'Name',
  'PAN',
  'Section',
  'Payouts',
  'Amount Paid (Rs)',
  'TDS (Rs)',
  'Net Paid (Rs)',
  'Higher Rate (No PAN)',
] as const;

/** The columns of a partner's payout statement download. */
export const STATEMENT_COLUMNS = [
  'Date',
  'Payout Run',
  'Reference',
  'State',
  'Gross (Rs)',
  'TDS (Rs)',
  'Net (Rs)',
  'UTR',
  'Reason',
] as const;
