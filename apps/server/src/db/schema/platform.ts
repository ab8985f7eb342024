// Owned by modules/platform (the console SMS provider writes it).
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const createdOn = () => timestamp('created_on', { withTimezone: true }).notNull().defaultNow();

/** What the console SMS provider "sent", for developers and tests. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    outbox_id: integer('outbox_id').primaryKey().generatedAlwaysAsIdentity(),
    mobile: text('mobile').notNull(),
    text: text('text').notNull(),
    otp: text('otp').notNull(),
    created_on: createdOn(),
  },
  (t) => [index('sms_outbox_mobile_idx').on(t.mobile, t.created_on)],
);
