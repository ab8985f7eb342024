import { z } from 'zod';
import { defineRoute, queryInt } from './api';

/** Feedback default rating (spec 001, section 9). */
export const FEEDBACK_DEFAULT_RATING = 4;
export const FEEDBACK_MIN_RATING = 1;
export const FEEDBACK_MAX_RATING = 5;
export const FEEDBACK_COMMENT_MAX = 750;
export const FEEDBACK_ENTITY_TYPE = 'JOB_TASK';
export const FEEDBACK_REF_TYPE = 'MERCHANT_MOBILE';
export const FEEDBACK_OTHER = 'Other';

/** Reason chips by rating (spec 001, Feedback page). */
export const FEEDBACK_REASONS_LOW = ['Did not explain product properly', 'Was in hurry', 'Speaking rudely', FEEDBACK_OTHER] as const;
export const FEEDBACK_REASONS_HIGH = ['Good Sales Person', 'Great conversation', 'Explained the product clearly'] as const;

export function feedbackReasonsFor(rating: number): readonly string[] {
  return rating < 4 ? FEEDBACK_REASONS_LOW : FEEDBACK_REASONS_HIGH;
}

/**
 * The comment sent with a rating: the chosen reasons joined by ', ', with the
 * typed 'Other' text appended only when something was typed. 'Other' itself is
 * a switch for the comment box, not a reason.
 */
export function feedbackComment(reasons: readonly string[], otherText: string): string {
  const parts = reasons.filter((r) => r !== FEEDBACK_OTHER);
  const typed = otherText.trim();
  if (reasons.includes(FEEDBACK_OTHER) && typed) parts.push(typed);
  return parts.join(', ');
}

/** The link's last three segments are base64 (ref_value, user_id, otp). */
export function encodeLinkPart(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Decodes one base64 link segment; null when it is not base64 or not text. */
export function decodeLinkPart(part: string): string | null {
  try {
    const cleaned = decodeURIComponent(part).replace(/-/g, '+').replace(/_/g, '/');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(cleaned)) return null;
    const binary = atob(cleaned);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.trim() === '' ? null : text;
  } catch {
    return null;
  }
}

export interface FeedbackLink {
  job_task_id: number;
  ref_value: string;
  user_id: number;
  otp: string;
}

/** Reads `/fb/{job_task_id}/{ref_value}/{user_id}/{otp}`; null when any part is not valid. */
export function parseFeedbackLink(parts: { jobTaskId?: string; refValue?: string; userId?: string; otp?: string }): FeedbackLink | null {
  if (!parts.jobTaskId || !parts.refValue || !parts.userId || !parts.otp) return null;
  if (!/^[0-9]{1,9}$/.test(parts.jobTaskId)) return null;
  const refValue = decodeLinkPart(parts.refValue);
  const userId = decodeLinkPart(parts.userId);
  const otp = decodeLinkPart(parts.otp);
  if (!refValue || !/^[0-9]{10}$/.test(refValue)) return null;
  if (!userId || !/^[0-9]{1,9}$/.test(userId)) return null;
  if (!otp || !/^[0-9]{4,6}$/.test(otp)) return null;
  return { job_task_id: Number(parts.jobTaskId), ref_value: refValue, user_id: Number(userId), otp };
}

export function feedbackLinkPath(link: FeedbackLink): string {
  return `/fb/${link.job_task_id}/${encodeURIComponent(encodeLinkPart(link.ref_value))}/${encodeURIComponent(
    encodeLinkPart(String(link.user_id)),
  )}/${encodeURIComponent(encodeLinkPart(link.otp))}`;
}

const refValueSchema = z.string().trim().regex(/^[0-9]{10}$/, 'ref_value must be a 10 digit mobile');
/** The OTP from the link proves the caller holds the link (not only its ids). */
const linkOtpSchema = z.string().trim().regex(/^[0-9]{4,6}$/, 'otp must be 4 to 6 digits');

export const feedbackTaskQuerySchema = z.object({
  entity_type: z.literal(FEEDBACK_ENTITY_TYPE),
  entity_id: queryInt.positive(),
  ref_type: z.literal(FEEDBACK_REF_TYPE),
  ref_value: refValueSchema,
  user_id: queryInt.positive(),
  otp: linkOtpSchema,
});

/** Feedback detail (spec 001, section 3), plus whether this merchant already answered. */
export const feedbackTaskSchema = z.object({
  job_task_id: z.number().int(),
  User: z.object({
    user_id: z.number().int(),
    first_name: z.string().nullable(),
    pmw_id: z.string(),
    mobile: z.string(),
    profile_picture_url: z.string().nullable(),
  }),
  /** Sanitised on the server; the browser sanitises again before rendering. */
  consumer_instruction: z.string().nullable(),
  job_title: z.string().nullable(),
  submitted: z.boolean(),
  support_phone: z.string(),
  join_url: z.string(),
});
export type FeedbackTask = z.infer<typeof feedbackTaskSchema>;

export const feedbackLocationSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

/** Feedback response (spec 001, section 3), plus the link's OTP. */
export const feedbackResponseBodySchema = z.object({
  rating: z.coerce.number().int().min(FEEDBACK_MIN_RATING, 'rating must be 1 to 5').max(FEEDBACK_MAX_RATING, 'rating must be 1 to 5'),
  comment: z.string().trim().max(FEEDBACK_COMMENT_MAX, `comment must be at most ${FEEDBACK_COMMENT_MAX} characters`).default(''),
  location: feedbackLocationSchema.nullable().optional(),
  entity_type: z.literal(FEEDBACK_ENTITY_TYPE),
  entity_id: z.coerce.number().int().positive(),
  ref_type: z.literal(FEEDBACK_REF_TYPE),
  ref_value: refValueSchema,
  otp: linkOtpSchema,
});
export type FeedbackResponseBody = z.input<typeof feedbackResponseBodySchema>;

export const feedbackSavedSchema = z.object({
  feedback_id: z.number().int(),
  rating: z.number().int(),
  comment: z.string(),
  /** False when this merchant had already answered for the task: nothing new was stored. */
  created: z.boolean(),
});

/** The partner's rating in their profile. */
export const feedbackSummarySchema = z.object({
  average_rating: z.number().nullable(),
  rating_count: z.number().int(),
});
export type FeedbackSummary = z.infer<typeof feedbackSummarySchema>;

export const OPS_FEEDBACK_PAGE_SIZE = 20;

export const opsFeedbackQuerySchema = z.object({
  limit: queryInt.min(1).max(100).default(OPS_FEEDBACK_PAGE_SIZE),
  offset: queryInt.min(0).default(0),
  user_id: queryInt.positive().optional(),
  job_id: queryInt.positive().optional(),
  rating: queryInt.min(FEEDBACK_MIN_RATING).max(FEEDBACK_MAX_RATING).optional(),
  start_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'start_date must be YYYY-MM-DD').optional(),
  end_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'end_date must be YYYY-MM-DD').optional(),
});

export const opsFeedbackRowSchema = z.object({
  feedback_id: z.number().int(),
  job_task_id: z.number().int(),
  job_id: z.number().int().nullable(),
  job_title: z.string().nullable(),
  user_id: z.number().int(),
  first_name: z.string().nullable(),
  pmw_id: z.string(),
  ref_value: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  location: feedbackLocationSchema.nullable(),
  created_on: z.string(),
});
export const opsFeedbackListSchema = z.object({ count: z.number().int(), rows: z.array(opsFeedbackRowSchema) });

export const feedbackRoutes = {
  fetchTask: defineRoute({
    method: 'GET', path: '/feedback/task/fetch', auth: 'public',
    query: feedbackTaskQuerySchema, response: feedbackTaskSchema,
  }),
  addResponse: defineRoute({
    method: 'POST', path: '/feedback/response/add', auth: 'public',
    body: feedbackResponseBodySchema, response: feedbackSavedSchema,
  }),
  /** For the partner's profile. */
  partnerSummary: defineRoute({
    method: 'GET', path: '/partner/feedback/summary', auth: 'worker', response: feedbackSummarySchema,
  }),
  /** For the ops console. */
  opsList: defineRoute({
    method: 'GET', path: '/ops/feedback', auth: 'ops', query: opsFeedbackQuerySchema, response: opsFeedbackListSchema,
  }),
};

export const feedbackMessages = {
  thankYou: 'Thank you for your valuable feedback',
  linkInvalid: 'This feedback link is not valid',
} as const;
