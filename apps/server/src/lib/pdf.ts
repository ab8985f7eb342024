import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';

/**
 * PDFs the server makes on request (invoices, payout statements) with pdfkit,
 * loaded the first time a PDF is asked for so the server's start and bundle
 * do not carry it. Every document is set in Noto Sans Devanagari (TrueType,
 * from the npm package @expo-google-fonts/noto-sans-devanagari; pdfkit embeds
 * the glyphs used): one font for English, Hindi and the rupee sign ₹, shaped
 * by fontkit (conjuncts and vowel signs of Devanagari).
 */
export type Pdf = PDFKit.PDFDocument;

/** The two faces documents use, registered on each new document under these names. */
export const FONT = { regular: 'Body', bold: 'Body-Bold' } as const;
const fontFile = (face: string) => {
  const require = createRequire(import.meta.url);
  return require.resolve(`@expo-google-fonts/noto-sans-devanagari/${face}/NotoSansDevanagari_${face}.ttf`);
};
let fontFiles: { regular: string; bold: string } | undefined;

const load = () => import('pdfkit');
let loading: ReturnType<typeof load> | undefined;
const pdfkit = () => (loading ??= load());

/** A new A4 document titled for the reader's PDF viewer; draw on it, then call `end()` and stream it. */
export async function newPdf(info: { title: string; subject: string }): Promise<Pdf> {
  const { default: PDFDocument } = await pdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: info.title, Subject: info.subject, Author: 'PickMyWork', Creator: 'PickMyWork' },
  });
  fontFiles ??= { regular: fontFile('400Regular'), bold: fontFile('700Bold') };
  doc.registerFont(FONT.regular, fontFiles.regular);
  doc.registerFont(FONT.bold, fontFiles.bold);
  return doc.font(FONT.regular);
}

/** '₹1,23,456.78': paise in the Indian grouping. */
export function rupeesText(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const whole = Math.floor(abs / 100).toString();
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${sign}₹${rest ? `${rest},${last3}` : last3}.${String(abs % 100).padStart(2, '0')}`;
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
    doc.font(bold ? FONT.bold : FONT.regular).fontSize(9);
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
