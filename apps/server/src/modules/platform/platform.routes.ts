import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { devOutboxRoute, healthRoute, READINESS, readyRoute, type ReadinessChecks } from '@pmw/contract/platform';
import { route, type RouteContext } from '../../http/route';
import { pingDatabase, type Db } from '../../db/client';
import { smsOutbox } from '../../db/schema/platform';
import { noMetrics, type Metrics } from '../../lib/metrics';

/** Longer than a healthy answer ever takes, shorter than a load balancer's probe timeout (usually 5 s). */
const DATABASE_CHECK_MS = 2_000;
const REDIS_CHECK_MS = 1_000;

export interface PlatformDeps {
  db: Db;
  devOutbox: boolean;
  /** The process' Redis connection when REDIS_URL is set. */
  redis?: { ping(): Promise<unknown> } | undefined;
  metrics?: Metrics;
}

/** Whether `check` settles in time; a late answer counts as a failure. */
async function answersWithin(check: () => Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([check().then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function registerPlatformRoutes(app: FastifyInstance, ctx: RouteContext, deps: PlatformDeps) {
  const started = Date.now();
  route(app, ctx, healthRoute, async () => ({ uptime_s: Math.round((Date.now() - started) / 1000) }));

  async function readiness(): Promise<ReadinessChecks> {
    const { redis } = deps;
    const [database, redisOk] = await Promise.all([
      answersWithin(() => pingDatabase(deps.db), DATABASE_CHECK_MS),
      redis ? answersWithin(() => redis.ping(), REDIS_CHECK_MS) : Promise.resolve(undefined),
    ]);
    return {
      database: database ? READINESS.ok : READINESS.failed,
      redis: redisOk === undefined ? READINESS.notConfigured : redisOk ? READINESS.ok : READINESS.failed,
    };
  }

  // The same checks at each scrape, so an alert needs no probe of its own.
  (deps.metrics ?? noMetrics).gauge({
    name: 'pmw_ready',
    help: 'Readiness of this process by dependency: 1 answers, 0 does not (Redis only when REDIS_URL is set)',
    labelNames: ['check'],
    async collect(set) {
      for (const [check, state] of Object.entries(await readiness())) {
        if (state !== READINESS.notConfigured) set(state === READINESS.ok ? 1 : 0, { check });
      }
    },
  });

  route(app, ctx, readyRoute, async ({ reply }) => {
    const checks = await readiness();
    const failed = Object.entries(checks)
      .filter(([, state]) => state === READINESS.failed)
      .map(([part]) => part);
    if (!failed.length) return checks;
    app.log.warn({ checks }, 'not ready');
    return reply.status(503).send({ status: false, message: `Not ready: ${failed.join(', ')} not answering`, code: 'UNAVAILABLE', checks });
  });

  // Only the console SMS provider outside production has an outbox to show, one mobile at a time.
  if (deps.devOutbox) {
    route(app, ctx, devOutboxRoute, async ({ query }) => {
      const rows = await deps.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.mobile, query.mobile))
        .orderBy(desc(smsOutbox.outbox_id))
        .limit(50);
      return rows.map((r) => ({ mobile: r.mobile, text: r.text, otp: r.otp, created_on: r.created_on.toISOString() }));
    });
  }
}
