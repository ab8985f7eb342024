import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { devOutboxRoute, healthRoute } from '@pmw/contract/platform';
import { route, type RouteContext } from '../../http/route';
import { pingDatabase, type Db } from '../../db/client';
import { smsOutbox } from '../../db/schema/index';
import { AppError } from '../../errors';

export function registerPlatformRoutes(app: FastifyInstance, ctx: RouteContext, deps: { db: Db; devOutbox: boolean }) {
  const started = Date.now();
  route(app, ctx, healthRoute, async () => {
    try {
      await pingDatabase(deps.db);
    } catch (err) {
      app.log.error({ err }, 'health check: database unreachable');
      throw new AppError('INTERNAL', 'Database unreachable', 503);
    }
    return { database: 'ok' as const, uptime_s: Math.round((Date.now() - started) / 1000) };
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
