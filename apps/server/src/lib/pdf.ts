import type { Readable } from 'node:stream';

/**
 * PDFs the server makes on request (invoices, payout statements) with pdfkit,
 * loaded the first time a PDF is asked for so the server's start and bundle
 * do not carry it. The documents are in English with the standard Helvetica
 * font (no font file to ship); amounts are written "Rs." since the standard
 * fonts have no rupee sign.
 */
export type Pdf = PDFKit.PDFDocument;

const load = () => import('pdfkit');
let loading: ReturnType<typeof load> | undefined;
const pdfkit = () => (loading ??= load());

/** A new A4 document titled for the reader's PDF viewer; draw on it, then call `end()` and stream it. */
export async function newPdf(info: { title: string; subject: string }): Promise<Pdf> {
  const { default: PDFDocument } = await pdfkit();
  return new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: info.title, Subject: info.subject, Author: 'PickMyWork', Creator: 'PickMyWork' },
  });
}

/** 'Rs. 1,23,456.78': paise in the Indian grouping. */
export function rupeesText(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const whole = Math.floor(abs / 100).toString();
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${sign}Rs. ${rest ? `${rest},${last3}` : last3}.${String(abs % 100).padStart(2, '0')}`;
}

/** A simple table: a bold header row and rows, each cell in its column (right-aligned where asked), new pages as needed. */
export function table(
  doc: Pdf,
  columns: { title: string; width: number; align?: 'left' | 'right' }[],
  rows: (string | number)[][],
  opts: { bold?: (row: number) => boolean } = {},
): void {
  const left = doc.page.margins.left;
  const draw = (cells: (string | number)[], bold: boolean) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let x = left;
    let height = 0;
    cells.forEach((cell, i) => {
      const col = columns[i]!;
      const text = String(cell);
      doc.text(text, x + 2, y + 3, { width: col.width - 4, align: col.align ?? 'left' });
      height = Math.max(height, doc.heightOfString(text, { width: col.width - 4 }) + 6);
      x += col.width;
    });
    const width = columns.reduce((s, c) => s + c.width, 0);
    doc
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.x = left;
    doc.y = y + height;
  };
  draw(
    columns.map((c) => c.title),
    true,
  );
  rows.forEach((r, i) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) {
      doc.addPage();
      draw(
        columns.map((c) => c.title),
        true,
      );
    }
    draw(r, opts.bold?.(i) ?? false);
  });
  doc.moveDown(0.5);
}

/** Ends the document and hands it over as the stream a reply sends. */
export function finish(doc: Pdf): Readable {
  doc.end();
  return doc as unknown as Readable;
}
