import type { Readable } from 'node:stream';
import type { PayoutStatement } from '@pmw/contract/partner';
import { istDateString } from '@pmw/contract/time';
import { invoiceMonthOf } from '@pmw/contract/invoices';
import { PAYOUT_ITEM_STATE } from '@pmw/contract/ops';
import { finish, newPdf, rupeesText, table } from '../../lib/pdf';

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

/**
 * A partner's payout statement as a PDF, in English: the year's (or one
 * month's) payouts with gross, GST, TDS and net, each one's state and bank
 * reference, and the totals of those not failed.
 */
export async function statementPdf(
  statement: PayoutStatement,
  partner: { id: string; name: string | null },
  period: { label: string; file: string },
): Promise<Readable> {
  const doc = await newPdf({ title: `PickMyWork payout statement ${period.label}`, subject: `Payouts of ${partner.id}, ${period.label}` });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(16).text('Payout statement', { align: 'center' });
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Partner: ${partner.name ?? partner.id} (${partner.id})`);
  doc.text(`Period: ${period.label}`);
  doc.text(`Made on: ${istDateString(new Date())}`);
  doc.moveDown();
  table(
    doc,
    [
      { title: 'Of the payouts not failed', width: width - 140 },
      { title: 'Amount', width: 140, align: 'right' },
    ],
    [
      ['Gross', rupeesText(statement.gross_paise)],
      ['of which GST on invoices', rupeesText(statement.gst_paise)],
      ['TDS u/s 194H', rupeesText(statement.tds_paise)],
      ['Net paid', rupeesText(statement.net_paise)],
    ],
    { bold: (i) => i === 3 },
  );
  doc.moveDown();
  if (!statement.payouts.length) doc.font('Helvetica').fontSize(10).text('No payouts in this period.');
  else
    table(
      doc,
      [
        { title: 'Date', width: 62 },
        { title: 'Reference', width: 105 },
        { title: 'State', width: 62 },
        { title: 'Gross', width: 72, align: 'right' },
        { title: 'TDS', width: 62, align: 'right' },
        { title: 'Net', width: 72, align: 'right' },
        { title: 'UTR / reason', width: width - 435 },
      ],
      statement.payouts.map((p) => [
        istDateString(new Date(p.created_on)),
        p.reference,
        p.state,
        rupeesText(p.gross_paise),
        rupeesText(p.tds_paise),
        rupeesText(p.net_paise),
        p.utr ?? p.failure_reason ?? '',
      ]),
    );
  return finish(doc);
}
