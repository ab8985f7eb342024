import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { HIRING_CATEGORY_ID } from '@pmw/contract/catalogue';
import { PROJECT_ARCHIVE_STATUS } from '@pmw/contract/project-status';
import type { DbOrTx } from '../../db/client';
import { employers, jobCategories, jobLocations, jobPincodes, jobs, taskForms } from '../../db/schema/projects';
import { withEmployer, withTaskForm } from './job-query';

/**
 * A project's fields for other modules that show it (a title in a list, the
 * texts of a page), read the projects module's way. Each takes the caller's
 * database or transaction.
 */

/** A project's title and customer instruction, with their translations, or undefined. */
export async function jobTexts(db: DbOrTx, jobId: number) {
  const [row] = await db
    .select({ job_title: jobs.job_title, consumer_instruction: jobs.consumer_instruction, translations: jobs.translations })
    .from(jobs)
    .where(eq(jobs.job_id, jobId))
    .limit(1);
  return row;
}

/** The title of each project asked for, by job id (absent ids are left out). */
export async function jobTitles(db: DbOrTx, jobIds: readonly number[]): Promise<Map<number, string>> {
  if (!jobIds.length) return new Map();
  const rows = await db
    .select({ job_id: jobs.job_id, job_title: jobs.job_title })
    .from(jobs)
    .where(inArray(jobs.job_id, [...jobIds]));
  return new Map(rows.map((r) => [r.job_id, r.job_title]));
}

/** Projects with their employer and category, as a list shows them: by employer, then title. */
export async function jobCards(db: DbOrTx, jobIds: readonly number[]) {
  if (!jobIds.length) return [];
  const fields = {
    job_id: jobs.job_id,
    title: jobs.job_title,
    title_translations: jobs.translations,
    archive_status: jobs.archive_status,
    employer_name: employers.employer_name,
    employer_translations: employers.translations,
    logo_key: employers.logo_key,
    category: jobCategories.title,
    category_translations: jobCategories.translations,
  };
  return withEmployer(db.select(fields).from(jobs).$dynamic())
    .where(inArray(jobs.job_id, [...jobIds]))
    .orderBy(asc(employers.employer_name), asc(jobs.job_title));
}

/** Whether a project asks its merchants for feedback (false when there is no such project). */
export async function jobAsksMerchantFeedback(db: DbOrTx, jobId: number): Promise<boolean> {
  const [job] = await db.select({ asks: jobs.asks_merchant_feedback }).from(jobs).where(eq(jobs.job_id, jobId)).limit(1);
  return Boolean(job?.asks);
}

/** A project's title and payout per lead or joining, or undefined. */
export async function jobPayout(db: DbOrTx, jobId: number) {
  const [row] = await db
    .select({ title: jobs.job_title, payout_paise: jobs.payout_paise })
    .from(jobs)
    .where(eq(jobs.job_id, jobId))
    .limit(1);
  return row;
}

/** The city of each project location asked for, by job location id. */
export async function jobLocationCities(db: DbOrTx, locationIds: readonly number[]): Promise<Map<number, string>> {
  if (!locationIds.length) return new Map();
  const rows = await db
    .select({ id: jobLocations.job_location_id, city: jobLocations.city })
    .from(jobLocations)
    .where(inArray(jobLocations.job_location_id, [...locationIds]));
  return new Map(rows.map((r) => [r.id, r.city]));
}

/** A lead form with the project fields lead intake checks and shows, or undefined. */
export async function leadFormOf(db: DbOrTx, formId: number) {
  const [row] = await db
    .select({
      form_id: taskForms.form_id,
      job_id: taskForms.job_id,
      inputs: taskForms.inputs,
      is_otp_required: taskForms.is_otp_required,
      description: taskForms.description,
      custom_link: taskForms.custom_link,
      job_title: jobs.job_title,
      job_category_id: jobs.job_category_id,
      payout_paise: jobs.payout_paise,
      duplicate_window_days: jobs.duplicate_window_days,
      lead_hours_start: jobs.lead_hours_start,
      lead_hours_end: jobs.lead_hours_end,
      is_credit_flow: jobs.is_credit_flow,
      credit_rules: jobs.credit_rules,
      redirect_link: jobs.redirect_link,
      archive_status: jobs.archive_status,
      archive_message: jobs.archive_message,
      on_hold: jobs.on_hold,
      hold_message: jobs.hold_message,
      utm_selected: jobs.utm_selected,
      translations: jobs.translations,
      form_translations: taskForms.translations,
    })
    .from(taskForms)
    .innerJoin(jobs, eq(jobs.job_id, taskForms.job_id))
    .where(eq(taskForms.form_id, formId))
    .limit(1);
  return row;
}

/** The pincodes a project serves. */
export async function jobPincodeList(db: DbOrTx, jobId: number): Promise<string[]> {
  const rows = await db.select({ pincode: jobPincodes.pincode }).from(jobPincodes).where(eq(jobPincodes.job_id, jobId));
  return rows.map((r) => r.pincode);
}

/** The form of a project (form_id may differ from job_id), or undefined. */
export async function formIdOfJob(db: DbOrTx, jobId: number): Promise<number | undefined> {
  const [row] = await db.select({ form_id: taskForms.form_id }).from(taskForms).where(eq(taskForms.job_id, jobId)).limit(1);
  return row?.form_id;
}

/** Every project with a lead form, with its employer and category, as the team area lists them (by category, then id). */
export async function teamProjectRows(db: DbOrTx) {
  return withTaskForm(
    db
      .select({
        job_id: jobs.job_id,
        hidden_from_partners: jobs.hidden_from_partners,
        form_id: taskForms.form_id,
        job_title: jobs.job_title,
        slug_name: jobs.slug_name,
        logo_url: jobs.logo_url,
        employer_name: employers.employer_name,
        theme_color: employers.theme_color,
        job_category_id: jobs.job_category_id,
        category_title: jobCategories.title,
        rewards: jobs.rewards,
        payout_text: jobs.payout_text,
        action_status: jobs.action_status,
        archive_status: jobs.archive_status,
        archive_message: jobs.archive_message,
        on_hold: jobs.on_hold,
        hold_message: jobs.hold_message,
        translations: jobs.translations,
        category_translations: jobCategories.translations,
        employer_translations: employers.translations,
      })
      .from(jobs)
      .$dynamic(),
  ).orderBy(asc(jobs.job_category_id), asc(jobs.job_id));
}

/**
 * Each project's lead validity in days (`job_id`, `validity_days`), as a relation for another module's one
 * statement: lead expiry archives overdue leads reading it in the same statement, so a lead and its
 * project's validity are seen at one instant. PostgreSQL folds it into the caller's query as if the
 * statement named the table.
 */
export const jobValidityDays = (): SQL => sql`(select ${jobs.job_id} as job_id, ${jobs.validity_days} as validity_days from ${jobs})`;

/** A project's whole row, or undefined. */
export async function jobById(db: DbOrTx, jobId: number) {
  const [row] = await db.select().from(jobs).where(eq(jobs.job_id, jobId)).limit(1);
  return row;
}

/** An employer's name and its translations, or undefined. */
export async function employerName(db: DbOrTx, employerId: number) {
  const [employer] = await db
    .select({ name: employers.employer_name, translations: employers.translations })
    .from(employers)
    .where(eq(employers.employer_id, employerId))
    .limit(1);
  return employer;
}

/** Which of the given projects serve a pincode, by job id. */
export async function jobsServingPincode(db: DbOrTx, jobIds: number[], pincode: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ job_id: jobPincodes.job_id })
    .from(jobPincodes)
    .where(and(eq(jobPincodes.pincode, pincode), inArray(jobPincodes.job_id, jobIds)))
    .orderBy(asc(jobPincodes.job_id));
  return rows.map((r) => r.job_id);
}

/** The projects asked for with their titles and translations, ordered by title (the database's collation). */
export async function jobTitlesInOrder(db: DbOrTx, jobIds: readonly number[]) {
  if (!jobIds.length) return [];
  return db
    .select({ job_id: jobs.job_id, job_title: jobs.job_title, translations: jobs.translations })
    .from(jobs)
    .where(inArray(jobs.job_id, [...jobIds]))
    .orderBy(asc(jobs.job_title));
}

/** Products a customer may pick: not hiring, not archived, not on hold, chosen by ops for campaign pages, with a form. */
const listedOnCampaignPages = and(
  ne(jobs.job_category_id, HIRING_CATEGORY_ID),
  eq(jobs.archive_status, PROJECT_ARCHIVE_STATUS.live),
  eq(jobs.on_hold, false),
  eq(jobs.utm_selected, true),
);

/** The products a campaign page lists, with their employer and category (by category, then id). */
export async function campaignProducts(db: DbOrTx) {
  return withTaskForm(
    db
      .select({
        job_id: jobs.job_id,
        job_title: jobs.job_title,
        employer_name: employers.employer_name,
        theme_color: employers.theme_color,
        logo_url: jobs.logo_url,
        tag_line: jobs.tag_line,
        job_category_id: jobs.job_category_id,
        category_title: jobCategories.title,
        category_translations: jobCategories.translations,
        employer_translations: employers.translations,
        translations: jobs.translations,
        customer_features: jobs.customer_features,
        is_credit_flow: jobs.is_credit_flow,
      })
      .from(jobs)
      .$dynamic(),
  )
    .where(listedOnCampaignPages)
    .orderBy(asc(jobs.job_category_id), asc(jobs.job_id));
}

/** One product a campaign page lists, with its employer, or undefined when it is not listed. */
export async function campaignProduct(db: DbOrTx, jobId: number) {
  const [found] = await db
    .select({
      job_id: jobs.job_id,
      job_title: jobs.job_title,
      employer_name: employers.employer_name,
      employer_translations: employers.translations,
      translations: jobs.translations,
      customer_tnc: jobs.customer_tnc,
      customer_criteria: jobs.customer_criteria,
      customer_features: jobs.customer_features,
    })
    .from(jobs)
    .innerJoin(employers, eq(employers.employer_id, jobs.employer_id))
    .where(and(eq(jobs.job_id, jobId), listedOnCampaignPages))
    .limit(1);
  return found;
}

/** The credit rules of those of the given projects a campaign page lists. */
export async function campaignCreditRules(db: DbOrTx, jobIds: readonly number[]) {
  return db
    .select({ job_id: jobs.job_id, credit_rules: jobs.credit_rules })
    .from(jobs)
    .where(and(inArray(jobs.job_id, [...jobIds]), listedOnCampaignPages));
}

export type JobRow = typeof jobs.$inferSelect;
export type JobLocationRow = typeof jobLocations.$inferSelect;

/** The locations of the given projects, by location id. */
export async function locationsOfJobs(db: DbOrTx, jobIds: number[]): Promise<JobLocationRow[]> {
  return db.select().from(jobLocations).where(inArray(jobLocations.job_id, jobIds)).orderBy(asc(jobLocations.job_location_id));
}

/** One project location, or undefined. */
export async function jobLocationById(db: DbOrTx, locationId: number): Promise<JobLocationRow | undefined> {
  const [loc] = await db.select().from(jobLocations).where(eq(jobLocations.job_location_id, locationId)).limit(1);
  return loc;
}

/** A project with its employer and category, or undefined. */
export async function jobWithEmployer(db: DbOrTx, jobId: number) {
  const [row] = await withEmployer(db.select({ job: jobs, employer: employers, category: jobCategories }).from(jobs).$dynamic())
    .where(eq(jobs.job_id, jobId))
    .limit(1);
  return row;
}

/** A category's live projects not on hold, with their employer, by id. */
export async function liveJobsOfCategory(db: DbOrTx, categoryId: number) {
  return db
    .select({ job: jobs, employer: employers })
    .from(jobs)
    .innerJoin(employers, eq(employers.employer_id, jobs.employer_id))
    .where(and(eq(jobs.job_category_id, categoryId), eq(jobs.archive_status, PROJECT_ARCHIVE_STATUS.live), eq(jobs.on_hold, false)))
    .orderBy(asc(jobs.job_id));
}

/** The given projects with their employer and category, ordered by title (the database's collation). */
export async function jobsWithEmployerByTitle(db: DbOrTx, jobIds: number[]) {
  return db
    .select({ job: jobs, employer: employers, category: jobCategories })
    .from(jobs)
    .innerJoin(employers, eq(employers.employer_id, jobs.employer_id))
    .innerJoin(jobCategories, eq(jobCategories.job_category_id, jobs.job_category_id))
    .where(inArray(jobs.job_id, jobIds))
    .orderBy(asc(jobs.job_title));
}

/** The title, logo and employer of each project asked for, with their Hindi, by job id (absent ids are left out). */
export async function jobTitlesAndLogos(db: DbOrTx, jobIds: readonly number[]) {
  const rows = jobIds.length
    ? await db
        .select({
          job_id: jobs.job_id,
          job_title: jobs.job_title,
          translations: jobs.translations,
          logo_key: jobs.logo_key,
          employer_name: employers.employer_name,
          employer_translations: employers.translations,
        })
        .from(jobs)
        .innerJoin(employers, eq(employers.employer_id, jobs.employer_id))
        .where(inArray(jobs.job_id, [...jobIds]))
    : [];
  return new Map(rows.map((j) => [j.job_id, j]));
}

/** A lead form's inputs, or undefined. */
export async function formInputs(db: DbOrTx, formId: number) {
  const [form] = await db.select({ inputs: taskForms.inputs }).from(taskForms).where(eq(taskForms.form_id, formId)).limit(1);
  return form;
}
