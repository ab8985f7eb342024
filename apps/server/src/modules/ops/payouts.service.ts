import { desc, eq, inArray, sql } from 'drizzle-orm';
import { NEFT_COLUMNS, type PayoutCandidate, type PayoutRun, type PayoutRunDetail } from '@pmw/contract/ops';
import { istDateString } from '@pmw/contract/time';
import { csvField } from '@pmw/contract/spreadsheet';
import { PAYOUT_RUN_REF_TYPE } from '@pmw/contract/partner';
import type { Db, DbOrTx } from '../../db/client';
import { payoutRunItems, payoutRuns, users } from '../../db/schema/index';
import { notFound } from '../../errors';
import type { DocumentsService } from '../documents/documents.service';
import type { BanksService } from '../profile/banks.service';
import { WALLET_DEBIT, type WalletService } from '../wallet/wallet.service';
import type { AuditService } from './audit.service';

/** Every run takes this lock, so two runs never read the same balances. */
const PAYOUT_LOCK_KEY = 740_092;
export const payoutDebitKey = (runId: number, userId: number) => `payout:${runId}:${userId}`;

export const HOLD_REASONS = {
  noPan: 'No PAN on file',
  panRejected: 'PAN was rejected; waiting for a new one',
  noBank: 'No verified default bank account',
} as const;

const rupees = (paise: number) => (paise / 100).toFixed(2);

/**
 * Payout runs: partners with a balance, a verified default bank and a PAN
 * are paid their whole balance; the others are held with the reason. The
 * debits and the run are one transaction under a lock; each debit's key is
 * run + partner, and a retried request (same request_key) answers the run
 * already made, so nobody is paid twice.
 */
export function createPayoutsService(deps: { db: Db; wallet: WalletService; banks: BanksService; documents: DocumentsService; audit: AuditService }) {
  const { db, wallet, banks, documents, audit } = deps;

  async function holdReason(userId: number, tx: DbOrTx): Promise<string | null> {
    const pan = (await documents.list(userId, tx)).find((d) => d.type === 'PAN');
    if (!pan) return HOLD_REASONS.noPan;
    if (pan.status === 2) return HOLD_REASONS.panRejected;
    if (!(await banks.verifiedDefault(userId, tx))) return HOLD_REASONS.noBank;
    return null;
  }

  async function names(ids: number[], tx: DbOrTx = db) {
    if (!ids.length) return new Map<number, { name: string | null; mobile: string }>();
    const rows = await tx.select({ id: users.user_id, first: users.first_name, last: users.last_name, mobile: users.mobile }).from(users).where(inArray(users.user_id, ids));
    return new Map(rows.map((r) => [r.id, { name: [r.first, r.last].filter(Boolean).join(' ') || null, mobile: r.mobile }]));
  }

  async function runView(runId: number, tx: DbOrTx = db): Promise<PayoutRunDetail> {
    const [run] = await tx.select().from(payoutRuns).where(eq(payoutRuns.payout_run_id, runId)).limit(1);
    if (!run) throw notFound('Payout run not found');
    const items = await tx.select().from(payoutRunItems).where(eq(payoutRunItems.payout_run_id, runId)).orderBy(payoutRunItems.status, payoutRunItems.user_id);
    const people = await names([run.created_by, ...items.map((i) => i.user_id)], tx);
    return {
      ...summaryView(run, people.get(run.created_by)?.name ?? null),
      items: items.map((i) => ({
        user_id: i.user_id,
        name: people.get(i.user_id)?.name ?? null,
        status: i.status as 'PAID' | 'HELD',
        amount_paise: i.amount_paise,
        reason: i.reason,
        bank_name: i.bank_name,
        ifsc_code: i.ifsc_code,
        account_no: i.account_no_last4 ? `XXXXXX${i.account_no_last4}` : null,
      })),
    };
  }
  const summaryView = (run: typeof payoutRuns.$inferSelect, by: string | null): PayoutRun => ({
    payout_run_id: run.payout_run_id,
    created_by: run.created_by,
    created_by_name: by,
    paid_count: run.paid_count,
    held_count: run.held_count,
    total_paise: run.total_paise,
    created_on: run.created_on.toISOString(),
  });

  return {
    /** Who a run would pay now, and who it would hold and why. */
    async preview(): Promise<PayoutCandidate[]> {
      const balances = await wallet.positiveBalances();
      const people = await names(balances.map((b) => b.user_id));
      const out: PayoutCandidate[] = [];
      for (const b of balances) {
        const bank = await banks.verifiedDefault(b.user_id);
        out.push({
          user_id: b.user_id,
          name: people.get(b.user_id)?.name ?? null,
          mobile: people.get(b.user_id)?.mobile ?? '',
          balance_paise: b.balance_paise,
          bank: bank ? { bank_name: bank.bank_name, ifsc_code: bank.ifsc_code, account_no: bank.account_no } : null,
          hold_reason: await holdReason(b.user_id, db),
        });
      }
      return out;
    },

    async run(actor: number, input: { request_key: string; user_ids?: number[] | undefined }): Promise<PayoutRunDetail> {
      const runId = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${PAYOUT_LOCK_KEY})`);
        const [earlier] = await tx.select({ id: payoutRuns.payout_run_id }).from(payoutRuns).where(eq(payoutRuns.request_key, input.request_key)).limit(1);
        if (earlier) return earlier.id;
        const chosen = input.user_ids ? new Set(input.user_ids) : undefined;
        const balances = (await wallet.lockPositiveBalances(tx)).filter((b) => !chosen || chosen.has(b.user_id));
        const [run] = await tx.insert(payoutRuns).values({ request_key: input.request_key, created_by: actor }).returning({ id: payoutRuns.payout_run_id });
        const id = run!.id;
        const people = await names(balances.map((b) => b.user_id), tx);
        let paid = 0;
        let held = 0;
        let total = 0;
        for (const b of balances) {
          const reason = await holdReason(b.user_id, tx);
          const person = people.get(b.user_id);
          if (reason) {
            held++;
            await tx.insert(payoutRunItems).values({ payout_run_id: id, user_id: b.user_id, status: 'HELD', amount_paise: b.balance_paise, reason, beneficiary_name: person?.name ?? null, beneficiary_mobile: person?.mobile ?? null });
            continue;
          }
          const bank = await banks.verifiedDefault(b.user_id, tx);
          const row = bank ? await banks.byId(bank.bank_detail_id, tx) : undefined;
          const posted = await wallet.post(
            { user_id: b.user_id, type: WALLET_DEBIT, amount_paise: b.balance_paise, reason: 'Payout to bank', remark: `Payout run ${id}`, ref_type: PAYOUT_RUN_REF_TYPE, ref_id: String(id), idempotency_key: payoutDebitKey(id, b.user_id), affects_earnings: false, created_by: actor },
            tx,
          );
          paid++;
          total += b.balance_paise;
          await tx.insert(payoutRunItems).values({
            payout_run_id: id,
            user_id: b.user_id,
            status: 'PAID',
            amount_paise: b.balance_paise,
            wallet_transaction_id: posted.wallet_transaction_id,
            beneficiary_name: person?.name ?? null,
            beneficiary_mobile: person?.mobile ?? null,
            bank_name: row?.bank_name ?? null,
            ifsc_code: row?.ifsc_code ?? null,
            account_no_enc: row?.account_no_enc ?? null,
            account_no_last4: row?.account_no_last4 ?? null,
          });
        }
        await tx.update(payoutRuns).set({ paid_count: paid, held_count: held, total_paise: total }).where(eq(payoutRuns.payout_run_id, id));
        await audit.record({ actor_user_id: actor, action: 'payout.run', entity_type: 'payout_run', entity_id: id, after: { paid_count: paid, held_count: held, total_paise: total } }, tx);
        return id;
      });
      return runView(runId);
    },

    async list(): Promise<PayoutRun[]> {
      const rows = await db.select({ run: payoutRuns, first: users.first_name }).from(payoutRuns).leftJoin(users, eq(users.user_id, payoutRuns.created_by)).orderBy(desc(payoutRuns.payout_run_id)).limit(200);
      return rows.map((r) => summaryView(r.run, r.first));
    },

    get: (runId: number) => runView(runId),

    /** The NEFT bulk-upload CSV of a run's paid partners, with account numbers in clear. */
    async file(actor: number, runId: number): Promise<{ name: string; csv: string }> {
      const [run] = await db.select().from(payoutRuns).where(eq(payoutRuns.payout_run_id, runId)).limit(1);
      if (!run) throw notFound('Payout run not found');
      const items = await db.select().from(payoutRunItems).where(eq(payoutRunItems.payout_run_id, runId)).orderBy(payoutRunItems.user_id);
      const date = istDateString(run.created_on);
      const lines = [NEFT_COLUMNS.join(',')];
      for (const i of items.filter((x) => x.status === 'PAID')) {
        lines.push(
          [
            'NEFT',
            `PMW${i.user_id}`,
            i.account_no_enc ? banks.revealAccount({ account_no_enc: i.account_no_enc }) : '',
            rupees(i.amount_paise),
            i.beneficiary_name ?? `PMW${i.user_id}`,
            i.ifsc_code ?? '',
            i.bank_name ?? '',
            i.beneficiary_mobile ?? '',
            `PMWRUN${runId}-${i.user_id}`,
            date,
            `PickMyWork payout run ${runId}`,
          ]
            .map(csvField)
            .join(','),
        );
      }
      // Who saw clear account numbers, and when.
      await audit.record({ actor_user_id: actor, action: 'payout.file_download', entity_type: 'payout_run', entity_id: runId });
      return { name: `pmw-payout-run-${runId}-${date}.csv`, csv: `${lines.join('\r\n')}\r\n` };
    },
  };
}
export type PayoutsService = ReturnType<typeof createPayoutsService>;
