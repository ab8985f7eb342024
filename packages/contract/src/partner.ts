import { z } from 'zod';
import { text, int, coerceInt, bigInt } from './base';
import { defineRoute, queryInt, queryIntList } from './api';
import { payoutItemStateSchema } from './ops';
import { FINANCIAL_YEAR_PATTERN } from './tds';
import { FILE_INPUT_TYPES } from './lead-form';
import { HIRING_CATEGORY_ID, INSURANCE_CATEGORY_ID } from './catalogue';
import { LEAD_ARCHIVE_STATUS, LEAD_EXPIRED_FILTER, LEAD_STATUS, type LeadStatus, type LeadStatusText } from './lead-status';
/** A code of the partner area's catalogue. */
type PartnerCode = keyof typeof partnerCatalogue.en;
import { WALLET_TX_TYPE } from './wallet';

/**
 * The partner portal's Leads Report, Payouts and Customers, under /api/v2/partner.
 */

// ---------------------------------------------------------------- constants

export const LEADS_PAGE_SIZE = 20;
/** Customer mobile is not shown for these project categories. */
export const HIDDEN_MOBILE_CATEGORIES: readonly number[] = [INSURANCE_CATEGORY_ID, HIRING_CATEGORY_ID];
export const CALL_POLL_MS = 5_000;
export const CALL_TIMER_MS = 1_000;
/** The ledger's ref_type of a payout run's debit (money sent to the bank). */
export const PAYOUT_RUN_REF_TYPE = 'PAYOUT_RUN';

import { partnerMessages } from './partner-texts';
import { saidIn } from './texts/said';
import { commonCatalogue } from './texts/common';
import { partnerCatalogue } from './texts/partner';

/** This file's validation messages, said by code (see `saidIn`). */
const commonSaid = saidIn(commonCatalogue);
const partnerSaid = saidIn(partnerCatalogue);
export { partnerMessages };

// ---------------------------------------------------------------- lead status rules

/** The report's status filter: '' all, a stored status, or Expired (a pending lead that was archived). */
export type LeadStatusFilter = '' | LeadStatus | typeof LEAD_EXPIRED_FILTER;
export const LEAD_STATUS_FILTER_LABELS: { value: LeadStatusFilter; label: string; code: PartnerCode }[] = [
  { value: '', label: 'All Lead Status', code: 'partner.allLeadStatus' },
  { value: LEAD_STATUS.pending, label: 'Pending', code: 'partner.statusPending' },
  { value: LEAD_STATUS.approved, label: 'Approved', code: 'partner.statusApproved' },
  { value: LEAD_STATUS.rejected, label: 'Rejected', code: 'partner.statusRejected' },
  { value: LEAD_EXPIRED_FILTER, label: 'Expired', code: 'partner.statusExpired' },
];

/** A lead's state as the Leads Report names it (`leadStatusText`), by its message code. */
export const LEAD_STATUS_TEXT_CODES = {
  Pending: 'partner.statusPending',
  Approved: 'partner.statusApproved',
  Rejected: 'partner.statusRejected',
  Expired: 'partner.statusExpired',
} as const satisfies Record<LeadStatusText, PartnerCode>;

const { live, expired } = LEAD_ARCHIVE_STATUS;
/**
 * What the report calls send for a status filter: Expired is a pending lead
 * that was archived, Pending one that was not, anything else either.
 */
export function leadStatusQuery(filter: LeadStatusFilter): { status?: number; archive_status: number[] } {
  if (filter === LEAD_EXPIRED_FILTER) return { status: LEAD_STATUS.pending, archive_status: [expired] };
  if (filter === LEAD_STATUS.pending) return { status: LEAD_STATUS.pending, archive_status: [live] };
  if (filter === '') return { archive_status: [live, expired] };
  return { status: filter, archive_status: [live, expired] };
}

export { leadStatusText } from './lead-status';

/**
 * The counts call's answer: PENDING and PENDING_PARTIAL are status 0
 * leads without and with sub_status 1 (expired ones included), VERIFIED
 * status 1, REJECTED status 2, archived_count the expired (status 0,
 * archive_status 1) among the pending.
 */
export const leadCountsSchema = z.object({
  PENDING: int(),
  PENDING_PARTIAL: int(),
  REJECTED: int(),
  VERIFIED: int(),
  archived_count: int(),
});
export type LeadCounts = z.infer<typeof leadCountsSchema>;

/**
 * The four tiles, by the spec's formula over disjoint
 * buckets: PENDING and PENDING_PARTIAL are live status-0 leads,
 * archived_count the expired ones. Total = all five; Pending = pending +
 * pending-partial + archived; Approved = verified; Rejected = rejected.
 */
export function leadTiles(c: LeadCounts): { total: number; pending: number; approved: number; rejected: number } {
  return {
    total: c.PENDING + c.PENDING_PARTIAL + c.REJECTED + c.VERIFIED + c.archived_count,
    pending: c.PENDING + c.PENDING_PARTIAL + c.archived_count,
    approved: c.VERIFIED,
    rejected: c.REJECTED,
  };
}

/** Whether the customer's mobile is shown for a project category. */
export const showsCustomerMobile = (jobCategoryId: number) => !HIDDEN_MOBILE_CATEGORIES.includes(jobCategoryId);

/** `Leads_Report_2026-11-21.csv`, dated at +05:30. */
export function leadsReportFileName(isoDay: string): string {
  return `Leads_Report_${isoDay}.csv`;
}

/** 'x out of total': the last row number shown on a page. */
export function pageEnd(offset: number, rowsOnPage: number): number {
  return offset + rowsOnPage;
}

// ---------------------------------------------------------------- report schemas

const isoDay = text().regex(/^\d{4}-\d{2}-\d{2}$/, commonSaid('common.datesFormat'));
const searchText = text().trim().max(100).optional();

export const reportFilterObject = z.object({
  /** One or more projects; none means all of the partner's projects. */
  job_id: queryIntList.optional(),
  status: queryInt.min(LEAD_STATUS.pending).max(LEAD_STATUS.rejected).optional(),
  archive_status: queryIntList.pipe(z.array(int().min(0).max(1)).max(2)).optional(),
  start_date: isoDay.optional(),
  end_date: isoDay.optional(),
  /** Customer name, mobile, lead id or any value of the lead. */
  search: searchText,
  /** The lead's status comment. */
  search_comment: searchText,
});
export const dateOrder = (q: { start_date?: string | undefined; end_date?: string | undefined }) =>
  !q.start_date || !q.end_date || q.start_date <= q.end_date;

export const reportFilterSchema = reportFilterObject.refine(dateOrder, { message: partnerSaid('partner.dateOrder'), path: ['end_date'] });
export type ReportFilter = z.output<typeof reportFilterSchema>;

export const reportPageQuerySchema = reportFilterObject
  .extend({
    limit: queryInt.min(1).max(100).default(LEADS_PAGE_SIZE),
    offset: queryInt.min(0).max(10_000_000).default(0),
  })
  .refine(dateOrder, { message: partnerSaid('partner.dateOrder'), path: ['end_date'] });

export const partnerProjectSchema = z.object({
  job_id: int(),
  slug_name: text(),
  job_title: text(),
  job_category_id: int(),
});
export type PartnerProject = z.infer<typeof partnerProjectSchema>;

/** An extra column of the report: one label and type across the projects' forms, from the third input on. */
export const reportInputSchema = z.object({
  key: text(),
  label: text(),
  input_type: text(),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

export const reportCellSchema = z.object({
  input_id: int(),
  input_type: text(),
  value: text().nullable(),
  file_id: int().nullable(),
});
export type ReportCell = z.infer<typeof reportCellSchema>;

export const reportRowSchema = z.object({
  form_response_id: int(),
  lead_id: int(),
  job_id: int(),
  job_category_id: int(),
  slug_name: text(),
  name: text().nullable(),
  /** Null when the project's category hides it. */
  number: text().nullable(),
  status: int(),
  archive_status: int(),
  sub_status: int(),
  status_text: text(),
  status_comment: text().nullable(),
  created_on: text(),
  modified_on: text(),
  responseMetaData: z.object({ payout: int() }),
  /** By input id, every value of the lead. */
  response_data: z.record(text(), z.object({ value: text(), file_id: int().nullable() })),
  /** By report input key; absent where the lead's form has no such input. */
  cells: z.record(text(), reportCellSchema),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportPageSchema = z.object({
  count: int(),
  inputs: z.array(reportInputSchema),
  rows: z.array(reportRowSchema),
});
export type ReportPage = z.infer<typeof reportPageSchema>;

/** Input types whose value is a file (shown with 'View'). */
export const FILE_INPUT_TYPES_SHOWN: readonly string[] = FILE_INPUT_TYPES;
/** Whether a cell takes an attachment: an empty image, video or file input. */
export const needsAttachment = (cell: Pick<ReportCell, 'input_type' | 'value'> | undefined): boolean =>
  !!cell && (FILE_INPUT_TYPES as readonly string[]).includes(cell.input_type) && !cell.value;

export const inputAddBodySchema = z.object({
  form_response_id: coerceInt().positive(),
  input_id: coerceInt().positive(),
  /** The file_id of the uploaded file. */
  value: coerceInt({ error: partnerSaid('partner.fileRequired') }).positive(partnerSaid('partner.fileRequired')),
});
export const inputAddedSchema = z.object({ form_response_id: int(), input_id: int(), file_id: int() });

// ---------------------------------------------------------------- wallet

export const walletSchema = z.object({
  /** Balance in paise. */
  total_amount: bigInt(),
  /** Total earnings in paise. */
  credit_amount: bigInt(),
});
export const walletLogSchema = z.object({
  wallet_transaction_id: int(),
  type: int(),
  amount: bigInt(),
  /** In English; `reason_code` and `reason_vars` say it by code for the reader's language (null on entries written before). */
  reason: text(),
  reason_code: text().nullable().optional(),
  reason_vars: z.record(z.string(), z.unknown()).nullable().optional(),
  /** As `reason`; a remark someone typed has no code. */
  remark: text().nullable(),
  remark_code: text().nullable().optional(),
  remark_vars: z.record(z.string(), z.unknown()).nullable().optional(),
  created_on: text(),
});
export type WalletLog = z.infer<typeof walletLogSchema>;
export const walletLogsSchema = z.object({ count: int(), rows: z.array(walletLogSchema) });
export const walletLogsQuerySchema = z.object({
  limit: queryInt.min(1).max(200).default(50),
  offset: queryInt.min(0).default(0),
});
/** '+' for a credit (type 1), '-' otherwise. */
export const walletSign = (type: number) => (type === WALLET_TX_TYPE.credit ? '+' : '-');
/** Paise as rupees with two decimals and Indian grouping: 123456 → '₹1,234.56'. */
export function formatRupees(paise: number): string {
  const rupees = paise / 100;
  return `₹${rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

// ---------------------------------------------------------------- customers and calls

export const CALL_STATUSES = ['queued', 'ringing', 'in-progress', 'completed', 'no-answer', 'busy', 'failed'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
/**
 * Click-to-call limits: one live call per partner, and CALLS_PER_CUSTOMER_PER_HOUR
 * calls to one customer mobile (by any partner) in an hour, so nobody is rung
 * again and again. A call still "live" after LIVE_CALL_MAX_MINUTES no longer counts.
 */
export const CALLS_PER_CUSTOMER_PER_HOUR = 3;
export const LIVE_CALL_MAX_MINUTES = 60;
/** The poll runs while a call is in one of these. */
export const isCallActive = (status: string) => status === 'queued' || status === 'ringing' || status === 'in-progress';

export const customerLeadSchema = z.object({
  customer_lead_id: int(),
  created_on: text(),
  CustomerLead: z.object({ name: text(), mobile: text() }),
});
export type CustomerLead = z.infer<typeof customerLeadSchema>;
export const customerLeadsQuerySchema = z.object({
  search: text().trim().max(100).optional(),
  limit: queryInt.min(1).max(200).default(100),
  offset: queryInt.min(0).default(0),
});
export const customerLeadsSchema = z.object({ count: int(), rows: z.array(customerLeadSchema) });

export const callConnectBodySchema = z.object({
  customer_lead_id: coerceInt().positive(),
  entity_type: z.literal('LEAD'),
});
export const callSchema = z.object({
  call_id: int(),
  Sid: text(),
  status: text(),
  /** Seconds since the call was answered (0 before). */
  timer: int(),
  customer_name: text(),
});
export type Call = z.infer<typeof callSchema>;
export const callEnquiryQuerySchema = z.object({ call_id: queryInt.positive() });

// ---------------------------------------------------------------- routes

/** A partner's payouts in a financial year (April to March): what was paid, the TDS held, and each payout's life. */
export const payoutStatementQuerySchema = z.object({
  fy: text().regex(FINANCIAL_YEAR_PATTERN, 'Financial year must look like 2026-27').optional(),
});
export const payoutStatementPdfQuerySchema = payoutStatementQuerySchema.extend({
  /** One month of the year, '2026-06'; the whole year without it. */
  month: text()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must look like 2026-06')
    .optional(),
});
export const payoutStatementSchema = z.object({
  fy: text(),
  /** Of the payouts not failed: gross = TDS + net; gross includes the GST of invoices paid (TDS is on gross less GST). */
  gross_paise: bigInt(),
  gst_paise: bigInt(),
  tds_paise: bigInt(),
  net_paise: bigInt(),
  payouts: z.array(
    z.object({
      payout_run_id: int(),
      created_on: text(),
      state: payoutItemStateSchema,
      gross_paise: bigInt(),
      gst_paise: bigInt(),
      /**
       * The part of gross paid without an invoice to a GST-registered partner: what they earned before their
       * GST registration (or what is not billable on an invoice). 0 for a partner paid without invoices.
       */
      uninvoiced_paise: bigInt(),
      tds_paise: bigInt(),
      net_paise: bigInt(),
      utr: text().nullable(),
      /** In English; `failure_reason_code` and `failure_reason_vars` say it by code when the words are ours (null for the bank's own, and on older rows). */
      failure_reason: text().nullable(),
      failure_reason_code: text().nullable().optional(),
      failure_reason_vars: z.record(z.string(), z.unknown()).nullable().optional(),
      reference: text(),
    }),
  ),
});
export type PayoutStatement = z.infer<typeof payoutStatementSchema>;

export const partnerRoutes = {
  reportProjects: defineRoute({
    method: 'GET',
    path: '/partner/report/projects/fetch',
    summary: "The projects the partner has leads in, for the report's filter",
    auth: 'worker',
    response: z.array(partnerProjectSchema),
  }),
  reportCounts: defineRoute({
    method: 'GET',
    path: '/partner/report/task/counts/fetch',
    summary: "The partner's lead counts by status for the report's tiles",
    auth: 'worker',
    query: reportFilterSchema,
    response: leadCountsSchema,
  }),
  reportData: defineRoute({
    method: 'GET',
    path: '/partner/report/task/data/fetch',
    summary: "A page of the partner's leads with their form answers",
    auth: 'worker',
    query: reportPageQuerySchema,
    response: reportPageSchema,
  }),
  /** Answers a CSV file, not the envelope; the response schema is unused. */
  reportDownload: defineRoute({
    method: 'GET',
    path: '/partner/report/task/data/download',
    summary: "The partner's leads report as a CSV file",
    auth: 'worker',
    query: reportFilterSchema,
    response: z.null(),
    produces: ['text/csv'],
  }),
  inputAdd: defineRoute({
    method: 'POST',
    path: '/partner/form/response/input/add',
    summary: "Attaches a missing file to one of the partner's leads",
    auth: 'worker',
    body: inputAddBodySchema,
    response: inputAddedSchema,
  }),
  walletAmount: defineRoute({
    method: 'GET',
    path: '/partner/wallet/amount/fetch',
    summary: "The partner's wallet balance and what is pending",
    auth: 'worker',
    response: walletSchema,
  }),
  walletTransactions: defineRoute({
    method: 'GET',
    path: '/partner/wallet/transaction/fetch',
    summary: "A page of the partner's wallet credits and payouts",
    auth: 'worker',
    query: walletLogsQuerySchema,
    response: walletLogsSchema,
  }),
  payoutStatement: defineRoute({
    method: 'GET',
    path: '/partner/payouts/statement',
    summary: "The partner's payouts in a financial year: gross, TDS and net, with each payout's state and bank reference",
    auth: 'worker',
    query: payoutStatementQuerySchema,
    response: payoutStatementSchema,
  }),
  /** text/csv of the same year, for the partner's own records. */
  payoutStatementCsv: defineRoute({
    method: 'GET',
    path: '/partner/payouts/statement/csv',
    summary: "The partner's payout statement for a financial year as a CSV file",
    auth: 'worker',
    query: payoutStatementQuerySchema,
    response: text(),
    produces: ['text/csv'],
  }),
  /** application/pdf of the same year (or one month of it), made on request. */
  payoutStatementPdf: defineRoute({
    method: 'GET',
    path: '/partner/payouts/statement/pdf',
    summary: "The partner's payout statement for a financial year, or one month of it, as a PDF",
    auth: 'worker',
    query: payoutStatementPdfQuerySchema,
    response: z.null(),
    produces: ['application/pdf'],
  }),
  customerLeads: defineRoute({
    method: 'GET',
    path: '/partner/customer/leads/users/fetch',
    summary: 'The customers assigned to the partner to call, with a name search',
    auth: 'worker',
    query: customerLeadsQuerySchema,
    response: customerLeadsSchema,
  }),
  callConnect: defineRoute({
    method: 'POST',
    path: '/partner/calling/customer/connect',
    summary: 'Starts a click-to-call between the partner and a customer',
    auth: 'worker',
    body: callConnectBodySchema,
    response: callSchema,
  }),
  callEnquiry: defineRoute({
    method: 'GET',
    path: '/partner/calling/customer/enquiry',
    summary: 'The state of a click-to-call (queued, ringing, in progress, completed)',
    auth: 'worker',
    query: callEnquiryQuerySchema,
    response: callSchema,
  }),
};
