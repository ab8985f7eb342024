import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';
import { BANK_STATUS } from '@pmw/contract/partner-profile';
import type { StoredVars } from '@pmw/contract/texts/stored';

/**
 * A partner's bank accounts (at most 3, one default). The account number is
 * encrypted; last4 is kept for the masked display.
 */
export const bankDetails = pgTable(
  'bank_details',
  {
    bank_detail_id: integer('bank_detail_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    /** BANK or UPI (contract PAYOUT_METHOD). */
    method: text('method').notNull().default('BANK'),
    /** The bank's name, or 'UPI'. */
    bank_name: text('bank_name').notNull(),
    /** Null for a UPI ID. */
    ifsc_code: text('ifsc_code'),
    /** The account number, or the UPI ID, encrypted. */
    account_no_enc: text('account_no_enc').notNull(),
    /** The account number's last four; for a UPI ID, its masked form (as***@okaxis). */
    account_no_last4: text('account_no_last4').notNull(),
    account_no_length: smallint('account_no_length').notNull(),
    /** HMAC of the number (or UPI ID), so the same one cannot be added twice without decrypting every row. */
    account_no_hash: text('account_no_hash').notNull(),
    branch_detail: text('branch_detail'),
    /** 0 submitted, 1 verified, 2 rejected. */
    status: smallint('status').notNull().default(BANK_STATUS.submitted),
    reject_reason: text('reject_reason'),
    /**
     * The refusal's message code and varying parts when it is one of ours
     * (the bank says the account does not exist), so the partner reads it in
     * their language; null for the words ops typed, and on rows written before.
     */
    reject_reason_code: text('reject_reason_code'),
    reject_reason_vars: jsonb('reject_reason_vars').$type<StoredVars>(),
    is_default: boolean('is_default').notNull().default(false),
    /** The payout provider's penny-drop or VPA lookup: its outcome (contract NAME_CHECK), the holder's name it returned, and the PAN name compared. */
    name_check: text('name_check'),
    name_at_bank: text('name_at_bank'),
    pan_name: text('pan_name'),
    checked_on: timestamp('checked_on', { withTimezone: true }),
    created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    modified_on: timestamp('modified_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_details_user_idx').on(t.user_id),
    index('bank_details_hash_idx').on(t.account_no_hash),
    uniqueIndex('bank_details_account_idx').on(t.user_id, t.ifsc_code, t.account_no_hash),
    // A UPI ID has no IFSC, and NULLs never collide: its own index keeps it once per partner.
    uniqueIndex('bank_details_upi_idx')
      .on(t.user_id, t.account_no_hash)
      .where(sql`${t.method} = 'UPI'`),
    // At most one default per partner, whatever two requests do at once.
    uniqueIndex('bank_details_one_default_idx')
      .on(t.user_id)
      .where(sql`${t.is_default}`),
  ],
);
