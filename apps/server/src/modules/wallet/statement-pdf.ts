import type { Readable } from 'node:stream';
import type { PayoutStatement } from '@pmw/contract/partner';
import { istDateString } from '@pmw/contract/time';
import { invoiceMonthOf } from '@pmw/contract/invoices';
import { PAYOUT_ITEM_STATE, type PayoutItemState } from '@pmw/contract/ops';
import type { Locale } from '@pmw/contract/locale';
import type { SaidCode } from '@pmw/contract/texts/english';
import { say } from '@pmw/contract/texts/said';
import { localize, localizeStored } from '../locale/locale';
import { FONT, finish, newPdf, rupeesText, table } from '../../lib/pdf';

/** The payouts of one month ('2026-06', India time) of a year's statement, with that month's totals. */
export function monthOfStatement(year: PayoutStatement, month: string): PayoutStatement {
  const payouts = year.payouts.filter((p) => invoiceMonthOf(new Date(p.created_on)) === month);
  const counted = payouts.filter((p) => p.state !== PAYOUT_ITEM_STATE.failed);
  const sum = (f: (p: PayoutStatement['payouts'][number]) => number) => counted.reduce((s, p) => s + f(p), 0);
  return {
    fy: year.fy,
    gross_paise: sum((p) => p.gross_paise),
    gst_paise: sum((p) => p.gst_paise),
    tds_paise: sum((p) => p.tds_paise),
    net_paise: sum((p) => p.net_paise),
    payouts,
  };
}

const STATE_WORDS: Record<PayoutItemState, SaidCode> = {
  [PAYOUT_ITEM_STATE.queued]: 'statement.queued',
  [PAYOUT_ITEM_STATE.processing]: 'statement.processing',
  [PAYOUT_ITEM_STATE.paid]: 'statement.paid',
  [PAYOUT_ITEM_STATE.failed]: 'statement.failed',
  [PAYOUT_ITEM_STATE.held]: 'statement.held',
};

/** The period a statement covers, in the reader's language: 'June 2026' / 'जून 2026' for a month, 'FY 2026-27' for a year. */
export function statementPeriod(locale: Locale, period: { month: string } | { fy: string }): string {
  if ('fy' in period) return localize(say('statement.year', { fy: period.fy }), locale);
  return new Intl.DateTimeFormat(locale === 'hi' ? 'hi-IN' : 'en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${period.month}-15T00:00:00Z`),
  );
}

/**
 * A partner's payout statement as a PDF, in the reader's language: the
 * year's (or one month's) payouts with gross, GST, TDS and net, each one's
 * state and bank reference, and the totals of those not failed. (A GST
 * invoice, a tax document, stays in English.)
 */
export async function statementPdf(
  statement: PayoutStatement,
  partner: { id: string; name: string | null },
  /** label in the reader's language; english for the file's title in PDF viewers. */
  period: { label: string; file: string; english: string },
  locale: Locale,
): Promise<Readable> {
  const w = (code: SaidCode, vars?: Record<string, string | number>) => localize(say(code, vars), locale);
  const doc = await newPdf({
    title: `PickMyWork payout statement ${period.english}`,
    subject: `Payouts of ${partner.id}, ${period.english}`,
  });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font(FONT.bold).fontSize(16).text(w('statement.title'), { align: 'center' });
  doc.moveDown(0.5);
  doc.font(FONT.regular).fontSize(10);
  doc.text(w('statement.partner', { name: partner.name ?? partner.id, id: partner.id }));
  doc.text(w('statement.period', { period: period.label }));
  doc.text(w('statement.madeOn', { date: istDateString(new Date()) }));
  doc.moveDown();
  const withoutInvoice = statement.payouts.filter((p) => p.state !== PAYOUT_ITEM_STATE.failed).reduce((s, p) => s + p.uninvoiced_paise, 0);
  const totals: string[][] = [[w('statement.gross'), rupeesText(statement.gross_paise)]];
  if (statement.gst_paise > 0 || withoutInvoice > 0) totals.push([w('statement.gstOnInvoices'), rupeesText(statement.gst_paise)]);
  if (withoutInvoice > 0) totals.push([w('statement.withoutInvoice'), rupeesText(withoutInvoice)]);
  totals.push([w('statement.tds'), rupeesText(statement.tds_paise)], [w('statement.net'), rupeesText(statement.net_paise)]);
  table(
    doc,
    [
      { title: w('statement.totalsOf'), width: width - 140 },
      { title: w('statement.amount'), width: 140, align: 'right' },
    ],
    totals,
    { bold: (i) => i === totals.length - 1 },
  );
  doc.moveDown();
  if (!statement.payouts.length) doc.font(FONT.regular).fontSize(10).text(w('statement.none'));
  else
    table(
      doc,
      [
        { title: w('statement.date'), width: 60 },
        { title: w('statement.reference'), width: 76 },
        { title: w('statement.state'), width: 64 },
        { title: w('statement.gross'), width: 74, align: 'right' },
        { title: 'TDS', width: 62, align: 'right' },
        { title: w('statement.netColumn'), width: 74, align: 'right' },
        { title: w('statement.utrOrReason'), width: width - 410 },
      ],
      statement.payouts.map((p) => [
        istDateString(new Date(p.created_on)),
        p.reference,
        w(STATE_WORDS[p.state]),
        rupeesText(p.gross_paise),
        rupeesText(p.tds_paise),
        rupeesText(p.net_paise),
        p.utr ??
          (p.failure_reason === null
            ? ''
            : localizeStored({ code: p.failure_reason_code, vars: p.failure_reason_vars }, p.failure_reason, locale)),
      ]),
    );
  return finish(doc);
}
