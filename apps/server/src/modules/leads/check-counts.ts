import { sql } from 'drizzle-orm';
import { runCheck } from '../../db/run-check';
import { leadCounterMismatches } from './lead-counters';

/**
 * Recounts every partner's and team member's leads over the whole database
 * and prints the counters that differ; exits 1 when any does.
 */
runCheck(async (database, started) => {
  const mismatches = await leadCounterMismatches(database.db);
  const totals = (await database.db.execute(
    sql`select (select count(*) from form_responses)::int as leads, (select count(*) from lead_counters)::int as counters`,
  )) as unknown as {
    rows: { leads: number; counters: number }[];
  };
  const c = totals.rows[0];
  return {
    summary: `Recounted ${c?.leads ?? 0} leads against ${c?.counters ?? 0} counters on ${database.kind} in ${Date.now() - started} ms.`,
    agreed: 'Every counter equals its recount.',
    differ: (count) => `${count} counters differ from their recount:`,
    differences: mismatches.map(
      (m) =>
        `${m.owner_kind} ${m.owner_id}${m.team_id ? ` (team ${m.team_id})` : ''}, project ${m.job_id}, status ${m.status}/${m.sub_status}/${m.archive_status}: stored ${m.stored}, recounted ${m.counted}`,
    ),
  };
});
