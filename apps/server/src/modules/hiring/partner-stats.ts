import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { applications } from '../../db/schema/hiring';
import { formResponses } from '../../db/schema/leads';
import { APPLICATION_STATUS } from '@pmw/contract/hiring';
import { LEAD_ARCHIVE_STATUS, LEAD_STATUS } from '@pmw/contract/lead-status';
import { num } from '../../db/sql-constant';

/**
 * Read-only figures about a partner's work, for levels and 'My projects'.
 * Leads are read (never written) from the leads table, as the partner's
 * report reads them, so the counts here match what the report shows.
 */
export function createPartnerStats(db: DbOrTx) {
  return {
    /** Approved leads plus referred candidates who joined: what levels count. */
    async approvedCount(userId: number): Promise<number> {
      const [leads] = await db
        .select({ n: count() })
        .from(formResponses)
        .where(and(eq(formResponses.partner_user_id, userId), eq(formResponses.status, LEAD_STATUS.approved)));
      const [joined] = await db
        .select({ n: count() })
        .from(applications)
        .where(and(eq(applications.recruiter_id, userId), eq(applications.status, APPLICATION_STATUS.JOINED)));
      return (leads?.n ?? 0) + (joined?.n ?? 0);
    },

    /** Lead counts by status per project: pending, verified, rejected, and expired as archived. */
    async leadCountsByJob(userId: number) {
      const rows = await db
        .select({
          job_id: formResponses.job_id,
          pending: sql<number>`count(*) filter (where ${formResponses.archive_status} = ${num(LEAD_ARCHIVE_STATUS.live)} and ${formResponses.status} = ${num(LEAD_STATUS.pending)})::int`,
          verified: sql<number>`count(*) filter (where ${formResponses.status} = ${num(LEAD_STATUS.approved)})::int`,
          rejected: sql<number>`count(*) filter (where ${formResponses.status} = ${num(LEAD_STATUS.rejected)})::int`,
          archived: sql<number>`count(*) filter (where ${formResponses.archive_status} = ${num(LEAD_ARCHIVE_STATUS.expired)} and ${formResponses.status} = ${num(LEAD_STATUS.pending)})::int`,
        })
        .from(formResponses)
        .where(eq(formResponses.partner_user_id, userId))
        .groupBy(formResponses.job_id);
      return new Map(rows.map((r) => [r.job_id, { pending: r.pending, verified: r.verified, rejected: r.rejected, archived: r.archived }]));
    },
  };
}
