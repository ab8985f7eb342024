import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { formResponses } from '../../db/schema/leads';

/**
 * A worker's leads (as the partner or the team member who sent them), for
 * the support desk's 'Select Leads': read the leads module's way, so the
 * desk shows the same rows as the partner portal. Each takes the caller's
 * database or transaction.
 */

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
export type WorkerLeadRow = {
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

/** Whether the worker has sent any lead. */
export async function hasLeads(db: DbOrTx, userId: number): Promise<boolean> {
  const [lead] = await db
    .select({ one: sql<number>`1` })
    .from(formResponses)
    .where(mine(userId))
    .limit(1);
  return Boolean(lead);
}

/** The projects the worker has leads in. */
export async function workerLeadJobIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.selectDistinct({ job_id: formResponses.job_id }).from(formResponses).where(mine(userId));
  return rows.map((r) => r.job_id);
}

/** The worker's leads in a project with a status, newest first (at most 200). */
export async function workerLeads(
  db: DbOrTx,
  userId: number,
  filter: { job_id: number; status: number; archive_status: number[] },
): Promise<WorkerLeadRow[]> {
  return db
    .select(leadRow)
    .from(formResponses)
    .where(
      and(
        mine(userId),
        eq(formResponses.job_id, filter.job_id),
        eq(formResponses.status, filter.status),
        inArray(formResponses.archive_status, filter.archive_status),
      ),
    )
    .orderBy(desc(formResponses.created_on))
    .limit(200);
}

/** One lead, only if it is the worker's (any lead when userId is null). */
export async function workerLead(db: DbOrTx, userId: number | null, formResponseId: number): Promise<WorkerLeadRow | undefined> {
  const [row] = await db
    .select(leadRow)
    .from(formResponses)
    .where(
      userId === null
        ? eq(formResponses.form_response_id, formResponseId)
        : and(eq(formResponses.form_response_id, formResponseId), mine(userId)),
    )
    .limit(1);
  return row;
}
