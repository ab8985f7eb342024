import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import {
  BANK_STATUS,
  type BankDecision,
  MAX_BANKS,
  NAME_CHECK,
  PAYOUT_METHOD,
  canRemoveBank,
  maskAccount,
  maskUpiId,
  type Bank,
  type NameCheck,
  type PayoutMethod,
} from '@pmw/contract/partner-profile';
import { namesMatch } from '@pmw/contract/name-match';
import type { Db, DbOrTx } from '../../db/client';
import { bankDetails } from '../../db/schema/profile';
import { AppError, conflict, isUniqueViolation, notFound } from '../../errors';
import { hmac, type FieldCipher } from '../../lib/crypto';
import type { IfscProvider } from '../../providers/ifsc';
import type { PayoutBeneficiary, PayoutProvider } from '../../providers/payouts';
import { NOTIFY_AUDIENCE, NOTIFY_EVENT } from '@pmw/contract/notifications';
import type { NotificationsService } from '../notifications/notifications.service';
import { asTyped, Said, say, Typed } from '@pmw/contract/texts/said';
import { toStored } from '@pmw/contract/texts/stored';
import { englishOf } from '../locale/locale';

export type BankRow = typeof bankDetails.$inferSelect;

/**
 * Owns bank_details: a partner's payout methods (bank accounts and UPI IDs, at
 * most 3 in use, one default), numbers encrypted and shown masked. Each new
 * method is checked through the payout provider (a penny-drop or a VPA lookup)
 * and the holder's name it returns is compared with the PAN name: a match
 * verifies it, anything else waits for ops (setStatus), who see both names.
 * Payouts go to the verified default (verifiedDefault).
 */
export function createBanksService(deps: {
  db: Db;
  cipher: FieldCipher;
  ifsc: IfscProvider;
  secretKey: string;
  payouts: PayoutProvider;
  /** The name the partner's PAN was given with, or null without a PAN on file. */
  panName: (userId: number) => Promise<string | null>;
  notifications?: NotificationsService | undefined;
  logger?: { warn: (obj: object, msg: string) => void } | undefined;
}) {
  const { db, cipher, ifsc } = deps;
  const accountHash = (n: string) => hmac(deps.secretKey, `bank-account:${n}`);
  const upiHash = (id: string) => hmac(deps.secretKey, `upi:${id}`);
  const isUpi = (row: Pick<BankRow, 'method'>) => row.method === PAYOUT_METHOD.upi;

  const view = (row: BankRow): Bank => ({
    bank_detail_id: row.bank_detail_id,
    method: row.method as PayoutMethod,
    bank_name: row.bank_name,
    ifsc_code: row.ifsc_code ?? '',
    account_no: isUpi(row) ? row.account_no_last4 : maskAccount(row.account_no_last4, row.account_no_length),
    upi_id: isUpi(row) ? row.account_no_last4 : null,
    name_check: (row.name_check as NameCheck | null) ?? null,
    name_at_bank: row.name_at_bank,
    // A bank saved without its branch shows the offline directory's (the Branch column is never a dash the directory could fill).
    branch_detail: row.branch_detail ?? (!isUpi(row) && row.ifsc_code ? ifsc.branchOf(row.ifsc_code) : null),
    status: row.status,
    reject_reason: row.status === BANK_STATUS.rejected ? row.reject_reason : null,
    reject_reason_code: row.status === BANK_STATUS.rejected ? row.reject_reason_code : null,
    reject_reason_vars: row.status === BANK_STATUS.rejected ? row.reject_reason_vars : null,
    is_default: row.is_default,
    created_on: row.created_on.toISOString(),
  });

  /** One partner's adds run one at a time, so the limit of 3 holds under concurrent requests; rejected methods do not count. */
  async function insertMethod(
    userId: number,
    values: Omit<typeof bankDetails.$inferInsert, 'user_id'>,
    duplicateMessage: Said,
  ): Promise<BankRow> {
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`banks:${userId}`}))`);
        const [n] = await tx
          .select({ n: count() })
          .from(bankDetails)
          .where(and(eq(bankDetails.user_id, userId), ne(bankDetails.status, BANK_STATUS.rejected)));
        if ((n?.n ?? 0) >= MAX_BANKS) throw conflict(say('profile.bankLimit'));
        const [row] = await tx
          .insert(bankDetails)
          .values({ ...values, user_id: userId })
          .returning();
        return row!;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(duplicateMessage);
      throw err;
    }
  }

  /**
   * Asks the payout provider who holds the new method (outside any
   * transaction: it is a call to a bank) and acts on the answer: the PAN name
   * matches, verified; the account does not exist, rejected; a different name,
   * no PAN name or no answer, left for ops with what was found.
   */
  async function check(
    row: BankRow,
    target: { kind: 'bank'; account_no: string; ifsc_code: string } | { kind: 'upi'; vpa: string },
  ): Promise<BankRow> {
    const panName = await deps.panName(row.user_id);
    let outcome: NameCheck;
    let nameAtBank: string | null = null;
    try {
      const name = panName ?? `PMW${row.user_id}`;
      const beneficiary: PayoutBeneficiary =
        target.kind === 'bank'
          ? { kind: 'bank', name, mobile: null, account_no: target.account_no, ifsc_code: target.ifsc_code }
          : { kind: 'upi', name, mobile: null, vpa: target.vpa };
      const found = await deps.payouts.validate({ reference_id: `PMWACC${row.bank_detail_id}`, beneficiary });
      nameAtBank = found.registered_name?.trim().slice(0, 200) || null;
      outcome =
        found.outcome === 'invalid'
          ? NAME_CHECK.invalid
          : found.outcome === 'pending' || !nameAtBank
            ? NAME_CHECK.unavailable
            : panName && namesMatch(panName, nameAtBank)
              ? NAME_CHECK.matched
              : NAME_CHECK.mismatch;
    } catch (err) {
      deps.logger?.warn({ err, bank_detail_id: row.bank_detail_id }, 'Account check not available; left for review');
      outcome = NAME_CHECK.unavailable;
    }
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`banks:${row.user_id}`}))`);
      // Ops may have decided, or the partner removed it, while the bank was asked: their word stands.
      const [current] = await tx
        .update(bankDetails)
        .set({ name_check: outcome, name_at_bank: nameAtBank, pan_name: panName, checked_on: new Date() })
        .where(and(eq(bankDetails.bank_detail_id, row.bank_detail_id), eq(bankDetails.status, BANK_STATUS.submitted)))
        .returning();
      if (!current) {
        const [now] = await tx.select().from(bankDetails).where(eq(bankDetails.bank_detail_id, row.bank_detail_id)).limit(1);
        return now ?? row;
      }
      if (outcome === NAME_CHECK.matched) return decide(tx, current, BANK_STATUS.verified, null);
      if (outcome === NAME_CHECK.invalid)
        // Kept in English beside its code: the partner reads it in their language.
        return decide(tx, current, BANK_STATUS.rejected, say('profile.methodInvalid'));
      return current;
    });
  }

  /**
   * Verify (1) or reject (2), by ops or by the name check, under the partner's
   * lock. A partner's first verified method becomes the default; a rejected
   * default stops being one. The partner is told when the status changes.
   */
  async function decide(tx: DbOrTx, current: BankRow, status: BankDecision, why: Said | Typed | null): Promise<BankRow> {
    const reason = why === null ? null : why instanceof Typed ? why.text : englishOf(why);
    // Ops' typed words have no code: they are shown as written.
    const coded = status === BANK_STATUS.rejected && why instanceof Said ? toStored(why) : null;
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
      .set({
        status,
        reject_reason: status === BANK_STATUS.rejected ? reason : null,
        reject_reason_code: coded?.code ?? null,
        reject_reason_vars: coded?.vars ?? null,
        is_default: makeDefault,
        modified_on: new Date(),
      })
      .where(eq(bankDetails.bank_detail_id, current.bank_detail_id))
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
              data: { bank_ending, reason: reason ?? '', reason_code: coded?.code ?? null, reason_vars: coded?.vars ?? null },
            },
      );
    }
    return row!;
  }

  const service = {
    view,
    /** The people who added this account number (at any bank branch, a rejected one too). */
    async holders(accountNo: string): Promise<number[]> {
      const rows = await db
        .selectDistinct({ user_id: bankDetails.user_id })
        .from(bankDetails)
        .where(eq(bankDetails.account_no_hash, accountHash(accountNo)))
        .limit(20);
      return rows.map((r) => r.user_id);
    },
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
      if (!known.valid) throw new AppError('VALIDATION', say('profile.ifscUnknown'));
      const row = await insertMethod(
        userId,
        {
          method: PAYOUT_METHOD.bank,
          bank_name: known.bank ?? input.bank_name ?? input.ifsc_code.slice(0, 4),
          ifsc_code: input.ifsc_code,
          account_no_enc: cipher.encrypt(input.account_no),
          account_no_last4: input.account_no.slice(-4),
          account_no_length: input.account_no.length,
          account_no_hash: accountHash(input.account_no),
          branch_detail: input.branch_detail || null,
        },
        say('profile.bankDuplicate'),
      );
      return view(await check(row, { kind: 'bank', account_no: input.account_no, ifsc_code: input.ifsc_code }));
    },

    /** Adds a UPI ID: the same limit, list and review as a bank account, checked by a VPA lookup. */
    async addUpi(userId: number, upiId: string): Promise<Bank> {
      const masked = maskUpiId(upiId);
      const row = await insertMethod(
        userId,
        {
          method: PAYOUT_METHOD.upi,
          bank_name: PAYOUT_METHOD.upi,
          ifsc_code: null,
          account_no_enc: cipher.encrypt(upiId),
          account_no_last4: masked,
          account_no_length: upiId.length,
          account_no_hash: upiHash(upiId),
          branch_detail: null,
        },
        say('profile.upiDuplicate'),
      );
      return view(await check(row, { kind: 'upi', vpa: upiId }));
    },

    /** 'Make Default': only the owner's verified bank; the old default stops being one in the same transaction. */
    async setDefault(userId: number, bankDetailId: number): Promise<Bank[]> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`banks:${userId}`}))`);
        const [row] = await tx.select().from(bankDetails).where(eq(bankDetails.bank_detail_id, bankDetailId)).limit(1);
        if (!row || row.user_id !== userId) throw notFound(say('profile.bankNotFound'));
        if (row.status !== BANK_STATUS.verified) throw new AppError('CONFLICT', say('profile.bankNotVerified'));
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
        if (!row || row.user_id !== userId) throw notFound(say('profile.bankNotFound'));
        if (!canRemoveBank(row)) throw conflict(say('profile.bankNotRemovable'));
        await tx.delete(bankDetails).where(eq(bankDetails.bank_detail_id, bankDetailId));
        return service.list(userId, tx);
      });
    },

    /**
     * Ops review: verify (1) or reject (2). A partner's first verified bank
     * becomes the default; a rejected default stops being one.
     */
    async setStatus(bankDetailId: number, status: BankDecision, reason: string | null = null): Promise<Bank> {
      return db.transaction(async (tx) => {
        const [found] = await tx.select().from(bankDetails).where(eq(bankDetails.bank_detail_id, bankDetailId)).limit(1);
        if (!found) throw notFound(say('profile.bankNotFound'));
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`banks:${found.user_id}`}))`);
        const [current] = await tx.select().from(bankDetails).where(eq(bankDetails.bank_detail_id, bankDetailId)).limit(1);
        if (!current) throw notFound(say('profile.bankNotFound'));
        // The reason ops typed is theirs, sent as written.
        return view(await decide(tx, current, status, reason === null ? null : asTyped(reason)));
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

    /** The account number or UPI ID in clear, for a payout run (callers decide who may see it). */
    revealAccount(row: Pick<BankRow, 'account_no_enc'>): string {
      return cipher.decrypt(row.account_no_enc);
    },

    async byId(bankDetailId: number, tx: DbOrTx = db): Promise<BankRow | undefined> {
      const [row] = await tx.select().from(bankDetails).where(eq(bankDetails.bank_detail_id, bankDetailId)).limit(1);
      return row;
    },

    /** Methods waiting for review (status 0), oldest first, for the ops console, with the PAN name the bank's name was compared with. */
    async reviewQueue(page: {
      limit: number;
      offset: number;
    }): Promise<{ count: number; rows: (Bank & { user_id: number; pan_name: string | null })[] }> {
      const rows = await db
        .select()
        .from(bankDetails)
        .where(eq(bankDetails.status, BANK_STATUS.submitted))
        .orderBy(asc(bankDetails.created_on))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db.select({ n: count() }).from(bankDetails).where(eq(bankDetails.status, BANK_STATUS.submitted));
      return { count: total?.n ?? 0, rows: rows.map((r) => ({ ...view(r), user_id: r.user_id, pan_name: r.pan_name })) };
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
