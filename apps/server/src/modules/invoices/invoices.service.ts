import { and, desc, eq, inArray, isNull, max, ne, notInArray, sql } from 'drizzle-orm';
import { NOTIFY_AUDIENCE, NOTIFY_EVENT } from '@pmw/contract/notifications';
import {
  EARNING_REF_TYPES,
  INVOICE_CLOSED,
  INVOICE_OPEN,
  INVOICE_REF_TYPE,
  INVOICE_SOURCE,
  INVOICE_STATUS,
  INVOICE_SUBMITTABLE,
  financialYearOfMonth,
  gstSplit,
  gstinStateCode,
  invoiceMonthOf,
  invoiceNumber,
  type Invoice,
  type InvoiceSource,
  type InvoiceStatus,
  type OpsInvoice,
  type PartnerInvoices,
} from '@pmw/contract/invoices';
import { say } from '@pmw/contract/texts/said';
import type { Db, DbOrTx } from '../../db/client';
import { invoiceLines, invoices } from '../../db/schema/invoices';
import { AppError, notFound } from '../../errors';
import type { AuditService } from '../ops/audit.service';
import type { DocumentsService } from '../documents/documents.service';
import type { FilesService } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { UsersService } from '../users/users.service';
import { WALLET_CREDIT, type WalletService } from '../wallet/wallet.service';

export type InvoiceRow = typeof invoices.$inferSelect;

/** Drafting and submitting one partner's invoices take this lock (with the partner's id), so two requests never number twice. */
const INVOICE_LOCK_CLASS = 740_093;
/** The ledger key of the GST an invoice adds to the wallet when a run pays it: posted once, however often it is paid again. */
export const invoiceGstKey = (invoiceId: number) => `invoice-gst:${invoiceId}`;

export interface InvoiceSettings {
  /** False: no invoices are drafted and every partner is paid from the balance, as without a GSTIN. */
  enabled: boolean;
  gstRatePercent: number;
  /** The services code printed on the invoice. */
  sac: string;
  company: { name: string; gstin: string; address: string };
}

/** What the next payout run may pay a GST partner: their approved invoices not yet paid, and what no invoice will bill. */
export interface PayableInvoices {
  /** False for a partner without a verified GSTIN (and no approved invoice): paid from the balance, without invoices. */
  gst_partner: boolean;
  /** The partner has no verified GSTIN now: their invoices not yet approved are cancelled when a run pays them. */
  lapsed: boolean;
  invoice_ids: number[];
  taxable_paise: number;
  gst_paise: number;
  /** The part of the GST not yet in the wallet (a returned transfer brought the rest back). */
  gst_to_credit_paise: number;
  /**
   * The money in the wallet that invoices bill or will bill (their earnings, and the GST a returned transfer
   * brought back); the rest of the balance (earned before the GST registration) is paid without an invoice.
   */
  reserved_paise: number;
  /** The ledger entries behind reserved_paise (so the holding period is not counted twice). */
  reserved_entry_ids: number[];
}
const NOT_PAYABLE_BY_INVOICE: PayableInvoices = {
  gst_partner: false,
  lapsed: true,
  invoice_ids: [],
  taxable_paise: 0,
  gst_paise: 0,
  gst_to_credit_paise: 0,
  reserved_paise: 0,
  reserved_entry_ids: [],
};

/**
 * GST invoices. For a partner with a verified GSTIN the portal drafts an
 * invoice per month (India time) from the month's earnings in the ledger not
 * yet billed; a draft follows the month's new earnings until the partner
 * accepts it or uploads their own PDF for it. Ops approve or reject it; the
 * payout run pays approved ones (payableFor, markPaid) and a failed transfer
 * makes them payable again (release).
 */
export function createInvoicesService(deps: {
  db: Db;
  wallet: WalletService;
  documents: Pick<DocumentsService, 'verifiedGstin'>;
  users: UsersService;
  files: FilesService;
  audit: AuditService;
  notifications?: Pick<NotificationsService, 'notify'> | undefined;
  settings: InvoiceSettings;
}) {
  const { db, wallet, documents, users, files, audit, settings } = deps;
  const rateBp = Math.round(settings.gstRatePercent * 100);
  /** The partner's verified GSTIN, while invoices are on: with them off, everyone is paid as without one. */
  const gstinOf = (userId: number, tx?: DbOrTx) => (settings.enabled ? documents.verifiedGstin(userId, tx) : Promise.resolve(null));

  const lock = (tx: DbOrTx, userId: number) => tx.execute(sql`select pg_advisory_xact_lock(${INVOICE_LOCK_CLASS}, ${userId})`);

  async function supplierOf(userId: number, gstin: string, tx: DbOrTx) {
    const user = await users.byId(userId, tx);
    const name = [user?.first_name, user?.last_name].filter(Boolean).join(' ') || `PMW${userId}`;
    const address = [user?.permanent_address, user?.city, user?.state, user?.zip_code].filter((p) => p && p.trim()).join(', ');
    return { supplier_name: name, supplier_gstin: gstin, supplier_address: address };
  }

  /** The amounts of an invoice billing `taxable`, at today's rate, split by whether the partner is in the company's state. */
  function amounts(taxable: number, supplierGstin: string) {
    const split = gstSplit(taxable, rateBp / 100, gstinStateCode(supplierGstin) === gstinStateCode(settings.company.gstin));
    return {
      taxable_paise: split.taxable_paise,
      gst_rate_bp: rateBp,
      cgst_paise: split.cgst_paise,
      sgst_paise: split.sgst_paise,
      igst_paise: split.igst_paise,
    };
  }

  const recipient = () => ({
    recipient_name: settings.company.name,
    recipient_gstin: settings.company.gstin,
    recipient_address: settings.company.address,
  });

  /**
   * Makes and refreshes the partner's drafts: each month's earnings not on an
   * invoice go on that month's draft (a new one, next in the year's series,
   * when the month has none and its earnings come to more than nothing).
   */
  async function refreshDrafts(userId: number): Promise<void> {
    const registered = await gstinOf(userId);
    if (!registered) return;
    const gstin = registered.gstin;
    // Earnings since the GSTIN was added: those before it were earned without GST, and paid without invoices.
    const since = registered.added_on.getTime();
    await db.transaction(async (tx) => {
      await lock(tx, userId);
      const billed = new Set(
        (
          await tx
            .select({ id: invoiceLines.wallet_transaction_id })
            .from(invoiceLines)
            .innerJoin(invoices, eq(invoices.invoice_id, invoiceLines.invoice_id))
            .where(eq(invoices.user_id, userId))
        ).map((r) => r.id),
      );
      const free = (await wallet.earningEntries(userId, EARNING_REF_TYPES, tx)).filter(
        (e) => !billed.has(e.wallet_transaction_id) && e.created_on.getTime() >= since,
      );
      const byMonth = new Map<string, typeof free>();
      for (const e of free) {
        const month = invoiceMonthOf(e.created_on);
        byMonth.set(month, [...(byMonth.get(month) ?? []), e]);
      }
      const drafts = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.user_id, userId), eq(invoices.status, INVOICE_STATUS.draft)));
      const supplier = await supplierOf(userId, gstin, tx);
      const months = [...new Set([...byMonth.keys(), ...drafts.map((d) => d.month)])].sort();
      for (const month of months) {
        const entries = byMonth.get(month) ?? [];
        let draft = drafts.find((d) => d.month === month);
        if (!draft) {
          if (entries.reduce((s, e) => s + e.amount_paise, 0) <= 0) continue;
          const fy = financialYearOfMonth(month);
          const [last] = await tx
            .select({ seq: max(invoices.seq) })
            .from(invoices)
            .where(and(eq(invoices.user_id, userId), eq(invoices.fy, fy)));
          const seq = (last?.seq ?? 0) + 1;
          [draft] = await tx
            .insert(invoices)
            .values({
              user_id: userId,
              fy,
              seq,
              invoice_number: invoiceNumber(userId, fy, seq),
              month,
              status: INVOICE_STATUS.draft,
              ...amounts(0, gstin),
              ...supplier,
              ...recipient(),
            })
            .returning();
        }
        if (entries.length) {
          await tx.insert(invoiceLines).values(
            entries.map((e) => ({
              invoice_id: draft!.invoice_id,
              wallet_transaction_id: e.wallet_transaction_id,
              amount_paise: e.amount_paise,
              ref_type: e.ref_type,
              ref_id: e.ref_id,
              credited_on: e.created_on,
            })),
          );
        }
        const [sum] = await tx
          .select({ taxable: sql<string>`coalesce(sum(${invoiceLines.amount_paise}), 0)::text` })
          .from(invoiceLines)
          .where(eq(invoiceLines.invoice_id, draft!.invoice_id));
        // A draft follows the partner's address and GSTIN, the company's details and the rate until it is sent.
        await tx
          .update(invoices)
          .set({ ...amounts(Math.max(0, Number(sum?.taxable ?? 0)), gstin), ...supplier, ...recipient(), modified_on: new Date() })
          .where(eq(invoices.invoice_id, draft!.invoice_id));
      }
    });
  }

  async function earningsCounts(ids: number[], tx: DbOrTx = db): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = await tx
      .select({ id: invoiceLines.invoice_id, n: sql<number>`count(*) filter (where ${invoiceLines.amount_paise} > 0)::int` })
      .from(invoiceLines)
      .where(inArray(invoiceLines.invoice_id, ids))
      .groupBy(invoiceLines.invoice_id);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  function view(row: InvoiceRow, earnings: number, fileUrl: string | null): Invoice {
    const gst = row.cgst_paise + row.sgst_paise + row.igst_paise;
    return {
      invoice_id: row.invoice_id,
      user_id: row.user_id,
      invoice_number: row.invoice_number,
      fy: row.fy,
      month: row.month,
      status: row.status as InvoiceStatus,
      source: (row.source as InvoiceSource | null) ?? null,
      earnings_count: earnings,
      taxable_paise: row.taxable_paise,
      gst_rate_percent: row.gst_rate_bp / 100,
      cgst_paise: row.cgst_paise,
      sgst_paise: row.sgst_paise,
      igst_paise: row.igst_paise,
      gst_paise: gst,
      total_paise: row.taxable_paise + gst,
      supplier: {
        name: row.supplier_name,
        gstin: row.supplier_gstin,
        address: row.supplier_address,
        state_code: gstinStateCode(row.supplier_gstin),
      },
      recipient: {
        name: row.recipient_name,
        gstin: row.recipient_gstin,
        address: row.recipient_address,
        state_code: gstinStateCode(row.recipient_gstin),
      },
      file_id: row.file_id,
      file_url: fileUrl,
      reject_reason: row.reject_reason,
      payout_run_id: row.payout_run_id,
      created_on: row.created_on.toISOString(),
      submitted_on: row.submitted_on?.toISOString() ?? null,
      decided_on: row.decided_on?.toISOString() ?? null,
    };
  }

  async function views(rows: InvoiceRow[], withFileUrl = false): Promise<Invoice[]> {
    const counts = await earningsCounts(rows.map((r) => r.invoice_id));
    return Promise.all(
      rows.map(async (r) =>
        view(
          r,
          counts.get(r.invoice_id) ?? 0,
          withFileUrl && r.file_id ? await files.signedUrlUnchecked(r.file_id).catch(() => null) : null,
        ),
      ),
    );
  }

  async function row(invoiceId: number, tx: DbOrTx = db): Promise<InvoiceRow | undefined> {
    const [r] = await tx.select().from(invoices).where(eq(invoices.invoice_id, invoiceId)).limit(1);
    return r;
  }

  /** The partner's own invoice, or not found (another partner's invoice is not found either). */
  async function own(userId: number, invoiceId: number, tx: DbOrTx = db): Promise<InvoiceRow> {
    const r = await row(invoiceId, tx);
    if (!r || r.user_id !== userId) throw notFound(say('invoice.notFound'));
    return r;
  }

  /** Sends a draft (or a rejected invoice) to ops: the portal's own, or with the partner's PDF. */
  async function submit(userId: number, invoiceId: number, source: InvoiceSource, fileId: number | null): Promise<Invoice> {
    if (source === INVOICE_SOURCE.portal) await refreshDrafts(userId);
    const done = await db.transaction(async (tx) => {
      await lock(tx, userId);
      const r = await own(userId, invoiceId, tx);
      if (!INVOICE_SUBMITTABLE.includes(r.status as InvoiceStatus)) throw new AppError('CONFLICT', say('invoice.notSubmittable'));
      if (r.taxable_paise <= 0) throw new AppError('CONFLICT', say('invoice.nothingToBill'));
      const [updated] = await tx
        .update(invoices)
        .set({
          status: INVOICE_STATUS.submitted,
          source,
          file_id: fileId,
          reject_reason: null,
          submitted_on: new Date(),
          modified_on: new Date(),
        })
        .where(and(eq(invoices.invoice_id, invoiceId), inArray(invoices.status, [...INVOICE_SUBMITTABLE])))
        .returning();
      if (!updated) throw new AppError('CONFLICT', say('invoice.notSubmittable'));
      return updated;
    });
    return (await views([done], true))[0]!;
  }

  async function decide(
    actor: number,
    invoiceId: number,
    to: typeof INVOICE_STATUS.approved | typeof INVOICE_STATUS.rejected,
    reason: string | null,
  ) {
    const done = await db.transaction(async (tx) => {
      const before = await row(invoiceId, tx);
      if (!before) throw notFound(say('invoice.notFound'));
      const [updated] = await tx
        .update(invoices)
        .set({ status: to, reject_reason: reason, decided_by: actor, decided_on: new Date(), modified_on: new Date() })
        .where(and(eq(invoices.invoice_id, invoiceId), eq(invoices.status, INVOICE_STATUS.submitted)))
        .returning();
      if (!updated) throw new AppError('CONFLICT', say('ops.invoiceNotAwaiting'));
      await audit.record(
        {
          actor_user_id: actor,
          action: to === INVOICE_STATUS.approved ? 'invoice.approve' : 'invoice.reject',
          entity_type: 'invoice',
          entity_id: invoiceId,
          before: { status: before.status },
          after: { status: to, reason, invoice_number: updated.invoice_number, taxable_paise: updated.taxable_paise },
        },
        tx,
      );
      // The partner hears of it with the change, once per decision (a rejected invoice sent again is decided again).
      const who = { audience: NOTIFY_AUDIENCE.partner, user_id: updated.user_id };
      const decision = `${invoiceId}:${updated.decided_on?.getTime() ?? 0}`;
      if (to === INVOICE_STATUS.approved) {
        await deps.notifications?.notify(tx, {
          ...who,
          event: NOTIFY_EVENT.invoiceApproved,
          data: {
            invoice_id: invoiceId,
            invoice_number: updated.invoice_number,
            amount_paise: updated.taxable_paise + updated.cgst_paise + updated.sgst_paise + updated.igst_paise,
          },
          dedupe_key: `invoice-approved:${decision}`,
        });
      } else {
        await deps.notifications?.notify(tx, {
          ...who,
          event: NOTIFY_EVENT.invoiceRejected,
          data: { invoice_id: invoiceId, invoice_number: updated.invoice_number, reason: reason ?? '' },
          dedupe_key: `invoice-rejected:${decision}`,
        });
      }
      return updated;
    });
    return opsView(done);
  }

  async function opsView(r: InvoiceRow): Promise<OpsInvoice> {
    const [v] = await views([r], true);
    const names = await users.names([r.user_id]);
    return { ...v!, partner_name: names.get(r.user_id) ?? null };
  }

  return {
    refreshDrafts,

    /** The partner's invoices, newest month first, with this month's and earlier months' drafts brought up to date. */
    async listForPartner(userId: number): Promise<PartnerInvoices> {
      const gstRegistered = !!(await gstinOf(userId));
      if (gstRegistered) await refreshDrafts(userId);
      const rows = await db
        .select()
        .from(invoices)
        .where(eq(invoices.user_id, userId))
        .orderBy(desc(invoices.month), desc(invoices.seq))
        .limit(120);
      return { gst_registered: gstRegistered, invoices: await views(rows) };
    },

    async getForPartner(userId: number, invoiceId: number): Promise<Invoice> {
      return (await views([await own(userId, invoiceId)], true))[0]!;
    },

    /** The row for the PDF: the partner's own only. */
    ownRow: (userId: number, invoiceId: number) => own(userId, invoiceId),

    async rowForOps(invoiceId: number): Promise<InvoiceRow> {
      const r = await row(invoiceId);
      if (!r) throw notFound(say('invoice.notFound'));
      return r;
    },

    accept: (userId: number, invoiceId: number) => submit(userId, invoiceId, INVOICE_SOURCE.portal, null),

    /** The partner's own PDF, uploaded through the upload links (their file, a PDF), for the draft's amounts. */
    async upload(userId: number, invoiceId: number, fileId: number): Promise<Invoice> {
      await own(userId, invoiceId);
      const file = await files.ownUploaded({ kind: 'worker', id: userId }, fileId, ['USER_DOCUMENT']);
      if (file.content_type !== 'application/pdf') throw new AppError('UNSUPPORTED_MEDIA_TYPE', say('invoice.pdfOnly'));
      return submit(userId, invoiceId, INVOICE_SOURCE.uploaded, fileId);
    },

    /** Invoices for ops: those awaiting approval first, then the newest; drafts only when asked for. */
    async listForOps(status?: InvoiceStatus): Promise<OpsInvoice[]> {
      const rows = await db
        .select()
        .from(invoices)
        .where(status ? eq(invoices.status, status) : ne(invoices.status, INVOICE_STATUS.draft))
        .orderBy(sql`case when ${invoices.status} = ${INVOICE_STATUS.submitted} then 0 else 1 end`, desc(invoices.modified_on))
        .limit(200);
      const [list, names] = await Promise.all([views(rows), users.names([...new Set(rows.map((r) => r.user_id))])]);
      return list.map((v) => ({ ...v, partner_name: names.get(v.user_id) ?? null }));
    },

    async getForOps(invoiceId: number): Promise<OpsInvoice> {
      const r = await row(invoiceId);
      if (!r) throw notFound(say('invoice.notFound'));
      return opsView(r);
    },

    approve: (actor: number, invoiceId: number) => decide(actor, invoiceId, INVOICE_STATUS.approved, null),
    reject: (actor: number, invoiceId: number, reason: string) => decide(actor, invoiceId, INVOICE_STATUS.rejected, reason),

    /** The lines an invoice bills (for its PDF): each earning or reversal with its date. */
    async lines(invoiceId: number) {
      return db.select().from(invoiceLines).where(eq(invoiceLines.invoice_id, invoiceId)).orderBy(invoiceLines.credited_on);
    },

    /**
     * For the payout run, in its transaction: the partner's approved invoices
     * not yet paid, and the money in the wallet invoices bill or will bill.
     * With `lockRows` (a run) the partner's invoices are locked until the run
     * commits: an approval or a draft racing the run waits for it.
     */
    async payableFor(userId: number, tx: DbOrTx, lockRows = true): Promise<PayableInvoices> {
      if (lockRows) await lock(tx, userId);
      const registered = await gstinOf(userId, tx);
      const q = tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.user_id, userId), notInArray(invoices.status, [...INVOICE_CLOSED])))
        .orderBy(invoices.invoice_id);
      const unsettled = lockRows ? await q.for('update') : await q;
      const rows = unsettled.filter((r) => r.status === INVOICE_STATUS.approved && r.payout_run_id === null);
      // An approved invoice is paid even if the GSTIN lapsed since: ops approved it.
      if (!registered && !rows.length) return NOT_PAYABLE_BY_INVOICE;
      let gstToCredit = 0;
      let gstInWallet = 0;
      for (const r of rows) {
        const gst = r.cgst_paise + r.sgst_paise + r.igst_paise;
        if (gst <= 0) continue;
        if (await wallet.byKey(invoiceGstKey(r.invoice_id), tx)) gstInWallet += gst;
        else gstToCredit += gst;
      }
      // What invoices bill: while registered, every invoice not settled and the earnings since the GSTIN not yet on one;
      // once the GSTIN has lapsed, only the approved invoices (the rest is paid without an invoice and cancelled).
      const kept = registered ? unsettled : rows;
      const lines = kept.length
        ? await tx
            .select({ id: invoiceLines.wallet_transaction_id, paise: invoiceLines.amount_paise })
            .from(invoiceLines)
            .where(
              inArray(
                invoiceLines.invoice_id,
                kept.map((r) => r.invoice_id),
              ),
            )
        : [];
      const reserved = lines.map((l) => ({ id: l.id, paise: l.paise }));
      if (registered) {
        const billed = new Set(
          (
            await tx
              .select({ id: invoiceLines.wallet_transaction_id })
              .from(invoiceLines)
              .innerJoin(invoices, eq(invoices.invoice_id, invoiceLines.invoice_id))
              .where(eq(invoices.user_id, userId))
          ).map((r) => r.id),
        );
        const since = registered.added_on.getTime();
        for (const e of await wallet.earningEntries(userId, EARNING_REF_TYPES, tx)) {
          if (!billed.has(e.wallet_transaction_id) && e.created_on.getTime() >= since) {
            reserved.push({ id: e.wallet_transaction_id, paise: e.amount_paise });
          }
        }
      }
      return {
        gst_partner: true,
        lapsed: !registered,
        invoice_ids: rows.map((r) => r.invoice_id),
        taxable_paise: rows.reduce((s, r) => s + r.taxable_paise, 0),
        gst_paise: rows.reduce((s, r) => s + r.cgst_paise + r.sgst_paise + r.igst_paise, 0),
        gst_to_credit_paise: gstToCredit,
        // Reversals on invoices net against their earnings; more reversed than earned leaves nothing kept.
        reserved_paise:
          Math.max(
            0,
            reserved.reduce((s, e) => s + e.paise, 0),
          ) + gstInWallet,
        reserved_entry_ids: reserved.map((e) => e.id),
      };
    },

    /**
     * In the run's transaction, for a partner whose GSTIN was removed or
     * rejected: the run pays their earnings without an invoice, so their
     * invoices not yet approved are cancelled (never billed again).
     */
    async cancelOpen(tx: DbOrTx, runId: number, userId: number): Promise<number> {
      const rows = await tx
        .update(invoices)
        .set({ status: INVOICE_STATUS.cancelled, payout_run_id: runId, modified_on: new Date() })
        .where(and(eq(invoices.user_id, userId), inArray(invoices.status, [...INVOICE_OPEN])))
        .returning({ id: invoices.invoice_id });
      return rows.length;
    },

    /**
     * In the run's transaction: the invoices are paid by this run. Each one's
     * GST goes into the wallet (once: a transfer that failed brought it back
     * already) so the run's debit pays it out with the commission.
     */
    async markPaid(tx: DbOrTx, runId: number, userId: number, invoiceIds: number[], actor: number): Promise<void> {
      if (!invoiceIds.length) return;
      const rows = await tx
        .update(invoices)
        .set({ status: INVOICE_STATUS.paid, payout_run_id: runId, modified_on: new Date() })
        .where(
          and(
            eq(invoices.user_id, userId),
            inArray(invoices.invoice_id, invoiceIds),
            eq(invoices.status, INVOICE_STATUS.approved),
            isNull(invoices.payout_run_id),
          ),
        )
        .returning();
      if (rows.length !== invoiceIds.length) throw new AppError('CONFLICT', say('ops.invoiceNotAwaiting'));
      for (const r of rows) {
        const gst = r.cgst_paise + r.sgst_paise + r.igst_paise;
        if (gst <= 0) continue;
        await wallet.post(
          {
            user_id: userId,
            type: WALLET_CREDIT,
            amount_paise: gst,
            reason: say('wallet.invoiceGst', { number: r.invoice_number }),
            remark: say('wallet.payoutRun', { id: runId }),
            ref_type: INVOICE_REF_TYPE,
            ref_id: String(r.invoice_id),
            idempotency_key: invoiceGstKey(r.invoice_id),
            affects_earnings: false,
            created_by: actor,
          },
          tx,
        );
      }
    },

    /** The run's transfer to the partner failed (its money is back in the wallet): their invoices it paid are payable again. */
    async release(tx: DbOrTx, runId: number, userId: number): Promise<void> {
      await tx
        .update(invoices)
        .set({ status: INVOICE_STATUS.approved, payout_run_id: null, modified_on: new Date() })
        .where(and(eq(invoices.payout_run_id, runId), eq(invoices.user_id, userId), eq(invoices.status, INVOICE_STATUS.paid)));
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
