import { z } from 'zod';
import { bigInt, coerceInt, int, text } from './base';
import { defineRoute } from './api';
import { percentOfPaise } from './tds';

/**
 * GST invoices. A partner with a verified GSTIN is paid monthly against an
 * invoice: the portal drafts one per month from the month's approved earnings
 * (GST at the configured rate on top), the partner accepts it or uploads their
 * own PDF, ops approve it (or reject it with a reason), and the next payout
 * run pays the approved invoices. TDS is on the amount before GST.
 */

/**
 * An invoice's life: DRAFT → SUBMITTED (accepted or uploaded) → APPROVED → PAID; SUBMITTED → REJECTED → SUBMITTED again.
 * CANCELLED: the partner's GSTIN was removed or rejected before the invoice was approved, and a payout run paid
 * its earnings as an ordinary payout (no invoice, no GST); it is never billed again.
 */
export const INVOICE_STATUS = {
  draft: 'DRAFT',
  submitted: 'SUBMITTED',
  approved: 'APPROVED',
  rejected: 'REJECTED',
  paid: 'PAID',
  cancelled: 'CANCELLED',
} as const;
export const invoiceStatusSchema = z.enum([
  INVOICE_STATUS.draft,
  INVOICE_STATUS.submitted,
  INVOICE_STATUS.approved,
  INVOICE_STATUS.rejected,
  INVOICE_STATUS.paid,
  INVOICE_STATUS.cancelled,
]);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;
/**
 * The text key each status is said by; the partner's Payouts page and the
 * console's "GST invoices" page both have these keys in their catalogues.
 */
export const INVOICE_STATUS_TEXT = {
  [INVOICE_STATUS.draft]: 'invoiceDraft',
  [INVOICE_STATUS.submitted]: 'invoiceSubmitted',
  [INVOICE_STATUS.approved]: 'invoiceApproved',
  [INVOICE_STATUS.rejected]: 'invoiceRejected',
  [INVOICE_STATUS.paid]: 'invoicePaid',
  [INVOICE_STATUS.cancelled]: 'invoiceCancelled',
} as const satisfies Record<InvoiceStatus, string>;
/** The states a partner may submit from: a draft, or an invoice ops sent back. */
export const INVOICE_SUBMITTABLE: readonly InvoiceStatus[] = [INVOICE_STATUS.draft, INVOICE_STATUS.rejected];
/** Not yet approved: cancelled when the partner's GSTIN goes and a run pays their earnings without an invoice. */
export const INVOICE_OPEN: readonly InvoiceStatus[] = [INVOICE_STATUS.draft, INVOICE_STATUS.submitted, INVOICE_STATUS.rejected];
/** Whose lines are settled: the invoice was paid, or its earnings were paid without it. */
export const INVOICE_CLOSED: readonly InvoiceStatus[] = [INVOICE_STATUS.paid, INVOICE_STATUS.cancelled];

/** Whose document the invoice is: the portal's draft the partner accepted, or the partner's own PDF. */
export const INVOICE_SOURCE = { portal: 'PORTAL', uploaded: 'UPLOADED' } as const;
export const invoiceSourceSchema = z.enum([INVOICE_SOURCE.portal, INVOICE_SOURCE.uploaded]);
export type InvoiceSource = z.infer<typeof invoiceSourceSchema>;

/** The ledger's ref_type of the GST a paid invoice adds to the wallet (the run then pays it out with the commission). */
export const INVOICE_REF_TYPE = 'INVOICE';
/** The ledger's ref_types of what a partner earns: what an invoice is drafted from. */
export const EARNING_REF_TYPE = { lead: 'LEAD', application: 'APPLICATION' } as const;
export const EARNING_REF_TYPES: readonly string[] = [EARNING_REF_TYPE.lead, EARNING_REF_TYPE.application];

/** The GST on a taxable amount, in paise: CGST and SGST at half the rate each within one state, IGST at the rate across states. */
export interface GstSplit {
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  gst_paise: number;
  total_paise: number;
}

/**
 * Each tax is rounded half up to the paisa on its own, as it is printed: CGST
 * and SGST are each half the rate of the taxable value, so within a state the
 * GST is twice the rounded half (which may differ from the rounded whole by a paisa).
 */
export function gstSplit(taxablePaise: number, ratePercent: number, sameState: boolean): GstSplit {
  if (sameState) {
    const half = percentOfPaise(taxablePaise, ratePercent / 2);
    return {
      taxable_paise: taxablePaise,
      cgst_paise: half,
      sgst_paise: half,
      igst_paise: 0,
      gst_paise: 2 * half,
      total_paise: taxablePaise + 2 * half,
    };
  }
  const igst = percentOfPaise(taxablePaise, ratePercent);
  return { taxable_paise: taxablePaise, cgst_paise: 0, sgst_paise: 0, igst_paise: igst, gst_paise: igst, total_paise: taxablePaise + igst };
}

/** The state code of a GSTIN: its first two digits (29 Karnataka, 27 Maharashtra...). */
export const gstinStateCode = (gstin: string): string => gstin.slice(0, 2);

/** A partner's invoice series: 'PMW204/2026-27/001', numbered from 1 in each financial year. */
export function invoiceNumber(userId: number, fy: string, seq: number): string {
  return `PMW${userId}/${fy}/${String(seq).padStart(3, '0')}`;
}

/** The month an invoice covers, India time: '2026-06'. */
export function invoiceMonthOf(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  return `${ist.getUTCFullYear()}-${String(ist.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The financial year a month '2026-03' falls in: '2025-26'. */
export function financialYearOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

const partySchema = z.object({ name: text(), gstin: text(), address: text(), state_code: text() });
export type InvoiceParty = z.infer<typeof partySchema>;

export const invoiceSchema = z.object({
  invoice_id: int(),
  user_id: int(),
  invoice_number: text(),
  fy: text(),
  /** The month of the earnings it bills, '2026-06'. */
  month: text(),
  status: invoiceStatusSchema,
  source: invoiceSourceSchema.nullable(),
  /** How many approved leads and joinings it bills. */
  earnings_count: int(),
  taxable_paise: bigInt(),
  gst_rate_percent: z.number(),
  cgst_paise: bigInt(),
  sgst_paise: bigInt(),
  igst_paise: bigInt(),
  gst_paise: bigInt(),
  total_paise: bigInt(),
  /** The partner (supplier) and the company (recipient), as printed. */
  supplier: partySchema,
  recipient: partySchema,
  /** The partner's own PDF, when they uploaded one; a link valid a few minutes. */
  file_id: int().nullable(),
  file_url: text().nullable(),
  reject_reason: text().nullable(),
  payout_run_id: int().nullable(),
  created_on: text(),
  submitted_on: text().nullable(),
  decided_on: text().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const partnerInvoicesSchema = z.object({
  /** False when the partner has no verified GSTIN: they are paid without invoices. */
  gst_registered: z.boolean(),
  invoices: z.array(invoiceSchema),
});
export type PartnerInvoices = z.infer<typeof partnerInvoicesSchema>;

const invoiceParams = z.object({ invoice_id: coerceInt().positive() });
export const invoiceUploadBodySchema = z.object({ file_id: int().positive() });
export const INVOICE_REJECT_REASON_MAX = 300;
export const invoiceRejectBodySchema = z.object({ reason: text().trim().min(1).max(INVOICE_REJECT_REASON_MAX) });
export const opsInvoicesQuerySchema = z.object({ status: invoiceStatusSchema.optional() });
export const opsInvoiceSchema = invoiceSchema.extend({ partner_name: text().nullable() });
export type OpsInvoice = z.infer<typeof opsInvoiceSchema>;

export const partnerInvoiceRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/partner/invoices',
    summary: "The partner's GST invoices, newest first; this month's and earlier months' drafts are made from approved earnings",
    auth: 'worker',
    response: partnerInvoicesSchema,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/partner/invoices/:invoice_id',
    summary: "One of the partner's invoices",
    auth: 'worker',
    params: invoiceParams,
    response: invoiceSchema,
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/partner/invoices/:invoice_id/accept',
    summary: "The partner accepts the portal's draft as their invoice and sends it to ops",
    auth: 'worker',
    params: invoiceParams,
    response: invoiceSchema,
  }),
  upload: defineRoute({
    method: 'POST',
    path: '/partner/invoices/:invoice_id/upload',
    summary: "The partner sends their own invoice PDF (uploaded through the file upload links) for the draft's amounts",
    auth: 'worker',
    params: invoiceParams,
    body: invoiceUploadBodySchema,
    response: invoiceSchema,
  }),
  /** application/pdf, made on request. */
  pdf: defineRoute({
    method: 'GET',
    path: '/partner/invoices/:invoice_id/pdf',
    summary: 'The invoice as a PDF',
    auth: 'worker',
    params: invoiceParams,
    response: z.null(),
    produces: ['application/pdf'],
  }),
};

export const opsInvoiceRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/ops/invoices',
    summary: "Partners' invoices, those awaiting approval first",
    auth: 'ops',
    query: opsInvoicesQuerySchema,
    response: z.array(opsInvoiceSchema),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/ops/invoices/:invoice_id',
    summary: 'One partner invoice',
    auth: 'ops',
    params: invoiceParams,
    response: opsInvoiceSchema,
  }),
  approve: defineRoute({
    method: 'POST',
    path: '/ops/invoices/:invoice_id/approve',
    summary: 'Approves a submitted invoice: the next payout run pays it',
    auth: 'ops',
    params: invoiceParams,
    response: opsInvoiceSchema,
  }),
  reject: defineRoute({
    method: 'POST',
    path: '/ops/invoices/:invoice_id/reject',
    summary: 'Sends a submitted invoice back to the partner with the reason',
    auth: 'ops',
    params: invoiceParams,
    body: invoiceRejectBodySchema,
    response: opsInvoiceSchema,
  }),
  pdf: defineRoute({
    method: 'GET',
    path: '/ops/invoices/:invoice_id/pdf',
    summary: 'A partner invoice as a PDF',
    auth: 'ops',
    params: invoiceParams,
    response: z.null(),
    produces: ['application/pdf'],
  }),
};
