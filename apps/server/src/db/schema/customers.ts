// Owned by modules/customers.
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Customers assigned to a partner to call (the Customers page). */
export const customerLeads = pgTable(
  'customer_leads',
  {
    customer_lead_id: integer('customer_lead_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    partner_user_id: integer('partner_user_id')
      .notNull()
      .references(() => users.user_id),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    created_by: integer('created_by'),
    created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_leads_partner_idx').on(t.partner_user_id, t.created_on),
    uniqueIndex('customer_leads_partner_mobile_idx').on(t.partner_user_id, t.mobile),
  ],
);

/** One click-to-call from a partner to an assigned customer. */
export const customerCalls = pgTable(
  'customer_calls',
  {
    call_id: integer('call_id').primaryKey().generatedAlwaysAsIdentity(),
    customer_lead_id: integer('customer_lead_id')
      .notNull()
      .references(() => customerLeads.customer_lead_id),
    partner_user_id: integer('partner_user_id')
      .notNull()
      .references(() => users.user_id),
    provider: text('provider').notNull(),
    /** The provider's call id. */
    sid: text('sid').notNull(),
    status: text('status').notNull(),
    answered_at: timestamp('answered_at', { withTimezone: true }),
    ended_at: timestamp('ended_at', { withTimezone: true }),
    created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_calls_partner_idx').on(t.partner_user_id, t.created_on)],
);
