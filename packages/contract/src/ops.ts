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
