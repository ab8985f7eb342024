import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RISK_LEVEL, type RiskLevel } from '@pmw/contract/risk';
import { istDayStart } from '@pmw/contract/time';
import type { z } from 'zod';
import type { leadQueueQuerySchema } from '@pmw/contract/ops';
import type { Db } from '../../db/client';
import { formResponses } from '../../db/schema/leads';
import { jobs } from '../../db/schema/projects';
import { leadRisk } from '../../db/schema/risk';
import { users } from '../../db/schema/users';

/**
 * Read model: the ops lead queue. One query joins the leads (the leads
 * module's), their risk level (risk's), the project's title (projects') and
 * the partner's and team member's names (users'), because the queue filters
 * and orders by risk level and pages in the database: read apart, a page
 * could not be cut before the risk is known. It only reads; a decision on a
 * lead goes through the leads module (`leads/ops-lead-changes.ts`). Listed in
 * apps/server/read-models.json.
 */

export const riskLevelSql = sql<RiskLevel>`coalesce(${leadRisk.level}, ${RISK_LEVEL.none})`;
// The field agent who submitted a team lead is a user too: joined a second time under this name.
const members = alias(users, 'team_member');
const leadSelect = {
  lead: formResponses,
  risk_level: riskLevelSql,
  job_title: jobs.job_title,
  partner_first: users.first_name,
  partner_last: users.last_name,
  member_first: members.first_name,
  member_last: members.last_name,
};

/** One page of the queue (filtered, newest or riskiest first) and how many leads the filter matches. */
export async function leadQueuePage(db: Db, q: z.output<typeof leadQueueQuerySchema>) {
  const where: SQL[] = [];
  if (q.job_id !== undefined) where.push(eq(formResponses.job_id, q.job_id));
  if (q.status !== undefined) where.push(eq(formResponses.status, q.status));
  if (q.sub_status !== undefined) where.push(eq(formResponses.sub_status, q.sub_status));
  if (q.archive_status !== undefined) where.push(eq(formResponses.archive_status, q.archive_status));
  if (q.partner_user_id !== undefined) where.push(eq(formResponses.partner_user_id, q.partner_user_id));
  if (q.team_id !== undefined) where.push(eq(formResponses.team_id, q.team_id));
  if (q.mobile_check !== undefined) where.push(eq(formResponses.mobile_check, q.mobile_check));
  if (q.from) where.push(gte(formResponses.created_on, istDayStart(q.from)));
  if (q.to) where.push(lt(formResponses.created_on, new Date(istDayStart(q.to).getTime() + 86_400_000)));
  if (q.risk) where.push(inArray(riskLevelSql, q.risk));
  const cond = where.length ? and(...where) : undefined;
  const newest = [desc(formResponses.created_on), desc(formResponses.form_response_id)];
  // The riskiest first: high, then review, then none, each newest first.
  const riskiest = sql`case ${riskLevelSql} when ${RISK_LEVEL.high} then 2 when ${RISK_LEVEL.review} then 1 else 0 end desc`;
  const rows = await db
    .select(leadSelect)
    .from(formResponses)
    .innerJoin(jobs, eq(jobs.job_id, formResponses.job_id))
    .leftJoin(users, eq(users.user_id, formResponses.partner_user_id))
    .leftJoin(leadRisk, eq(leadRisk.form_response_id, formResponses.form_response_id))
    .leftJoin(members, eq(members.user_id, formResponses.team_member_user_id))
    .where(cond)
    .orderBy(...(q.sort === 'risk' ? [riskiest, ...newest] : newest))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const counted = db.select({ n: count() }).from(formResponses);
  const [total] = await (
    q.risk ? counted.leftJoin(leadRisk, eq(leadRisk.form_response_id, formResponses.form_response_id)) : counted
  ).where(cond);
  return { total, rows };
}

/** One lead as the queue shows it, or undefined. */
export async function leadQueueRow(db: Db, id: number) {
  const [row] = await db
    .select(leadSelect)
    .from(formResponses)
    .innerJoin(jobs, eq(jobs.job_id, formResponses.job_id))
    .leftJoin(users, eq(users.user_id, formResponses.partner_user_id))
    .leftJoin(leadRisk, eq(leadRisk.form_response_id, formResponses.form_response_id))
    .leftJoin(members, eq(members.user_id, formResponses.team_member_user_id))
    .where(eq(formResponses.form_response_id, id))
    .limit(1);
  return row;
}
