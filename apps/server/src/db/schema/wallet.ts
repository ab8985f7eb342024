import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { StoredVars } from '@pmw/contract/texts/stored';
import { WALLET_TX_TYPE } from '@pmw/contract/wallet';
import { num } from '../sql-constant';
import { users } from './users';

/**
 * The ledger: every change of a partner's money is a row here, never an
 * update. type is WALLET_TX_TYPE (credit or debit); amounts in paise, always positive.
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    wallet_transaction_id: integer('wallet_transaction_id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    type: smallint('type').notNull(),
    amount_paise: bigint('amount_paise', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    remark: text('remark'),
    /**
     * The reason's and the remark's message codes and varying parts, so a
     * partner reads them in their language; the English columns stay what
     * ops and the spec's fields read. Null on rows written before, and on a
     * remark someone typed.
     */
    reason_code: text('reason_code'),
    reason_vars: jsonb('reason_vars').$type<StoredVars>(),
    remark_code: text('remark_code'),
    remark_vars: jsonb('remark_vars').$type<StoredVars>(),
    /** What caused it: LEAD, PAYOUT_RUN, ADJUSTMENT... and its id. */
    ref_type: text('ref_type'),
    ref_id: text('ref_id'),
    /** The same key never posts twice (retries, double clicks, two admins at once). */
    idempotency_key: text('idempotency_key').notNull().unique(),
    created_by: integer('created_by'),
    created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_transactions_user_idx').on(t.user_id, t.created_on),
    check('wallet_transactions_amount_positive', sql`${t.amount_paise} > 0`),
    check('wallet_transactions_type', sql`${t.type} in (${num(WALLET_TX_TYPE.credit)}, ${num(WALLET_TX_TYPE.debit)})`),
  ],
);

/** The balance of each wallet, kept in the same transaction as its ledger row. */
export const wallets = pgTable(
  'wallets',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.user_id),
    balance_paise: bigint('balance_paise', { mode: 'number' }).notNull().default(0),
    /** Sum of all credits less reversed credits: what the partner has earned. */
    earned_paise: bigint('earned_paise', { mode: 'number' }).notNull().default(0),
    modified_on: timestamp('modified_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('wallets_balance_not_negative', sql`${t.balance_paise} >= 0`)],
);
