import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { BANK_STATUS, MAX_BANKS, canRemoveBank, maskAccount, profileMessages, type Bank } from '@pmw/contract/partner-profile';
import type { Db, DbOrTx } from '../../db/client';
import { bankDetails } from '../../db/schema/profile';
import { AppError, conflict, isUniqueViolation, notFound } from '../../errors';
import { hmac, type FieldCipher } from '../../lib/crypto';
import type { IfscProvider } from '../../providers/ifsc';
import { NOTIFY_AUDIENCE, NOTIFY_EVENT } from '@pmw/contract/notifications';
import type { NotificationsService } from '../notifications/notifications.service';

export type BankRow = typeof bankDetails.$inferSelect;

/**
 * Owns bank_details: a partner's accounts (at most 3, one default), account
 * numbers encrypted and shown masked. Ops review them (setStatus); payouts go
 * to the verified default (verifiedDefault).
 */
export function createBanksService(deps: {
  db: Db;
  cipher: FieldCipher;
  ifsc: IfscProvider;
  secretKey: string;
  notifications?: NotificationsService | undefined;
}) {
  const { db, cipher, ifsc } = deps;
  const accountHash = (n: string) => hmac(deps.secretKey, `bank-account:${n}`);

  const view = (row: BankRow): Bank => ({
    bank_detail_id: row.bank_detail_id,
    bank_name: row.bank_name,
    ifsc_code: row.ifsc_code,
    account_no: maskAccount(row.account_no_last4, row.account_no_length),
    branch_detail: row.branch_detail,
    status: row.status,
    reject_reason: row.status === BANK_STATUS.rejected ? row.reject_reason : null,
    is_default: row.is_default,
    created_on: row.created_on.toISOString(),
  });

  const service = {
    view,
    async list(userId: number, tx: DbOrTx = db): Promise<Bank[]> {
      const rows = await tx.select().from(bankDetails).where(eq(bankDetails.user_id, userId)).orderBy(asc(bankDetails.bank_detail_id));
      return rows.map(view);
    },

    /**
     * Adds an account. The IFSC must exist in the offline data (its bank name
     * wins over what the form sent). One partner's adds run one at a time, so
     * the limit of 3 holds under concurrent requests; rejected accounts are
     * out of use and do not count toward it.
     */
    async add(
      userId: number,
      input: { ifsc_code: string; account_no: string; bank_name?: string | undefined; branch_detail?: string | undefined },
    ): Promise<Bank> {
      const known = ifsc.validate(input.ifsc_code);
      if (!known.valid) throw new AppError('VALIDATION', profileMessages.ifscUnknown);
      const hash = accountHash(input.account_no);
      try {
        return await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`banks:${userId}`}))`);
          const [n] = await tx
            .select({ n: count() })
            .from(bankDetails)
            .where(and(eq(bankDetails.user_id, userId), ne(bankDetails.status, BANK_STATUS.rejected)));
          if ((n?.n ?? 0) >= MAX_BANKS) throw conflict(profileMessages.bankLimit);
          const [row] = await tx
            .insert(bankDetails)
            .values({
              user_id: userId,
              bank_name: known.bank ?? input.bank_name ?? input.ifsc_code.slice(0, 4),
              ifsc_code: input.ifsc_code,
              account_no_enc: cipher.encrypt(input.account_no),
              account_no_last4: input.account_no.slice(-4),
              account_no_length: input.account_no.length,
              account_no_hash: hash,
              branch_detail: input.branch_detail || null,
            })
            .returning();
          return view(row!);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(profileMessages.bankDuplicate);
        throw err;
      }
    },

    /** 'Make Default': only the owner's verified bank; the old default stops being one in the same transaction. */
    async setDefault(userId: number, bankDetailId: number): Promise<Bank[]> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`banks:${userId}`}))`);
        const [row] = await tx.select().from(bankDetails).where(eq(bankDetails.bank_detail_id, bankDetailId)).limit(1);
        if (!row || row.user_id !== userId) throw notFound(profileMessages.bankNotFound);
        if (row.status !== BANK_STATUS.verified) throw new AppError('CONFLICT', profileMessages.bankNotVerified);
        if (!row.is_default) {
          await tx
            .update(bankDetails)
            .set({ is_default: false, modified_on: new Date() })
            .where(and(eq(bankDetails.user_id, userId), eq(bankDetails.is_default, true)));
          await tx
            .update(bankDetails)
            .set({ is_default: true, modified_on: new Date() })
            .where(eq(bankDetails.bank_detail_id, bankDetailId));
        }
        return service.list(userId, tx);
      });
    },

    /**
     * Removes the owner's rejected account, so a correct one can take its
     * place (the same number too, once fixed by the bank), and so can one in
     * review (a typo). Verified accounts stay: payouts may be on their way to them.
     */
    async remove(userId: number, bankDetailId: number): Promise<Bank[]> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`banks:${userId}`}))`);
        const [row] = await tx.select().from(bankDetails).where(eq(bankDetails.bank_detail_id, bankDetailId)).limit(1);
        if (!row || row.user_id !== userId) throw notFound(profileMessages.bankNotFound);
        if (!canRemoveBank(row)) throw conflict(profileMessages.bankNotRemovable);
        await tx.delete(bankDetails).where(eq(bankDetails.bank_detail_id, bankDetailId));
        return service.list(userId, tx);
      });
    },

    /**
     * Ops review: verify (1) or reject (2). A partner's first verified bank
     * becomes the default; a rejected default stops being one.
     */
    async setStatus(bankDetailId: number, status: 1 | 2, reason: string | null = null): Promise<Bank> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(bankDetails).where(eq(bankDetails.bank_detail_id, bankDetailId)).limit(1);
        if (!current) throw notFound(profileMessages.bankNotFound);
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`banks:${current.user_id}`}))`);
        let makeDefault = current.is_default && status === BANK_STATUS.verified;
        if (status === BANK_STATUS.verified && !current.is_default) {
          const [def] = await tx
            .select({ id: bankDetails.bank_detail_id })
            .from(bankDetails)
            .where(and(eq(bankDetails.user_id, current.user_id), eq(bankDetails.is_default, true)))
            .limit(1);
          makeDefault = !def;
        }
        const [row] = await tx
          .update(bankDetails)
          .set({ status, reject_reason: status === BANK_STATUS.rejected ? reason : null, is_default: makeDefault, modified_on: new Date() })
          .where(eq(bankDetails.bank_detail_id, bankDetailId))
          .returning();
        if (current.status !== status || (status === BANK_STATUS.rejected && current.reject_reason !== reason)) {
          const bank_ending = row!.account_no_last4;
          await deps.notifications?.notify(
            tx,
            status === BANK_STATUS.verified
              ? { event: NOTIFY_EVENT.bankVerified, audience: NOTIFY_AUDIENCE.partner, user_id: current.user_id, data: { bank_ending } }
              : {
                  event: NOTIFY_EVENT.bankRejected,
                  audience: NOTIFY_AUDIENCE.partner,
                  user_id: current.user_id,
                  data: { bank_ending, reason: reason ?? '' },
                },
          );
        }
        return view(row!);
      });
    },

    /** Where a payout goes: the partner's verified default bank, if any. */
    async verifiedDefault(userId: number, tx: DbOrTx = db): Promise<(Bank & { user_id: number }) | undefined> {
      const [row] = await tx
        .select()
        .from(bankDetails)
        .where(and(eq(bankDetails.user_id, userId), eq(bankDetails.is_default, true), eq(bankDetails.status, BANK_STATUS.verified)))
        .limit(1);
      return row ? { ...view(row), user_id: row.user_id } : undefined;
    },

    /** The account number in clear, for a payout run (callers decide who may see it). */
    revealAccount(row: Pick<BankRow, 'account_no_enc'>): string {
      return cipher.decrypt(row.account_no_enc);
    },

    async byId(bankDetailId: number, tx: DbOrTx = db): Promise<BankRow | undefined> {
      const [row] = await tx.select().from(bankDetails).where(eq(bankDetails.bank_detail_id, bankDetailId)).limit(1);
      return row;
    },

    /** Banks waiting for review (status 0), oldest first, for the ops console. */
    async reviewQueue(page: { limit: number; offset: number }): Promise<{ count: number; rows: (Bank & { user_id: number })[] }> {
      const rows = await db
        .select()
        .from(bankDetails)
        .where(eq(bankDetails.status, BANK_STATUS.submitted))
        .orderBy(asc(bankDetails.created_on))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db.select({ n: count() }).from(bankDetails).where(eq(bankDetails.status, BANK_STATUS.submitted));
      return { count: total?.n ?? 0, rows: rows.map((r) => ({ ...view(r), user_id: r.user_id })) };
    },

    /** The bank the Payouts tile shows: the default, else the newest. */
    async forPayoutTile(userId: number): Promise<Bank | undefined> {
      const [row] = await db
        .select()
        .from(bankDetails)
        .where(eq(bankDetails.user_id, userId))
        .orderBy(desc(bankDetails.is_default), desc(bankDetails.bank_detail_id))
        .limit(1);
      return row ? view(row) : undefined;
    },
  };
  return service;
}
export type BanksService = ReturnType<typeof createBanksService>;
