// Read model: the data download joins projects' and people's tables into one export query, for speed;
// one of the few files allowed to join other modules' tables (apps/server/read-models.json).
import { createWriteStream, mkdirSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DATA_DOWNLOAD_MAX_BYTES,
  DATA_DOWNLOAD_MAX_ROWS,
  LEAD_NOT_FOUND,
  OUTPUT_COLUMNS,
  leadIdColumn,
  outputFileName,
  type DataDownloadFormat,
} from '@pmw/contract/data-download';
import { fileExtension } from '@pmw/contract/files';
import { inArray } from 'drizzle-orm';
import { leadStatusText } from '@pmw/contract/partner';
import type { Database, Db } from '../../db/client';
import { sqlLiteral } from '../../db/copy/copy-statement';
import { jobs } from '../../db/schema/projects';
import { users } from '../../db/schema/users';
import { copyTextRows } from '../../db/copy/copy-text';
import { say, type Said } from '@pmw/contract/texts/said';
import { AppError } from '../../errors';
import type { StorageProvider } from '../../providers/storage';
import type { FileCaller, FilesService } from '../files/files.service';
import { cellText, createRowWriter, readRows, type Cell } from './spreadsheet';
import type { PasscodeGuard } from './passcode';

/** The page has no login; its uploads belong to this one owner and are reached by key. */
export const DATA_DOWNLOAD_CALLER: FileCaller = { kind: 'data_download', id: 0 };
const KEY_PREFIX = 'task_data/data_download-0/';
/** Leads looked up per query, and so the rows held at once (about half a megabyte). */
const BATCH = 2500;

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

/**
 * The rows of some leads (ids checked as digits) for their facts: each lead a
 * row of COPY's text output, which PGlite and PostgreSQL write faster than
 * rows of a query and which costs no decoding per field here. The project's
 * title and the name of who brought the lead (the partner, or for a team
 * member's lead the member) are looked up once per batch, not joined to every
 * row. Times are at +05:30 and cut to the second, as formatIsoLocal writes them.
 */
const leadRowsCopy = (ids: number[]) => `(
  select form_response_id, job_id, coalesce(partner_user_id, team_member_user_id), coalesce(customer_name, ''), coalesce(customer_mobile, ''),
    status, archive_status, coalesce(status_comment, ''), payout_paise,
    date_trunc('second', (created_on at time zone 'UTC') + interval '5 hours 30 minutes'),
    date_trunc('second', (modified_on at time zone 'UTC') + interval '5 hours 30 minutes')
  from form_responses
  where form_response_id = any(${sqlLiteral(`{${ids.map((id) => String(Math.trunc(id))).join(',')}}`)}::int[])
) TO STDOUT`;

const fail = (code: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE' | 'NOT_FOUND' | 'UNSUPPORTED_MEDIA_TYPE', message: Said) =>
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
  copyOut: Database['copyOut'];
}) {
  /**
   * The facts of a batch of leads, by lead id (see leadRowsCopy). `names`
   * keeps the project titles and people's names of one file's batches.
   */
  async function lookup(
    ids: number[],
    names: { projects: Map<number, string>; people: Map<number, string> },
  ): Promise<Map<number, LeadFacts>> {
    const found = new Map<number, LeadFacts>();
    if (ids.length === 0) return found;
    const parts: Uint8Array[] = [];
    for await (const chunk of deps.copyOut(leadRowsCopy(ids))) parts.push(chunk);
    const rows = copyTextRows(Buffer.concat(parts).toString('utf8'));
    const newProjects = new Set<number>();
    const newPeople = new Set<number>();
    for (const row of rows) {
      if (!names.projects.has(Number(row[1]))) newProjects.add(Number(row[1]));
      if (row[2] !== null && !names.people.has(Number(row[2]))) newPeople.add(Number(row[2]));
    }
    if (newProjects.size) {
      for (const j of await deps.db
        .select({ id: jobs.job_id, title: jobs.job_title })
        .from(jobs)
        .where(inArray(jobs.job_id, [...newProjects])))
        names.projects.set(j.id, j.title);
    }
    if (newPeople.size) {
      const people = await deps.db
        .select({ id: users.user_id, first: users.first_name, last: users.last_name })
        .from(users)
        .where(inArray(users.user_id, [...newPeople]));
      for (const p of people) names.people.set(p.id, [p.first, p.last].filter((n) => n).join(' '));
    }
    for (const [id, jobId, ownerId, name, mobile, status, archiveStatus, comment, payout, created, modified] of rows) {
      const owner = ownerId === null ? undefined : Number(ownerId);
      found.set(Number(id), [
        names.projects.get(Number(jobId)) ?? '',
        owner === undefined ? '' : (names.people.get(owner) ?? ''),
        owner === undefined ? '' : `PMW${owner}`,
        name!,
        mobile!,
        leadStatusText({ status: Number(status), archive_status: Number(archiveStatus) }),
        comment!,
        Number(payout),
        created!,
        modified!,
      ]);
    }
    return found;
  }

  function appended(facts: LeadFacts | undefined, format: DataDownloadFormat): Cell[] {
    if (!facts) return ['', '', '', '', '', LEAD_NOT_FOUND, '', '', '', ''];
    const [project, partnerName, partnerPmwId, customerName, customerMobile, status, comment, payoutPaise, createdOn, modifiedOn] = facts;
    const payout = payoutPaise / 100;
    return [
      project,
      partnerName,
      partnerPmwId,
      customerName,
      customerMobile,
      status,
      comment,
      format === 'csv' ? payout.toFixed(2) : payout,
      createdOn,
      modifiedOn,
    ];
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
    const names = { projects: new Map<number, string>(), people: new Map<number, string>() };
    let batch: Cell[][] = [];
    // The previous batch's lookup and write run while the next batch is read.
    let pending: Promise<void> = Promise.resolve();

    const flush = async (chunk: Cell[][]) => {
      const ids = chunk.map((row) => leadIdOf(row[idColumn]));
      const facts = await lookup([...new Set(ids.filter((id): id is number => id !== null))], names);
      const width = header!.length;
      for (let r = 0; r < chunk.length; r++) {
        const row = chunk[r]!;
        const id = ids[r];
        // The row's own cells, as wide as the header (or wider: cells beyond it are kept, so nothing typed is dropped).
        const out: Cell[] = [];
        for (let i = 0; i < Math.max(width, row.length); i++) out.push(row[i] ?? null);
        out.push(...appended(id === null || id === undefined ? undefined : facts.get(id), format));
        await writer.write(out);
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
          if (idColumn < 0) throw fail('BAD_REQUEST', say('dataDownload.noLeadColumn'));
          await writer.write([...header, ...OUTPUT_COLUMNS]);
          continue;
        }
        rows += 1;
        if (rows > DATA_DOWNLOAD_MAX_ROWS) throw fail('PAYLOAD_TOO_LARGE', say('dataDownload.tooManyRows'));
        batch.push(row);
        if (batch.length >= BATCH) {
          await queue(batch);
          batch = [];
        }
      }
      if (!header) throw fail('BAD_REQUEST', say('dataDownload.empty'));
      if (rows === 0) throw fail('BAD_REQUEST', say('dataDownload.empty'));
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
      if (!input.key.startsWith(KEY_PREFIX) || input.key.includes('..')) throw fail('NOT_FOUND', say('dataDownload.fileMissing'));
      const ext = fileExtension(input.key);
      if (ext !== 'csv' && ext !== 'xlsx') throw fail('UNSUPPORTED_MEDIA_TYPE', say('dataDownload.notSpreadsheet'));
      const head = await deps.storage.head(input.key);
      if (!head) throw fail('NOT_FOUND', say('dataDownload.fileMissing'));
      if (head.size > DATA_DOWNLOAD_MAX_BYTES) {
        await deps.storage.remove(input.key);
        throw fail('PAYLOAD_TOO_LARGE', say('dataDownload.tooLarge'));
      }
      if (head.size === 0) throw fail('BAD_REQUEST', say('dataDownload.empty'));
      // Step 3 of the upload flow: the file is recorded as uploaded (size and owner checked).
      await deps.files.add(DATA_DOWNLOAD_CALLER, {
        file_key: input.key,
        file_name: inputNameFromKey(input.key),
        file_purpose: 'TASK_DATA',
      });
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
    throw fail('UNSUPPORTED_MEDIA_TYPE', say('dataDownload.notSpreadsheet'));
  }
}

async function startsWithBom(stream: Readable): Promise<boolean> {
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    stream.destroy();
    return chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf;
  }
  return false;
}
