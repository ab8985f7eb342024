import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { okEnvelope } from '@pmw/contract/api';
import { healthRoute, notReadySchema, readinessChecksSchema } from '@pmw/contract/platform';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { registerErrorHandler } from '../../http/error-handler';
import { registerPlatformRoutes } from './platform.routes';

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('liveness and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('liveness answers without asking any dependency', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/health' });
    expect(res.statusCode).toBe(200);
    expect(okEnvelope(healthRoute.response).parse(res.json()).data.uptime_s).toBeGreaterThanOrEqual(0);
  });

  it('is ready when the database answers, and says Redis is not configured without REDIS_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(okEnvelope(readinessChecksSchema).parse(res.json()).data).toEqual({ database: 'ok', redis: 'not_configured' });
  });

  it('answers 503 naming Redis when it does not answer at its address', async () => {
    // The platform routes on their own app, with a Redis at a closed port (the whole app would wait for its Socket.IO adapter).
    const redis = new Redis(`redis://127.0.0.1:${await closedPort()}`, { maxRetriesPerRequest: 1, lazyConnect: true });
    redis.on('error', () => undefined);
    const app = Fastify();
    registerErrorHandler(app);
    registerPlatformRoutes(
      app,
      { sessions: t.services.sessions, checkResponses: true, opsRole: () => Promise.reject(new Error('no ops routes here')) },
      { db: t.database.db, devOutbox: false, redis },
    );
    try {
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/api/v2/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(notReadySchema.parse(res.json())).toMatchObject({
        code: 'UNAVAILABLE',
        message: 'Not ready: redis not answering',
        checks: { database: 'ok', redis: 'failed' },
      });
      // Within the check's timeout: a load balancer's probe gets its answer.
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      redis.disconnect();
      await app.close();
    }
  });

  it('answers GET only', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/health/ready' });
    expect(res.statusCode).toBe(404);
  });
});

describe('readiness when the database is down', () => {
  it('answers 503 naming the database when it is closed, while liveness still answers', async () => {
    const t = await createTestApp();
    try {
      await t.database.close();
      const res = await t.app.inject({ method: 'GET', url: '/api/v2/health/ready' });
      expect(res.statusCode).toBe(503);
      const answer = notReadySchema.parse(res.json());
      expect(answer.checks).toEqual({ database: 'failed', redis: 'not_configured' });
      expect(answer.message).toBe('Not ready: database not answering');
      expect((await t.app.inject({ method: 'GET', url: '/api/v2/health' })).statusCode).toBe(200);
    } finally {
      await t.app.close();
    }
  });
});
