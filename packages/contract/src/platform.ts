import { z } from 'zod';
import { defineRoute } from './api';
import { mobileSchema } from './mobile';

export const healthRoute = defineRoute({
  method: 'GET', path: '/health', auth: 'public',
  response: z.object({ database: z.literal('ok'), uptime_s: z.number() }),
});

export const outboxEntrySchema = z.object({
  mobile: z.string(),
  text: z.string(),
  otp: z.string(),
  created_on: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** Dev outbox of the console SMS provider; absent in production. */
export const devOutboxRoute = defineRoute({
  method: 'GET', path: '/dev/outbox', auth: 'public',
  query: z.object({ mobile: mobileSchema.optional() }),
  response: z.array(outboxEntrySchema),
});
