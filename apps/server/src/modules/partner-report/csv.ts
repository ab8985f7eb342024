import { sql, type SQL } from 'drizzle-orm';
import { HIDDEN_MOBILE_CATEGORIES, type ReportInput } from '@pmw/contract/partner';
import { isFileInput, type FormInputDef } from '@pmw/contract/lead-form';
import { formResponseData, formResponses, jobs } from '../../db/schema/index';

/** UTF-8 byte order mark: Excel reads the file as UTF-8 only with it (Hindi names). */
export const CSV_BOM = '\uFEFF';

/** Fields are defused and quoted by the one rule every file the product writes follows. */
export { csvField, csvLine } from '@pmw/contract/spreadsheet';

/** The Leads Report file's fixed columns; the form inputs follow. */
export const CSV_HEADER = ['Lead ID', 'Project', 'Created At', 'Updated At', 'Status', 'Comment', 'Payout (₹)', 'Customer Name', 'Customer Mobile'] as const;

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
 * The select list of the CSV: the fixed columns, then one per report input,
 * each the value of that input in the lead's own form (`Attached (file N)`
 * for files), read from `values`, the lead's values gathered once per row
 * as a JSON object of input_id to [value, file_id].
 */
export const leadValuesJson = sql<unknown>`jsonb_object_agg(${formResponseData.input_id}::text, jsonb_build_array(${formResponseData.value}, ${formResponseData.file_id}))`;

export function csvColumns(forms: Map<number, FormInputDef[]>, inputs: ReportInput[], values: SQL): Record<string, SQL> {
  const fr = formResponses;
  const columns: Record<string, SQL> = {
    lead_id: sql`${fr.form_response_id}`,
    project: text(sql`${jobs.slug_name}`),
    created_at: istTime(sql`${fr.created_on}`),
    updated_at: istTime(sql`${fr.modified_on}`),
    status: sql`case when ${fr.archive_status} = 1 then 'Expired' when ${fr.status} = 1 then 'Approved' when ${fr.status} = 2 then 'Rejected' else 'Pending' end`,
    comment: text(sql`${fr.status_comment}`),
    payout: text(sql`((${fr.payout_paise}::numeric / 100)::numeric(20, 2))::text`),
    customer_name: text(sql`${fr.customer_name}`),
    customer_mobile: sql`case when ${jobs.job_category_id} not in (${sql.raw(HIDDEN_MOBILE_CATEGORIES.map(Number).join(', '))}) then ${text(sql`${fr.customer_mobile}`)} end`,
  };
  inputs.forEach((col, i) => {
    const branches: SQL[] = [];
    for (const [formId, formInputs] of forms) {
      // The lead's own form decides which input fills this column (the last of that label and type, as the page shows).
      const def = formInputs.slice(2).findLast((d) => `${d.label}|${d.input_type}` === col.key);
      if (!def) continue;
      const id = sql.raw(String(Number(def.input_id)));
      const value = sql`nullif(${values} -> '${id}' ->> 0, '')`;
      const cell = isFileInput(def) ? sql`'Attached (file ' || coalesce(${values} -> '${id}' ->> 1, ${value}) || ')'` : text(value);
      branches.push(sql`when ${sql.raw(String(Number(formId)))} then ${cell}`);
    }
    columns[`input_${i}`] = branches.length ? sql`case ${fr.form_id} ${sql.join(branches, sql` `)} end` : sql`null`;
  });
  return columns;
}

const LF = 0x0a;
const QUOTE = 0x22;
const CRLF = Buffer.from('\r\n');

/**
 * COPY ends records with LF; the file has always ended them with CRLF. A line
 * break inside a quoted field stays as it is, so the quotes are followed
 * across chunks.
 */
export async function* crlfRecords(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  let quoted = false;
  for await (const chunk of chunks) {
    const parts: Buffer[] = [];
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (c === QUOTE) quoted = !quoted;
      else if (c === LF && !quoted) {
        parts.push(Buffer.from(chunk.buffer, chunk.byteOffset + start, i - start), CRLF);
        start = i + 1;
      }
    }
    parts.push(Buffer.from(chunk.buffer, chunk.byteOffset + start, chunk.length - start));
    yield Buffer.concat(parts);
  }
}
