import { and, asc, desc, eq, gte, inArray, max, min, or, sql } from 'drizzle-orm';
import { APPLICATION_ATTEMPTED_MIN } from '@pmw/contract/hiring';
import type { Recharge, SupportJob, SupportLead } from '@pmw/contract/support';
import type { Db } from '../../db/client';
import { withEmployer } from '../projects/job-query';
import { applications } from '../../db/schema/hiring';
import { formResponses } from '../../db/schema/leads';
import { employers, jobCategories, jobs } from '../../db/schema/projects';
import { servicePurchases } from '../../db/schema/support';
import { PROJECT_ARCHIVE_STATUS } from '@pmw/contract/project-status';
import { LEAD_ARCHIVE_STATUS } from '@pmw/contract/lead-status';
import { TICKET_TYPE } from '@pmw/contract/support';
import { nameIn, textIn } from '@pmw/contract/content-language';
import type { Locale } from '@pmw/contract/locale';

/**
 * What a worker's tickets can point at: their projects, leads and recharges.
 * Leads, projects and job applications are read (never written) from the
 * tables the rest of the product uses, so 'Select Leads' shows the same rows
 * as the partner portal and 'Project's Training' the same applications as
 * the hiring pages.
 */
export function createWorkerContext(db: Db) {
  const mine = (userId: number) => or(eq(formResponses.partner_user_id, userId), eq(formResponses.team_member_user_id, userId));

  const leadRow = {
    form_response_id: formResponses.form_response_id,
    job_id: formResponses.job_id,
    name: formResponses.customer_name,
    number: formResponses.customer_mobile,
    status: formResponses.status,
    archive_status: formResponses.archive_status,
    status_comment: formResponses.status_comment,
    created_on: formResponses.created_on,
    modified_on: formResponses.modified_on,
  };
  type LeadDbRow = {
    form_response_id: number;
    job_id: number;
    name: string | null;
    number: string | null;
    status: number;
    archive_status: number;
    status_comment: string | null;
    created_on: Date;
    modified_on: Date;
  };
  const toLead = (r: LeadDbRow): SupportLead => ({
    ...r,
    lead_id: r.form_response_id,
    created_on: r.created_on.toISOString(),
    modified_on: r.modified_on.toISOString(),
  });

  /** Applications attempted (status 7 or more), one per project. */
  async function attempted(userId: number): Promise<Map<number, { status: number; attempted_on: Date | null }>> {
    const rows = await db
      .select({ job_id: applications.job_id, status: max(applications.status), attempted_on: min(applications.attempted_on) })
      .from(applications)
      .where(and(eq(applications.user_id, userId), gte(applications.status, APPLICATION_ATTEMPTED_MIN)))
      .groupBy(applications.job_id);
    return new Map(
      rows.map((r) => [
        r.job_id,
        { status: Number(r.status ?? APPLICATION_ATTEMPTED_MIN), attempted_on: r.attempted_on ? new Date(r.attempted_on) : null },
      ]),
    );
  }

  async function leadProjects(userId: number): Promise<number[]> {
    const rows = await db.selectDistinct({ job_id: formResponses.job_id }).from(formResponses).where(mine(userId));
    return rows.map((r) => r.job_id);
  }

  async function projects(jobIds: number[]) {
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
      .where(inArray(jobs.job_id, jobIds))
      .orderBy(asc(employers.employer_name), asc(jobs.job_title));
  }

  type ProjectRow = Awaited<ReturnType<typeof projects>>[number];
  /** A project as a worker's ticket shows it: title, employer and category in the reader's language, English where ops wrote no Hindi. */
  const toJob = (r: ProjectRow, locale: Locale, app: SupportJob['Application']): SupportJob => ({
    job_id: r.job_id,
    title: textIn(r.title, r.title_translations.hi?.job_title, locale),
    archive_status: r.archive_status,
    Application: app,
    Employer: { employer_name: nameIn(r.employer_name, r.employer_translations, locale), logo_key: r.logo_key },
    JobCategory: { title: nameIn(r.category, r.category_translations, locale) },
  });

  return {
    /** Derived from history, never a free flag (DESIGN.md): a lead sent or an application attempted. */
    async isWorked(userId: number): Promise<boolean> {
      const [lead] = await db
        .select({ one: sql<number>`1` })
        .from(formResponses)
        .where(mine(userId))
        .limit(1);
      if (lead) return true;
      return (await attempted(userId)).size > 0;
    },

    /**
     * The projects a type offers: 20 the applications
     * attempted (status 7 or more); 30 and 40 the projects, not archived and
     * not attempted, in which the worker has leads to ask about.
     */
    async jobsFor(userId: number, ticketType: number, locale: Locale = 'en'): Promise<SupportJob[]> {
      const tried = await attempted(userId);
      const ids =
        ticketType === TICKET_TYPE.PROJECT_TRAINING ? [...tried.keys()] : (await leadProjects(userId)).filter((id) => !tried.has(id));
      const rows = await projects(ids);
      return rows
        .filter((r) => ticketType === TICKET_TYPE.PROJECT_TRAINING || r.archive_status === PROJECT_ARCHIVE_STATUS.live)
        .map((r) => {
          const app = tried.get(r.job_id);
          return toJob(
            r,
            locale,
            app ? { status: app.status, attempted_on: app.attempted_on ? app.attempted_on.toISOString() : null } : null,
          );
        });
    },

    async job(jobId: number, locale: Locale = 'en'): Promise<SupportJob | null> {
      const [r] = await projects([jobId]);
      return r ? toJob(r, locale, null) : null;
    },

    async leads(userId: number, filter: { job_id: number; status: number; archive_status?: number[] | undefined }): Promise<SupportLead[]> {
      const archived = filter.archive_status?.length ? filter.archive_status : [LEAD_ARCHIVE_STATUS.live, LEAD_ARCHIVE_STATUS.expired];
      const rows = await db
        .select(leadRow)
        .from(formResponses)
        .where(
          and(
            mine(userId),
            eq(formResponses.job_id, filter.job_id),
            eq(formResponses.status, filter.status),
            inArray(formResponses.archive_status, archived),
          ),
        )
        .orderBy(desc(formResponses.created_on))
        .limit(200);
      return rows.map(toLead);
    },

    /** One lead, only if it is the worker's. */
    async lead(userId: number | null, formResponseId: number): Promise<SupportLead | null> {
      const [row] = await db
        .select(leadRow)
        .from(formResponses)
        .where(
          userId === null
            ? eq(formResponses.form_response_id, formResponseId)
            : and(eq(formResponses.form_response_id, formResponseId), mine(userId)),
        )
        .limit(1);
      return row ? toLead(row) : null;
    },

    async recharges(userId: number): Promise<Recharge[]> {
      const rows = await db
        .select()
        .from(servicePurchases)
        .where(eq(servicePurchases.user_id, userId))
        .orderBy(desc(servicePurchases.created_on))
        .limit(200);
      return rows.map((r) => ({
        service_purchase_id: r.service_purchase_id,
        account_number: r.account_number,
        operator: r.operator,
        amount: r.amount,
        created_on: r.created_on.toISOString(),
      }));
    },

    async recharge(userId: number | null, id: number): Promise<Recharge | null> {
      const [r] = await db
        .select()
        .from(servicePurchases)
        .where(
          userId === null
            ? eq(servicePurchases.service_purchase_id, id)
            : and(eq(servicePurchases.service_purchase_id, id), eq(servicePurchases.user_id, userId)),
        )
        .limit(1);
      return r
        ? {
            service_purchase_id: r.service_purchase_id,
            account_number: r.account_number,
            operator: r.operator,
            amount: r.amount,
            created_on: r.created_on.toISOString(),
          }
        : null;
    },
  };
}
export type WorkerContext = ReturnType<typeof createWorkerContext>;
