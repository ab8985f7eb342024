import { and, desc, eq } from 'drizzle-orm';
import type { Recharge, SupportJob, SupportLead } from '@pmw/contract/support';
import type { Db } from '../../db/client';
import { attemptedApplications } from '../hiring/application-reads';
import { hasLeads, workerLead, workerLeadJobIds, workerLeads, type WorkerLeadRow } from '../leads/worker-lead-reads';
import { jobCards } from '../projects/job-reads';
import { servicePurchases } from '../../db/schema/support';
import { PROJECT_ARCHIVE_STATUS } from '@pmw/contract/project-status';
import { LEAD_ARCHIVE_STATUS } from '@pmw/contract/lead-status';
import { TICKET_TYPE } from '@pmw/contract/support';
import { nameIn, textIn } from '@pmw/contract/content-language';
import type { Locale } from '@pmw/contract/locale';

/**
 * What a worker's tickets can point at: their projects, leads and recharges.
 * Leads, projects and job applications are read (never written) through the
 * leads, projects and hiring modules' read functions, so 'Select Leads' shows the same rows
 * as the partner portal and 'Project's Training' the same applications as
 * the hiring pages.
 */
export function createWorkerContext(db: Db) {
  const toLead = (r: WorkerLeadRow): SupportLead => ({
    ...r,
    lead_id: r.form_response_id,
    created_on: r.created_on.toISOString(),
    modified_on: r.modified_on.toISOString(),
  });

  /** Applications attempted (status 7 or more), one per project. */
  const attempted = (userId: number) => attemptedApplications(db, userId);
  const leadProjects = (userId: number) => workerLeadJobIds(db, userId);
  const projects = (jobIds: number[]) => jobCards(db, jobIds);

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
      if (await hasLeads(db, userId)) return true;
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
      const rows = await workerLeads(db, userId, { job_id: filter.job_id, status: filter.status, archive_status: archived });
      return rows.map(toLead);
    },

    /** One lead, only if it is the worker's. */
    async lead(userId: number | null, formResponseId: number): Promise<SupportLead | null> {
      const row = await workerLead(db, userId, formResponseId);
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
