import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { LEAD_ARCHIVE_STATUS, LEAD_STATUS } from '@pmw/contract/lead-status';
import { num } from '../../db/sql-constant';
import { jobValidityDays } from '../projects/job-reads';

/**
 * Archives as expired every pending, live lead older than its project's
 * `validity_days`, in the caller's transaction (the ops module's lead expiry
 * job schedules it and audits the outcome). One statement: the project's
 * validity is read in it (the projects module's `jobValidityDays`), so a lead
 * and its project's validity are seen at one instant. Answers the ids of the
 * leads it expired.
 */
export async function expireOverdueLeads(tx: DbOrTx): Promise<number[]> {
  const result = (await tx.execute(sql`
          update form_responses fr set archive_status = ${num(LEAD_ARCHIVE_STATUS.expired)}, modified_on = now()
          from ${jobValidityDays()} j
          where j.job_id = fr.job_id and fr.status = ${num(LEAD_STATUS.pending)} and fr.archive_status = ${num(LEAD_ARCHIVE_STATUS.live)}
            and fr.created_on < now() - make_interval(days => j.validity_days)
          returning fr.form_response_id`)) as unknown as { rows: { form_response_id: number }[] };
  return result.rows.map((r) => Number(r.form_response_id));
}
