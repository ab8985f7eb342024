import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** A counter that differs from the leads it counts. */
export interface CounterMismatch {
  owner_kind: string;
  owner_id: number;
  team_id: number;
  job_id: number;
  status: number;
  sub_status: number;
  archive_status: number;
  counted: number;
  stored: number;
}

/**
 * Recounts every partner's and team member's leads per project and status
 * and answers the counters that differ (lead_counters is kept by triggers;
 * see docs/decisions/0007-lead-counters.md).
 */
export async function leadCounterMismatches(db: DbOrTx): Promise<CounterMismatch[]> {
  const result = (await db.execute(sql`
    with counted as (
      select 'partner' as owner_kind, partner_user_id as owner_id, 0 as team_id, job_id, status, sub_status, archive_status, count(*)::int as n
      from form_responses where partner_user_id is not null group by 2, 4, 5, 6, 7
      union all
      select 'member', team_member_user_id, coalesce(team_id, 0), job_id, status, sub_status, archive_status, count(*)::int
      from form_responses where team_member_user_id is not null group by 2, 3, 4, 5, 6, 7
    )
    select coalesce(c.owner_kind, s.owner_kind) as owner_kind, coalesce(c.owner_id, s.owner_id) as owner_id, coalesce(c.team_id, s.team_id) as team_id,
      coalesce(c.job_id, s.job_id) as job_id, coalesce(c.status, s.status) as status, coalesce(c.sub_status, s.sub_status) as sub_status,
      coalesce(c.archive_status, s.archive_status) as archive_status, coalesce(c.n, 0) as counted, coalesce(s.n, 0) as stored
    from counted c
    full join lead_counters s using (owner_kind, owner_id, team_id, job_id, status, sub_status, archive_status)
    where coalesce(c.n, 0) <> coalesce(s.n, 0)
    order by 1, 2, 3, 4, 5, 6, 7`)) as unknown as { rows: CounterMismatch[] };
  return result.rows.map((r) => ({
    ...r,
    owner_id: Number(r.owner_id),
    team_id: Number(r.team_id),
    job_id: Number(r.job_id),
    status: Number(r.status),
    sub_status: Number(r.sub_status),
    archive_status: Number(r.archive_status),
    counted: Number(r.counted),
    stored: Number(r.stored),
  }));
}
