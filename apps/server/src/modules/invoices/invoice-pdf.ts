import type { Readable } from 'node:stream';
import { EARNING_REF_TYPE, INVOICE_SOURCE, type Invoice } from '@pmw/contract/invoices';
import { istDateString } from '@pmw/contract/time';
import { FONT, finish, newPdf, rupeesText, table } from '../../lib/pdf';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** 'June 2026' for '2026-06'. */
export const monthName = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** One billed ledger entry: an approved lead or joining, or the reversal of one (negative). */
export interface InvoicePdfLine {
  credited_on: Date;
  ref_type: string | null;
  ref_id: string | null;
  amount_paise: number;
}

/**
 * The invoice as a PDF, in English: the partner (supplier) bills the company
 * (recipient) for the month's commission, GST on top (CGST and SGST within a
 * state, IGST across states), then the earnings it covers.
 */
export async function invoicePdf(invoice: Invoice, lines: InvoicePdfLine[], sac: string): Promise<Readable> {
  const doc = await newPdf({ title: `Invoice ${invoice.invoice_number}`, subject: `Tax invoice ${invoice.invoice_number}` });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const left = doc.page.margins.left;

  doc.font(FONT.bold).fontSize(16).text('TAX INVOICE', { align: 'center' });
  doc.moveDown(0.5);
  doc.font(FONT.regular).fontSize(10);
  doc.text(`Invoice number: ${invoice.invoice_number}`);
  doc.text(`Invoice date: ${istDateString(new Date(invoice.submitted_on ?? invoice.created_on))}`);
  doc.text(`Period: ${monthName(invoice.month)}`);
  doc.text(`Place of supply: state code ${invoice.recipient.state_code}`);
  doc.moveDown();

  const top = doc.y;
  const half = width / 2 - 10;
  const party = (x: number, heading: string, p: Invoice['supplier']) => {
    doc.font(FONT.bold).fontSize(10).text(heading, x, top, { width: half });
    doc.font(FONT.regular).fontSize(10).text(p.name, { width: half });
    doc.text(`GSTIN: ${p.gstin}`, { width: half });
    doc.text(p.address || '-', { width: half });
    doc.text(`State code: ${p.state_code}`, { width: half });
    return doc.y;
  };
  const end = Math.max(party(left, 'Supplier (partner)', invoice.supplier), party(left + half + 20, 'Billed to', invoice.recipient));
  doc.x = left;
  doc.y = end;
  doc.moveDown();

  const rate = invoice.gst_rate_percent;
  const rows: string[][] = [
    [`Commission for ${invoice.earnings_count} approved earnings, ${monthName(invoice.month)}`, sac, rupeesText(invoice.taxable_paise)],
  ];
  if (invoice.igst_paise > 0 || invoice.cgst_paise === 0) rows.push([`IGST @ ${rate}%`, '', rupeesText(invoice.igst_paise)]);
  else {
    rows.push([`CGST @ ${rate / 2}%`, '', rupeesText(invoice.cgst_paise)]);
    rows.push([`SGST @ ${rate / 2}%`, '', rupeesText(invoice.sgst_paise)]);
  }
  rows.push(['Total', '', rupeesText(invoice.total_paise)]);
  table(
    doc,
    [
      { title: 'Description', width: width - 200 },
      { title: 'SAC', width: 70 },
      { title: 'Amount', width: 130, align: 'right' },
    ],
    rows,
    { bold: (i) => i === rows.length - 1 },
  );
  doc.font(FONT.regular).fontSize(9);
  doc.text('TDS under section 194H, where due, is deducted by the recipient on the taxable value (before GST) when paid.', left, doc.y, {
    width,
  });
  if (invoice.source === INVOICE_SOURCE.uploaded) {
    doc.text('The supplier sent their own invoice PDF for these amounts; it is kept with this record.', { width });
  }
  doc.moveDown();

  if (lines.length) {
    doc.font(FONT.bold).fontSize(11).text('Earnings billed', left);
    doc.moveDown(0.3);
    table(
      doc,
      [
        { title: 'Date', width: 90 },
        { title: 'Earning', width: width - 220 },
        { title: 'Amount', width: 130, align: 'right' },
      ],
      lines.map((l) => [
        istDateString(l.credited_on),
        `${l.ref_type === EARNING_REF_TYPE.application ? 'Joining' : 'Lead'} ${l.ref_id ?? ''}${l.amount_paise < 0 ? ' (reversed)' : ''}`,
        rupeesText(l.amount_paise),
      ]),
    );
  }
  return finish(doc);
}
