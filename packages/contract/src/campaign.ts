import { z } from 'zod';
import { atMostChars, text, int, coerceInt } from './base';
import { defineRoute } from './api';
import { otpSchema, otpSentSchema } from './auth';
import { fileAddBodySchema, fileAddedSchema, fileUrlQuerySchema, fileUrlSchema, signedUploadBodySchema, signedUploadSchema } from './files';
import { formInputSchema, leadInputValueSchema } from './lead-form';
import { COUNTRY_CODES, normalisedMobileSchema } from './mobile';

/** The customer campaign page. */

export { campaignTexts, PRODUCTS_BEFORE_SHOW_ALL, CARD_AUTO_SCROLL_MS, DEFAULT_MONTHLY_INCOME, criteriaPairs } from './campaign-rules';
export type { CampaignPageData } from './campaign-rules';
import { DEFAULT_MONTHLY_INCOME } from './campaign-rules';
import { saidIn } from './texts/said';
import { campaignCatalogue } from './texts/campaign';
import { commonCatalogue } from './texts/common';
import { kycCatalogue } from './texts/kyc';

/** This file's validation messages, said by code (see `saidIn`). */
const campaignSaid = saidIn(campaignCatalogue);
const commonSaid = saidIn(commonCatalogue);
const kycSaid = saidIn(kycCatalogue);

export const utmCodeSchema = text()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, campaignSaid('campaign.invalidLink'));
const utmParams = z.object({ utm_code: utmCodeSchema });
const optionalJobId = coerceInt().positive().optional();

export const ownerProfileSchema = z.object({
  utm_code: text(),
  first_name: text().nullable(),
  last_name: text().nullable(),
  profile_picture_url: text().nullable(),
});
export type OwnerProfile = z.infer<typeof ownerProfileSchema>;

/** What a customer sees of a product: never the partner's payout. */
export const campaignProductSchema = z.object({
  job_id: int(),
  job_title: text(),
  employer_name: text(),
  theme_color: text().nullable(),
  logo_url: text().nullable(),
  tag_line: text().nullable(),
  job_category_id: int(),
  customerFeatures: z.array(text()),
  is_credit_flow: z.boolean(),
});
export type CampaignProduct = z.infer<typeof campaignProductSchema>;

export const campaignCategorySchema = z.object({
  job_category_id: int(),
  title: text(),
  products: z.array(campaignProductSchema),
});
export type CampaignCategory = z.infer<typeof campaignCategorySchema>;

export const campaignTasksSchema = z.object({
  categories: z.array(campaignCategorySchema),
  /** The product of `job_id`, when it is listed. */
  utm_selected: int().nullable(),
});

/** The selected product's lead form and the texts of its Details dialog. */
export const campaignTaskFormSchema = z.object({
  form_id: int(),
  job_id: int(),
  job_title: text(),
  employer_name: text(),
  description: text().nullable(),
  is_otp_required: z.boolean(),
  is_credit_flow: z.boolean(),
  customerTnc: text().nullable(),
  customerCriteria: text().nullable(),
  customerFeatures: z.array(text()),
  formData: z.object({ input: z.array(formInputSchema) }),
});
export type CampaignTaskForm = z.infer<typeof campaignTaskFormSchema>;

export const customerSchema = z.object({
  customer_id: int(),
  mobile: text(),
  name: text().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

const customerName = text().trim().max(100, atMostChars('Name', 100)).optional();

export const customerOtpSendBodySchema = z.object({
  mobile: normalisedMobileSchema,
  countryCode: z.enum(COUNTRY_CODES).optional(),
  utm_code: utmCodeSchema,
  /** LOGIN for Login customer, LEAD for Add task response. */
  purpose: z.enum(['LOGIN', 'LEAD']).default('LEAD'),
  feature: z.literal('UTM').optional(),
  project_name: text().max(200).optional(),
});

export const loginCustomerBodySchema = z.object({
  mobile: normalisedMobileSchema,
  otp: otpSchema,
  utm_code: utmCodeSchema,
  name: customerName,
});

export const addTaskResponseBodySchema = z.object({
  form_id: coerceInt(),
  feature: z.literal('UTM').default('UTM'),
  input: z.array(leadInputValueSchema).min(1).max(50),
  utm_code: utmCodeSchema,
  /** Needed unless the customer's session is for the lead's mobile. */
  otp: otpSchema.optional(),
  utm_job_id: coerceInt().optional(),
  /** The credit-profile consent whose check found this product eligible. */
  consent_id: text().uuid().optional(),
  /** A key the client picks per submission, so a retry makes one lead. */
  idempotency_key: text().min(8).max(100).optional(),
  tracking_id: text()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/)
    .optional(),
});

export const addTaskResponseSchema = z.object({
  form_response_id: int(),
  /** Where the customer goes next; the page redirects when it is a string. */
  link: text().nullable(),
  customer: customerSchema,
});

const panNo = text({ error: kycSaid('kyc.panRequired') })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{5}[0-9]{4}[A-Z]$/, kycSaid('kyc.panInvalid'));

export const creditOtpSendBodySchema = z.object({
  mobile: normalisedMobileSchema,
  name: text().trim().min(1, commonSaid('common.nameRequired')).max(100, atMostChars('Name', 100)),
  pan_no: panNo,
  feature: z.literal('UTM').default('UTM'),
  project_name: text().max(200).optional(),
  utm_code: utmCodeSchema,
});
export const creditOtpSentSchema = otpSentSchema.extend({ consentId: text() });

export const reasonKeys = ['income', 'score', 'age'] as const;
export type ReasonKey = (typeof reasonKeys)[number];

export const notEligibleJobSchema = z.object({
  job_id: int(),
  reason_key: z.enum(reasonKeys),
  /** `min`: the value must be at least reason_value; `max`: at most. */
  reason_comparison: z.enum(['min', 'max']),
  reason_value: z.number(),
  /** The reason as a person reads it. */
  reason_text: text(),
});
export type NotEligibleJob = z.infer<typeof notEligibleJobSchema>;

export const eligibilityBodySchema = z.object({
  consent_id: text().uuid(),
  otp: otpSchema,
  feature: z.literal('UTM').default('UTM'),
  pan_no: panNo,
  mobile: normalisedMobileSchema,
  name: text().trim().min(1, commonSaid('common.nameRequired')).max(100, atMostChars('Name', 100)),
  /** Monthly income in rupees; DEFAULT_MONTHLY_INCOME when left empty. */
  earning: z
    .union([z.number(), text(), z.null()])
    .optional()
    .transform((v) =>
      v === undefined || v === null || String(v).trim() === '' ? DEFAULT_MONTHLY_INCOME : Number(String(v).replace(/,/g, '')),
    )
    .pipe(
      z
        .number({ error: campaignSaid('campaign.incomeNumber') })
        .min(0, campaignSaid('campaign.incomeNumber'))
        .max(100_000_000),
    ),
  job_ids: z.array(coerceInt()).min(1).max(50),
});

export const eligibilitySchema = z.object({
  eligible_job_ids: z.array(int()),
  not_eligible_jobs: z.array(notEligibleJobSchema),
});
export type Eligibility = z.infer<typeof eligibilitySchema>;

/** The rules a project's credit-profile check applies (jobs.credit_rules). */
export interface CreditRules {
  min_income?: number;
  min_score?: number;
  min_age?: number;
  max_age?: number;
}

const rupees = (n: number) => `₹${Math.round(n).toLocaleString('en-IN')}`;

/** The reason line under 'Sorry, You are not eligible for this product'. */
export function reasonText(r: { reason_key: ReasonKey; reason_comparison: 'min' | 'max'; reason_value: number }): string {
  const bound = r.reason_comparison === 'min' ? 'at least' : 'at most';
  if (r.reason_key === 'income') return `Monthly income must be ${bound} ${rupees(r.reason_value)}`;
  if (r.reason_key === 'score') return `Credit score must be ${bound} ${r.reason_value}`;
  return `Age must be ${bound} ${r.reason_value} years`;
}

/** The same line by its message code and its varying part, for the reader's language. */
export function reasonCode(r: { reason_key: ReasonKey; reason_comparison: 'min' | 'max'; reason_value: number }): {
  code: `campaign.${'income' | 'score' | 'age'}At${'Least' | 'Most'}`;
  vars: Record<string, string | number>;
} {
  const bound = r.reason_comparison === 'min' ? 'Least' : 'Most';
  if (r.reason_key === 'income') return { code: `campaign.incomeAt${bound}`, vars: { amount: rupees(r.reason_value) } };
  if (r.reason_key === 'score') return { code: `campaign.scoreAt${bound}`, vars: { score: r.reason_value } };
  return { code: `campaign.ageAt${bound}`, vars: { age: r.reason_value } };
}

/** Income first, then score, then age: the first rule that fails is the reason. */
export function decideEligibility(
  rules: CreditRules | null | undefined,
  profile: { earning: number; score: number; age: number },
): Omit<NotEligibleJob, 'job_id'> | null {
  const checks: [ReasonKey, 'min' | 'max', number | undefined, number][] = [
    ['income', 'min', rules?.min_income, profile.earning],
    ['score', 'min', rules?.min_score, profile.score],
    ['age', 'min', rules?.min_age, profile.age],
    ['age', 'max', rules?.max_age, profile.age],
  ];
  for (const [reason_key, reason_comparison, bound, actual] of checks) {
    if (bound === undefined) continue;
    const fails = reason_comparison === 'min' ? actual < bound : actual > bound;
    if (fails) {
      const r = { reason_key, reason_comparison, reason_value: bound };
      return { ...r, reason_text: reasonText(r) };
    }
  }
  return null;
}

/**
 * The upload flow of the campaign page. A visitor uploads before verifying the
 * mobile, so these are public: the server gives the visitor an anonymous
 * customer session on the first upload, and files belong to that session.
 */
export const campaignFileRoutes = {
  signUpload: defineRoute({
    method: 'PUT',
    path: '/utm/file/s3/url/signed',
    auth: 'public',
    summary: "Gives a campaign page visitor a signed URL to upload a lead form's file to",
    body: signedUploadBodySchema,
    response: signedUploadSchema,
  }),
  add: defineRoute({
    method: 'POST',
    path: '/utm/file/add',
    auth: 'public',
    summary: "Records a visitor's uploaded file for the lead form and answers its file_id",
    body: fileAddBodySchema,
    response: fileAddedSchema,
  }),
  fetchUrl: defineRoute({
    method: 'GET',
    path: '/utm/file/fetch/with/url',
    auth: 'public',
    summary: 'A short-lived signed URL to a file the visitor uploaded',
    query: fileUrlQuerySchema,
    response: fileUrlSchema,
  }),
};

export const campaignRoutes = {
  ownerProfile: defineRoute({
    method: 'GET',
    path: '/utm/:utm_code/profile',
    auth: 'public',
    summary: 'The partner behind a campaign code, as the campaign page shows them',
    params: utmParams,
    response: ownerProfileSchema,
  }),
  tasks: defineRoute({
    method: 'GET',
    path: '/utm/:utm_code/tasks',
    auth: 'public',
    summary: "The products a campaign page offers, by category, without the partner's payout",
    params: utmParams,
    query: z.object({ job_id: optionalJobId }),
    response: campaignTasksSchema,
  }),
  taskForm: defineRoute({
    method: 'GET',
    path: '/utm/:utm_code/task/form',
    auth: 'public',
    summary: 'The lead form and Details texts of one product on a campaign page',
    params: utmParams,
    query: z.object({ job_id: coerceInt().positive() }),
    response: campaignTaskFormSchema,
  }),
  customerSession: defineRoute({
    method: 'GET',
    path: '/utm/customer/session',
    auth: 'public',
    response: customerSchema.nullable(),
    summary: 'The customer signed in on the campaign page, or null',
  }),
  sendOtp: defineRoute({
    method: 'POST',
    path: '/utm/customer/otp/send',
    auth: 'public',
    summary: 'Sends a customer the OTP that verifies their mobile for a lead',
    body: customerOtpSendBodySchema,
    response: otpSentSchema,
  }),
  loginCustomer: defineRoute({
    method: 'POST',
    path: '/utm/customer/login',
    auth: 'public',
    summary: "Verifies the customer's mobile with the OTP and signs them in",
    body: loginCustomerBodySchema,
    response: customerSchema,
  }),
  logoutCustomer: defineRoute({
    method: 'POST',
    path: '/utm/customer/logout',
    auth: 'public',
    response: z.null(),
    summary: 'Signs the customer out of the campaign page',
  }),
  addTaskResponse: defineRoute({
    method: 'POST',
    path: '/utm/task/response',
    auth: 'public',
    summary: "Submits a customer's lead for a product to the partner, once per idempotency key",
    body: addTaskResponseBodySchema,
    response: addTaskResponseSchema,
  }),
  creditOtpSend: defineRoute({
    method: 'POST',
    path: '/utm/credit/otp/send',
    auth: 'public',
    summary: 'Sends the OTP for the credit-profile consent (name, PAN, mobile)',
    body: creditOtpSendBodySchema,
    response: creditOtpSentSchema,
  }),
  eligibility: defineRoute({
    method: 'POST',
    path: '/utm/credit/eligibility',
    auth: 'public',
    summary: "Checks a consenting customer's credit profile and answers the products they are eligible for",
    body: eligibilityBodySchema,
    response: eligibilitySchema,
  }),
};
