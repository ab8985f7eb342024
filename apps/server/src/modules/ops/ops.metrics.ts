import { count, eq } from 'drizzle-orm';
import { PAYOUT_ITEM_STATE } from '@pmw/contract/ops';
import type { Db } from '../../db/client';
import { payoutRunItems, scheduledJobs } from '../../db/schema/ops';
import type { Metrics } from '../../lib/metrics';
import { LEAD_EXPIRY_JOB } from './lead-expiry.job';

const seconds = (at: Date) => at.getTime() / 1000;

/**
 * What ops' tables say, read when Prometheus scrapes: payout run items by
 * state, and the lead expiry job's last run as the shared schedule records it
 * (the same on every process, whichever of them ran it). Each is one small
 * query: payout_run_items has a row per partner per run, scheduled_jobs one
 * row per job.
 */
export function registerOpsMetrics(metrics: Metrics, db: Db): void {
  if (!metrics.enabled) return;
  metrics.gauge({
    name: 'pmw_payout_run_items',
    help: 'Payout run items by state (QUEUED, PROCESSING: debited and on their way; PAID; FAILED: returned to the wallet; HELD: kept back, with a reason)',
    labelNames: ['status'],
    async collect(set) {
      const rows = await db.select({ status: payoutRunItems.status, n: count() }).from(payoutRunItems).groupBy(payoutRunItems.status);
      // Every known state is shown, at 0 too, so an alert on one does not see "no data".
      for (const status of Object.values(PAYOUT_ITEM_STATE)) set(0, { status });
      for (const row of rows) set(Number(row.n), { status: row.status });
    },
  });

  // A primary-key read each: cheaper than sharing one read between the three gauges.
  const expiryState = async () => (await db.select().from(scheduledJobs).where(eq(scheduledJobs.name, LEAD_EXPIRY_JOB)).limit(1))[0];
  metrics.gauge({
    name: 'pmw_lead_expiry_last_run_timestamp_seconds',
    help: 'When the lead expiry job last finished a run (Unix time), on whichever process ran it; 0 before its first run',
    async collect(set) {
      const state = await expiryState();
      if (state?.last_finished_at) set(seconds(state.last_finished_at));
    },
  });
  metrics.gauge({
    name: 'pmw_lead_expiry_next_run_timestamp_seconds',
    help: 'When the lead expiry job is next due (Unix time; 0 before its first run): long past means no process runs it',
    async collect(set) {
      const state = await expiryState();
      if (state) set(seconds(state.next_run_at));
    },
  });
  metrics.gauge({
    name: 'pmw_lead_expiry_last_expired_leads',
    help: 'Pending leads the lead expiry job archived in its last run',
    async collect(set) {
      const expired = (await expiryState())?.last_result?.expired;
      if (typeof expired === 'number') set(expired);
    },
  });
}
