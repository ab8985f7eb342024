import { and, asc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  LEADS_PAGE_SIZE,
  leadStatusText,
  showsCustomerMobile,
  type LeadCounts,
  type PartnerProject,
  type ReportCell,
  type ReportFilter,
  type ReportInput,
  type ReportPage,
  type ReportRow,
} from '@pmw/contract/partner';
import { isFileInput, type FormInputDef } from '@pmw/contract/lead-form';
import { formatIsoLocal, istDayStart } from '@pmw/contract/time';
import type { Db } from '../../db/client';
import { formResponseData, formResponses, jobs, taskForms } from '../../db/schema/index';
import { csvLine } from './csv';

type LeadPageRow = {
  form_response_id: number;
  job_id: number;
  form_id: number;
  job_category_id: number;
  slug_name: string;
  customer_name: string | null;
  customer_mobile: string | null;
  status: number;
  sub_status: number;
  archive_status: number;
  status_comment: string | null;
  payout_paise: number;
  created_on: Date;
  modified_on: Date;
  /** created_on as PostgreSQL prints it, with microseconds, for keyset paging. */
  cursor: string;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The report's columns after the customer: every form's inputs from the third on, one per label and type. */
export function reportInputs(forms: { inputs: FormInputDef[] }[]): ReportInput[] {
  const seen = new Map<string, ReportInput>();
  for (const form of forms) {
    for (const input of form.inputs.slice(2)) {
      const key = `${input.label}|${input.input_type}`;
      if (!seen.has(key)) seen.set(key, { key, label: input.label, input_type: input.input_type });
    }
  }
  return [...seen.values()];
}

/**
 * The partner's Leads Report: projects, counts, pages and the CSV download,
 * read from the leads (form_responses) attributed to the partner.
 */
export function createPartnerReportService(deps: { db: Db }) {
  const { db } = deps;

  function where(partnerId: number, f: ReportFilter): SQL {
    const conds: (SQL | undefined)[] = [eq(formResponses.partner_user_id, partnerId)];
    if (f.job_id?.length) conds.push(inArray(formResponses.job_id, f.job_id));
    if (f.status !== undefined) conds.push(eq(formResponses.status, f.status));
    if (f.archive_status?.length) conds.push(inArray(formResponses.archive_status, f.archive_status));
    if (f.start_date) conds.push(gte(formResponses.created_on, istDayStart(f.start_date)));
    if (f.end_date) conds.push(lt(formResponses.created_on, new Date(istDayStart(f.end_date).getTime() + 86_400_000)));
    if (f.search) {
      const like = `%${escapeLike(f.search)}%`;
      const any: SQL[] = [
        ilike(formResponses.customer_name, like),
        ilike(formResponses.customer_mobile, like),
        sql`exists (select 1 from ${formResponseData} d where d.form_response_id = ${formResponses.form_response_id} and d.file_id is null and d.value ilike ${like})`,
      ];
      if (/^[0-9]{1,9}$/.test(f.search)) any.push(eq(formResponses.form_response_id, Number(f.search)));
      conds.push(or(...any));
    }
    if (f.search_comment) conds.push(ilike(formResponses.status_comment, `%${escapeLike(f.search_comment)}%`));
    return and(...conds)!;
  }

  const pageColumns = {
    form_response_id: formResponses.form_response_id,
    job_id: formResponses.job_id,
    form_id: formResponses.form_id,
    job_category_id: jobs.job_category_id,
    slug_name: jobs.slug_name,
    customer_name: formResponses.customer_name,
    customer_mobile: formResponses.customer_mobile,
    status: formResponses.status,
    sub_status: formResponses.sub_status,
    archive_status: formResponses.archive_status,
    status_comment: formResponses.status_comment,
    payout_paise: formResponses.payout_paise,
    created_on: formResponses.created_on,
    modified_on: formResponses.modified_on,
    cursor: sql<string>`${formResponses.created_on}::text`,
  };

  async function projects(partnerId: number): Promise<PartnerProject[]> {
    return db
      .select({ job_id: jobs.job_id, slug_name: jobs.slug_name, job_title: jobs.job_title, job_category_id: jobs.job_category_id })
      .from(jobs)
      .where(sql`${jobs.job_id} in (select distinct ${formResponses.job_id} from ${formResponses} where ${formResponses.partner_user_id} = ${partnerId})`)
      .orderBy(asc(jobs.slug_name));
  }

  /** The forms whose columns the report shows: the chosen projects', else every project the partner has leads in. */
  async function formsFor(partnerId: number, f: ReportFilter) {
    const jobIds = f.job_id?.length ? f.job_id : (await projects(partnerId)).map((p) => p.job_id);
    if (!jobIds.length) return new Map<number, FormInputDef[]>();
    const rows = await db.select({ form_id: taskForms.form_id, inputs: taskForms.inputs }).from(taskForms).where(inArray(taskForms.job_id, jobIds)).orderBy(asc(taskForms.job_id));
    return new Map(rows.map((r) => [r.form_id, r.inputs as FormInputDef[]]));
  }

  async function dataOf(ids: number[]) {
    const byLead = new Map<number, Map<number, { value: string; file_id: number | null }>>();
    if (!ids.length) return byLead;
    const rows = await db
      .select({ form_response_id: formResponseData.form_response_id, input_id: formResponseData.input_id, value: formResponseData.value, file_id: formResponseData.file_id })
      .from(formResponseData)
      .where(inArray(formResponseData.form_response_id, ids));
    for (const r of rows) {
      let m = byLead.get(r.form_response_id);
      if (!m) byLead.set(r.form_response_id, (m = new Map()));
      m.set(r.input_id, { value: r.value, file_id: r.file_id });
    }
    return byLead;
  }

  function cellsOf(inputs: FormInputDef[] | undefined, data: Map<number, { value: string; file_id: number | null }> | undefined): Record<string, ReportCell> {
    const cells: Record<string, ReportCell> = {};
    for (const input of (inputs ?? []).slice(2)) {
      const d = data?.get(input.input_id);
      cells[`${input.label}|${input.input_type}`] = {
        input_id: input.input_id,
        input_type: input.input_type,
        value: d?.value ? d.value : null,
        file_id: d?.file_id ?? null,
      };
    }
    return cells;
  }

  function toRow(r: LeadPageRow, forms: Map<number, FormInputDef[]>, data: Map<number, { value: string; file_id: number | null }> | undefined): ReportRow {
    const response_data: ReportRow['response_data'] = {};
    for (const [inputId, d] of data ?? []) response_data[String(inputId)] = d;
    return {
      form_response_id: r.form_response_id,
      lead_id: r.form_response_id,
      job_id: r.job_id,
      job_category_id: r.job_category_id,
      slug_name: r.slug_name,
      name: r.customer_name,
      number: showsCustomerMobile(r.job_category_id) ? r.customer_mobile : null,
      status: r.status,
      archive_status: r.archive_status,
      sub_status: r.sub_status,
      status_text: leadStatusText(r),
      status_comment: r.status_comment,
      created_on: r.created_on.toISOString(),
      modified_on: r.modified_on.toISOString(),
      responseMetaData: { payout: r.payout_paise },
      response_data,
      cells: cellsOf(forms.get(r.form_id), data),
    };
  }

  return {
    projects,

    async counts(partnerId: number, f: ReportFilter): Promise<LeadCounts> {
      const [row] = await db
        .select({
          // Disjoint buckets: pending and pending-partial leave out the expired, which archived_count holds.
          PENDING: sql<number>`count(*) filter (where ${formResponses.status} = 0 and ${formResponses.archive_status} = 0 and ${formResponses.sub_status} <> 1)::int`,
          PENDING_PARTIAL: sql<number>`count(*) filter (where ${formResponses.status} = 0 and ${formResponses.archive_status} = 0 and ${formResponses.sub_status} = 1)::int`,
          REJECTED: sql<number>`count(*) filter (where ${formResponses.status} = 2)::int`,
          VERIFIED: sql<number>`count(*) filter (where ${formResponses.status} = 1)::int`,
          archived_count: sql<number>`count(*) filter (where ${formResponses.status} = 0 and ${formResponses.archive_status} = 1)::int`,
        })
        .from(formResponses)
        .where(where(partnerId, f));
      return row ?? { PENDING: 0, PENDING_PARTIAL: 0, REJECTED: 0, VERIFIED: 0, archived_count: 0 };
    },

    async page(partnerId: number, f: ReportFilter & { limit?: number; offset?: number }): Promise<ReportPage> {
      const w = where(partnerId, f);
      const [rows, total, forms] = await Promise.all([
        db
          .select(pageColumns)
          .from(formResponses)
          .innerJoin(jobs, eq(jobs.job_id, formResponses.job_id))
          .where(w)
          .orderBy(sql`${formResponses.created_on} desc`, sql`${formResponses.form_response_id} desc`)
          .limit(f.limit ?? LEADS_PAGE_SIZE)
          .offset(f.offset ?? 0),
        db.select({ n: sql<number>`count(*)::int` }).from(formResponses).where(w),
        formsFor(partnerId, f),
      ]);
      const data = await dataOf(rows.map((r) => r.form_response_id));
      return {
        count: total[0]?.n ?? 0,
        inputs: reportInputs([...forms.values()].map((inputs) => ({ inputs }))),
        rows: rows.map((r) => toRow(r, forms, data.get(r.form_response_id))),
      };
    },

    /**
     * The CSV, a chunk at a time: keyset pages of `batch` leads, so memory
     * stays the same whatever the number of rows.
     */
    async *csv(partnerId: number, f: ReportFilter, batch = 1000): AsyncGenerator<string> {
      const forms = await formsFor(partnerId, f);
      const inputs = reportInputs([...forms.values()].map((i) => ({ inputs: i })));
      yield csvLine(['Lead ID', 'Project', 'Created At', 'Updated At', 'Status', 'Comment', 'Payout (₹)', 'Customer Name', 'Customer Mobile', ...inputs.map((i) => i.label)]);
      const w = where(partnerId, f);
      let after: { cursor: string; id: number } | undefined;
      for (;;) {
        const keyset = after
          ? sql`(${formResponses.created_on}, ${formResponses.form_response_id}) < (${after.cursor}::timestamptz, ${after.id})`
          : undefined;
        const rows = await db
          .select(pageColumns)
          .from(formResponses)
          .innerJoin(jobs, eq(jobs.job_id, formResponses.job_id))
          .where(and(w, keyset))
          .orderBy(sql`${formResponses.created_on} desc`, sql`${formResponses.form_response_id} desc`)
          .limit(batch);
        if (!rows.length) return;
        const data = await dataOf(rows.map((r) => r.form_response_id));
        let chunk = '';
        for (const r of rows) {
          const cells = cellsOf(forms.get(r.form_id), data.get(r.form_response_id));
          const formInputs = forms.get(r.form_id) ?? [];
          chunk += csvLine([
            r.form_response_id,
            r.slug_name,
            formatIsoLocal(r.created_on),
            formatIsoLocal(r.modified_on),
            leadStatusText(r),
            r.status_comment,
            (r.payout_paise / 100).toFixed(2),
            r.customer_name,
            showsCustomerMobile(r.job_category_id) ? r.customer_mobile : '',
            ...inputs.map((col) => {
              const cell = cells[col.key];
              if (!cell?.value) return '';
              const def = formInputs.find((i) => i.input_id === cell.input_id);
              return def && isFileInput(def) ? `Attached (file ${cell.file_id ?? cell.value})` : cell.value;
            }),
          ]);
        }
        yield chunk;
        const last = rows[rows.length - 1]!;
        after = { cursor: last.cursor, id: last.form_response_id };
        if (rows.length < batch) return;
      }
    },
  };
}
export type PartnerReportService = ReturnType<typeof createPartnerReportService>;
