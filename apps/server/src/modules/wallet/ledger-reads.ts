import { and, count, eq, gte, inArray, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { walletTransactions } from '../../db/schema/wallet';
import { WALLET_CREDIT, WALLET_DEBIT } from './wallet.service';

/**
 * What the ledger holds for something another module owns (an application,
 * a lead), read the wallet module's way: by the posting's `ref_type` and
 * `ref_id`. Reads only; every rupee still moves through the wallet service.
 * Each takes the caller's database or transaction.
 */

/** How many credits and debits (reversals) the ledger has for one ref. */
export async function postingCountsByRef(db: DbOrTx, refType: string, refId: string): Promise<{ credits: number; debits: number }> {
  const rows = await db
    .select({ type: walletTransactions.type, n: count() })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.ref_type, refType), eq(walletTransactions.ref_id, refId)))
    .groupBy(walletTransactions.type);
  return {
    credits: rows.find((r) => r.type === WALLET_CREDIT)?.n ?? 0,
    debits: rows.find((r) => r.type === WALLET_DEBIT)?.n ?? 0,
  };
}

/** A person's net (credits less debits) per ref, in paise, for the refs asked for; a ref with no posting is absent. */
export async function netPaiseByRef(db: DbOrTx, userId: number, refType: string, refIds: readonly string[]): Promise<Map<string, number>> {
  if (!refIds.length) return new Map();
  const rows = await db
    .select({
      ref_id: walletTransactions.ref_id,
      net: sql<number>`sum(case when ${walletTransactions.type} = ${WALLET_CREDIT} then ${walletTransactions.amount_paise} else -${walletTransactions.amount_paise} end)::int`,
    })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.ref_type, refType),
        inArray(walletTransactions.ref_id, [...refIds]),
        eq(walletTransactions.user_id, userId),
      ),
    )
    .groupBy(walletTransactions.ref_id);
  return new Map(rows.map((r) => [r.ref_id!, Number(r.net)]));
}

/** A ref's postings whose idempotency key starts with `keyPrefix`, oldest first. */
export async function postingsByRef(db: DbOrTx, refType: string, refId: string, keyPrefix: string) {
  return db
    .select()
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.ref_type, refType),
        eq(walletTransactions.ref_id, refId),
        like(walletTransactions.idempotency_key, `${keyPrefix}%`),
      ),
    )
    .orderBy(walletTransactions.wallet_transaction_id);
}

/** Each credit to a person since an instant (its id, when, how much), leaving out the credits of the ref types given. */
export async function creditsSince(
  db: DbOrTx,
  userId: number,
  since: Date,
  opts: { except: readonly [string, ...string[]] },
): Promise<{ id: number; at: Date; paise: number }[]> {
  return db
    .select({ id: walletTransactions.wallet_transaction_id, at: walletTransactions.created_on, paise: walletTransactions.amount_paise })
    .from(walletTransactions)
    .where(creditedSince(userId, since, opts.except));
}

const creditedSince = (userId: number, since: Date, except: readonly string[]) =>
  and(
    eq(walletTransactions.user_id, userId),
    eq(walletTransactions.type, WALLET_CREDIT),
    gte(walletTransactions.created_on, since),
    sql`coalesce(${walletTransactions.ref_type}, '') not in (${sql.join(
      except.map((t) => sql`${t}`),
      sql`, `,
    )})`,
  );
