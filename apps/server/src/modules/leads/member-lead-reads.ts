import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { istDayStart } from '@pmw/contract/time';
import { LEAD_ARCHIVE_STATUS, LEAD_STATUS } from '@pmw/contract/lead-status';
import type { DbOrTx } from '../../db/client';
import { formResponseData, formResponses, leadCounters } from '../../db/schema/leads';
import { num } from '../../db/sql-constant';

/**
 * A team member's own leads, for the team area (their task counts, their
 * report by project and its leads), read the leads module's way. Each takes
 * the caller's database or transaction.
 */

type Member = { userId: number; teamId: number };
type DayRange = { start_date?: string | undefined; end_date?: string | undefined };

/** `YYYY-MM-DD`..`YYYY-MM-DD` (inclusive days at +05:30) as instants. */
function createdBetween(range: DayRange) {
  const conds = [];
  if (range.start_date) conds.push(gte(formResponses.created_on, istDayStart(range.start_date)));
  if (range.end_date) conds.push(lt(formResponses.created_on, new Date(istDayStart(range.end_date).getTime() + 86_400_000)));
  return conds;
}

/** Counts per report status index, in SQL, so the report never loads the leads themselves. */
const counts = {
  added: sql<number>`count(*) filter (where ${formResponses.status} = ${num(LEAD_STATUS.pending)} and ${formResponses.archive_status} = ${num(LEAD_ARCHIVE_STATUS.live)})::int`,
  verified: sql<number>`count(*) filter (where ${formResponses.status} = ${num(LEAD_STATUS.approved)})::int`,
  rejected: sql<number>`count(*) filter (where ${formResponses.status} = ${num(LEAD_STATUS.rejected)})::int`,
  expired: sql<number>`count(*) filter (where ${formResponses.status} = ${num(LEAD_STATUS.pending)} and ${formResponses.archive_status} = ${num(LEAD_ARCHIVE_STATUS.expired)})::int`,
};

/** The member's leads counted by report status: from the lead counters, or over a date range by counting the leads. */
export async function memberLeadCounts(db: DbOrTx, member: Member, range: DayRange) {
  // Without dates the member's lead counters answer; a date range counts the leads.
  const [row] =
    !range.start_date && !range.end_date
      ? await db
          .select({
            added: sql<number>`coalesce(sum(${leadCounters.n}) filter (where ${leadCounters.status} = ${num(LEAD_STATUS.pending)} and ${leadCounters.archive_status} = ${num(LEAD_ARCHIVE_STATUS.live)}), 0)::int`,
            verified: sql<number>`coalesce(sum(${leadCounters.n}) filter (where ${leadCounters.status} = ${num(LEAD_STATUS.approved)}), 0)::int`,
            rejected: sql<number>`coalesce(sum(${leadCounters.n}) filter (where ${leadCounters.status} = ${num(LEAD_STATUS.rejected)}), 0)::int`,
            expired: sql<number>`coalesce(sum(${leadCounters.n}) filter (where ${leadCounters.status} = ${num(LEAD_STATUS.pending)} and ${leadCounters.archive_status} = ${num(LEAD_ARCHIVE_STATUS.expired)}), 0)::int`,
          })
          .from(leadCounters)
          .where(
            and(eq(leadCounters.owner_kind, 'member'), eq(leadCounters.owner_id, member.userId), eq(leadCounters.team_id, member.teamId)),
          )
      : await db
          .select(counts)
          .from(formResponses)
          .where(
            and(eq(formResponses.team_member_user_id, member.userId), eq(formResponses.team_id, member.teamId), ...createdBetween(range)),
          );
  return row;
}

/** The member's leads counted by report status per project and form (in no particular order). */
export async function memberLeadCountsByForm(db: DbOrTx, member: Member, range: DayRange) {
  return db
    .select({ job_id: formResponses.job_id, form_id: formResponses.form_id, ...counts })
    .from(formResponses)
    .where(and(eq(formResponses.team_member_user_id, member.userId), eq(formResponses.team_id, member.teamId), ...createdBetween(range)))
    .groupBy(formResponses.job_id, formResponses.form_id);
}

/** The member's leads for one form and status, newest first (at most 500), and their values. */
export async function memberLeads(db: DbOrTx, member: Member, q: { form_id: number; status: number; archive_status: number }) {
  const rows = await db
    .select()
    .from(formResponses)
    .where(
      and(
        eq(formResponses.team_member_user_id, member.userId),
        eq(formResponses.team_id, member.teamId),
        eq(formResponses.form_id, q.form_id),
        eq(formResponses.status, q.status),
        // Verified and rejected leads count whatever their archive flag (leadStatusIndex).
        q.status === LEAD_STATUS.pending ? eq(formResponses.archive_status, q.archive_status) : undefined,
      ),
    )
    .orderBy(sql`${formResponses.created_on} desc`, sql`${formResponses.form_response_id} desc`)
    .limit(500);
  const ids = rows.map((r) => r.form_response_id);
  const data = ids.length
    ? await db
        .select({
          form_response_id: formResponseData.form_response_id,
          input_id: formResponseData.input_id,
          value: formResponseData.value,
        })
        .from(formResponseData)
        .where(inArray(formResponseData.form_response_id, ids))
    : [];
  return { rows, data };
}
