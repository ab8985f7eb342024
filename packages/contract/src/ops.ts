import { z } from 'zod';
import { atMostChars, text, int, coerceInt, bigInt } from './base';
import { defineRoute, queryInt } from './api';
import { MOBILE_CHECKS } from './team';
import { formInputSchema } from './lead-form';
import { BANK_STATUS, documentSchema, nameCheckSchema, payoutMethodSchema } from './partner-profile';
import { DOCUMENT_STATUS } from './kyc';
import { LEAD_ARCHIVE_STATUS, LEAD_STATUS, LEAD_SUB_STATUS } from './lead-status';
import { leadRiskSchema, RISK_LEVELS, RISK_SIGNALS } from './risk';
import { FINANCIAL_YEAR_PATTERN } from './tds';

/**
 * The ops console (admin role): lead verification and money, people, audit.
 * Projects are in ops-projects.ts. Every route here refuses the support role.
 */

const page = {
  page: queryInt.min(1).default(1),
  limit: queryInt.min(1).max(200).default(50),
};
const isoDay = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31');
const positiveId = coerceInt().positive();

// ---------- Leads ----------

export const leadQueueQuerySchema = z.object({
  job_id: queryInt.optional(),
  status: queryInt.min(LEAD_STATUS.pending).max(LEAD_STATUS.rejected).optional(),
  sub_status: queryInt.min(LEAD_SUB_STATUS.none).max(LEAD_SUB_STATUS.needsDetails).optional(),
  archive_status: queryInt.min(LEAD_ARCHIVE_STATUS.live).max(LEAD_ARCHIVE_STATUS.expired).optional(),
  partner_user_id: queryInt.optional(),
  team_id: queryInt.optional(),
  /** 'unverified': team leads queued offline that still wait for a verifying call. */
  mobile_check: z.enum(MOBILE_CHECKS).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  /** Risk levels to show, comma separated: `review,high`. */
  risk: text()
    .max(40)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.enum(RISK_LEVELS, { error: 'Use none, review or high' })).min(1, 'Use none, review or high'))
    .optional(),
  /** `risk`: the riskiest first (then newest); `newest` (the default): newest first. */
  sort: z.enum(['newest', 'risk']).default('newest'),
  ...page,
});

export const opsLeadSchema = z.object({
  form_response_id: int(),
  job_id: int(),
  job_title: text(),
  partner_user_id: int().nullable(),
  partner_name: text().nullable(),
  team_member_user_id: int().nullable(),
  /** The field agent's name, so ops see who submitted a team lead. */
  team_member_name: text().nullable(),
  team_id: int().nullable(),
  customer_name: text().nullable(),
  customer_mobile: text().nullable(),
  status: int(),
  sub_status: int(),
  archive_status: int(),
  status_comment: text().nullable(),
  payout_paise: int(),
  /** How the customer's mobile was proved on a form with OTP ('unverified' waits for a call). */
  mobile_check: z.enum(MOBILE_CHECKS).nullable(),
  /** The lead's risk level ('none' until its signals are computed). */
  risk_level: z.enum(RISK_LEVELS),
  /** The signals still standing on the lead, so the queue shows why it is flagged. */
  risk_signals: z.array(z.object({ kind: z.enum(RISK_SIGNALS), reason: text() })),
  created_on: text(),
});
export type OpsLead = z.infer<typeof opsLeadSchema>;

export const opsLeadDetailSchema = opsLeadSchema.extend({
  inputs: z.array(
    z.object({
      input_id: int(),
      label: text(),
      input_type: text(),
      value: text().nullable(),
      file_id: int().nullable(),
    }),
  ),
  location: z.object({ lat: z.number(), lng: z.number(), address: text().optional() }).nullable(),
  /** The ledger entries this lead caused (credits and reversals). */
  postings: z.array(z.object({ type: int(), amount_paise: bigInt(), idempotency_key: text(), created_on: text() })),
  /** The signals computed when the lead arrived, with their evidence, and the level they add up to. */
  risk: leadRiskSchema,
});
export type OpsLeadDetail = z.infer<typeof opsLeadDetailSchema>;

const leadIds = z.array(int().positive()).min(1, 'Choose at least one lead').max(200, 'At most 200 leads at a time');
export const leadApproveBodySchema = z.object({
  form_response_ids: leadIds,
  /** Required (true) when any chosen lead is high risk: the second confirmation; otherwise the approval answers 409. */
  confirm_high_risk: z.literal(true).optional(),
});
export const leadRejectBodySchema = z.object({
  form_response_ids: leadIds,
  comment: text().trim().min(3, 'Write a comment of at least 3 characters').max(500, atMostChars('The comment', 500)),
});
export const leadVerifyByCallBodySchema = z.object({ form_response_ids: leadIds });
export const leadUndoApprovalBodySchema = z.object({ form_response_ids: leadIds });

/**
 * How long an approval can be undone from the console's success message. The
 * server allows the grace beyond it for the click's way there; after that an
 * approval is taken back by rejecting the lead (its credit is reversed).
 */
export const APPROVAL_UNDO_SECONDS = 10;
export const APPROVAL_UNDO_GRACE_SECONDS = 5;
/** The audit log's action of an approval undone (the approval itself is LEAD_ACTIONS_DECIDED.approved). */
export const LEAD_ACTION_APPROVAL_UNDONE = 'lead.approve_undone';
export const leadNeedsDetailsBodySchema = z.object({
  form_response_ids: leadIds,
  comment: text().trim().min(3, 'Write what details are needed (at least 3 characters)').max(500, atMostChars('The request', 500)),
});

/** What happened to each lead of a (bulk) action. */
export const leadActionResultSchema = z.object({
  results: z.array(
    z.object({
      form_response_id: int(),
      ok: z.boolean(),
      /** Whether this call changed the lead (false: it already was so, or it failed). */
      changed: z.boolean(),
      message: text(),
    }),
  ),
});
export type LeadActionResult = z.infer<typeof leadActionResultSchema>;

// ---------- KYC ----------

export const kycQuerySchema = z.object({
  status: queryInt.min(DOCUMENT_STATUS.submitted).max(DOCUMENT_STATUS.rejected).default(DOCUMENT_STATUS.submitted),
  ...page,
});
/** A partner's document as the reviewer sees it: with whose it is. */
export const kycDocumentSchema = documentSchema.extend({
  first_name: text().nullable(),
  mobile: text(),
  type: text(),
});
export type KycDocument = z.infer<typeof kycDocumentSchema>;
export const kycStatusBodySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal(DOCUMENT_STATUS.verified) }),
  z.object({
    status: z.literal(DOCUMENT_STATUS.rejected),
    reason: text().trim().min(3, 'Write a reason of at least 3 characters').max(300, atMostChars('The reason', 300)),
  }),
]);

// ---------- Users ----------

export const userSearchQuerySchema = z.object({ q: text().trim().max(100).default(''), ...page });
export const opsUserSchema = z.object({
  user_id: int(),
  pmw_id: text(),
  mobile: text(),
  first_name: text().nullable(),
  last_name: text().nullable(),
  email: text().nullable(),
  city: text().nullable(),
  blocked: z.boolean(),
  is_ops: z.boolean(),
  created_on: text(),
});
export type OpsUser = z.infer<typeof opsUserSchema>;
/** "PMW101", "pmw 101" or "101" all find user 101. */
export function parsePmwId(q: string): number | undefined {
  const m = /^\s*(?:pmw\s*)?(\d{1,9})\s*$/i.exec(q);
  return m && !/^\d{10}$/.test(q.trim()) ? Number(m[1]) : undefined;
}
export const pmwId = (userId: number) => `PMW${userId}`;

// ---------- Audit ----------

export const auditQuerySchema = z.object({
  actor_user_id: queryInt.optional(),
  action: text().trim().max(60).optional(),
  entity_type: text().trim().max(40).optional(),
  entity_id: text().trim().max(40).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  ...page,
});
export const auditEntrySchema = z.object({
  audit_id: int(),
  actor_user_id: int().nullable(),
  actor_name: text().nullable(),
  action: text(),
  entity_type: text(),
  entity_id: text(),
  before: z.unknown(),
  after: z.unknown(),
  created_on: text(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

// ---------- Scheduled jobs ----------

export const scheduledJobSchema = z.object({
  name: text(),
  last_started_at: text().nullable(),
  last_finished_at: text().nullable(),
  next_run_at: text(),
  last_result: z.record(text(), z.unknown()).nullable(),
});

const listOf = <T extends z.ZodType>(row: T) => z.object({ count: int(), rows: z.array(row) });

export const fileViewSchema = z.object({ file_id: int(), url: text(), file_name: text(), content_type: text() });

export const opsRoutes = {
  leads: defineRoute({
    method: 'GET',
    path: '/ops/leads',
    summary: 'The lead queue to verify, filtered by project, status, partner, team and dates',
    auth: 'ops',
    query: leadQueueQuerySchema,
    response: listOf(opsLeadSchema),
  }),
  lead: defineRoute({
    method: 'GET',
    path: '/ops/leads/:form_response_id',
    summary: 'One lead with its form answers, location and the ledger entries it caused',
    auth: 'ops',
    params: z.object({ form_response_id: positiveId }),
    response: opsLeadDetailSchema,
  }),
  approveLeads: defineRoute({
    method: 'POST',
    path: '/ops/leads/approve',
    summary: "Approves leads and credits each partner's payout once",
    auth: 'ops',
    body: leadApproveBodySchema,
    response: leadActionResultSchema,
  }),
  undoApproveLeads: defineRoute({
    method: 'POST',
    path: '/ops/leads/approve/undo',
    summary: 'Undoes approvals made moments ago: each lead back as it was, its credit reversed once, unless already paid out',
    auth: 'ops',
    body: leadUndoApprovalBodySchema,
    response: leadActionResultSchema,
  }),
  rejectLeads: defineRoute({
    method: 'POST',
    path: '/ops/leads/reject',
    summary: 'Rejects leads with a comment, reversing any credit already made',
    auth: 'ops',
    body: leadRejectBodySchema,
    response: leadActionResultSchema,
  }),
  verifyByCall: defineRoute({
    method: 'POST',
    path: '/ops/leads/verify-by-call',
    summary: "Marks unverified team leads' customer mobiles as verified by a call",
    auth: 'ops',
    body: leadVerifyByCallBodySchema,
    response: leadActionResultSchema,
  }),
  needsDetails: defineRoute({
    method: 'POST',
    path: '/ops/leads/needs-details',
    summary: 'Sends leads back to the partner or team member, asking for the details in the comment',
    auth: 'ops',
    body: leadNeedsDetailsBodySchema,
    response: leadActionResultSchema,
  }),
  /** A lead attachment or KYC image, for review. */
  fileView: defineRoute({
    method: 'GET',
    path: '/ops/review/file',
    summary: 'A short-lived URL to a file attached to a lead or KYC document under review',
    auth: 'ops',
    query: z.object({ file_id: queryInt }),
    response: fileViewSchema,
  }),

  jobs: defineRoute({
    method: 'GET',
    path: '/ops/jobs',
    summary: 'The scheduled jobs (lead expiry) with their last run',
    auth: 'ops',
    response: z.array(scheduledJobSchema),
  }),
  runExpiry: defineRoute({
    method: 'POST',
    path: '/ops/jobs/lead-expiry/run',
    summary: "Runs the lead expiry job now: pending leads past their project's validity expire",
    auth: 'ops',
    response: z.object({ ran: z.boolean(), expired: int() }),
  }),

  kyc: defineRoute({
    method: 'GET',
    path: '/ops/kyc',
    summary: 'KYC documents (PAN, Aadhaar) waiting for review, or by status',
    auth: 'ops',
    query: kycQuerySchema,
    response: listOf(kycDocumentSchema),
  }),
  kycStatus: defineRoute({
    method: 'POST',
    path: '/ops/kyc/:document_id/status',
    summary: "Verifies or rejects a partner's KYC document, with a reason on rejection",
    auth: 'ops',
    params: z.object({ document_id: positiveId }),
    body: kycStatusBodySchema,
    response: kycDocumentSchema,
  }),

  users: defineRoute({
    method: 'GET',
    path: '/ops/users',
    summary: 'Finds partners and workers by name, mobile or id',
    auth: 'ops',
    query: userSearchQuerySchema,
    response: listOf(opsUserSchema),
  }),
  blockUser: defineRoute({
    method: 'POST',
    path: '/ops/users/:user_id/block',
    summary: 'Blocks a person: their sessions end and they cannot sign in',
    auth: 'ops',
    params: z.object({ user_id: positiveId }),
    response: opsUserSchema,
  }),
  unblockUser: defineRoute({
    method: 'POST',
    path: '/ops/users/:user_id/unblock',
    summary: 'Lets a blocked person sign in again',
    auth: 'ops',
    params: z.object({ user_id: positiveId }),
    response: opsUserSchema,
  }),

  audit: defineRoute({
    method: 'GET',
    path: '/ops/audit',
    summary: 'The audit log of what ops agents changed, with before and after',
    auth: 'ops',
    query: auditQuerySchema,
    response: listOf(auditEntrySchema),
  }),
};

export { formInputSchema };

// ---------- Payout runs and bank review ----------

export const payoutCandidateSchema = z.object({
  user_id: int(),
  name: text().nullable(),
  mobile: text(),
  balance_paise: bigInt(),
  /** The part of the balance a run would pay now: earnings approved within the holding period wait. */
  payable_paise: bigInt(),
  /** TDS under section 194H a run would hold from it, and what would reach the bank. */
  tds_paise: bigInt(),
  net_paise: bigInt(),
  /** Masked account and IFSC of the verified default bank, when there is one. */
  bank: z.object({ method: payoutMethodSchema, bank_name: text(), ifsc_code: text(), account_no: text() }).nullable(),
  /** Why the partner would be held; null when they will be paid. */
  hold_reason: text().nullable(),
});
export type PayoutCandidate = z.infer<typeof payoutCandidateSchema>;

/** The finance team's rules a run follows, from configuration. */
export const payoutRulesSchema = z.object({
  minimum_paise: bigInt(),
  hold_days: int(),
  tds_rate_percent: z.number(),
  tds_no_pan_rate_percent: z.number(),
  tds_threshold_paise: bigInt(),
  provider: text(),
});
export type PayoutRules = z.infer<typeof payoutRulesSchema>;
export const payoutPreviewSchema = z.object({ rules: payoutRulesSchema, candidates: z.array(payoutCandidateSchema) });
export type PayoutPreview = z.infer<typeof payoutPreviewSchema>;

/** How a run's money leaves: through the payout provider's API, or a NEFT file ops upload to the bank. */
export const PAYOUT_RUN_MODE = { provider: 'provider', bankFile: 'bank_file' } as const;
export const payoutRunModeSchema = z.enum([PAYOUT_RUN_MODE.provider, PAYOUT_RUN_MODE.bankFile]);
export type PayoutRunMode = z.infer<typeof payoutRunModeSchema>;

export const payoutRunBodySchema = z.object({
  /** Chosen by the client once per run: a retried request answers the run already made. */
  request_key: text().min(8).max(100),
  /** The partners to include (each must have a balance); all with a balance when omitted. */
  user_ids: z.array(int().positive()).max(5000).optional(),
  mode: payoutRunModeSchema.default(PAYOUT_RUN_MODE.bankFile),
});

/**
 * A partner's item in a payout run: HELD (not paid, with the reason) or its
 * transfer's life, QUEUED → PROCESSING → PAID (with the UTR) or FAILED (the
 * money went back to the wallet, with the reason).
 */
export const PAYOUT_ITEM_STATE = { queued: 'QUEUED', processing: 'PROCESSING', paid: 'PAID', failed: 'FAILED', held: 'HELD' } as const;
export const payoutItemStateSchema = z.enum([
  PAYOUT_ITEM_STATE.queued,
  PAYOUT_ITEM_STATE.processing,
  PAYOUT_ITEM_STATE.paid,
  PAYOUT_ITEM_STATE.failed,
  PAYOUT_ITEM_STATE.held,
]);
export type PayoutItemState = z.infer<typeof payoutItemStateSchema>;
/** States in which the wallet has been debited and the money is on its way or arrived. */
export const PAYOUT_ITEM_SENT_STATES: readonly PayoutItemState[] = [
  PAYOUT_ITEM_STATE.queued,
  PAYOUT_ITEM_STATE.processing,
  PAYOUT_ITEM_STATE.paid,
];

export const payoutRunItemSchema = z.object({
  user_id: int(),
  name: text().nullable(),
  state: payoutItemStateSchema,
  /** The amount the run took from the wallet (gross = TDS + net); for a held item, the balance kept. */
  amount_paise: bigInt(),
  gross_paise: bigInt(),
  /** Of gross, a GST partner's part paid without an invoice (earned before their GST registration). */
  uninvoiced_paise: bigInt(),
  tds_paise: bigInt(),
  net_paise: bigInt(),
  /** Why the item was held; `reason_code` and `reason_vars` say it by code (null on older rows). */
  reason: text().nullable(),
  reason_code: text().nullable().optional(),
  reason_vars: z.record(z.string(), z.unknown()).nullable().optional(),
  /** The bank's reference of a paid transfer. */
  utr: text().nullable(),
  /** Why the transfer failed or was returned; by code too when the words are ours (null for the bank's own words). */
  failure_reason: text().nullable(),
  failure_reason_code: text().nullable().optional(),
  failure_reason_vars: z.record(z.string(), z.unknown()).nullable().optional(),
  /** The reference the NEFT file carries and the bank's response file answers with. */
  reference: text(),
  bank_name: text().nullable(),
  ifsc_code: text().nullable(),
  account_no: text().nullable(),
});
export type PayoutRunItem = z.infer<typeof payoutRunItemSchema>;
export const payoutRunSchema = z.object({
  payout_run_id: int(),
  created_by: int(),
  created_by_name: text().nullable(),
  mode: payoutRunModeSchema,
  paid_count: int(),
  held_count: int(),
  total_paise: bigInt(),
  created_on: text(),
});
export type PayoutRun = z.infer<typeof payoutRunSchema>;
export const payoutRunDetailSchema = payoutRunSchema.extend({ items: z.array(payoutRunItemSchema) });
export type PayoutRunDetail = z.infer<typeof payoutRunDetailSchema>;

/** The Customer Reference Number of a partner's line in a run's NEFT file. */
export const payoutReference = (runId: number, userId: number) => `PMWRUN${runId}-${userId}`;

/** The columns of the bank's response file for a NEFT run. */
export const BANK_RESPONSE_COLUMNS = ['Customer Reference Number', 'UTR', 'Status', 'Reason'] as const;
export const BANK_RESPONSE_STATUS = { paid: 'Paid', failed: 'Failed' } as const;
export const bankResponseBodySchema = z.object({ csv: text().min(1).max(2_000_000) });
export const bankResponseResultSchema = z.object({
  paid: int(),
  failed: int(),
  /** Rows whose reference is not an item of this run waiting for its outcome. */
  unknown: z.array(z.object({ line: int(), reference: text() })),
  /** Rows for an item already settled, by this file or an earlier one: reported, not applied again. */
  repeated: z.array(z.object({ line: int(), reference: text() })),
  /** Rows that could not be read (no reference, a status other than Paid or Failed, a paid row without UTR). */
  invalid: z.array(z.object({ line: int(), message: text() })),
});
export type BankResponseResult = z.infer<typeof bankResponseResultSchema>;

/** The columns of the NEFT bulk-upload file banks accept for vendor payments. */
export const NEFT_COLUMNS = [
  'Transaction Type',
  'Beneficiary Code',
  'Beneficiary Account Number',
  'Amount',
  'Beneficiary Name',
  'IFSC Code',
  'Bank Name',
  'Beneficiary Mobile',
  'Customer Reference Number',
  'Payment Date',
  'Narration',
] as const;

export const tdsReportQuerySchema = z.object({
  fy: text().regex(FINANCIAL_YEAR_PATTERN, 'Financial year must look like 2026-27'),
  /** 1 to 4; without it, every quarter of the year. */
  quarter: queryInt.min(1).max(4).optional(),
});

export const opsBankSchema = z.object({
  bank_detail_id: int(),
  user_id: int(),
  first_name: text().nullable(),
  mobile: text(),
  method: payoutMethodSchema,
  bank_name: text(),
  ifsc_code: text(),
  account_no: text(),
  upi_id: text().nullable(),
  /** The payout provider's check: the name it returned beside the PAN name it was compared with. */
  name_check: nameCheckSchema.nullable(),
  name_at_bank: text().nullable(),
  pan_name: text().nullable(),
  branch_detail: text().nullable(),
  status: int(),
  is_default: z.boolean(),
  created_on: text(),
});
export const bankStatusBodySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal(BANK_STATUS.verified) }),
  z.object({
    status: z.literal(BANK_STATUS.rejected),
    reason: text().trim().min(3, 'Write a reason of at least 3 characters').max(300, atMostChars('The reason', 300)),
  }),
]);

export const customerImportBodySchema = z.object({
  partner_user_id: int().positive('Choose a partner'),
  /** `name,mobile` per line; a header line is skipped. */
  csv: text().min(1, 'Paste or choose a CSV file').max(2_000_000),
});
export const customerImportResultSchema = z.object({
  added: int(),
  skipped: int(),
  invalid: z.array(z.object({ row: int(), mobile: text() })),
});

/** Rows of a `name,mobile` CSV (either order when a header names them); quotes allowed. */
export function parseCustomerCsv(text: string): { name: string; mobile: string }[] {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const cells = (line: string) =>
    (line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? [])
      .map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"').trim())
      .slice(0, -1);
  const first = cells(lines[0] ?? '').map((c) => c.toLowerCase());
  const hasHeader = first.some((c) => /name|mobile|phone/.test(c));
  const mobileAt = hasHeader
    ? Math.max(
        0,
        first.findIndex((c) => /mobile|phone/.test(c)),
      )
    : 1;
  const nameAt = hasHeader
    ? Math.max(
        0,
        first.findIndex((c) => /name/.test(c)),
      )
    : 0;
  return (hasHeader ? lines.slice(1) : lines).map((l) => {
    const c = cells(l);
    return { name: c[nameAt] ?? '', mobile: c[mobileAt] ?? '' };
  });
}

/** The payout provider tells us a transfer's outcome; the signature is the authentication. */
export const PAYOUT_PROVIDER_NAMES = ['simulated', 'http'] as const;
export const payoutWebhookRoutes = {
  webhook: defineRoute({
    method: 'POST',
    path: '/payouts/webhook/:provider',
    summary: "The payout provider's webhook: a transfer processed, failed or reversed (signed, applied once)",
    auth: 'public',
    params: z.object({ provider: z.enum(PAYOUT_PROVIDER_NAMES) }),
    body: z.object({ event: text().max(100) }).passthrough(),
    response: z.object({ applied: z.boolean() }),
  }),
};

export const opsMoneyRoutes = {
  payoutPreview: defineRoute({
    method: 'GET',
    path: '/ops/payouts/preview',
    summary: 'Who the next payout run would pay (gross, TDS, net), who is held and why, and the rules it follows',
    auth: 'ops',
    response: payoutPreviewSchema,
  }),
  payoutRun: defineRoute({
    method: 'POST',
    path: '/ops/payouts/runs',
    summary: 'Pays every partner due through a payout run, debiting their wallets once',
    auth: 'ops',
    body: payoutRunBodySchema,
    response: payoutRunDetailSchema,
  }),
  payoutRuns: defineRoute({
    method: 'GET',
    path: '/ops/payouts/runs',
    summary: 'Earlier payout runs, newest first',
    auth: 'ops',
    response: z.array(payoutRunSchema),
  }),
  payoutRunGet: defineRoute({
    method: 'GET',
    path: '/ops/payouts/runs/:payout_run_id',
    summary: 'One payout run with each partner paid',
    auth: 'ops',
    params: z.object({ payout_run_id: positiveId }),
    response: payoutRunDetailSchema,
  }),
  payoutRunResponse: defineRoute({
    method: 'POST',
    path: '/ops/payouts/runs/:payout_run_id/response',
    summary: "Marks a NEFT run's items paid or failed from the bank's response file",
    auth: 'ops',
    params: z.object({ payout_run_id: positiveId }),
    body: bankResponseBodySchema,
    response: bankResponseResultSchema,
  }),
  /** The bank transfer CSV (text/csv), built again from the run's items. */
  payoutRunFile: defineRoute({
    method: 'GET',
    path: '/ops/payouts/runs/:payout_run_id/file',
    summary: "A payout run's bank transfer file (CSV)",
    auth: 'ops',
    params: z.object({ payout_run_id: positiveId }),
    response: text(),
    produces: ['text/csv'],
  }),
  /** text/csv: per partner per quarter, PAN in full (who downloaded it is audited). */
  tdsReport: defineRoute({
    method: 'GET',
    path: '/ops/payouts/tds-report',
    summary: 'The quarterly TDS report (section 194H): one row per partner per quarter with PAN, amounts paid and TDS (CSV)',
    auth: 'ops',
    query: tdsReportQuerySchema,
    response: text(),
    produces: ['text/csv'],
  }),
  payoutRunPoll: defineRoute({
    method: 'POST',
    path: '/ops/payouts/runs/:payout_run_id/poll',
    summary: "Asks the payout provider about a run's transfers still processing",
    auth: 'ops',
    params: z.object({ payout_run_id: positiveId }),
    response: payoutRunDetailSchema,
  }),
  banks: defineRoute({
    method: 'GET',
    path: '/ops/banks',
    summary: "Partners' bank accounts waiting for verification",
    auth: 'ops',
    query: z.object({ ...page }),
    response: listOf(opsBankSchema),
  }),
  bankStatus: defineRoute({
    method: 'POST',
    path: '/ops/banks/:bank_detail_id/status',
    summary: "Verifies or rejects a partner's bank account, with a reason on rejection",
    auth: 'ops',
    params: z.object({ bank_detail_id: positiveId }),
    body: bankStatusBodySchema,
    response: opsBankSchema,
  }),
  importCustomers: defineRoute({
    method: 'POST',
    path: '/ops/customers/import',
    summary: 'Assigns customers (name, mobile per CSV line) to a partner to call',
    auth: 'ops',
    body: customerImportBodySchema,
    response: customerImportResultSchema,
  }),
};
