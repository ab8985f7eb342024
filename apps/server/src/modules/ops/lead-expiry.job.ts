import { eq, sql } from 'drizzle-orm';
import { JOB_RUN_RESULT } from '@pmw/contract/metrics';
import type { Db } from '../../db/client';
import { noMetrics, type Metrics } from '../../lib/metrics';
import { scheduledJobs } from '../../db/schema/ops';
import type { AuditService } from './audit.service';
import { expireOverdueLeads } from '../leads/lead-expiry';

export const LEAD_EXPIRY_JOB = 'lead-expiry';
/** Any fixed number; every process uses the same one to agree who runs the job. */
const ADVISORY_LOCK_KEY = 740_091;

export interface ExpiryLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Pending leads older than their project's validity_days are archived as
 * expired (`expireOverdueLeads`, the leads module's statement).
 * The schedule lives in scheduled_jobs (next_run_at), so a restart picks up
 * where it left; a transaction-scoped advisory lock makes sure only one
 * process runs it at a time, and an in-process flag covers PGlite.
 */
export function createLeadExpiryJob(deps: { db: Db; audit: AuditService; intervalMs: number; logger?: ExpiryLogger; metrics?: Metrics }) {
  const { db, audit, intervalMs } = deps;
  // A failed run rolls its transaction back, so the schedule cannot record it: the process that tried counts it.
  const runs = (deps.metrics ?? noMetrics).counter({
    name: 'pmw_lead_expiry_runs_total',
    help: 'Lead expiry runs this process made, by result (ok, failed)',
    labelNames: ['result'],
  });
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  /** Runs the job if it is due (or `force`), answering whether it ran and how many leads expired. */
  async function runIfDue(opts: { force?: boolean; actor?: number | null } = {}): Promise<{ ran: boolean; expired: number }> {
    if (running) return { ran: false, expired: 0 };
    running = true;
    try {
      const result = await db.transaction(async (tx) => {
        const locked = (await tx.execute(sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCK_KEY}) as ok`)) as unknown as {
          rows: { ok: boolean }[];
        };
        if (!locked.rows[0]?.ok) return { ran: false, expired: 0 };
        await tx
          .insert(scheduledJobs)
          .values({ name: LEAD_EXPIRY_JOB, next_run_at: new Date(0) })
          .onConflictDoNothing();
        const [state] = await tx.select().from(scheduledJobs).where(eq(scheduledJobs.name, LEAD_EXPIRY_JOB)).limit(1);
        const now = new Date();
        if (!opts.force && state && state.next_run_at > now) return { ran: false, expired: 0 };
        const ids = await expireOverdueLeads(tx);
        await tx
          .update(scheduledJobs)
          .set({
            last_started_at: now,
            last_finished_at: new Date(),
            next_run_at: new Date(now.getTime() + intervalMs),
            last_result: { expired: ids.length },
          })
          .where(eq(scheduledJobs.name, LEAD_EXPIRY_JOB));
        if (ids.length) {
          await audit.record(
            {
              actor_user_id: opts.actor ?? null,
              action: 'lead.expire',
              entity_type: 'job',
              entity_id: LEAD_EXPIRY_JOB,
              after: { expired: ids.length, form_response_ids: ids.slice(0, 500) },
            },
            tx,
          );
        }
        return { ran: true, expired: ids.length };
      });
      if (result.ran) runs.inc({ result: JOB_RUN_RESULT.ok });
      return result;
    } catch (err) {
      runs.inc({ result: JOB_RUN_RESULT.failed });
      throw err;
    } finally {
      running = false;
    }
  }

  const tick = async () => {
    try {
      const r = await runIfDue();
      if (r.ran) deps.logger?.info({ expired: r.expired }, 'lead expiry ran');
    } catch (err) {
      deps.logger?.error({ err }, 'lead expiry failed');
    }
    // Checks the shared schedule once a minute at most; the interval itself is in the database.
    if (!stopped) timer = setTimeout(() => void tick(), Math.min(intervalMs, 60_000)).unref();
  };

  return {
    runIfDue,
    start() {
      stopped = false;
      timer = setTimeout(() => void tick(), 1_000).unref();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
export type LeadExpiryJob = ReturnType<typeof createLeadExpiryJob>;
