import { z } from 'zod';
import { text } from './base';
import { defineRoute } from './api';
import { mobileSchema } from './mobile';

export const healthRoute = defineRoute({
  method: 'GET', path: '/health', auth: 'public', answersHead: true,
  summary: 'Tells a load balancer the process is up and reaches its database',
  response: z.object({ database: z.literal('ok'), uptime_s: z.number() }),
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
  method: 'GET', path: '/dev/outbox', auth: 'public',
  summary: 'Lists the newest OTP messages the console SMS provider printed to one mobile (outside production only)',
  query: z.object({ mobile: mobileSchema }),
  response: z.array(outboxEntrySchema),
});

/** The API reference: the OpenAPI document itself, not wrapped in the envelope. */
export const openApiRoute = defineRoute({
  method: 'GET', path: '/openapi.json', auth: 'public',
  summary: 'This reference as an OpenAPI 3.1 document',
  response: z.record(z.string(), z.unknown()),
  produces: ['application/json'],
});
