import { createWriteStream, mkdirSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import {
  DATA_DOWNLOAD_MAX_BYTES,
  DATA_DOWNLOAD_MAX_ROWS,
  LEAD_NOT_FOUND,
  OUTPUT_COLUMNS,
  dataDownloadMessages,
  leadIdColumn,
  outputFileName,
  type DataDownloadFormat,
} from '@pmw/contract/data-download';
import { fileExtension } from '@pmw/contract/files';
import type { Db } from '../../db/client';
import { formResponses, jobs, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { StorageProvider } from '../../providers/storage';
import type { FileCaller, FilesService } from '../files/files.service';
import { cellText, createRowWriter, readRows, type Cell } from './spreadsheet';
import type { PasscodeGuard } from './passcode';

/** The page has no login; its uploads belong to this one owner and are reached by key. */
export const DATA_DOWNLOAD_CALLER: FileCaller = { kind: 'data_download', id: 0 };
const KEY_PREFIX = 'task_data/data_download-0/';
/** Leads looked up per query, and so the rows held at once. */
const BATCH = 1000;

export interface GeneratedFile {
  path: string;
  fileName: string;
  format: DataDownloadFormat;
  rows: number;
  /** Removes the file once it was sent (or not). */
  dispose(): Promise<void>;
}

/**
 * A lead's facts in the order of the appended columns: project, partner name,
 * PMW id, customer name and mobile, status text, comment, payout in paise, and
 * created and modified at +05:30 as `YYYY-MM-DD HH:MM:SS` (as formatIsoLocal writes them).
 */
type LeadFacts = [string, string, string, string, string, string, string, number, string, string];

const fail = (code: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE' | 'NOT_FOUND' | 'UNSUPPORTED_MEDIA_TYPE', message: string) =>
  new AppError(code, message);

/** The sanitised input name the upload kept in its key: `<prefix><uuid>-<name>.<ext>`. */
function inputNameFromKey(key: string): string {
  const last = key.slice(KEY_PREFIX.length);
  return last.replace(/^[0-9a-f-]{36}-/, '') || 'data.csv';
}

/**
 * Data download: a sheet of lead ids in, the same sheet with each lead's
 * current data out. The output is written to a temporary file first, so a file
 * that turns out bad halfway answers an error, never part of a file.
 */
export function createDataDownloadService(deps: {
  db: Db;
  files: FilesService;
  storage: StorageProvider;
  passcode: PasscodeGuard;
  tmpDir: string;
}) {
  const { db } = deps;

  /**
   * The facts of a batch of leads, formatted by the database (names, PMW id,
   * status text, times at +05:30), so a row costs no mapping here.
   */
  async function lookup(ids: number[]): Promise<Map<number, LeadFacts>> {
    const found = new Map<number, LeadFacts>();
    if (ids.length === 0) return found;
    // Each lead comes back as one JSON array in one text column: the driver then decodes one
    // field a row instead of eleven, and JSON.parse (native) does the rest.
    // A team member's lead has no partner; the member is who brought it.
    const result = (await db.execute(sql`
      select json_build_array(fr.form_response_id, j.job_title,
        coalesce(nullif(concat_ws(' ', nullif(p.first_name, ''), nullif(p.last_name, '')), ''), ''),
        coalesce('PMW' || coalesce(fr.partner_user_id, fr.team_member_user_id)::text, ''),
        coalesce(fr.customer_name, ''), coalesce(fr.customer_mobile, ''),
        case when fr.archive_status = 1 then 'Expired' when fr.status = 1 then 'Approved' when fr.status = 2 then 'Rejected' else 'Pending' end,
        coalesce(fr.status_comment, ''), fr.payout_paise,
        to_char((fr.created_on at time zone 'UTC') + interval '5 hours 30 minutes', 'YYYY-MM-DD HH24:MI:SS'),
        to_char((fr.modified_on at time zone 'UTC') + interval '5 hours 30 minutes', 'YYYY-MM-DD HH24:MI:SS'))::text as facts
      from ${formResponses} fr
      join ${jobs} j on j.job_id = fr.job_id
      left join ${users} p on p.user_id = coalesce(fr.partner_user_id, fr.team_member_user_id)
      where fr.form_response_id = any(${`{${ids.join(',')}}`}::int[])`)) as unknown as { rows: { facts: string }[] };
    for (const r of result.rows) {
      const [id, ...facts] = JSON.parse(r.facts) as [number, ...LeadFacts];
      found.set(id, facts);
    }
    return found;
  }

  function appended(facts: LeadFacts | undefined, format: DataDownloadFormat): Cell[] {
    if (!facts) return ['', '', '', '', '', LEAD_NOT_FOUND, '', '', '', ''];
    const [project, partnerName, partnerPmwId, customerName, customerMobile, status, comment, payoutPaise, createdOn, modifiedOn] = facts;
    const payout = payoutPaise / 100;
    return [project, partnerName, partnerPmwId, customerName, customerMobile, status, comment, format === 'csv' ? payout.toFixed(2) : payout, createdOn, modifiedOn];
  }

  /** A lead id cell: digits only (a number cell or its text). */
  function leadIdOf(cell: Cell | undefined): number | null {
    const text = cellText(cell);
    if (!/^[0-9]{1,9}$/.test(text)) return null;
    return Number(text);
  }

  async function generate(source: Readable, format: DataDownloadFormat, inputName: string, bom: boolean): Promise<GeneratedFile> {
    mkdirSync(deps.tmpDir, { recursive: true });
    const outPath = path.join(deps.tmpDir, `dd-${randomUUID()}.${format}`);
    const out = createWriteStream(outPath);
    const writer = createRowWriter(format, out, { bom });
    const dispose = () => unlink(outPath).catch(() => undefined);
    let header: Cell[] | null = null;
    let idColumn = -1;
    let rows = 0;
    let batch: Cell[][] = [];
    // The previous batch's lookup and write run while the next batch is read.
    let pending: Promise<void> = Promise.resolve();

    const flush = async (chunk: Cell[][]) => {
      const ids = chunk.map((row) => leadIdOf(row[idColumn])).filter((id): id is number => id !== null);
      const facts = await lookup([...new Set(ids)]);
      for (const row of chunk) {
        const id = leadIdOf(row[idColumn]);
        const own = Array.from({ length: header!.length }, (_, i) => row[i] ?? null);
        // Cells beyond the header are kept too, so nothing typed is dropped.
        const extra = row.slice(header!.length);
        await writer.write([...own, ...extra.map((c) => c ?? null), ...appended(id === null ? undefined : facts.get(id), format)]);
      }
    };
    const queue = async (chunk: Cell[][]) => {
      await pending;
      pending = flush(chunk);
      // Awaited later; this only keeps a failure from being reported as unhandled meanwhile.
      pending.catch(() => undefined);
    };

    try {
      for await (const row of sheetRows(format, source)) {
        if (row.every((c) => cellText(c) === '')) continue;
        if (!header) {
          header = row.map((c) => cellText(c));
          idColumn = leadIdColumn(header.map(String));
          if (idColumn < 0) throw fail('BAD_REQUEST', dataDownloadMessages.noLeadColumn);
          await writer.write([...header, ...OUTPUT_COLUMNS]);
          continue;
        }
        rows += 1;
        if (rows > DATA_DOWNLOAD_MAX_ROWS) throw fail('PAYLOAD_TOO_LARGE', dataDownloadMessages.tooManyRows);
        batch.push(row);
        if (batch.length >= BATCH) {
          await queue(batch);
          batch = [];
        }
      }
      if (!header) throw fail('BAD_REQUEST', dataDownloadMessages.empty);
      if (rows === 0) throw fail('BAD_REQUEST', dataDownloadMessages.empty);
      await queue(batch);
      await pending;
      await writer.end();
      return { path: outPath, fileName: outputFileName(inputName), format, rows, dispose };
    } catch (err) {
      await pending.catch(() => undefined);
      source.destroy();
      writer.abort();
      await dispose();
      throw err;
    }
  }

  return {
    /** Step 1 of the upload flow, for holders of the passcode only. */
    async signUpload(input: { file_name: string; passcode: string }, address: string) {
      await deps.passcode.check(input.passcode, address);
      return deps.files.signUpload(DATA_DOWNLOAD_CALLER, { file_name: input.file_name, file_purpose: 'TASK_DATA' });
    },

    /** The key of an uploaded sheet and the passcode: the generated sheet, ready to send. */
    async generateFromUpload(input: { key: string; passcode: string }, address: string): Promise<GeneratedFile> {
      await deps.passcode.check(input.passcode, address);
      if (!input.key.startsWith(KEY_PREFIX) || input.key.includes('..')) throw fail('NOT_FOUND', dataDownloadMessages.fileMissing);
      const ext = fileExtension(input.key);
      if (ext !== 'csv' && ext !== 'xlsx') throw fail('UNSUPPORTED_MEDIA_TYPE', dataDownloadMessages.notSpreadsheet);
      const head = await deps.storage.head(input.key);
      if (!head) throw fail('NOT_FOUND', dataDownloadMessages.fileMissing);
      if (head.size > DATA_DOWNLOAD_MAX_BYTES) {
        await deps.storage.remove(input.key);
        throw fail('PAYLOAD_TOO_LARGE', dataDownloadMessages.tooLarge);
      }
      if (head.size === 0) throw fail('BAD_REQUEST', dataDownloadMessages.empty);
      // Step 3 of the upload flow: the file is recorded as uploaded (size and owner checked).
      await deps.files.add(DATA_DOWNLOAD_CALLER, { file_key: input.key, file_name: inputNameFromKey(input.key), file_purpose: 'TASK_DATA' });
      const bom = ext === 'csv' && (await startsWithBom(await deps.storage.read(input.key)));
      return generate(await deps.storage.read(input.key), ext, inputNameFromKey(input.key), bom);
    },

    /** For the bench and tests: any readable sheet. */
    generate,
  };
}
export type DataDownloadService = ReturnType<typeof createDataDownloadService>;

/** The reader's own failures (a zip that is no workbook, broken quoting) mean the file is not a sheet. */
async function* sheetRows(format: DataDownloadFormat, source: Readable): AsyncGenerator<Cell[]> {
  try {
    yield* readRows(format, source);
  } catch {
    throw fail('UNSUPPORTED_MEDIA_TYPE', dataDownloadMessages.notSpreadsheet);
  }
}

async function startsWithBom(stream: Readable): Promise<boolean> {
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    stream.destroy();
    return chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf;
  }
  return false;
}
