import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { formResponses } from '../../db/schema/leads';

/**
 * A customer's leads on a project as the leads module keeps them, for lead
 * risk's check that the same customer came through someone else. Takes the
 * caller's database or transaction.
 */

export interface CustomerLeadRow {
  form_response_id: number;
  partner_user_id: number | null;
  team_member_user_id: number | null;
}

/**
 * The customer's leads on the project since a moment, other than this lead,
 * sent by another partner or team member than this lead's (up to `limit`).
 */
export async function otherSubmittersLeads(
  db: DbOrTx,
  q: {
    customer_mobile: string;
    job_id: number;
    since: Date;
    form_response_id: number;
    partner_user_id: number | null;
    team_member_user_id: number | null;
    limit: number;
  },
): Promise<CustomerLeadRow[]> {
  return db
    .select({
      form_response_id: formResponses.form_response_id,
      partner_user_id: formResponses.partner_user_id,
      team_member_user_id: formResponses.team_member_user_id,
    })
    .from(formResponses)
    .where(
      and(
        eq(formResponses.customer_mobile, q.customer_mobile),
        eq(formResponses.job_id, q.job_id),
        gt(formResponses.created_on, q.since),
        ne(formResponses.form_response_id, q.form_response_id),
        sql`(${formResponses.partner_user_id}, ${formResponses.team_member_user_id}) is distinct from (${q.partner_user_id}::int, ${q.team_member_user_id}::int)`,
      ),
    )
    .limit(q.limit);
}
