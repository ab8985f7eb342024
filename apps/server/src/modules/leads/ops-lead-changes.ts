import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { formResponseData, formResponses } from '../../db/schema/leads';
import { LEAD_ARCHIVE_STATUS, LEAD_STATUS } from '@pmw/contract/lead-status';
import type { LeadRow } from './leads.service';

/**
 * What the ops console's lead decisions read and change, the leads module's
 * way: the lead locked in the decision's transaction, its new state, its
 * values and files, and the queue's waiting times. The decisions' rules
 * (money, notifications, audit) stay with the ops verification service.
 */

/** The lead, locked for the rest of the transaction, or undefined. */
export async function lockLead(tx: Tx, id: number): Promise<LeadRow | undefined> {
  const [row] = await tx.select().from(formResponses).where(eq(formResponses.form_response_id, id)).for('update').limit(1);
  return row;
}

type LeadDecision = Partial<Pick<LeadRow, 'status' | 'sub_status' | 'status_comment' | 'mobile_check'>>;

/**
 * Sets a lead's decision fields (and its modified time); with `unlessStatus`
 * only while the lead is not already in that status. Answers the changed row,
 * or undefined when nothing changed.
 */
export async function updateLead(
  tx: Tx,
  id: number,
  change: LeadDecision,
  opts: { unlessStatus?: number } = {},
): Promise<LeadRow | undefined> {
  const [updated] = await tx
    .update(formResponses)
    .set({ ...change, modified_on: new Date() })
    .where(
      opts.unlessStatus === undefined
        ? eq(formResponses.form_response_id, id)
        : and(eq(formResponses.form_response_id, id), sql`${formResponses.status} <> ${opts.unlessStatus}`),
    )
    .returning();
  return updated;
}

/** Pending live leads now, by how long they have waited (more than each of `days`), and when the oldest came in. */
export async function pendingLeadAges(db: DbOrTx, now: Date, days: readonly [number, number, number]) {
  const waiting = (days: number) =>
    sql<number>`(count(*) filter (where ${formResponses.created_on} < ${new Date(now.getTime() - days * 86_400_000)}))::int`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      over_1_day: waiting(days[0]),
      over_3_days: waiting(days[1]),
      over_7_days: waiting(days[2]),
      oldest: sql<Date | string | null>`min(${formResponses.created_on})`,
    })
    .from(formResponses)
    .where(and(eq(formResponses.status, LEAD_STATUS.pending), eq(formResponses.archive_status, LEAD_ARCHIVE_STATUS.live)));
  return row;
}

/** A lead's values, one per input. */
export async function leadValues(db: DbOrTx, id: number) {
  return db.select().from(formResponseData).where(eq(formResponseData.form_response_id, id));
}

/** The file ids a lead holds. */
export async function leadFileIds(db: DbOrTx, id: number): Promise<number[]> {
  const rows = await db.select({ f: formResponseData.file_id }).from(formResponseData).where(eq(formResponseData.form_response_id, id));
  return rows.flatMap((r) => (r.f ? [r.f] : []));
}
