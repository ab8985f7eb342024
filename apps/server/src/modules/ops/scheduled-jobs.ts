import type { Db } from '../../db/client';
import { scheduledJobs } from '../../db/schema/ops';

/** The scheduled jobs' state, for the console. */
export async function listScheduledJobs(db: Db) {
  const rows = await db.select().from(scheduledJobs).orderBy(scheduledJobs.name);
  return rows.map((r) => ({
    name: r.name,
    last_started_at: r.last_started_at?.toISOString() ?? null,
    last_finished_at: r.last_finished_at?.toISOString() ?? null,
    next_run_at: r.next_run_at.toISOString(),
    last_result: r.last_result ?? null,
  }));
}
