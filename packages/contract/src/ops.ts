import { z } from 'zod';
import { defineRoute, queryInt } from './api';
import { formInputSchema } from './lead-form';

/**
 * The ops console (admin role): lead verification and money, people, audit.
 * Projects are in ops-projects.ts. Every route here refuses the support role.
 */

const page = {
  page: queryInt.min(1).default(1),
  limit: queryInt.min(1).max(200).default(50),
};
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31');
const positiveId = z.coerce.number().int().positive();

// ---------- Leads ----------

/** 0 pending, 1 approved, 2 rejected (form_responses.status). */
export const LEAD_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;
export const LEAD_STATUS_TEXT: Record<number, string> = { 0: 'Pending', 1: 'Approved', 2: 'Rejected' };

export const leadQueueQuerySchema = z.object({
  job_id: queryInt.optional(),
  status: queryInt.min(0).max(2).optional(),
  sub_status: queryInt.min(0).max(1).optional(),
  archive_status: queryInt.min(0).max(1).optional(),
  partner_user_id: queryInt.optional(),
  team_id: queryInt.optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  ...page,
});

export const opsLeadSchema = z.object({
  form_response_id: z.number().int(),
  job_id: z.number().int(),
  job_title: z.string(),
  partner_user_id: z.number().int().nullable(),
  partner_name: z.string().nullable(),
  team_member_user_id: z.number().int().nullable(),
  team_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  customer_mobile: z.string().nullable(),
  status: z.number().int(),
  sub_status: z.number().int(),
  archive_status: z.number().int(),
  status_comment: z.string().nullable(),
  payout_paise: z.number().int(),
  created_on: z.string(),
});
export type OpsLead = z.infer<typeof opsLeadSchema>;

export const opsLeadDetailSchema = opsLeadSchema.extend({
  inputs: z.array(
    z.object({
      input_id: z.number().int(),
      label: z.string(),
      input_type: z.string(),
      value: z.string().nullable(),
      file_id: z.number().int().nullable(),
    }),
  ),
  location: z.object({ lat: z.number(), lng: z.number(), address: z.string().optional() }).nullable(),
  /** The ledger entries this lead caused (credits and reversals). */
  postings: z.array(z.object({ type: z.number().int(), amount_paise: z.number().int(), idempotency_key: z.string(), created_on: z.string() })),
});
export type OpsLeadDetail = z.infer<typeof opsLeadDetailSchema>;

const leadIds = z.array(z.number().int().positive()).min(1, 'Choose at least one lead').max(200, 'At most 200 leads at a time');
export const leadApproveBodySchema = z.object({ form_response_ids: leadIds });
export const leadRejectBodySchema = z.object({
  form_response_ids: leadIds,
  comment: z.string().trim().min(3, 'Write a comment of at least 3 characters').max(500),
});
export const leadNeedsDetailsBodySchema = z.object({
  form_response_ids: leadIds,
  comment: z.string().trim().min(3, 'Write what details are needed (at least 3 characters)').max(500),
});

/** What happened to each lead of a (bulk) action. */
export const leadActionResultSchema = z.object({
  results: z.array(
    z.object({
      form_response_id: z.number().int(),
      ok: z.boolean(),
      /** Whether this call changed the lead (false: it already was so, or it failed). */
      changed: z.boolean(),
      message: z.string(),
    }),
  ),
});
export type LeadActionResult = z.infer<typeof leadActionResultSchema>;

// ---------- KYC ----------

export const kycQuerySchema = z.object({ status: queryInt.min(0).max(2).default(0), ...page });
export const kycDocumentSchema = z.object({
  document_id: z.number().int(),
  user_id: z.number().int(),
  first_name: z.string().nullable(),
  mobile: z.string(),
  type: z.string(),
  number: z.string(),
  file_id: z.number().int().nullable(),
  file_id2: z.number().int().nullable(),
  status: z.number().int(),
  reject_reason: z.string().nullable(),
  created_on: z.string(),
});
export type KycDocument = z.infer<typeof kycDocumentSchema>;
export const kycStatusBodySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal(1) }),
  z.object({ status: z.literal(2), reason: z.string().trim().min(3, 'Write a reason of at least 3 characters').max(300) }),
]);

// ---------- Users ----------

export const userSearchQuerySchema = z.object({ q: z.string().trim().max(100).default(''), ...page });
export const opsUserSchema = z.object({
  user_id: z.number().int(),
  pmw_id: z.string(),
  mobile: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  city: z.string().nullable(),
  blocked: z.boolean(),
  is_ops: z.boolean(),
  created_on: z.string(),
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
  action: z.string().trim().max(60).optional(),
  entity_type: z.string().trim().max(40).optional(),
  entity_id: z.string().trim().max(40).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  ...page,
});
export const auditEntrySchema = z.object({
  audit_id: z.number().int(),
  actor_user_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_on: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

// ---------- Scheduled jobs ----------

export const scheduledJobSchema = z.object({
  name: z.string(),
  last_started_at: z.string().nullable(),
  last_finished_at: z.string().nullable(),
  next_run_at: z.string(),
  last_result: z.record(z.string(), z.unknown()).nullable(),
});

const listOf = <T extends z.ZodType>(row: T) => z.object({ count: z.number().int(), rows: z.array(row) });

export const fileViewSchema = z.object({ file_id: z.number().int(), url: z.string(), file_name: z.string(), content_type: z.string() });

export const opsRoutes = {
  leads: defineRoute({ method: 'GET', path: '/ops/leads', auth: 'ops', query: leadQueueQuerySchema, response: listOf(opsLeadSchema) }),
  lead: defineRoute({ method: 'GET', path: '/ops/leads/:form_response_id', auth: 'ops', params: z.object({ form_response_id: positiveId }), response: opsLeadDetailSchema }),
  approveLeads: defineRoute({ method: 'POST', path: '/ops/leads/approve', auth: 'ops', body: leadApproveBodySchema, response: leadActionResultSchema }),
  rejectLeads: defineRoute({ method: 'POST', path: '/ops/leads/reject', auth: 'ops', body: leadRejectBodySchema, response: leadActionResultSchema }),
  needsDetails: defineRoute({ method: 'POST', path: '/ops/leads/needs-details', auth: 'ops', body: leadNeedsDetailsBodySchema, response: leadActionResultSchema }),
  /** A lead attachment or KYC image, for review. */
  fileView: defineRoute({ method: 'GET', path: '/ops/review/file', auth: 'ops', query: z.object({ file_id: queryInt }), response: fileViewSchema }),

  jobs: defineRoute({ method: 'GET', path: '/ops/jobs', auth: 'ops', response: z.array(scheduledJobSchema) }),
  runExpiry: defineRoute({ method: 'POST', path: '/ops/jobs/lead-expiry/run', auth: 'ops', response: z.object({ ran: z.boolean(), expired: z.number().int() }) }),

  kyc: defineRoute({ method: 'GET', path: '/ops/kyc', auth: 'ops', query: kycQuerySchema, response: listOf(kycDocumentSchema) }),
  kycStatus: defineRoute({ method: 'POST', path: '/ops/kyc/:document_id/status', auth: 'ops', params: z.object({ document_id: positiveId }), body: kycStatusBodySchema, response: kycDocumentSchema }),

  users: defineRoute({ method: 'GET', path: '/ops/users', auth: 'ops', query: userSearchQuerySchema, response: listOf(opsUserSchema) }),
  blockUser: defineRoute({ method: 'POST', path: '/ops/users/:user_id/block', auth: 'ops', params: z.object({ user_id: positiveId }), response: opsUserSchema }),
  unblockUser: defineRoute({ method: 'POST', path: '/ops/users/:user_id/unblock', auth: 'ops', params: z.object({ user_id: positiveId }), response: opsUserSchema }),

  audit: defineRoute({ method: 'GET', path: '/ops/audit', auth: 'ops', query: auditQuerySchema, response: listOf(auditEntrySchema) }),
};

export { formInputSchema };

// ---------- Payout runs and bank review ----------

export const payoutCandidateSchema = z.object({
  user_id: z.number().int(),
  name: z.string().nullable(),
  mobile: z.string(),
  balance_paise: z.number().int(),
  /** Masked account and IFSC of the verified default bank, when there is one. */
  bank: z.object({ bank_name: z.string(), ifsc_code: z.string(), account_no: z.string() }).nullable(),
  /** Why the partner would be held; null when they will be paid. */
  hold_reason: z.string().nullable(),
});
export type PayoutCandidate = z.infer<typeof payoutCandidateSchema>;

export const payoutRunBodySchema = z.object({
  /** Chosen by the client once per run: a retried request answers the run already made. */
  request_key: z.string().min(8).max(100),
  /** The partners to include (each must have a balance); all with a balance when omitted. */
  user_ids: z.array(z.number().int().positive()).max(5000).optional(),
});

export const payoutRunItemSchema = z.object({
  user_id: z.number().int(),
  name: z.string().nullable(),
  status: z.enum(['PAID', 'HELD']),
  amount_paise: z.number().int(),
  reason: z.string().nullable(),
  bank_name: z.string().nullable(),
  ifsc_code: z.string().nullable(),
  account_no: z.string().nullable(),
});
export const payoutRunSchema = z.object({
  payout_run_id: z.number().int(),
  created_by: z.number().int(),
  created_by_name: z.string().nullable(),
  paid_count: z.number().int(),
  held_count: z.number().int(),
  total_paise: z.number().int(),
  created_on: z.string(),
});
export type PayoutRun = z.infer<typeof payoutRunSchema>;
export const payoutRunDetailSchema = payoutRunSchema.extend({ items: z.array(payoutRunItemSchema) });
export type PayoutRunDetail = z.infer<typeof payoutRunDetailSchema>;

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

export const opsBankSchema = z.object({
  bank_detail_id: z.number().int(),
  user_id: z.number().int(),
  first_name: z.string().nullable(),
  mobile: z.string(),
  bank_name: z.string(),
  ifsc_code: z.string(),
  account_no: z.string(),
  branch_detail: z.string().nullable(),
  status: z.number().int(),
  is_default: z.boolean(),
  created_on: z.string(),
});
export const bankStatusBodySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal(1) }),
  z.object({ status: z.literal(2), reason: z.string().trim().min(3, 'Write a reason of at least 3 characters').max(300) }),
]);

export const customerImportBodySchema = z.object({
  partner_user_id: z.number().int().positive('Choose a partner'),
  /** `name,mobile` per line; a header line is skipped. */
  csv: z.string().min(1, 'Paste or choose a CSV file').max(2_000_000),
});
export const customerImportResultSchema = z.object({
  added: z.number().int(),
  skipped: z.number().int(),
  invalid: z.array(z.object({ row: z.number().int(), mobile: z.string() })),
});

/** Rows of a `name,mobile` CSV (either order when a header names them); quotes allowed. */
export function parseCustomerCsv(text: string): { name: string; mobile: string }[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const cells = (line: string) => (line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []).map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"').trim()).slice(0, -1);
  const first = cells(lines[0] ?? '').map((c) => c.toLowerCase());
  const hasHeader = first.some((c) => /name|mobile|phone/.test(c));
  const mobileAt = hasHeader ? Math.max(0, first.findIndex((c) => /mobile|phone/.test(c))) : 1;
  const nameAt = hasHeader ? Math.max(0, first.findIndex((c) => /name/.test(c))) : 0;
  return (hasHeader ? lines.slice(1) : lines).map((l) => {
    const c = cells(l);
    return { name: c[nameAt] ?? '', mobile: c[mobileAt] ?? '' };
  });
}

export const opsMoneyRoutes = {
  payoutPreview: defineRoute({ method: 'GET', path: '/ops/payouts/preview', auth: 'ops', response: z.array(payoutCandidateSchema) }),
  payoutRun: defineRoute({ method: 'POST', path: '/ops/payouts/runs', auth: 'ops', body: payoutRunBodySchema, response: payoutRunDetailSchema }),
  payoutRuns: defineRoute({ method: 'GET', path: '/ops/payouts/runs', auth: 'ops', response: z.array(payoutRunSchema) }),
  payoutRunGet: defineRoute({ method: 'GET', path: '/ops/payouts/runs/:payout_run_id', auth: 'ops', params: z.object({ payout_run_id: positiveId }), response: payoutRunDetailSchema }),
  /** The bank transfer CSV (text/csv), built again from the run's items. */
  payoutRunFile: defineRoute({ method: 'GET', path: '/ops/payouts/runs/:payout_run_id/file', auth: 'ops', params: z.object({ payout_run_id: positiveId }), response: z.string() }),
  banks: defineRoute({ method: 'GET', path: '/ops/banks', auth: 'ops', query: z.object({ ...page }), response: listOf(opsBankSchema) }),
  bankStatus: defineRoute({ method: 'POST', path: '/ops/banks/:bank_detail_id/status', auth: 'ops', params: z.object({ bank_detail_id: positiveId }), body: bankStatusBodySchema, response: opsBankSchema }),
  importCustomers: defineRoute({ method: 'POST', path: '/ops/customers/import', auth: 'ops', body: customerImportBodySchema, response: customerImportResultSchema }),
};
