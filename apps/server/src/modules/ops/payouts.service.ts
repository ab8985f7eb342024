import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { parseString } from '@fast-csv/parse';
import {
  BANK_RESPONSE_STATUS,
  NEFT_COLUMNS,
  PAYOUT_ITEM_SENT_STATES,
  PAYOUT_ITEM_STATE,
  PAYOUT_RUN_MODE,
  payoutReference,
  type BankResponseResult,
  type PayoutCandidate,
  type PayoutItemState,
  type PayoutPreview,
  type PayoutRun,
  type PayoutRunDetail,
  type PayoutRunMode,
} from '@pmw/contract/ops';
import type { PayoutStatement } from '@pmw/contract/partner';
import { istDateString, istDayStart } from '@pmw/contract/time';
import { nextPayoutOn, nextPayoutRun, type NextPayoutReason, type PayoutSchedule } from '@pmw/contract/payout-schedule';
import { csvField, csvLine } from '@pmw/contract/spreadsheet';
import {
  STATEMENT_COLUMNS,
  TDS_REPORT_COLUMNS,
  financialYearOf,
  financialYearRange,
  tdsFor,
  tdsQuarterOf,
  type TdsQuarter,
  type TdsRules,
} from '@pmw/contract/tds';
import { PAYOUT_RUN_REF_TYPE } from '@pmw/contract/partner';
import type { Db, DbOrTx } from '../../db/client';
import { payoutRunItems, payoutRuns } from '../../db/schema/ops';
import { people, userContacts } from '../users/user-reads';
import { creditsSince } from '../wallet/ledger-reads';
import { AppError, notFound } from '../../errors';
import { PayoutRejected, type PayoutBeneficiary, type PayoutOutcome, type PayoutProvider } from '../../providers/payouts';
import { PAYOUT_METHOD } from '@pmw/contract/partner-profile';
import { DOCUMENT_STATUS } from '@pmw/contract/kyc';
import type { DocumentsService } from '../documents/documents.service';
import type { BanksService } from '../profile/banks.service';
import { NOTIFY_AUDIENCE, NOTIFY_EVENT } from '@pmw/contract/notifications';
import type { NotificationsService, NotifyInput } from '../notifications/notifications.service';
import { WALLET_CREDIT, WALLET_DEBIT, type WalletService } from '../wallet/wallet.service';
import type { AuditService } from './audit.service';
import type { InvoicesService } from '../invoices/invoices.service';
import { INVOICE_REF_TYPE } from '@pmw/contract/invoices';
import { asTyped, Said, say, type Typed } from '@pmw/contract/texts/said';
import { toStored } from '@pmw/contract/texts/stored';
import { englishOf } from '../locale/locale';

/** Every run takes this lock, so two runs never read the same balances. */
const PAYOUT_LOCK_KEY = 740_092;
/** The ledger's ref_type of every entry a payout run makes (named in the contract: the dashboard reads it too). */
export const PAYOUT_REF_TYPE = PAYOUT_RUN_REF_TYPE;
/** The ledger keys of a run's item: the transfer (net), the TDS held, and each given back when the transfer fails. */
export const payoutDebitKey = (runId: number, userId: number) => `payout:${runId}:${userId}`;
export const payoutTdsKey = (runId: number, userId: number) => `payout-tds:${runId}:${userId}`;
export const payoutReturnKey = (runId: number, userId: number) => `payout-return:${runId}:${userId}`;
export const payoutTdsReturnKey = (runId: number, userId: number) => `payout-tds-return:${runId}:${userId}`;

/** Why a run holds a partner: the console's words, kept on the item beside their code. */
export const HOLD_REASONS = {
  noBank: say('ops.holdNoBank'),
  upiNeedsProvider: say('ops.holdUpiNeedsProvider'),
  belowMinimum: (minimumPaise: number) => say('ops.holdBelowMinimum', { rupees: rupees(minimumPaise) }),
  holding: (days: number) => say('ops.holdHolding', { days }),
  awaitingInvoice: say('ops.holdAwaitingInvoice'),
  invoiceAboveBalance: say('ops.holdInvoiceAboveBalance'),
} as const;

/** A reason as an item stores it: the English, and beside it the code and its parts when the words are ours. */
function storedReason(why: Said | Typed) {
  if (!(why instanceof Said)) return { text: why.text, code: null, vars: null };
  const stored = toStored(why);
  return { text: englishOf(why), code: stored.code, vars: stored.vars };
}

const rupees = (paise: number) => (paise / 100).toFixed(2);

/**
 * What the partner is told when their transfer settles: paid (the net, where
 * it went, the bank's reference) or failed (why; the money is back). One per
 * item and outcome, however often the outcome is reported.
 */
function payoutNotice(item: Item): NotifyInput<typeof NOTIFY_EVENT.payoutSent> | NotifyInput<typeof NOTIFY_EVENT.payoutFailed> {
  const who = { audience: NOTIFY_AUDIENCE.partner, user_id: item.user_id };
  if (item.status === PAYOUT_ITEM_STATE.failed) {
    return {
      ...who,
      event: NOTIFY_EVENT.payoutFailed,
      data: {
        payout_run_id: item.payout_run_id,
        amount_paise: item.net_paise,
        reason: item.failure_reason ?? '',
        reason_code: item.failure_reason_code,
        reason_vars: item.failure_reason_vars,
      },
      dedupe_key: `payout-failed:${item.payout_run_id}:${item.user_id}`,
    };
  }
  return {
    ...who,
    event: NOTIFY_EVENT.payoutSent,
    data: {
      payout_run_id: item.payout_run_id,
      amount_paise: item.net_paise,
      to: item.method === PAYOUT_METHOD.upi ? 'upi' : 'bank',
      ending: item.account_no_last4 ?? '',
      reference: item.utr ?? '',
    },
    dedupe_key: `payout-paid:${item.payout_run_id}:${item.user_id}`,
  };
}
type Item = typeof payoutRunItems.$inferSelect;

export interface PayoutRules {
  minimumPaise: number;
  holdDays: number;
  /** The days runs are due (shown to partners and ops; ops start each run). */
  schedule: PayoutSchedule;
  tds: TdsRules;
  /** False in production with the simulated provider: it would mark transfers paid that no bank made. */
  providerRunsAllowed: boolean;
}

/**
 * Payout runs. A run takes, under one lock and in one transaction, each due
 * partner's payable balance off their wallet (the transfer and the TDS as two
 * entries, each with its own key) and records the items; partners not due are
 * held with the reason. The money then leaves either through the payout
 * provider (sent after the transaction commits, never inside it) or in a NEFT
 * file; the outcome (webhook, polling or the bank's response file) marks each
 * item paid or failed, and a failed one's money goes back to the wallet once.
 */
export function createPayoutsService(deps: {
  db: Db;
  wallet: WalletService;
  banks: BanksService;
  documents: DocumentsService;
  audit: AuditService;
  provider: PayoutProvider;
  rules: PayoutRules;
  notifications?: NotificationsService | undefined;
  /** GST partners are paid their approved invoices only (and the GST on them). */
  invoices?: Pick<InvoicesService, 'payableFor' | 'markPaid' | 'release' | 'cancelOpen'> | undefined;
  logger?: { warn: (obj: object, msg: string) => void };
}) {
  const { db, wallet, banks, documents, audit, provider, rules } = deps;

  async function holdReason(userId: number, mode: PayoutRunMode | null, tx: DbOrTx): Promise<Said | null> {
    const method = await banks.verifiedDefault(userId, tx);
    if (!method) return HOLD_REASONS.noBank;
    // A NEFT file cannot carry a UPI ID: only a provider run pays one.
    if (mode === PAYOUT_RUN_MODE.bankFile && method.method === PAYOUT_METHOD.upi) return HOLD_REASONS.upiNeedsProvider;
    return null;
  }

  /** A PAN on file that ops have not rejected. Without one the partner is still paid, at the higher TDS rate (section 206AA). */
  async function hasValidPan(userId: number, tx: DbOrTx): Promise<boolean> {
    return (await documents.list(userId, tx)).some((d) => d.type === 'PAN' && d.status !== DOCUMENT_STATUS.rejected);
  }

  /** The credits within the holding period: they wait (a run may pay the balance less these). */
  async function recentCredits(userId: number, at: Date, tx: DbOrTx): Promise<{ id: number; paise: number }[]> {
    if (rules.holdDays <= 0) return [];
    const since = new Date(at.getTime() - rules.holdDays * 86_400_000);
    // Money a failed transfer gave back was payable already; an invoice's GST is paid with the invoice.
    return creditsSince(tx, userId, since, { except: [PAYOUT_REF_TYPE, INVOICE_REF_TYPE] });
  }
  const total = (entries: { paise: number }[]) => entries.reduce((s, e) => s + e.paise, 0);

  /** The partner's payouts so far in the financial year of `at` that have not failed: gross and TDS. */
  async function yearSoFar(userId: number, at: Date, tx: DbOrTx) {
    const range = financialYearRange(financialYearOf(at))!;
    const [row] = await tx
      .select({
        // TDS is on the commission: the GST of invoices paid is left out.
        gross: sql<string>`coalesce(sum(${payoutRunItems.amount_paise} - ${payoutRunItems.gst_paise}), 0)`,
        tds: sql<string>`coalesce(sum(${payoutRunItems.tds_paise}), 0)`,
      })
      .from(payoutRunItems)
      .innerJoin(payoutRuns, eq(payoutRuns.payout_run_id, payoutRunItems.payout_run_id))
      .where(
        and(
          eq(payoutRunItems.user_id, userId),
          inArray(payoutRunItems.status, [...PAYOUT_ITEM_SENT_STATES]),
          gte(payoutRuns.created_on, range.from),
          lt(payoutRuns.created_on, range.to),
        ),
      );
    return { gross: Number(row?.gross ?? 0), tds: Number(row?.tds ?? 0) };
  }

  /**
   * What a run would do for one partner now: held with the reason, or gross,
   * TDS and net. A GST partner is paid their approved invoices (commission and
   * GST) and, beside them, without an invoice, the part of their balance no
   * invoice bills (earned before their GST registration); TDS is on the
   * commission only. Once their GSTIN has lapsed, only approved invoices are
   * paid as invoices and the rest of the balance without one.
   */
  async function plan(userId: number, balance: number, at: Date, mode: PayoutRunMode | null, tx: DbOrTx, lockInvoices = true) {
    const reason = await holdReason(userId, mode, tx);
    const recent = await recentCredits(userId, at, tx);
    const available = Math.max(0, balance - total(recent));
    const invoice = deps.invoices ? await deps.invoices.payableFor(userId, tx, lockInvoices) : null;
    let commission = available;
    let gst = 0;
    let uninvoiced = 0;
    let invoiceIds: number[] = [];
    if (invoice?.gst_partner) {
      const invoiceGross = invoice.taxable_paise + invoice.gst_paise;
      const payInvoices = invoice.invoice_ids.length > 0 && available + invoice.gst_to_credit_paise >= invoiceGross;
      const fromWallet = payInvoices ? invoiceGross - invoice.gst_to_credit_paise : 0;
      // Credits in the holding period that no invoice bills wait like anyone's; those an invoice bills are in reserved_paise.
      const reserved = new Set(invoice.reserved_entry_ids);
      const recentFree = total(recent.filter((e) => !reserved.has(e.id)));
      uninvoiced = Math.max(0, Math.min(balance - invoice.reserved_paise - recentFree, available - fromWallet));
      invoiceIds = payInvoices ? invoice.invoice_ids : [];
      commission = (payInvoices ? invoice.taxable_paise : 0) + uninvoiced;
      gst = payInvoices ? invoice.gst_paise : 0;
    }
    const gross = commission + gst;
    const year = await yearSoFar(userId, at, tx);
    const tds = tdsFor(
      {
        gross_paise: commission,
        year_gross_before_paise: year.gross,
        year_tds_before_paise: year.tds,
        has_valid_pan: await hasValidPan(userId, tx),
      },
      rules.tds,
    );
    const hold =
      reason ??
      (gross === 0
        ? invoice?.gst_partner
          ? invoice.invoice_ids.length
            ? HOLD_REASONS.invoiceAboveBalance
            : HOLD_REASONS.awaitingInvoice
          : HOLD_REASONS.holding(rules.holdDays)
        : gross < rules.minimumPaise
          ? HOLD_REASONS.belowMinimum(rules.minimumPaise)
          : null);
    return { hold, gross, gst, uninvoiced, tds, net: gross - tds, invoiceIds, lapsed: invoice?.lapsed ?? false };
  }

  /**
   * Each step of a payout's life that the partner hears of, one function per
   * state change, called in the transaction that makes the change (so what
   * they are told is written with it, exactly once).
   */
  const stateChanged = {
    /** The bank settled it: item.utr is the reference the partner can quote. */
    async paid(tx: DbOrTx, item: Item) {
      await audit.record(
        {
          actor_user_id: null,
          action: 'payout.paid',
          entity_type: 'payout_run',
          entity_id: item.payout_run_id,
          after: { user_id: item.user_id, net_paise: item.net_paise, utr: item.utr },
        },
        tx,
      );
      // The partner is told with the reference when the money has arrived, not when it left.
      await deps.notifications?.notify(tx, payoutNotice(item));
    },
    /** Failed or returned; its money is already back in the wallet (item.failure_reason says why). */
    async failed(tx: DbOrTx, item: Item) {
      await audit.record(
        {
          actor_user_id: null,
          action: 'payout.returned',
          entity_type: 'payout_run',
          entity_id: item.payout_run_id,
          after: { user_id: item.user_id, net_paise: item.net_paise, tds_paise: item.tds_paise, reason: item.failure_reason },
        },
        tx,
      );
      await deps.notifications?.notify(tx, payoutNotice(item));
    },
  };

  /** Where the item's money goes: the UPI ID or the bank account it was debited for, in clear only for the provider. */
  function beneficiaryOf(item: Item): PayoutBeneficiary {
    const name = item.beneficiary_name ?? `PMW${item.user_id}`;
    const number = item.account_no_enc ? banks.revealAccount({ account_no_enc: item.account_no_enc }) : '';
    return item.method === PAYOUT_METHOD.upi
      ? { kind: 'upi', name, mobile: item.beneficiary_mobile, vpa: number }
      : { kind: 'bank', name, mobile: item.beneficiary_mobile, account_no: number, ifsc_code: item.ifsc_code ?? '' };
  }

  async function names(ids: number[], tx: DbOrTx = db) {
    if (!ids.length) return new Map<number, { name: string | null; mobile: string }>();
    const rows = await people(tx, ids);
    return new Map(
      [...rows].map(([id, r]) => [id, { name: [r.first_name, r.last_name].filter(Boolean).join(' ') || null, mobile: r.mobile }]),
    );
  }

  const summaryView = (run: typeof payoutRuns.$inferSelect, by: string | null): PayoutRun => ({
    payout_run_id: run.payout_run_id,
    created_by: run.created_by,
    created_by_name: by,
    mode: run.mode as PayoutRunMode,
    paid_count: run.paid_count,
    held_count: run.held_count,
    total_paise: run.total_paise,
    created_on: run.created_on.toISOString(),
  });

  async function runView(runId: number, tx: DbOrTx = db): Promise<PayoutRunDetail> {
    const [run] = await tx.select().from(payoutRuns).where(eq(payoutRuns.payout_run_id, runId)).limit(1);
    if (!run) throw notFound(say('ops.payoutRunNotFound'));
    const items = await tx.select().from(payoutRunItems).where(eq(payoutRunItems.payout_run_id, runId)).orderBy(payoutRunItems.user_id);
    const people = await names([run.created_by, ...items.map((i) => i.user_id)], tx);
    return {
      ...summaryView(run, people.get(run.created_by)?.name ?? null),
      items: items.map((i) => ({
        user_id: i.user_id,
        name: people.get(i.user_id)?.name ?? null,
        state: i.status as PayoutItemState,
        amount_paise: i.amount_paise,
        gross_paise: i.status === PAYOUT_ITEM_STATE.held ? 0 : i.amount_paise,
        uninvoiced_paise: i.uninvoiced_paise,
        tds_paise: i.tds_paise,
        net_paise: i.net_paise,
        reason: i.reason,
        reason_code: i.reason_code,
        reason_vars: i.reason_vars,
        utr: i.utr,
        failure_reason: i.failure_reason,
        failure_reason_code: i.failure_reason_code,
        failure_reason_vars: i.failure_reason_vars,
        reference: payoutReference(runId, i.user_id),
        bank_name: i.bank_name,
        ifsc_code: i.ifsc_code,
        account_no: i.account_no_last4 ? `XXXXXX${i.account_no_last4}` : null,
      })),
    };
  }

  /**
   * Applies a transfer's outcome to its item, once: the state only moves
   * forward from one still waiting (or, for a return, from paid), and the
   * money goes back under the item's own keys, so a webhook delivered twice,
   * a poll racing it or a repeated response-file row changes nothing more.
   */
  async function settle(
    item: { payout_run_id: number; user_id: number },
    outcome: Exclude<PayoutOutcome, 'processing'>,
    /** `why`: the bank's or the provider's own words (typed), a reason of ours, or none (then the outcome says it). */
    detail: { utr: string | null; why: Said | Typed | null },
  ): Promise<boolean> {
    const where = and(eq(payoutRunItems.payout_run_id, item.payout_run_id), eq(payoutRunItems.user_id, item.user_id));
    if (outcome === 'processed') {
      return db.transaction(async (tx) => {
        const [done] = await tx
          .update(payoutRunItems)
          .set({
            status: PAYOUT_ITEM_STATE.paid,
            utr: detail.utr,
            failure_reason: null,
            failure_reason_code: null,
            failure_reason_vars: null,
            settled_on: new Date(),
          })
          .where(and(where, inArray(payoutRunItems.status, [PAYOUT_ITEM_STATE.queued, PAYOUT_ITEM_STATE.processing])))
          .returning();
        if (done) await stateChanged.paid(tx, done);
        return !!done;
      });
    }
    const why = detail.why ?? (outcome === 'reversed' ? say('wallet.transferReturned') : say('wallet.transferFailed'));
    const reason = storedReason(why);
    return db.transaction(async (tx) => {
      // The item first, then the wallet: the one order every path that touches both takes.
      const [done] = await tx
        .update(payoutRunItems)
        .set({
          status: PAYOUT_ITEM_STATE.failed,
          failure_reason: reason.text,
          failure_reason_code: reason.code,
          failure_reason_vars: reason.vars,
          settled_on: new Date(),
        })
        .where(and(where, inArray(payoutRunItems.status, [...PAYOUT_ITEM_SENT_STATES])))
        .returning();
      if (!done) return false;
      const back = (amount: number, key: string, what: Said) =>
        amount > 0
          ? wallet.post(
              {
                user_id: done.user_id,
                type: WALLET_CREDIT,
                amount_paise: amount,
                reason: what,
                // The bank's or the provider's own words stay as they came.
                remark: say('wallet.payoutRunReason', { id: done.payout_run_id, reason: why instanceof Said ? why : why.text }),
                ref_type: PAYOUT_REF_TYPE,
                ref_id: String(done.payout_run_id),
                idempotency_key: key,
                affects_earnings: false,
              },
              tx,
            )
          : Promise.resolve(null);
      await back(done.net_paise, payoutReturnKey(done.payout_run_id, done.user_id), say('wallet.payoutReturned'));
      await back(done.tds_paise, payoutTdsReturnKey(done.payout_run_id, done.user_id), say('wallet.tdsReversed'));
      // The invoices it paid are payable again (their GST came back with the transfer).
      await deps.invoices?.release(tx, done.payout_run_id, done.user_id);
      await stateChanged.failed(tx, done);
      return true;
    });
  }

  async function applyStatus(
    item: { payout_run_id: number; user_id: number },
    status: { outcome: PayoutOutcome; utr: string | null; failure_reason: string | null },
  ) {
    if (status.outcome === 'processing') return false;
    // The provider's reason is its own words, kept as they came.
    return settle(item, status.outcome, { utr: status.utr, why: status.failure_reason ? asTyped(status.failure_reason) : null });
  }

  /** Sends one queued item through the provider. Claiming it first means two senders never both send it. */
  async function send(item: Item, claim: boolean) {
    if (claim) {
      const claimed = await db
        .update(payoutRunItems)
        .set({ status: PAYOUT_ITEM_STATE.processing })
        .where(
          and(
            eq(payoutRunItems.payout_run_id, item.payout_run_id),
            eq(payoutRunItems.user_id, item.user_id),
            eq(payoutRunItems.status, PAYOUT_ITEM_STATE.queued),
          ),
        )
        .returning({ user_id: payoutRunItems.user_id });
      if (!claimed.length) return;
    }
    try {
      const status = await provider.send({
        reference_id: payoutReference(item.payout_run_id, item.user_id),
        amount_paise: item.net_paise,
        beneficiary: beneficiaryOf(item),
        narration: `PickMyWork payout ${item.payout_run_id}`,
      });
      await db
        .update(payoutRunItems)
        .set({ provider_payout_id: status.provider_payout_id })
        .where(and(eq(payoutRunItems.payout_run_id, item.payout_run_id), eq(payoutRunItems.user_id, item.user_id)));
      await applyStatus(item, status);
    } catch (err) {
      if (err instanceof PayoutRejected) {
        await settle(item, 'failed', { utr: null, why: err.providerWords === null ? null : asTyped(err.providerWords) });
        return;
      }
      // Unknown outcome: the item stays processing without a provider id, and the poll sends it again under the same reference.
      deps.logger?.warn({ err, payout_run_id: item.payout_run_id, user_id: item.user_id }, 'Payout provider did not answer; will retry');
    }
  }

  async function sendQueued(runId: number) {
    const queued = await db
      .select()
      .from(payoutRunItems)
      .where(and(eq(payoutRunItems.payout_run_id, runId), eq(payoutRunItems.status, PAYOUT_ITEM_STATE.queued)))
      .orderBy(asc(payoutRunItems.user_id));
    for (const item of queued) await send(item, true);
  }

  /** Asks the provider about transfers still processing (and sends again those whose send got no answer). */
  async function poll(runId?: number) {
    const waiting = await db
      .select({ item: payoutRunItems })
      .from(payoutRunItems)
      .innerJoin(payoutRuns, eq(payoutRuns.payout_run_id, payoutRunItems.payout_run_id))
      .where(
        and(
          eq(payoutRuns.mode, PAYOUT_RUN_MODE.provider),
          eq(payoutRunItems.status, PAYOUT_ITEM_STATE.processing),
          runId ? eq(payoutRunItems.payout_run_id, runId) : undefined,
        ),
      )
      .orderBy(asc(payoutRunItems.payout_run_id), asc(payoutRunItems.user_id))
      .limit(500);
    for (const { item } of waiting) {
      if (!item.provider_payout_id) {
        await send(item, false);
        continue;
      }
      try {
        await applyStatus(item, await provider.status(item.provider_payout_id));
      } catch (err) {
        deps.logger?.warn({ err, provider_payout_id: item.provider_payout_id }, 'Payout status not available');
      }
    }
    const queued = await db
      .selectDistinct({ id: payoutRunItems.payout_run_id })
      .from(payoutRunItems)
      .innerJoin(payoutRuns, eq(payoutRuns.payout_run_id, payoutRunItems.payout_run_id))
      .where(
        and(
          eq(payoutRuns.mode, PAYOUT_RUN_MODE.provider),
          eq(payoutRunItems.status, PAYOUT_ITEM_STATE.queued),
          runId ? eq(payoutRunItems.payout_run_id, runId) : undefined,
        ),
      );
    for (const q of queued) await sendQueued(q.id);
  }

  /** Whether a run has been started today (IST): today's scheduled run is then behind us. */
  async function ranToday(now: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: payoutRuns.payout_run_id })
      .from(payoutRuns)
      .where(gte(payoutRuns.created_on, istDayStart(istDateString(now))))
      .limit(1);
    return !!row;
  }

  let timer: NodeJS.Timeout | undefined;

  return {
    rules,

    /** The scheduled day of the next run; null with PAYOUT_SCHEDULE=off. */
    async nextRunOn(now = new Date()): Promise<string | null> {
      return rules.schedule.kind === 'off' ? null : nextPayoutRun(rules.schedule, now, await ranToday(now));
    },

    /**
     * The scheduled run day that pays the partner's balance (the hold and the minimum as a run applies them), or why none.
     * The balance may still be on its way: the payout facts are read beside it, so the dashboard waits once.
     */
    async nextPayout(
      userId: number,
      balance: number | Promise<number>,
      now = new Date(),
    ): Promise<{ on: string | null; reason: NextPayoutReason | null }> {
      const base = { schedule: rules.schedule, now, hold_days: rules.holdDays, minimum_paise: rules.minimumPaise };
      if (rules.schedule.kind === 'off') {
        return nextPayoutOn({ ...base, balance_paise: await balance, ran_today: false, held_credits: [], has_payout_method: true });
      }
      const since = new Date(now.getTime() - rules.holdDays * 86_400_000);
      const [balancePaise, method, ran, held] = await Promise.all([
        balance,
        banks.verifiedDefault(userId),
        ranToday(now),
        // As payable() does: money a failed transfer gave back was payable already; an invoice's GST is paid with the invoice.
        rules.holdDays > 0 ? creditsSince(db, userId, since, { except: [PAYOUT_REF_TYPE, INVOICE_REF_TYPE] }) : [],
      ]);
      return nextPayoutOn({ ...base, balance_paise: balancePaise, ran_today: ran, held_credits: held, has_payout_method: !!method });
    },

    /** Who a run would pay now (gross, TDS, net), and who it would hold and why. */
    async preview(): Promise<PayoutPreview> {
      const balances = await wallet.positiveBalances();
      const people = await names(balances.map((b) => b.user_id));
      const now = new Date();
      const candidates: PayoutCandidate[] = [];
      for (const b of balances) {
        const bank = await banks.verifiedDefault(b.user_id);
        const p = await plan(b.user_id, b.balance_paise, now, null, db, false);
        candidates.push({
          user_id: b.user_id,
          name: people.get(b.user_id)?.name ?? null,
          mobile: people.get(b.user_id)?.mobile ?? '',
          balance_paise: b.balance_paise,
          payable_paise: p.hold ? 0 : p.gross,
          tds_paise: p.hold ? 0 : p.tds,
          net_paise: p.hold ? 0 : p.net,
          bank: bank ? { method: bank.method, bank_name: bank.bank_name, ifsc_code: bank.ifsc_code, account_no: bank.account_no } : null,
          hold_reason: p.hold ? englishOf(p.hold) : null,
        });
      }
      return {
        rules: {
          minimum_paise: rules.minimumPaise,
          hold_days: rules.holdDays,
          tds_rate_percent: rules.tds.ratePercent,
          tds_no_pan_rate_percent: rules.tds.noPanRatePercent,
          tds_threshold_paise: rules.tds.thresholdPaise,
          provider: provider.name,
        },
        candidates,
      };
    },

    async run(
      actor: number,
      input: { request_key: string; user_ids?: number[] | undefined; mode?: PayoutRunMode | undefined },
    ): Promise<PayoutRunDetail> {
      const mode = input.mode ?? PAYOUT_RUN_MODE.bankFile;
      if (mode === PAYOUT_RUN_MODE.provider && !rules.providerRunsAllowed) {
        throw new AppError('CONFLICT', say('ops.noPayoutProvider'));
      }
      const runId = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${PAYOUT_LOCK_KEY})`);
        const [earlier] = await tx
          .select({ id: payoutRuns.payout_run_id })
          .from(payoutRuns)
          .where(eq(payoutRuns.request_key, input.request_key))
          .limit(1);
        if (earlier) return earlier.id;
        const chosen = input.user_ids ? new Set(input.user_ids) : undefined;
        // Wallets locked in ascending user id, the order every path that locks several takes.
        const balances = (await wallet.lockPositiveBalances(tx)).filter((b) => !chosen || chosen.has(b.user_id));
        const [run] = await tx
          .insert(payoutRuns)
          .values({ request_key: input.request_key, created_by: actor, mode })
          .returning({ id: payoutRuns.payout_run_id, at: payoutRuns.created_on });
        const id = run!.id;
        const people = await names(
          balances.map((b) => b.user_id),
          tx,
        );
        let paid = 0;
        let held = 0;
        let total = 0;
        for (const b of balances) {
          const p = await plan(b.user_id, b.balance_paise, run!.at, mode, tx);
          const person = people.get(b.user_id);
          if (p.hold) {
            held++;
            await tx.insert(payoutRunItems).values({
              payout_run_id: id,
              user_id: b.user_id,
              status: PAYOUT_ITEM_STATE.held,
              amount_paise: b.balance_paise,
              reason: englishOf(p.hold),
              reason_code: p.hold.code,
              reason_vars: toStored(p.hold).vars,
              beneficiary_name: person?.name ?? null,
              beneficiary_mobile: person?.mobile ?? null,
            });
            continue;
          }
          const bank = await banks.verifiedDefault(b.user_id, tx);
          const row = bank ? await banks.byId(bank.bank_detail_id, tx) : undefined;
          const debit = (amount: number, key: string, reason: Said) =>
            amount > 0
              ? wallet.post(
                  {
                    user_id: b.user_id,
                    type: WALLET_DEBIT,
                    amount_paise: amount,
                    reason,
                    remark: say('wallet.payoutRun', { id }),
                    ref_type: PAYOUT_REF_TYPE,
                    ref_id: String(id),
                    idempotency_key: key,
                    affects_earnings: false,
                    created_by: actor,
                  },
                  tx,
                )
              : Promise.resolve(null);
          // The invoices' GST goes into the wallet first, so the debits below pay it out with the commission.
          await deps.invoices?.markPaid(tx, id, b.user_id, p.invoiceIds, actor);
          // Paid without an invoice after the GSTIN went: the invoices not yet approved will never be billed.
          if (p.lapsed) await deps.invoices?.cancelOpen(tx, id, b.user_id);
          const posted = await debit(p.net, payoutDebitKey(id, b.user_id), say('wallet.payoutToBank'));
          await debit(p.tds, payoutTdsKey(id, b.user_id), say('wallet.tds'));
          paid++;
          total += p.net;
          await tx.insert(payoutRunItems).values({
            payout_run_id: id,
            user_id: b.user_id,
            // Nothing to transfer when TDS took it all.
            status:
              p.net === 0
                ? PAYOUT_ITEM_STATE.paid
                : mode === PAYOUT_RUN_MODE.provider
                  ? PAYOUT_ITEM_STATE.queued
                  : PAYOUT_ITEM_STATE.processing,
            amount_paise: p.gross,
            gst_paise: p.gst,
            uninvoiced_paise: p.uninvoiced,
            tds_paise: p.tds,
            net_paise: p.net,
            wallet_transaction_id: posted?.wallet_transaction_id ?? null,
            beneficiary_name: person?.name ?? null,
            beneficiary_mobile: person?.mobile ?? null,
            bank_name: row?.bank_name ?? null,
            ifsc_code: row?.ifsc_code ?? null,
            account_no_enc: row?.account_no_enc ?? null,
            account_no_last4: row?.account_no_last4 ?? null,
            method: row?.method ?? PAYOUT_METHOD.bank,
          });
        }
        await tx.update(payoutRuns).set({ paid_count: paid, held_count: held, total_paise: total }).where(eq(payoutRuns.payout_run_id, id));
        await audit.record(
          {
            actor_user_id: actor,
            action: 'payout.run',
            entity_type: 'payout_run',
            entity_id: id,
            after: { mode, paid_count: paid, held_count: held, total_paise: total },
          },
          tx,
        );
        return id;
      });
      // Sent only once the debits are committed: a transfer never leaves for money the ledger does not show as gone.
      const [run] = await db.select({ mode: payoutRuns.mode }).from(payoutRuns).where(eq(payoutRuns.payout_run_id, runId)).limit(1);
      if (run?.mode === PAYOUT_RUN_MODE.provider) await sendQueued(runId);
      return runView(runId);
    },

    async list(): Promise<PayoutRun[]> {
      const rows = await db.select({ run: payoutRuns }).from(payoutRuns).orderBy(desc(payoutRuns.payout_run_id)).limit(200);
      const by = await userContacts(db, [...new Set(rows.flatMap((r) => (r.run.created_by === null ? [] : [r.run.created_by])))]);
      return rows.map((r) => summaryView(r.run, r.run.created_by === null ? null : (by.get(r.run.created_by)?.first_name ?? null)));
    },

    get: (runId: number) => runView(runId),

    /** Asks the provider about a run's transfers now (the background poll does the same for every run). */
    async pollRun(runId: number): Promise<PayoutRunDetail> {
      await runView(runId);
      await poll(runId);
      return runView(runId);
    },
    poll: () => poll(),
    startPolling(ms: number) {
      if (ms <= 0 || timer) return;
      const tick = async () => {
        try {
          await poll();
        } catch (err) {
          deps.logger?.warn({ err }, 'Payout poll failed');
        }
        if (timer) timer = setTimeout(() => void tick(), ms).unref();
      };
      timer = setTimeout(() => void tick(), ms).unref();
    },
    stopPolling() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },

    /** A webhook from the provider: refused unless signed with our secret; applied once however often it comes. */
    async webhook(providerName: string, rawBody: string, signature: string | undefined): Promise<{ applied: boolean }> {
      if (providerName !== provider.name) throw notFound(say('ops.notTheProvider'));
      const verified = provider.verifyWebhook(rawBody, signature);
      if (!verified.valid) throw new AppError('UNAUTHORIZED', say('ops.webhookSignature'));
      const status = verified.status;
      if (!status) return { applied: false };
      const [item] = await db
        .select()
        .from(payoutRunItems)
        .where(eq(payoutRunItems.provider_payout_id, status.provider_payout_id))
        .limit(1);
      if (!item) return { applied: false };
      return { applied: await applyStatus(item, status) };
    },

    /**
     * The bank's response file for a NEFT run: each row marks its item paid
     * (with the UTR) or failed (money back to the wallet). Rows for other runs
     * or unknown references, and rows for items already settled, are reported
     * and not applied.
     */
    async bankResponse(actor: number, runId: number, csv: string): Promise<BankResponseResult> {
      const [run] = await db.select().from(payoutRuns).where(eq(payoutRuns.payout_run_id, runId)).limit(1);
      if (!run) throw notFound(say('ops.payoutRunNotFound'));
      if (run.mode !== PAYOUT_RUN_MODE.bankFile) throw new AppError('CONFLICT', say('ops.paidThroughProvider'));
      const rows = await readCsv(csv);
      const header = rows[0]?.map((h) => h.trim().toLowerCase()) ?? [];
      const col = (name: string) => header.indexOf(name.toLowerCase());
      const at = { ref: col('Customer Reference Number'), utr: col('UTR'), status: col('Status'), reason: col('Reason') };
      if (at.ref < 0 || at.status < 0) throw new AppError('VALIDATION', say('ops.responseColumns'));
      const items = new Map(
        (
          await db
            .select()
            .from(payoutRunItems)
            .where(and(eq(payoutRunItems.payout_run_id, runId), ne(payoutRunItems.status, PAYOUT_ITEM_STATE.held)))
        ).map((i) => [payoutReference(runId, i.user_id), i]),
      );
      const result: BankResponseResult = { paid: 0, failed: 0, unknown: [], repeated: [], invalid: [] };
      const seen = new Set<string>();
      for (let n = 1; n < rows.length; n++) {
        const cells = rows[n]!;
        const line = n + 1;
        if (cells.every((c) => !c.trim())) continue;
        const reference = (cells[at.ref] ?? '').trim();
        const status = (cells[at.status] ?? '').trim();
        const utr = at.utr >= 0 ? (cells[at.utr] ?? '').trim() : '';
        const reason = at.reason >= 0 ? (cells[at.reason] ?? '').trim() : '';
        if (!reference) {
          result.invalid.push({ line, message: englishOf(say('ops.responseNoReference')) });
          continue;
        }
        const item = items.get(reference);
        if (!item) {
          result.unknown.push({ line, reference });
          continue;
        }
        const isPaid = status.toLowerCase() === BANK_RESPONSE_STATUS.paid.toLowerCase();
        const isFailed = status.toLowerCase() === BANK_RESPONSE_STATUS.failed.toLowerCase();
        if (!isPaid && !isFailed) {
          result.invalid.push({
            line,
            message: englishOf(say('ops.responseStatus', { paid: BANK_RESPONSE_STATUS.paid, failed: BANK_RESPONSE_STATUS.failed })),
          });
          continue;
        }
        if (isPaid && !utr) {
          result.invalid.push({ line, message: englishOf(say('ops.responsePaidNeedsUtr')) });
          continue;
        }
        if (seen.has(reference)) {
          result.repeated.push({ line, reference });
          continue;
        }
        seen.add(reference);
        const applied = await settle(item, isPaid ? 'processed' : 'failed', {
          utr: isPaid ? utr.slice(0, 40) : null,
          // The bank's own words as they came; without any, ours.
          why: isFailed ? (reason ? asTyped(reason.slice(0, 300)) : say('wallet.returnedByBank')) : null,
        });
        if (!applied) result.repeated.push({ line, reference });
        else if (isPaid) result.paid++;
        else result.failed++;
      }
      await audit.record({
        actor_user_id: actor,
        action: 'payout.bank_response',
        entity_type: 'payout_run',
        entity_id: runId,
        after: {
          paid: result.paid,
          failed: result.failed,
          unknown: result.unknown.length,
          repeated: result.repeated.length,
          invalid: result.invalid.length,
        },
      });
      return result;
    },

    /** The NEFT bulk-upload CSV of a run's transfers (net of TDS), with account numbers in clear. */
    async file(actor: number, runId: number): Promise<{ name: string; csv: string }> {
      const [run] = await db.select().from(payoutRuns).where(eq(payoutRuns.payout_run_id, runId)).limit(1);
      if (!run) throw notFound(say('ops.payoutRunNotFound'));
      const items = await db
        .select()
        .from(payoutRunItems)
        .where(
          and(
            eq(payoutRunItems.payout_run_id, runId),
            ne(payoutRunItems.status, PAYOUT_ITEM_STATE.held),
            sql`${payoutRunItems.net_paise} > 0`,
          ),
        )
        .orderBy(payoutRunItems.user_id);
      const date = istDateString(run.created_on);
      const lines = [NEFT_COLUMNS.join(',')];
      for (const i of items) {
        lines.push(
          [
            'NEFT',
            `PMW${i.user_id}`,
            i.account_no_enc ? banks.revealAccount({ account_no_enc: i.account_no_enc }) : '',
            rupees(i.net_paise),
            i.beneficiary_name ?? `PMW${i.user_id}`,
            i.ifsc_code ?? '',
            i.bank_name ?? '',
            i.beneficiary_mobile ?? '',
            payoutReference(runId, i.user_id),
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

    /** A partner's payouts in a financial year: gross, TDS and net of those not failed, and each payout's life. */
    async statement(userId: number, fy: string): Promise<PayoutStatement> {
      const range = financialYearRange(fy);
      if (!range) throw new AppError('VALIDATION', say('ops.financialYear'));
      const rows = await db
        .select({ item: payoutRunItems, at: payoutRuns.created_on })
        .from(payoutRunItems)
        .innerJoin(payoutRuns, eq(payoutRuns.payout_run_id, payoutRunItems.payout_run_id))
        .where(
          and(
            eq(payoutRunItems.user_id, userId),
            ne(payoutRunItems.status, PAYOUT_ITEM_STATE.held),
            gte(payoutRuns.created_on, range.from),
            lt(payoutRuns.created_on, range.to),
          ),
        )
        .orderBy(desc(payoutRuns.created_on), desc(payoutRuns.payout_run_id));
      const counted = rows.filter((r) => r.item.status !== PAYOUT_ITEM_STATE.failed);
      const sum = (f: (i: Item) => number) => counted.reduce((s, r) => s + f(r.item), 0);
      return {
        fy,
        gross_paise: sum((i) => i.amount_paise),
        gst_paise: sum((i) => i.gst_paise),
        tds_paise: sum((i) => i.tds_paise),
        net_paise: sum((i) => i.net_paise),
        payouts: rows.map(({ item, at }) => ({
          payout_run_id: item.payout_run_id,
          created_on: at.toISOString(),
          state: item.status as PayoutItemState,
          gross_paise: item.amount_paise,
          gst_paise: item.gst_paise,
          uninvoiced_paise: item.uninvoiced_paise,
          tds_paise: item.tds_paise,
          net_paise: item.net_paise,
          utr: item.utr,
          failure_reason: item.failure_reason,
          failure_reason_code: item.failure_reason_code,
          failure_reason_vars: item.failure_reason_vars,
          reference: payoutReference(item.payout_run_id, item.user_id),
        })),
      };
    },

    /** The statement as a CSV file: the year's payouts, newest first, and a total line. Texts defused against spreadsheet formulas. */
    async statementCsv(userId: number, fy: string): Promise<{ name: string; csv: string }> {
      const st = await this.statement(userId, fy);
      let out = csvLine(STATEMENT_COLUMNS);
      for (const p of st.payouts) {
        out += csvLine([
          istDateString(new Date(p.created_on)),
          p.payout_run_id,
          p.reference,
          p.state,
          rupees(p.gross_paise),
          rupees(p.tds_paise),
          rupees(p.net_paise),
          p.utr,
          p.failure_reason,
        ]);
      }
      out += csvLine([`Total ${fy} (not failed)`, '', '', '', rupees(st.gross_paise), rupees(st.tds_paise), rupees(st.net_paise), '', '']);
      return { name: `pmw-payouts-${fy}.csv`, csv: out };
    },

    /**
     * The quarterly TDS report: per partner per quarter, the payouts made
     * (failed ones left out: their TDS went back), their gross, TDS and net,
     * with the PAN in full, as the TDS return and Form 16A need. A partner
     * without a PAN on file shows an empty PAN and "Yes" for the higher rate.
     */
    async tdsReport(actor: number, fy: string, quarter?: TdsQuarter): Promise<{ name: string; csv: string }> {
      const range = financialYearRange(fy);
      if (!range) throw new AppError('VALIDATION', say('ops.financialYear'));
      const rows = await db
        .select({ item: payoutRunItems, at: payoutRuns.created_on })
        .from(payoutRunItems)
        .innerJoin(payoutRuns, eq(payoutRuns.payout_run_id, payoutRunItems.payout_run_id))
        .where(
          and(
            inArray(payoutRunItems.status, [...PAYOUT_ITEM_SENT_STATES]),
            gte(payoutRuns.created_on, range.from),
            lt(payoutRuns.created_on, range.to),
          ),
        )
        .orderBy(asc(payoutRuns.created_on));
      const groups = new Map<string, { quarter: TdsQuarter; user_id: number; count: number; gross: number; tds: number; net: number }>();
      for (const { item, at } of rows) {
        const q = tdsQuarterOf(at);
        if (quarter && q !== quarter) continue;
        const key = `${q}:${item.user_id}`;
        const g = groups.get(key) ?? { quarter: q, user_id: item.user_id, count: 0, gross: 0, tds: 0, net: 0 };
        g.count++;
        // The amount the TDS was on: an invoice's GST is not commission.
        g.gross += item.amount_paise - item.gst_paise;
        g.tds += item.tds_paise;
        g.net += item.net_paise;
        groups.set(key, g);
      }
      const list = [...groups.values()].sort((a, b) => a.quarter - b.quarter || a.user_id - b.user_id);
      const ids = [...new Set(list.map((g) => g.user_id))];
      const [people, pans] = await Promise.all([names(ids), documents.pansOf(ids)]);
      let out = csvLine(TDS_REPORT_COLUMNS);
      for (const g of list) {
        const pan = pans.get(g.user_id) ?? '';
        out += csvLine([
          fy,
          `Q${g.quarter}`,
          `PMW${g.user_id}`,
          people.get(g.user_id)?.name ?? '',
          pan,
          '194H',
          g.count,
          rupees(g.gross),
          rupees(g.tds),
          rupees(g.net),
          pan ? 'No' : 'Yes',
        ]);
      }
      // Full PANs left the building: who took them, and when.
      await audit.record({
        actor_user_id: actor,
        action: 'payout.tds_report',
        entity_type: 'payout_run',
        entity_id: 0,
        after: { fy, quarter: quarter ?? null, rows: list.length },
      });
      return { name: `pmw-tds-194h-${fy}${quarter ? `-q${quarter}` : ''}.csv`, csv: out };
    },

    /** Items whose gross is not TDS + net (should always be none): for the ledger check. */
    async grossMismatches(tx: DbOrTx = db) {
      return tx
        .select({
          payout_run_id: payoutRunItems.payout_run_id,
          user_id: payoutRunItems.user_id,
          gross: payoutRunItems.amount_paise,
          tds: payoutRunItems.tds_paise,
          net: payoutRunItems.net_paise,
        })
        .from(payoutRunItems)
        .where(
          and(
            ne(payoutRunItems.status, PAYOUT_ITEM_STATE.held),
            sql`${payoutRunItems.amount_paise} <> ${payoutRunItems.tds_paise} + ${payoutRunItems.net_paise}`,
          ),
        );
    },
  };
}
export type PayoutsService = ReturnType<typeof createPayoutsService>;

function readCsv(csv: string): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    parseString<string[], string[]>(csv, { ignoreEmpty: true, trim: false })
      .on('error', () => reject(new AppError('VALIDATION', say('ops.responseNotCsv'))))
      .on('data', (row: string[]) => rows.push(row))
      .on('end', () => resolve(rows));
  });
}
