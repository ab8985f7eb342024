// Read model: the Leads Report CSV reads leads, their values and their projects in one COPY query,
// for speed on large reports; one of the few files allowed to join other modules' tables (apps/server/read-models.json).
import { sql, type SQL } from 'drizzle-orm';
import { HIDDEN_MOBILE_CATEGORIES, type ReportInput } from '@pmw/contract/partner';
import { isFileInput, type FormInputDef } from '@pmw/contract/lead-form';
import { listIn } from '@pmw/contract/content-language';
import type { Locale } from '@pmw/contract/locale';
import { LEAD_STATUS_TEXT_OTHERWISE, LEAD_STATUS_TEXT_RULES, type LeadStatusText } from '@pmw/contract/lead-status';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { formResponseData, formResponses } from '../../db/schema/leads';
import { jobs } from '../../db/schema/projects';
import { num } from '../../db/sql-constant';

/** UTF-8 byte order mark: Excel reads the file as UTF-8 only with it (Hindi names). */
export const CSV_BOM = '\uFEFF';

/** Fields are defused and quoted by the one rule every file the product writes follows. */
export { csvField, csvLine } from '@pmw/contract/spreadsheet';

/** The Leads Report file's fixed columns (`CSV_HEADER`) by their message codes, for a file in another language. */
export const CSV_HEADER_CODES = [
  'partner.csvLeadId',
  'partner.csvProject',
  'partner.csvCreatedAt',
  'partner.csvUpdatedAt',
  'partner.csvStatus',
  'partner.csvComment',
  'partner.csvPayout',
  'partner.csvCustomerName',
  'partner.csvCustomerMobile',
] as const;

/** The Leads Report file's fixed columns; the form inputs follow. */
export const CSV_HEADER = [
  'Lead ID',
  'Project',
  'Created At',
  'Updated At',
  'Status',
  'Comment',
  'Payout (₹)',
  'Customer Name',
  'Customer Mobile',
] as const;

/** The words the file writes itself (status, attached files) in its one language; English keeps the file's bytes as they were. */
export interface CsvWords {
  locale: Locale;
  header: readonly string[];
  status: { expired: string; approved: string; rejected: string; pending: string };
  /** Before a file's id: `Attached (file 12)`. */
  attached: string;
}
export const ENGLISH_CSV_WORDS: CsvWords = {
  locale: 'en',
  header: CSV_HEADER,
  status: { expired: 'Expired', approved: 'Approved', rejected: 'Rejected', pending: 'Pending' },
  attached: 'Attached (file ',
};

/**
 * A text value as csvField writes it, in SQL, before COPY's CSV quoting (the
 * same RFC 4180 rule): defused by the shared rule (defuseFormula in
 * packages/contract/src/spreadsheet.ts: a quote mark before a leading =, +,
 * -, @, TAB or CR), and an empty text as NULL, which COPY writes as an empty
 * field (it would quote an empty string). The byte-for-byte test holds the
 * two to the same bytes.
 */
const text = (v: SQL) => sql`nullif(case when left(${v}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${v} else ${v} end, '')`;

/** An instant as formatIsoLocal writes it: `YYYY-MM-DD HH:MM:SS` at +05:30. */
const istTime = (v: SQL) => sql`to_char((${v} at time zone 'UTC') + interval '5 hours 30 minutes', 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * A lead's status text in SQL, built from the contract's LEAD_STATUS_TEXT_RULES
 * (the rules `leadStatusText` follows for the page), so the file and the page
 * name a lead alike: `case when archive_status = 1 then 'Expired' when ... else 'Pending' end`.
 */
export function leadStatusTextSql(
  lead: { status: AnyPgColumn; archive_status: AnyPgColumn },
  /** The four words in another language (parameters); English writes the contract's words as literals, the file's bytes as they were. */
  said?: CsvWords['status'],
): SQL {
  const quoted = (t: string) => sql.raw(`'${t.replace(/'/g, "''")}'`);
  const word = (t: LeadStatusText) => (said ? sql`${said[t.toLowerCase() as keyof CsvWords['status']]}` : quoted(t));
  const branches = LEAD_STATUS_TEXT_RULES.map((r) => sql`when ${lead[r.column]} = ${num(r.value)} then ${word(r.text)}`);
  return sql`case ${sql.join(branches, sql` `)} else ${word(LEAD_STATUS_TEXT_OTHERWISE)} end`;
}

/**
 * The inputs the CSV's columns read, each the value of one input in the
 * lead's own form: the ids, for `leadValues` to gather, in input id order.
 */
export function csvInputIds(forms: Map<number, FormInputDef[]>, inputs: ReportInput[]): number[] {
  const ids = new Set<number>();
  for (const col of inputs) {
    for (const formInputs of forms.values()) {
      const def = columnInput(formInputs, col);
      if (def) ids.add(Number(def.input_id));
    }
  }
  return [...ids].sort((a, b) => a - b);
}

/** The input of a form that fills a column: the last of that label and type (as the page shows). */
const columnInput = (formInputs: FormInputDef[], col: ReportInput) =>
  formInputs.slice(2).findLast((d) => `${d.label}|${d.input_type}` === col.key);

/**
 * A lead's values of the given inputs, as columns `v<id>` (the value) and
 * `f<id>` (the file id as text), read in one pass over the lead's values
 * with an aggregate per input. Cheaper for PostgreSQL than building a JSON
 * object per lead and reading it back (docs/performance.md, CSV).
 */
export function leadValues(inputIds: number[]): Record<string, SQL.Aliased> {
  const d = formResponseData;
  const columns: Record<string, SQL.Aliased> = {
    // The select list is never empty, even when the report shows no input.
    value_count: sql<number>`count(*)`.as('value_count'),
  };
  for (const id of inputIds) {
    const n = sql.raw(String(Number(id)));
    columns[`v${id}`] = sql<string | null>`max(${d.value}) filter (where ${d.input_id} = ${n})`.as(`v${id}`);
    columns[`f${id}`] = sql<string | null>`max(${d.file_id}) filter (where ${d.input_id} = ${n})::text`.as(`f${id}`);
  }
  return columns;
}

/**
 * The select list of the CSV: the fixed columns, then one per report input,
 * each the value of that input in the lead's own form (`Attached (file N)`
 * for files), read from the lead's values as `leadValues` gathered them
 * (`value(id)` and `file(id)` name its columns).
 */
export function csvColumns(
  forms: Map<number, FormInputDef[]>,
  inputs: ReportInput[],
  values: { value: (inputId: number) => SQL; file: (inputId: number) => SQL },
  words: CsvWords = ENGLISH_CSV_WORDS,
): Record<string, SQL> {
  const fr = formResponses;
  const w = words.status;
  const columns: Record<string, SQL> = {
    lead_id: sql`${fr.form_response_id}`,
    project: text(sql`${jobs.slug_name}`),
    created_at: istTime(sql`${fr.created_on}`),
    updated_at: istTime(sql`${fr.modified_on}`),
    status: leadStatusTextSql(fr, words.locale === 'en' ? undefined : w),
    comment: text(sql`${fr.status_comment}`),
    payout: text(sql`((${fr.payout_paise}::numeric / 100)::numeric(20, 2))::text`),
    customer_name: text(sql`${fr.customer_name}`),
    customer_mobile: sql`case when ${jobs.job_category_id} not in (${sql.raw(HIDDEN_MOBILE_CATEGORIES.map(Number).join(', '))}) then ${text(sql`${fr.customer_mobile}`)} end`,
  };
  inputs.forEach((col, i) => {
    const branches: SQL[] = [];
    for (const [formId, formInputs] of forms) {
      const def = columnInput(formInputs, col);
      if (!def) continue;
      const id = Number(def.input_id);
      const value = sql`nullif(${values.value(id)}, '')`;
      const attached = words.locale === 'en' ? sql`'Attached (file '` : sql`${words.attached}`;
      const cell = isFileInput(def)
        ? sql`${attached} || coalesce(${values.file(id)}, ${value}) || ')'`
        : text(optionNames(def, value, words.locale));
      branches.push(sql`when ${sql.raw(String(Number(formId)))} then ${cell}`);
    }
    columns[`input_${i}`] = branches.length ? sql`case ${fr.form_id} ${sql.join(branches, sql` `)} end` : sql`null`;
  });
  return columns;
}

/** A chosen option in the file's language: a lead stores the English option, the reader wrote the other language's name for it. */
function optionNames(def: FormInputDef, value: SQL, locale: Locale): SQL {
  const english = def.input_enum ?? [];
  const names = listIn(english, def.translations?.hi?.options, locale);
  const pairs = english.flatMap((e, i) => (names[i] !== e ? [sql`when ${e} then ${names[i]!}`] : []));
  return pairs.length ? sql`(case ${value} ${sql.join(pairs, sql` `)} else ${value} end)` : value;
}

const LF = 0x0a;
const QUOTE = 0x22;
const CRLF = Buffer.from('\r\n');
/** COPY hands over about one row a chunk; the response (and its compressor) gets pieces of this size instead. */
const PIECE_BYTES = 64 * 1024;

/**
 * COPY ends records with LF; the file has always ended them with CRLF. A line
 * break inside a quoted field stays as it is, so the quotes are followed
 * across chunks. The rows are handed on in pieces of about 64 KB: one write,
 * and one compression step, per piece rather than per row.
 */
export async function* crlfRecords(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  let quoted = false;
  let parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    let start = 0;
    let at = 0;
    while (at < bytes.length) {
      if (quoted) {
        // Inside quotes only the closing quote matters ("" is a closing and an opening one).
        const close = bytes.indexOf(QUOTE, at);
        if (close < 0) break;
        quoted = false;
        at = close + 1;
        continue;
      }
      const lf = bytes.indexOf(LF, at);
      const quote = bytes.indexOf(QUOTE, at);
      if (quote >= 0 && (lf < 0 || quote < lf)) {
        quoted = true;
        at = quote + 1;
        continue;
      }
      if (lf < 0) break;
      parts.push(bytes.subarray(start, lf), CRLF);
      size += lf - start + 2;
      start = at = lf + 1;
    }
    if (start < bytes.length) {
      parts.push(bytes.subarray(start));
      size += bytes.length - start;
    }
    if (size >= PIECE_BYTES) {
      yield Buffer.concat(parts, size);
      parts = [];
      size = 0;
    }
  }
  if (size > 0) yield Buffer.concat(parts, size);
}
