import { z } from 'zod';
import { text } from './base';
import { defineRoute } from './api';
import { mobileSchema } from './mobile';

/** Liveness: the process answers. It checks nothing else, so a database outage does not get every process restarted. */
export const healthRoute = defineRoute({
  method: 'GET',
  path: '/health',
  auth: 'public',
  answersHead: true,
  summary: 'Tells a process manager the process is up; it checks no dependency (readiness does)',
  response: z.object({ uptime_s: z.number() }),
});

/** What readiness says of each dependency; `not_configured` is Redis without REDIS_URL. */
export const READINESS = { ok: 'ok', failed: 'failed', notConfigured: 'not_configured' } as const;
export const readinessChecksSchema = z.object({
  database: z.enum([READINESS.ok, READINESS.failed]),
  redis: z.enum([READINESS.ok, READINESS.failed, READINESS.notConfigured]),
});
export type ReadinessChecks = z.infer<typeof readinessChecksSchema>;

/**
 * Readiness: whether this process can serve now (its database answers, and
 * Redis when configured). A load balancer sends traffic only to processes
 * that answer 200; a failure answers 503 with `checks` naming the part that failed.
 */
export const readyRoute = defineRoute({
  method: 'GET',
  path: '/health/ready',
  auth: 'public',
  summary: 'Tells a load balancer whether the process can serve now: its database and Redis answer (503 names which did not)',
  response: readinessChecksSchema,
});

/** The 503 answer of readiness: the error envelope with the checks. */
export const notReadySchema = z.object({
  status: z.literal(false),
  message: text(),
  code: z.literal('UNAVAILABLE'),
  checks: readinessChecksSchema,
});

export const outboxEntrySchema = z.object({
  mobile: text(),
  text: text(),
  otp: text(),
  created_on: text(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** Dev outbox of the console SMS provider; absent in production. */
export const devOutboxRoute = defineRoute({
  method: 'GET',
  path: '/dev/outbox',
  auth: 'public',
  summary: 'Lists the newest OTP messages the console SMS provider printed to one mobile (outside production only)',
  query: z.object({ mobile: mobileSchema }),
  response: z.array(outboxEntrySchema),
});

/** The API reference: the OpenAPI document itself, not wrapped in the envelope. */
export const openApiRoute = defineRoute({
  method: 'GET',
  path: '/openapi.json',
  auth: 'public',
  summary: 'This reference as an OpenAPI 3.1 document',
  response: z.record(z.string(), z.unknown()),
  produces: ['application/json'],
});
