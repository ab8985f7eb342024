import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StoredVars } from '@pmw/contract/texts/stored';
import { users } from './users';

/** Every ops action: who, when, what, and the record before and after. Rows are never changed. */
export const auditLog = pgTable(
  'audit_log',
  {
    audit_id: integer('audit_id').primaryKey().generatedAlwaysAsIdentity(),
    /** null for the server's own scheduled jobs. */
    actor_user_id: integer('actor_user_id').references(() => users.user_id),
    action: text('action').notNull(),
    entity_type: text('entity_type').notNull(),
    entity_id: text('entity_id').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.created_on),
    index('audit_log_entity_idx').on(t.entity_type, t.entity_id),
    index('audit_log_actor_idx').on(t.actor_user_id, t.created_on),
  ],
);

/** State of the in-process scheduled jobs, so a restart knows when each last ran. */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  last_started_at: timestamp('last_started_at', { withTimezone: true }),
  last_finished_at: timestamp('last_finished_at', { withTimezone: true }),
  next_run_at: timestamp('next_run_at', { withTimezone: true }).notNull(),
  last_result: jsonb('last_result').$type<Record<string, unknown>>(),
});

/** One payout run: the partners it paid and held; its bank transfer file is built from the items. */
export const payoutRuns = pgTable('payout_runs', {
  payout_run_id: integer('payout_run_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
  /** A client-chosen key: a retried request answers the run it already made. */
  request_key: text('request_key').notNull().unique(),
  created_by: integer('created_by')
    .notNull()
    .references(() => users.user_id),
  paid_count: integer('paid_count').notNull().default(0),
  held_count: integer('held_count').notNull().default(0),
  total_paise: bigint('total_paise', { mode: 'number' }).notNull().default(0),
  /** provider (each item sent through the payout provider) or bank_file (NEFT file, outcome from the bank's response file). */
  mode: text('mode').notNull().default('bank_file'),
  created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A partner in a run. HELD (not paid, with the reason) or its transfer's life:
 * QUEUED → PROCESSING → PAID (with the UTR) or FAILED (with the reason; the
 * money went back to the wallet). gross = TDS + net; the wallet was debited
 * the net (the transfer) and the TDS, each under its own key.
 */
export const payoutRunItems = pgTable(
  'payout_run_items',
  {
    payout_run_id: integer('payout_run_id')
      .notNull()
      .references(() => payoutRuns.payout_run_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    status: text('status').notNull(),
    amount_paise: bigint('amount_paise', { mode: 'number' }).notNull(),
    reason: text('reason'),
    /** A held item's reason by its message code and varying parts (the console's words); null on rows written before. */
    reason_code: text('reason_code'),
    reason_vars: jsonb('reason_vars').$type<StoredVars>(),
    tds_paise: bigint('tds_paise', { mode: 'number' }).notNull().default(0),
    /** The GST of the invoices it pays (part of amount_paise; TDS is on amount_paise less this). */
    gst_paise: bigint('gst_paise', { mode: 'number' }).notNull().default(0),
    /** Of a GST partner's amount, what is paid without an invoice (earned before their GST registration). */
    uninvoiced_paise: bigint('uninvoiced_paise', { mode: 'number' }).notNull().default(0),
    net_paise: bigint('net_paise', { mode: 'number' }).notNull().default(0),
    utr: text('utr'),
    failure_reason: text('failure_reason'),
    /**
     * Why it failed by its message code and varying parts when the words are
     * ours (a transfer returned by the bank), so the partner reads them in
     * their language; null for the bank's or the provider's own words, and on
     * rows written before.
     */
    failure_reason_code: text('failure_reason_code'),
    failure_reason_vars: jsonb('failure_reason_vars').$type<StoredVars>(),
    provider_payout_id: text('provider_payout_id'),
    settled_on: timestamp('settled_on', { withTimezone: true }),
    wallet_transaction_id: integer('wallet_transaction_id'),
    /** The bank as it was when paid; the number stays encrypted and the file is rebuilt on download. */
    beneficiary_name: text('beneficiary_name'),
    beneficiary_mobile: text('beneficiary_mobile'),
    bank_name: text('bank_name'),
    ifsc_code: text('ifsc_code'),
    account_no_enc: text('account_no_enc'),
    account_no_last4: text('account_no_last4'),
    /** BANK or UPI: how the transfer goes (a UPI ID travels encrypted in account_no_enc). */
    method: text('method').notNull().default('BANK'),
  },
  (t) => [
    uniqueIndex('payout_run_items_pk').on(t.payout_run_id, t.user_id),
    index('payout_run_items_user_idx').on(t.user_id),
    uniqueIndex('payout_run_items_provider_idx').on(t.provider_payout_id),
  ],
);
