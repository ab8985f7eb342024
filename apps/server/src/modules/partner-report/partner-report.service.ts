// Read model: the Leads Report pages and tiles read leads, lead counters and their projects' forms in
// one query each, for speed; one of the few files allowed to join other modules' tables (apps/server/read-models.json).
import { and, asc, eq, gte, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
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
import type { FormInputDef } from '@pmw/contract/lead-form';
import { istDayStart } from '@pmw/contract/time';
import { searchedId } from '@pmw/contract/base';
import type { Database, Db } from '../../db/client';
import { inlineParams } from '../../db/copy/copy-statement';
import type { CatalogueCache } from '../../lib/catalogue-cache';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { formResponseData, formResponses, leadCounters } from '../../db/schema/leads';
import { jobs, taskForms } from '../../db/schema/projects';
import { crlfRecords, csvColumns, csvInputIds, csvLine, ENGLISH_CSV_WORDS, leadValues, type CsvWords } from './csv';
import { inputIn, optionValueIn, projectIn } from '@pmw/contract/content-language';
import type { Locale } from '@pmw/contract/locale';
import { LEAD_ARCHIVE_STATUS, LEAD_STATUS, LEAD_SUB_STATUS } from '@pmw/contract/lead-status';
import { num } from '../../db/sql-constant';

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
};

/**
 * The tiles' disjoint buckets over leads (`count(*)`) or their counters
 * (`sum(n)`): pending and pending-partial leave out the expired, which
 * archived_count holds.
 */
function buckets(t: { status: AnyPgColumn; sub_status: AnyPgColumn; archive_status: AnyPgColumn }, measure: SQL) {
  const of = (cond: SQL) => sql<number>`coalesce(${measure} filter (where ${cond}), 0)::int`;
  return {
    PENDING: of(
      sql`${t.status} = ${num(LEAD_STATUS.pending)} and ${t.archive_status} = ${num(LEAD_ARCHIVE_STATUS.live)} and ${t.sub_status} <> ${num(LEAD_SUB_STATUS.needsDetails)}`,
    ),
    PENDING_PARTIAL: of(
      sql`${t.status} = ${num(LEAD_STATUS.pending)} and ${t.archive_status} = ${num(LEAD_ARCHIVE_STATUS.live)} and ${t.sub_status} = ${num(LEAD_SUB_STATUS.needsDetails)}`,
    ),
    REJECTED: of(sql`${t.status} = ${num(LEAD_STATUS.rejected)}`),
    VERIFIED: of(sql`${t.status} = ${num(LEAD_STATUS.approved)}`),
    archived_count: of(sql`${t.status} = ${num(LEAD_STATUS.pending)} and ${t.archive_status} = ${num(LEAD_ARCHIVE_STATUS.expired)}`),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The report's columns after the customer: every form's inputs from the third on, one per label and type. */
export function reportInputs(forms: { inputs: FormInputDef[] }[], locale: Locale = 'en'): ReportInput[] {
  const seen = new Map<string, ReportInput>();
  for (const form of forms) {
    for (const input of form.inputs.slice(2)) {
      // The key stays the English label, so a column is the same whatever language the reader reads.
      const key = `${input.label}|${input.input_type}`;
      if (!seen.has(key)) seen.set(key, { key, label: inputIn(input, locale).label, input_type: input.input_type });
    }
  }
  return [...seen.values()];
}

/**
 * Whose leads a report reads: a partner's own (their user id), or the leads
 * a team's members sent (one member's, or every member's), which the team's
 * manager reads.
 */
export type ReportOwner = number | { team_id: number; member_user_id?: number | undefined };

function ownerWhere(owner: ReportOwner): SQL {
  if (typeof owner === 'number') return eq(formResponses.partner_user_id, owner);
  return and(
    eq(formResponses.team_id, owner.team_id),
    owner.member_user_id === undefined
      ? isNotNull(formResponses.team_member_user_id)
      : eq(formResponses.team_member_user_id, owner.member_user_id),
  )!;
}

/** The report's filter over a partner's (or a team's) leads. */
export function reportWhere(owner: ReportOwner, f: ReportFilter): SQL {
  const conds: (SQL | undefined)[] = [ownerWhere(owner)];
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
    const id = searchedId(f.search);
    if (id !== undefined) any.push(eq(formResponses.form_response_id, id));
    conds.push(or(...any));
  }
  if (f.search_comment) conds.push(ilike(formResponses.status_comment, `%${escapeLike(f.search_comment)}%`));
  return and(...conds)!;
}

/** A report row's columns. */
export const reportPageColumns = {
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
};

/**
 * The partner's Leads Report: projects, counts, pages and the CSV download,
 * read from the leads (form_responses) attributed to the partner.
 */
export function createPartnerReportService(deps: { db: Db; cache: CatalogueCache; copyOut: Database['copyOut'] }) {
  const { db, cache } = deps;

  /**
   * Whether the counters answer (a partner's own report filtered by project
   * and status): dates and searches, and a team's leads, need the leads.
   */
  const countable = (owner: ReportOwner, f: ReportFilter): owner is number =>
    typeof owner === 'number' && !f.start_date && !f.end_date && !f.search && !f.search_comment;

  function counterWhere(partnerId: number, f: ReportFilter): SQL {
    return and(
      eq(leadCounters.owner_kind, 'partner'),
      eq(leadCounters.owner_id, partnerId),
      f.job_id?.length ? inArray(leadCounters.job_id, f.job_id) : undefined,
      f.status !== undefined ? eq(leadCounters.status, f.status) : undefined,
      f.archive_status?.length ? inArray(leadCounters.archive_status, f.archive_status) : undefined,
    )!;
  }

  /** The projects the partner has leads in, from the counters (a team's, from its leads). */
  const partnerJobIds = (owner: ReportOwner) =>
    typeof owner === 'number'
      ? sql`select distinct ${leadCounters.job_id} from ${leadCounters} where ${leadCounters.owner_kind} = 'partner' and ${leadCounters.owner_id} = ${owner} and ${leadCounters.n} > 0`
      : sql`select distinct ${formResponses.job_id} from ${formResponses} where ${ownerWhere(owner)}`;

  async function projects(partnerId: ReportOwner, locale: Locale = 'en'): Promise<PartnerProject[]> {
    const rows = await db
      .select({
        job_id: jobs.job_id,
        slug_name: jobs.slug_name,
        job_title: jobs.job_title,
        job_category_id: jobs.job_category_id,
        translations: jobs.translations,
      })
      .from(jobs)
      .where(sql`${jobs.job_id} in (${partnerJobIds(partnerId)})`)
      .orderBy(asc(jobs.slug_name));
    return rows.map(({ translations, ...p }) => projectIn(p, translations, locale));
  }

  /** The forms of some projects, from the catalogue cache (ops edits clear it). */
  function formsOfJobs(jobIds: number[]): Promise<Map<number, FormInputDef[]>> {
    const ids = [...new Set(jobIds)].sort((a, b) => a - b);
    if (!ids.length) return Promise.resolve(new Map());
    return cache.get(`report-forms:${ids.join(',')}`, async () => {
      const rows = await db
        .select({ form_id: taskForms.form_id, inputs: taskForms.inputs })
        .from(taskForms)
        .where(inArray(taskForms.job_id, ids))
        .orderBy(asc(taskForms.job_id));
      return new Map(rows.map((r) => [r.form_id, r.inputs as FormInputDef[]]));
    });
  }

  /** The forms whose columns the report shows: the chosen projects', else every project the partner has leads in. */
  async function formsFor(partnerId: number, f: ReportFilter) {
    return formsOfJobs(f.job_id?.length ? f.job_id : (await projects(partnerId)).map((p) => p.job_id));
  }

  /** A lead's values as one JSON array of [input_id, value, file_id], read with its row. */
  const leadData = (leadId: SQL | AnyPgColumn) =>
    sql<
      [number, string, number | null][] | string
    >`(select coalesce(json_agg(json_build_array(d.input_id, d.value, d.file_id)), '[]'::json) from ${formResponseData} d where d.form_response_id = ${leadId})`;
  function dataMap(data: [number, string, number | null][] | string) {
    const list = typeof data === 'string' ? (JSON.parse(data) as [number, string, number | null][]) : data;
    return new Map(list.map(([inputId, value, fileId]) => [inputId, { value, file_id: fileId }]));
  }

  /** A lead's answers by column; an option's answer named in the reader's language (it is stored as the English option). */
  function cellsOf(
    inputs: FormInputDef[] | undefined,
    data: Map<number, { value: string; file_id: number | null }> | undefined,
    locale: Locale,
  ): Record<string, ReportCell> {
    const cells: Record<string, ReportCell> = {};
    for (const input of (inputs ?? []).slice(2)) {
      const d = data?.get(input.input_id);
      cells[`${input.label}|${input.input_type}`] = {
        input_id: input.input_id,
        input_type: input.input_type,
        value: d?.value ? optionValueIn(input, d.value, locale) : null,
        file_id: d?.file_id ?? null,
      };
    }
    return cells;
  }

  function toRow(
    r: LeadPageRow,
    forms: Map<number, FormInputDef[]>,
    data: Map<number, { value: string; file_id: number | null }> | undefined,
    locale: Locale,
  ): ReportRow {
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
      cells: cellsOf(forms.get(r.form_id), data, locale),
    };
  }

  return {
    projects,

    /**
     * The tiles. Filters by project and status read the lead counters (a
     * handful of rows, kept with every change to a lead); dates and searches
     * count the matching leads through the partner's indexes.
     */
    async counts(partnerId: ReportOwner, f: ReportFilter): Promise<LeadCounts> {
      const [row] = countable(partnerId, f)
        ? await db
            .select(buckets(leadCounters, sql`sum(${leadCounters.n})`))
            .from(leadCounters)
            .where(counterWhere(partnerId, f))
        : await db
            .select(buckets(formResponses, sql`count(*)`))
            .from(formResponses)
            .where(reportWhere(partnerId, f));
      return row ?? { PENDING: 0, PENDING_PARTIAL: 0, REJECTED: 0, VERIFIED: 0, archived_count: 0 };
    },

    /**
     * A page of the report in one statement: the page's leads (newest first,
     * through the partner's index, skipping `offset`), then their projects and
     * values for those 20 only (values read for the rows an offset skips would
     * be thrown away), each row carrying the total and the partner's projects
     * (from the counters when the filter allows); only a page past the end
     * asks for the total apart. The forms come from the catalogue cache.
     */
    async page(partnerId: ReportOwner, f: ReportFilter & { limit?: number; offset?: number }, locale: Locale = 'en'): Promise<ReportPage> {
      const head = {
        total: countable(partnerId, f)
          ? sql<number>`(select coalesce(sum(${leadCounters.n}), 0)::int from ${leadCounters} where ${counterWhere(partnerId, f)})`
          : sql<number>`(select count(*)::int from ${formResponses} where ${reportWhere(partnerId, f)})`,
        job_ids: f.job_id?.length
          ? sql<number[] | null>`null`
          : sql<number[] | null>`(select array_agg(j.job_id) from (${partnerJobIds(partnerId)}) j)`,
      };
      const { job_category_id: _category, slug_name: _slug, ...leadColumns } = reportPageColumns;
      const newestFirst = (t: { created_on: AnyPgColumn | SQL.Aliased; form_response_id: AnyPgColumn | SQL.Aliased }) => [
        sql`${t.created_on} desc`,
        sql`${t.form_response_id} desc`,
      ];
      const leads = db
        .select(leadColumns)
        .from(formResponses)
        .where(reportWhere(partnerId, f))
        .orderBy(...newestFirst(formResponses))
        .limit(f.limit ?? LEADS_PAGE_SIZE)
        .offset(f.offset ?? 0)
        .as('page');
      const rows = await db
        .select({
          ...leads._.selectedFields,
          job_category_id: jobs.job_category_id,
          slug_name: jobs.slug_name,
          data: leadData(leads.form_response_id),
          ...head,
        })
        .from(leads)
        .innerJoin(jobs, eq(jobs.job_id, leads.job_id))
        .orderBy(...newestFirst(leads));
      const [first] = rows.length ? rows : await db.select(head).from(sql`(select 1) as one`);
      const forms = await formsOfJobs(f.job_id?.length ? f.job_id : (first?.job_ids ?? []).map(Number));
      return {
        count: Number(first?.total ?? 0),
        inputs: reportInputs(
          [...forms.values()].map((inputs) => ({ inputs })),
          locale,
        ),
        rows: rows.map(({ data, total: _total, job_ids: _jobs, ...r }) => toRow(r, forms, dataMap(data), locale)),
      };
    },

    /**
     * The CSV download. The database writes the rows (`COPY (select ...) TO
     * STDOUT WITH CSV`, streamed), with every value formatted in SQL as the
     * file has always had it: times at +05:30, status text, payout in rupees,
     * formulas defused, one column per form input; only the header and the
     * CRLF line ends are added here. The bytes are those of the row-by-row
     * file this replaced (a test compares them).
     */
    async *csv(partnerId: number, f: ReportFilter, words: CsvWords = ENGLISH_CSV_WORDS): AsyncGenerator<Buffer> {
      const forms = await formsFor(partnerId, f);
      const inputs = reportInputs(
        [...forms.values()].map((i) => ({ inputs: i })),
        words.locale,
      );
      yield Buffer.from(csvLine([...words.header, ...inputs.map((i) => i.label)]));
      const values = db
        .select(leadValues(csvInputIds(forms, inputs)))
        .from(formResponseData)
        .where(eq(formResponseData.form_response_id, formResponses.form_response_id))
        .as('v');
      const column = (name: string) => sql`${sql.identifier('v')}.${sql.identifier(name)}`;
      const query = db
        .select(csvColumns(forms, inputs, { value: (id) => column(`v${id}`), file: (id) => column(`f${id}`) }, words))
        .from(formResponses)
        .innerJoin(jobs, eq(jobs.job_id, formResponses.job_id))
        .leftJoinLateral(values, sql`true`)
        .where(reportWhere(partnerId, f))
        .orderBy(sql`${formResponses.created_on} desc`, sql`${formResponses.form_response_id} desc`)
        .toSQL();
      const select = inlineParams(query);
      yield* crlfRecords(deps.copyOut(`(${select}) TO STDOUT WITH (FORMAT csv)`));
    },
  };
}
export type PartnerReportService = ReturnType<typeof createPartnerReportService>;
