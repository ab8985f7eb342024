// Owned by modules/auth.
import { index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const createdOn = () => timestamp('created_on', { withTimezone: true }).notNull().defaultNow();

/** One row per OTP sent; the code itself is kept only as an HMAC. */
export const otpRequests = pgTable(
  'otp_requests',
  {
    request_id: text('request_id').primaryKey(),
    mobile: text('mobile').notNull(),
    purpose: text('purpose').notNull(),
    code_hash: text('code_hash').notNull(),
    client_ip: text('client_ip').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
    created_on: createdOn(),
  },
  (t) => [index('otp_requests_mobile_idx').on(t.mobile, t.created_on), index('otp_requests_ip_idx').on(t.client_ip, t.created_on)],
);
