import { and, count, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema/campaign';
import { formResponseData, formResponses } from '../../db/schema/leads';
import { fileFingerprints, leadRisk, leadRiskSignals } from '../../db/schema/risk';
import { teamMembers } from '../../db/schema/team';
import { users } from '../../db/schema/users';

/**
 * Read model: lead risk's reads that need another module's rows in the same
 * statement. Every new lead asks who else holds its customer's mobile, and
 * whether that person (or whoever holds its PAN or bank account) is a partner
 * (has a campaign code, the campaign module's) or a team member (the team
 * module's): read apart, that is three statements where one does. Each file
 * on a lead asks which other leads (the leads module's values) carry a file
 * like it (risk's fingerprints): read apart, a second statement per file. The
 * partner summary and the catch-up of leads never assessed filter risk's rows
 * by the leads' partner and date in the database. They only read; risk writes
 * its own tables only. Listed in apps/server/read-models.json.
 */

/** A person, and whether they have a campaign code (a partner) and are in a team (a team member). */
export interface PersonRoles {
  user_id: number;
  partner: boolean;
  member: boolean;
}

const withRoles = {
  user_id: users.user_id,
  // Qualified by hand: Drizzle leaves a one-table query's columns unqualified, which inside the subquery would name its own.
  partner: sql<boolean>`exists (select 1 from ${campaigns} c where c.user_id = "users"."user_id")`,
  member: sql<boolean>`exists (select 1 from ${teamMembers} m where m.user_id = "users"."user_id")`,
};

/** These people with their roles (absent ids are left out). */
export async function peopleWithRoles(db: Db, ids: number[]): Promise<PersonRoles[]> {
  if (!ids.length) return [];
  return db.select(withRoles).from(users).where(inArray(users.user_id, ids));
}

/** People whose own mobile this is, other than these (up to `limit`), with their roles. */
export async function mobileHolders(db: Db, mobile: string, except: number[], limit: number): Promise<PersonRoles[]> {
  return db
    .select(withRoles)
    .from(users)
    .where(and(eq(users.mobile, mobile), except.length ? sql`${users.user_id} not in ${except}` : undefined))
    .limit(limit);
}

/**
 * Leads other than this one carrying a file with these bytes (`exact`) or,
 * for a photo, one whose difference hash is within `max_distance` bits of
 * this one's (up to `limit` rows, a lead once per file).
 */
export async function leadsWithFileLike(
  db: Db,
  q: { sha256: string; dhash: bigint | null; max_distance: number; form_response_id: number; limit: number },
): Promise<{ form_response_id: number; file_id: number; exact: boolean }[]> {
  const similar =
    q.dhash === null ? undefined : sql`bit_count((${fileFingerprints.dhash} # ${String(q.dhash)}::bigint)::bit(64)) <= ${q.max_distance}`;
  return db
    .selectDistinct({
      form_response_id: formResponseData.form_response_id,
      file_id: fileFingerprints.file_id,
      exact: sql<boolean>`${fileFingerprints.sha256} = ${q.sha256}`,
    })
    .from(fileFingerprints)
    .innerJoin(formResponseData, eq(formResponseData.file_id, fileFingerprints.file_id))
    .where(and(or(eq(fileFingerprints.sha256, q.sha256), similar), ne(formResponseData.form_response_id, q.form_response_id)))
    .limit(q.limit);
}

/**
 * A partner's leads since a moment: how many, how many are flagged (review
 * or high), and per signal still standing how many leads raised it, most
 * first.
 */
export async function partnerLeadRisk(
  db: Db,
  userId: number,
  since: Date,
): Promise<{ leads: number; flagged: number; by_kind: { kind: string; leads: number }[] }> {
  const mine = and(eq(formResponses.partner_user_id, userId), gte(formResponses.created_on, since));
  const [totals] = await db
    .select({ leads: count(), flagged: sql<number>`count(*) filter (where ${leadRisk.level} in ('review', 'high'))::int` })
    .from(formResponses)
    .leftJoin(leadRisk, eq(leadRisk.form_response_id, formResponses.form_response_id))
    .where(mine);
  const byKind = await db
    .select({ kind: leadRiskSignals.kind, leads: sql<number>`count(distinct ${leadRiskSignals.form_response_id})::int` })
    .from(leadRiskSignals)
    .innerJoin(formResponses, eq(formResponses.form_response_id, leadRiskSignals.form_response_id))
    .where(and(mine, isNull(leadRiskSignals.dismissed_on)))
    .groupBy(leadRiskSignals.kind)
    .orderBy(sql`2 desc`);
  return {
    leads: Number(totals?.leads ?? 0),
    flagged: Number(totals?.flagged ?? 0),
    by_kind: byKind.map((k) => ({ kind: k.kind, leads: Number(k.leads) })),
  };
}

/** Leads that came in between these moments and have no risk level yet, oldest first (up to `max`). */
export async function unassessedLeads(db: Db, from: Date, to: Date, max: number): Promise<number[]> {
  const rows = await db
    .select({ id: formResponses.form_response_id })
    .from(formResponses)
    .leftJoin(leadRisk, eq(leadRisk.form_response_id, formResponses.form_response_id))
    .where(and(isNull(leadRisk.form_response_id), gte(formResponses.created_on, from), lte(formResponses.created_on, to)))
    .orderBy(formResponses.form_response_id)
    .limit(max);
  return rows.map((r) => r.id);
}
