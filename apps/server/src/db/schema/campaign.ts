import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';
import type { NotEligibleJob } from '@pmw/contract/campaign';

const createdOn = () => timestamp('created_on', { withTimezone: true }).notNull().defaultNow();
const modifiedOn = () => timestamp('modified_on', { withTimezone: true }).notNull().defaultNow();

/**
 * Visitors of campaign pages. A row starts anonymous (no mobile) when a
 * visitor first uploads a file, and holds the mobile once it is verified by
 * OTP; one row per verified mobile.
 */
export const customers = pgTable('customers', {
  customer_id: integer('customer_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
  mobile: text('mobile').unique(),
  name: text('name'),
  /** The campaign code the customer first came through. */
  utm_code: text('utm_code'),
  created_on: createdOn(),
  modified_on: modifiedOn(),
});

/**
 * A customer's consent to a credit-profile check: who, for what purpose, when
 * it was asked and when it was given (by OTP), and what the check decided.
 */
export const creditConsents = pgTable(
  'credit_consents',
  {
    consent_id: text('consent_id').primaryKey(),
    purpose: text('purpose').notNull(),
    mobile: text('mobile').notNull(),
    name: text('name').notNull(),
    /** Encrypted PAN; last4 for display. */
    pan_enc: text('pan_enc').notNull(),
    pan_last4: text('pan_last4').notNull(),
    utm_code: text('utm_code').notNull(),
    project_name: text('project_name'),
    otp_request_id: text('otp_request_id').notNull(),
    client_ip: text('client_ip').notNull(),
    requested_on: createdOn(),
    /** When the OTP proved the customer agreed; null until then. */
    granted_on: timestamp('granted_on', { withTimezone: true }),
    earning: integer('earning'),
    eligible_job_ids: jsonb('eligible_job_ids').$type<number[]>(),
    not_eligible_jobs: jsonb('not_eligible_jobs').$type<NotEligibleJob[]>(),
    decided_on: timestamp('decided_on', { withTimezone: true }),
  },
  (t) => [index('credit_consents_mobile_idx').on(t.mobile, t.requested_on)],
);

/**
 * A partner's campaign codes (`/utm/{code}`). Each partner has one current
 * code (retired_on null), made once; a code the partner replaced keeps its row
 * (retired_on set), so it stays taken and printed QR codes still reach them.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    utm_code: text('utm_code').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    created_on: createdOn(),
    retired_on: timestamp('retired_on', { withTimezone: true }),
  },
  (t) => [
    index('campaigns_user_idx').on(t.user_id),
    // Concurrent first fetches make one code: the second insert meets this index and does nothing.
    uniqueIndex('campaigns_current_user_idx')
      .on(t.user_id)
      .where(sql`${t.retired_on} is null`),
  ],
);
