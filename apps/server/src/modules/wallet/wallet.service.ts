import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { walletTransactions, wallets } from '../../db/schema/wallet';
import { AppError } from '../../errors';
import { PAYOUT_RUN_REF_TYPE } from '@pmw/contract/partner';
import { say, Said } from '@pmw/contract/texts/said';
import { toStored } from '@pmw/contract/texts/stored';
import { englishOf } from '../locale/locale';

import { WALLET_TX_TYPE } from '@pmw/contract/wallet';
import { num } from '../../db/sql-constant';

export const WALLET_CREDIT = WALLET_TX_TYPE.credit;
export const WALLET_DEBIT = WALLET_TX_TYPE.debit;

export interface Posting {
  user_id: number;
  type: typeof WALLET_CREDIT | typeof WALLET_DEBIT;
  amount_paise: number;
  /** Said by code: the partner reads it in their language, ops and the English fields read its English. */
  reason: Said;
  /** A said remark, or one someone typed (kept as typed). */
  remark?: Said | string | null;
  ref_type?: string | null;
  ref_id?: string | null;
  /** Posting the same key twice changes nothing the second time. */
  idempotency_key: string;
  /**
   * Whether this entry counts towards Total Earnings: a lead credit does, and
   * its reversal takes it back; a payout debit does not.
   */
  affects_earnings?: boolean;
  created_by?: number | null;
}

/**
 * Owns the wallet tables. Every change is a ledger row plus the balance
 * update, in one transaction, so the balance always equals the ledger.
 */
export function createWalletService(deps: { db: Db }) {
  const { db } = deps;

  async function postIn(tx: DbOrTx, p: Posting): Promise<{ applied: boolean; wallet_transaction_id: number | null }> {
    if (!Number.isInteger(p.amount_paise) || p.amount_paise <= 0) throw new AppError('BAD_REQUEST', say('ops.amountPositive'));
    const [row] = await tx
      .insert(walletTransactions)
      .values({
        user_id: p.user_id,
        type: p.type,
        amount_paise: p.amount_paise,
        reason: englishOf(p.reason),
        reason_code: p.reason.code,
        reason_vars: toStored(p.reason).vars,
        remark: p.remark instanceof Said ? englishOf(p.remark) : (p.remark ?? null),
        remark_code: p.remark instanceof Said ? p.remark.code : null,
        remark_vars: p.remark instanceof Said ? toStored(p.remark).vars : null,
        ref_type: p.ref_type ?? null,
        ref_id: p.ref_id ?? null,
        idempotency_key: p.idempotency_key,
        created_by: p.created_by ?? null,
      })
      .onConflictDoNothing({ target: walletTransactions.idempotency_key })
      .returning({ id: walletTransactions.wallet_transaction_id });
    if (!row) return { applied: false, wallet_transaction_id: null };
    const signed = p.type === WALLET_CREDIT ? p.amount_paise : -p.amount_paise;
    const earned = p.affects_earnings ? signed : 0;
    // Create the wallet at zero first: the check on a negative balance must see the sum, not the posting.
    await tx.insert(wallets).values({ user_id: p.user_id }).onConflictDoNothing({ target: wallets.user_id });
    await tx
      .update(wallets)
      .set({
        balance_paise: sql`${wallets.balance_paise} + ${signed}`,
        earned_paise: sql`${wallets.earned_paise} + ${earned}`,
        modified_on: new Date(),
      })
      .where(eq(wallets.user_id, p.user_id));
    return { applied: true, wallet_transaction_id: row.id };
  }

  return {
    /**
     * Posts one entry. Pass the caller's transaction to tie it to another
     * change (approving a lead, a payout run); a debit below zero fails.
     */
    async post(p: Posting, tx?: DbOrTx) {
      try {
        return tx ? await postIn(tx, p) : await db.transaction((t) => postIn(t, p));
      } catch (err) {
        const code = (err as { cause?: { code?: string }; code?: string }).cause?.code ?? (err as { code?: string }).code;
        if (code === '23514') throw new AppError('CONFLICT', say('ops.insufficientBalance'));
        throw err;
      }
    },

    /** Wallets holding money, for payout runs. */
    async positiveBalances(tx: DbOrTx = db): Promise<{ user_id: number; balance_paise: number }[]> {
      return tx
        .select({ user_id: wallets.user_id, balance_paise: wallets.balance_paise })
        .from(wallets)
        .where(gt(wallets.balance_paise, 0))
        .orderBy(wallets.user_id);
    },

    /**
     * The same wallets, locked until the caller's transaction ends, in ascending user order (every
     * action that locks several wallets takes them in one order): a balance read here is the one paid.
     */
    async lockPositiveBalances(tx: DbOrTx): Promise<{ user_id: number; balance_paise: number }[]> {
      return tx
        .select({ user_id: wallets.user_id, balance_paise: wallets.balance_paise })
        .from(wallets)
        .where(gt(wallets.balance_paise, 0))
        .orderBy(wallets.user_id)
        .for('update');
    },

    /** Wallet: total_amount is the balance, credit_amount the total earnings. */
    async summary(userId: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(wallets).where(eq(wallets.user_id, userId)).limit(1);
      return { total_amount: row?.balance_paise ?? 0, credit_amount: row?.earned_paise ?? 0 };
    },

    async transactions(userId: number, page: { limit: number; offset: number }) {
      const rows = await db
        .select()
        .from(walletTransactions)
        .where(eq(walletTransactions.user_id, userId))
        .orderBy(desc(walletTransactions.created_on), desc(walletTransactions.wallet_transaction_id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db.select({ n: count() }).from(walletTransactions).where(eq(walletTransactions.user_id, userId));
      return { count: total?.n ?? 0, rows };
    },

    /**
     * What payout runs have paid to the partner's bank, in paise: their debits less what failed
     * transfers returned, without the TDS they held back (entries keyed `payout-tds…`).
     */
    async paidOut(userId: number, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .select({
          paise: sql<string>`coalesce(sum(case when ${walletTransactions.type} = ${WALLET_DEBIT} then ${walletTransactions.amount_paise} else -${walletTransactions.amount_paise} end), 0)::text`,
        })
        .from(walletTransactions)
        .where(
          and(
            eq(walletTransactions.user_id, userId),
            eq(walletTransactions.ref_type, PAYOUT_RUN_REF_TYPE),
            sql`${walletTransactions.idempotency_key} not like 'payout-tds%'`,
          ),
        );
      return Number(row?.paise ?? 0);
    },

    /** summary() and paidOut() in one statement, for the dashboard that shows both on every open. */
    async moneySummary(userId: number): Promise<{ total_amount: number; credit_amount: number; paid_paise: number }> {
      const paid = db
        .select({
          paise: sql<string>`coalesce(sum(case when ${walletTransactions.type} = ${WALLET_DEBIT} then ${walletTransactions.amount_paise} else -${walletTransactions.amount_paise} end), 0)`,
        })
        .from(walletTransactions)
        .where(
          and(
            eq(walletTransactions.user_id, userId),
            eq(walletTransactions.ref_type, PAYOUT_RUN_REF_TYPE),
            sql`${walletTransactions.idempotency_key} not like 'payout-tds%'`,
          ),
        );
      const [row] = await db
        .select({
          balance: sql<string>`(select balance_paise from ${wallets} where ${wallets.user_id} = ${userId})::text`,
          earned: sql<string>`(select earned_paise from ${wallets} where ${wallets.user_id} = ${userId})::text`,
          paid: sql<string>`(${paid})::text`,
        })
        .from(sql`(select 1) as one`);
      return { total_amount: Number(row?.balance ?? 0), credit_amount: Number(row?.earned ?? 0), paid_paise: Number(row?.paid ?? 0) };
    },

    /** A partner's earnings in the ledger (credits, and reversals as negative amounts), oldest first: what GST invoices are drafted from. */
    async earningEntries(
      userId: number,
      refTypes: readonly string[],
      tx: DbOrTx = db,
    ): Promise<
      { wallet_transaction_id: number; amount_paise: number; ref_type: string | null; ref_id: string | null; created_on: Date }[]
    > {
      const rows = await tx
        .select()
        .from(walletTransactions)
        .where(and(eq(walletTransactions.user_id, userId), inArray(walletTransactions.ref_type, [...refTypes])))
        .orderBy(asc(walletTransactions.wallet_transaction_id));
      return rows.map((r) => ({
        wallet_transaction_id: r.wallet_transaction_id,
        amount_paise: r.type === WALLET_CREDIT ? r.amount_paise : -r.amount_paise,
        ref_type: r.ref_type,
        ref_id: r.ref_id,
        created_on: r.created_on,
      }));
    },

    /**
     * Locks the wallet until the caller's transaction ends (a payout run that
     * holds it is waited for; a later one waits) and says whether a payout run
     * has debited it after the entry given: money it then holds may be paid out.
     */
    async lockPaidOutSince(userId: number, afterTransactionId: number, tx: DbOrTx): Promise<boolean> {
      await tx.select({ user_id: wallets.user_id }).from(wallets).where(eq(wallets.user_id, userId)).for('update');
      const [row] = await tx
        .select({ id: walletTransactions.wallet_transaction_id })
        .from(walletTransactions)
        .where(
          and(
            eq(walletTransactions.user_id, userId),
            eq(walletTransactions.ref_type, PAYOUT_RUN_REF_TYPE),
            eq(walletTransactions.type, WALLET_DEBIT),
            gt(walletTransactions.wallet_transaction_id, afterTransactionId),
          ),
        )
        .limit(1);
      return !!row;
    },

    async byKey(key: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(walletTransactions)
        .where(and(eq(walletTransactions.idempotency_key, key)))
        .limit(1);
      return row;
    },

    /** Wallets whose balance differs from the sum of their ledger (should always be none). */
    /** How many wallets and ledger entries the database holds (for the ledger check's summary). */
    async ledgerSize(tx: DbOrTx = db): Promise<{ wallets: number; entries: number }> {
      const counts = (await tx.execute(
        'select (select count(*) from wallets)::int as wallets, (select count(*) from wallet_transactions)::int as entries',
      )) as unknown as { rows: { wallets: number; entries: number }[] };
      const c = counts.rows[0];
      return { wallets: c?.wallets ?? 0, entries: c?.entries ?? 0 };
    },
    async ledgerMismatches(tx: DbOrTx = db) {
      // Both drivers answer { rows }; the generic driver type does not say so.
      const result = (await tx.execute(sql`
        select coalesce(w.user_id, l.user_id) as user_id,
               coalesce(w.balance_paise, 0)::text as balance_paise,
               coalesce(l.ledger_paise, 0)::text as ledger_paise
        from wallets w
        full outer join (
          select user_id, sum(case when type = ${num(WALLET_CREDIT)} then amount_paise else -amount_paise end) as ledger_paise
          from wallet_transactions group by user_id
        ) l on l.user_id = w.user_id
        where coalesce(w.balance_paise, 0) <> coalesce(l.ledger_paise, 0)`)) as unknown as {
        rows: { user_id: number; balance_paise: string; ledger_paise: string }[];
      };
      return result.rows.map((r) => ({
        user_id: Number(r.user_id),
        balance_paise: Number(r.balance_paise),
        ledger_paise: Number(r.ledger_paise),
      }));
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
