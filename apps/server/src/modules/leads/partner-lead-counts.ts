import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { formResponses } from '../../db/schema/leads';
import { LEAD_ARCHIVE_STATUS, LEAD_STATUS } from '@pmw/contract/lead-status';
import { num } from '../../db/sql-constant';

/**
 * A partner's leads counted, for other modules (levels, 'My projects'):
 * read the way the partner's report reads them, so the counts match it.
 * Each takes the caller's transaction when it has one.
 */

/** The partner's approved leads. */
export async function approvedLeadCount(db: DbOrTx, userId: number): Promise<number> {
  const [leads] = await db
    .select({ n: count() })
    .from(formResponses)
    .where(and(eq(formResponses.partner_user_id, userId), eq(formResponses.status, LEAD_STATUS.approved)));
  return leads?.n ?? 0;
}

/** Lead counts by status per project: pending, verified, rejected, and expired as archived. */
export async function leadCountsByJob(db: DbOrTx, userId: number) {
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
}
