import { z } from 'zod';
import { int, text } from './base';
import { defineRoute } from './api';
import { isValidMobile, normaliseMobile } from './mobile';
import { opsCatalogue } from './texts/ops';
import { fillText } from './texts/fill';

/**
 * Service purchases (recharges) imported by ops from a CSV, which the support
 * desk's "Select Recharge" then lists for the worker.
 */

export const RECHARGE_CSV_COLUMNS = ['mobile', 'account_number', 'amount', 'date'] as const;
/** Beyond this a line is a typing mistake, not a recharge (₹1,00,000). */
export const RECHARGE_MAX_PAISE = 10_000_000;
export const RECHARGE_ACCOUNT_MAX = 40;
export const RECHARGE_IMPORT_MAX_ROWS = 5000;

export const rechargeMessages = {
  badColumns: opsCatalogue.en['ops.rechargeBadColumns'],
  badMobile: opsCatalogue.en['ops.rechargeBadMobile'],
  unknownMobile: opsCatalogue.en['ops.rechargeUnknownMobile'],
  badAmount: opsCatalogue.en['ops.rechargeBadAmount'],
  tooBig: opsCatalogue.en['ops.rechargeTooBig'],
  badDate: opsCatalogue.en['ops.rechargeBadDate'],
  futureDate: opsCatalogue.en['ops.rechargeFutureDate'],
  alreadyImported: opsCatalogue.en['ops.rechargeAlreadyImported'],
  tooManyRows: fillText(opsCatalogue.en['ops.rechargeTooManyRows'], { n: RECHARGE_IMPORT_MAX_ROWS }),
  badAccount: fillText(opsCatalogue.en['ops.rechargeBadAccount'], { n: RECHARGE_ACCOUNT_MAX }),
  duplicateInFile: (row: number) => fillText(opsCatalogue.en['ops.rechargeDuplicateInFile'], { row }),
} as const;

/**
 * Rupees as written ("99", "99.5", "1,299.00") to paise, by string arithmetic
 * so no float ever rounds a rupee. Null when it is not a positive amount with
 * at most 2 decimals.
 */
export function rupeesToPaise(raw: string): number | null {
  const s = raw.trim().replace(/^₹\s*/, '').replace(/,/g, '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const paise = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return paise > 0 ? paise : null;
}

/** A real calendar date `YYYY-MM-DD` (2026-02-30 is not). */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export interface RechargeCsvRow {
  /** 1-based line number of the file, the header being line 1. */
  row: number;
  mobile: string;
  account_number: string;
  amount: string;
  date: string;
}

function csvCells(line: string): string[] {
  return (line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? [])
    .map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"').trim())
    .slice(0, -1);
}

/** The rows of a `mobile,account_number,amount,date` CSV, its header in any column order; null when the header is missing. */
export function parseRechargeCsv(csv: string): RechargeCsvRow[] | null {
  const lines = csv.split(/\r?\n/);
  const header = csvCells(lines[0] ?? '').map((c) => c.toLowerCase().replace(/^\uFEFF/, ''));
  const at = RECHARGE_CSV_COLUMNS.map((c) => header.indexOf(c));
  if (at.some((i) => i < 0)) return null;
  const rows: RechargeCsvRow[] = [];
  lines.forEach((line, i) => {
    if (i === 0 || !line.trim()) return;
    const c = csvCells(line);
    rows.push({ row: i + 1, mobile: c[at[0]!] ?? '', account_number: c[at[1]!] ?? '', amount: c[at[2]!] ?? '', date: c[at[3]!] ?? '' });
  });
  return rows;
}

export interface CheckedRecharge {
  row: number;
  mobile: string;
  account_number: string;
  amount_paise: number;
  date: string;
}

/** One row checked on its own (the user lookup and duplicates come after); a reason when refused. */
export function checkRechargeRow(r: RechargeCsvRow, today: string): CheckedRecharge | { row: number; reason: string } {
  const mobile = normaliseMobile(r.mobile);
  if (!isValidMobile(mobile)) return { row: r.row, reason: rechargeMessages.badMobile };
  const account = r.account_number.trim();
  if (!account || account.length > RECHARGE_ACCOUNT_MAX || account.includes('\u0000'))
    return { row: r.row, reason: rechargeMessages.badAccount };
  const amount = rupeesToPaise(r.amount);
  if (amount === null) return { row: r.row, reason: rechargeMessages.badAmount };
  if (amount > RECHARGE_MAX_PAISE) return { row: r.row, reason: rechargeMessages.tooBig };
  const date = r.date.trim();
  if (!isCalendarDate(date)) return { row: r.row, reason: rechargeMessages.badDate };
  if (date > today) return { row: r.row, reason: rechargeMessages.futureDate };
  return { row: r.row, mobile, account_number: account, amount_paise: amount, date };
}

/** What makes two purchases the same one: who, which account, how much, which day. */
export const rechargeKey = (r: { user_id: number; account_number: string; amount_paise: number; date: string }) =>
  `${r.user_id}|${r.account_number.toUpperCase()}|${r.amount_paise}|${r.date}`;

export const rechargeImportBodySchema = z.object({
  /** `mobile,account_number,amount,date` with that header line; amount in rupees, date YYYY-MM-DD. */
  csv: text().min(1, 'Paste or choose a CSV file').max(2_000_000),
});
export const rechargeRefusedRowSchema = z.object({ row: int(), mobile: text(), reason: text() });
export const rechargeImportResultSchema = z.object({
  added: int(),
  refused: z.array(rechargeRefusedRowSchema),
});
export type RechargeImportResult = z.infer<typeof rechargeImportResultSchema>;

export const rechargeRoutes = {
  importRecharges: defineRoute({
    method: 'POST',
    path: '/ops/recharges/import',
    summary: 'Imports service purchases (mobile, account_number, amount in rupees, date per CSV line) for the support desk',
    auth: 'ops',
    body: rechargeImportBodySchema,
    response: rechargeImportResultSchema,
  }),
};
