import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { leadCounterMismatches } from './lead-counters';

/**
 * Recounts every partner's and team member's leads over the whole database
 * and prints the counters that differ; exits 1 when any does.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // A fresh data folder has no tables yet; migrating is a no-op on a current database.
  await database.migrate();
  try {
    const started = Date.now();
    const mismatches = await leadCounterMismatches(database.db);
    const totals = (await database.db.execute(sql`select (select count(*) from form_responses)::int as leads, (select count(*) from lead_counters)::int as counters`)) as unknown as {
      rows: { leads: number; counters: number }[];
    };
    const c = totals.rows[0];
    console.log(`Recounted ${c?.leads ?? 0} leads against ${c?.counters ?? 0} counters on ${database.kind} in ${Date.now() - started} ms.`);
    if (!mismatches.length) {
      console.log('Every counter equals its recount.');
      return 0;
    }
    console.log(`${mismatches.length} counters differ from their recount:`);
    for (const m of mismatches) {
      console.log(`  ${m.owner_kind} ${m.owner_id}${m.team_id ? ` (team ${m.team_id})` : ''}, project ${m.job_id}, status ${m.status}/${m.sub_status}/${m.archive_status}: stored ${m.stored}, recounted ${m.counted}`);
    }
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
