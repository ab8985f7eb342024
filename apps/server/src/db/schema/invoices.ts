// Owned by modules/invoices.
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * GST invoices of partners with a verified GSTIN, one series per partner per
 * financial year (PMW204/2026-27/001). Amounts in paise; the taxes are stored
 * as printed. The parties are kept as they were when the invoice was last
 * drafted or submitted, so a later change of address does not change it.
 */
export const invoices = pgTable(
  'invoices',
  {
    invoice_id: integer('invoice_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    fy: text('fy').notNull(),
    seq: integer('seq').notNull(),
    invoice_number: text('invoice_number').notNull().unique(),
    /** The month of the earnings it bills, India time: '2026-06'. */
    month: text('month').notNull(),
    /** Contract INVOICE_STATUS. */
    status: text('status').notNull(),
    /** Contract INVOICE_SOURCE once submitted. */
    source: text('source'),
    taxable_paise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    /** The GST rate in basis points (1800 = 18%). */
    gst_rate_bp: integer('gst_rate_bp').notNull(),
    cgst_paise: bigint('cgst_paise', { mode: 'number' }).notNull().default(0),
    sgst_paise: bigint('sgst_paise', { mode: 'number' }).notNull().default(0),
    igst_paise: bigint('igst_paise', { mode: 'number' }).notNull().default(0),
    supplier_name: text('supplier_name').notNull(),
    supplier_gstin: text('supplier_gstin').notNull(),
    supplier_address: text('supplier_address').notNull(),
    recipient_name: text('recipient_name').notNull(),
    recipient_gstin: text('recipient_gstin').notNull(),
    recipient_address: text('recipient_address').notNull(),
    /** The partner's own PDF (files module), when they uploaded one. */
    file_id: integer('file_id'),
    reject_reason: text('reject_reason'),
    /** The payout run that paid it; cleared again when that transfer fails. */
    payout_run_id: integer('payout_run_id'),
    submitted_on: timestamp('submitted_on', { withTimezone: true }),
    decided_by: integer('decided_by'),
    decided_on: timestamp('decided_on', { withTimezone: true }),
    created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    modified_on: timestamp('modified_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_series_idx').on(t.user_id, t.fy, t.seq),
    index('invoices_status_idx').on(t.status, t.created_on),
    index('invoices_run_idx').on(t.payout_run_id, t.user_id),
  ],
);

/** The ledger entries an invoice bills (an earning, or a reversal of one, as a negative amount): each on one invoice only. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.invoice_id),
    /** The wallet module's entry (no foreign key across modules). */
    wallet_transaction_id: integer('wallet_transaction_id').notNull(),
    amount_paise: bigint('amount_paise', { mode: 'number' }).notNull(),
    ref_type: text('ref_type'),
    ref_id: text('ref_id'),
    credited_on: timestamp('credited_on', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('invoice_lines_entry_idx').on(t.wallet_transaction_id), index('invoice_lines_invoice_idx').on(t.invoice_id)],
);
