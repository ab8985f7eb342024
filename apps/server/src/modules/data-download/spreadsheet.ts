import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';
import { parse as parseCsv } from '@fast-csv/parse';
import { format as formatCsv } from '@fast-csv/format';
import type { DataDownloadFormat } from '@pmw/contract/data-download';
import { defuseFormula } from '@pmw/contract/spreadsheet';
import { readXlsxRows } from './xlsx-rows';

// exceljs is loaded on first use (an xlsx written): a start does not pay for parsing it.
let excelLoaded: typeof ExcelJS | undefined;
const excel = (): typeof ExcelJS => (excelLoaded ??= createRequire(import.meta.url)('exceljs') as typeof ExcelJS);

/** A cell as it is read and written back: text, number, date or empty. */
export type Cell = string | number | boolean | Date | null;

/**
 * The first sheet's rows, one array per row, streamed. CSV cells are kept as
 * the text they were (00123 stays 00123); xlsx cells keep their value, with
 * formulas, rich text and links reduced to what they show (xlsx-rows.ts).
 */
export async function* readRows(format: DataDownloadFormat, source: Readable): AsyncGenerator<Cell[]> {
  if (format === 'csv') {
    const parser = source.pipe(parseCsv({ headers: false, ignoreEmpty: true, trim: false }));
    source.on('error', (err) => parser.destroy(err));
    let first = true;
    for await (const row of parser as AsyncIterable<string[]>) {
      if (first && typeof row[0] === 'string') row[0] = row[0].replace(/^\uFEFF/, '');
      first = false;
      yield row;
    }
    return;
  }
  yield* readXlsxRows(source);
}

/** The text of a cell, as a lead id is read from it. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  return String(cell).trim();
}

export interface RowWriter {
  write(row: Cell[]): Promise<void>;
  /** Finishes the file; after it the destination holds a whole spreadsheet. */
  end(): Promise<void>;
  /** Stops writing after a failure; the caller removes what was written. */
  abort(): void;
}

/** Writes rows in the input's own format to a stream, waiting when it is full. */
export function createRowWriter(format: DataDownloadFormat, destination: Writable, opts: { bom: boolean }): RowWriter {
  let failure: Error | null = null;
  destination.on('error', (err) => {
    failure ??= err;
  });
  const finished = () =>
    new Promise<void>((resolve, reject) => {
      if (failure) return reject(failure);
      destination.once('finish', resolve);
      destination.once('error', reject);
    });
  if (format === 'csv') {
    const csv = formatCsv({ headers: false, writeBOM: opts.bom, includeEndRowDelimiter: true });
    csv.on('error', (err) => {
      failure ??= err;
    });
    csv.pipe(destination);
    return {
      async write(row) {
        if (failure) throw failure;
        const text = row.map((c) =>
          c instanceof Date ? c.toISOString() : c === null ? '' : typeof c === 'string' ? defuseFormula(c) : String(c),
        );
        if (!csv.write(text)) await once(csv, 'drain');
      },
      async end() {
        const done = finished();
        csv.end();
        await done;
      },
      abort() {
        csv.unpipe(destination);
        csv.destroy();
        destination.destroy();
      },
    };
  }
  const workbook = new (excel().stream.xlsx.WorkbookWriter)({ stream: destination, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Sheet1');
  return {
    async write(row) {
      if (failure) throw failure;
      sheet.addRow(row.map((c) => (typeof c === 'string' ? defuseFormula(c) : c))).commit();
    },
    async end() {
      sheet.commit();
      await workbook.commit();
      if (failure) throw failure;
    },
    abort() {
      destination.destroy();
    },
  };
}
