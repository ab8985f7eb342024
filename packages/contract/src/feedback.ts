import { z } from 'zod';
import { text, int, coerceInt } from './base';
import { defineRoute, queryInt } from './api';

export {
  FEEDBACK_DEFAULT_RATING,
  FEEDBACK_MIN_RATING,
  FEEDBACK_MAX_RATING,
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_ENTITY_TYPE,
  FEEDBACK_REF_TYPE,
  FEEDBACK_OTHER,
  FEEDBACK_REASONS_LOW,
  FEEDBACK_REASONS_HIGH,
  feedbackReasonsFor,
  feedbackComment,
  encodeLinkPart,
  decodeLinkPart,
  parseFeedbackLink,
  feedbackLinkPath,
} from './feedback-rules';
export type { FeedbackLink, FeedbackPageData } from './feedback-rules';
import { FEEDBACK_COMMENT_MAX, FEEDBACK_ENTITY_TYPE, FEEDBACK_MAX_RATING, FEEDBACK_MIN_RATING, FEEDBACK_REF_TYPE } from './feedback-rules';
import { saidIn } from './texts/said';
import { commonCatalogue } from './texts/common';
import { feedbackCatalogue } from './texts/feedback';
import { supportCatalogue } from './texts/support';

/** This file's validation messages, said by code (see `saidIn`). */
const commonSaid = saidIn(commonCatalogue);
const feedbackSaid = saidIn(feedbackCatalogue);
const supportSaid = saidIn(supportCatalogue);

const refValueSchema = text()
  .trim()
  .regex(/^[0-9]{10}$/, commonSaid('common.invalidMobile'));
/** The OTP from the link proves the caller holds the link (not only its ids). */
const linkOtpSchema = text()
  .trim()
  .regex(/^[0-9]{4,6}$/, feedbackSaid('feedback.linkCodeShape'));

export const feedbackTaskQuerySchema = z.object({
  entity_type: z.literal(FEEDBACK_ENTITY_TYPE),
  entity_id: queryInt.positive(),
  ref_type: z.literal(FEEDBACK_REF_TYPE),
  ref_value: refValueSchema,
  user_id: queryInt.positive(),
  otp: linkOtpSchema,
});

/** Feedback detail, plus whether this merchant already answered. */
export const feedbackTaskSchema = z.object({
  job_task_id: int(),
  User: z.object({
    user_id: int(),
    first_name: text().nullable(),
    pmw_id: text(),
    mobile: text(),
    profile_picture_url: text().nullable(),
  }),
  /** Sanitised on the server; the browser sanitises again before rendering. */
  consumer_instruction: text().nullable(),
  job_title: text().nullable(),
  submitted: z.boolean(),
  support_phone: text(),
  join_url: text(),
});
export type FeedbackTask = z.infer<typeof feedbackTaskSchema>;

export const feedbackLocationSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

/** Feedback response, plus the link's OTP. */
export const feedbackResponseBodySchema = z.object({
  rating: coerceInt()
    .min(FEEDBACK_MIN_RATING, supportSaid('support.ratingRange'))
    .max(FEEDBACK_MAX_RATING, supportSaid('support.ratingRange')),
  comment: text()
    .trim()
    .max(FEEDBACK_COMMENT_MAX, supportSaid('support.commentTooLong', { n: FEEDBACK_COMMENT_MAX }))
    .default(''),
  location: feedbackLocationSchema.nullable().optional(),
  entity_type: z.literal(FEEDBACK_ENTITY_TYPE),
  entity_id: coerceInt().positive(),
  ref_type: z.literal(FEEDBACK_REF_TYPE),
  ref_value: refValueSchema,
  otp: linkOtpSchema,
});
export type FeedbackResponseBody = z.input<typeof feedbackResponseBodySchema>;

/**
 * The same answer as a plain form post from the page (no script yet): the
 * link's parts, the stars, the ticked reasons and the 'Other' text. The
 * server joins them like the page does (`feedbackComment`).
 */
export const feedbackFormBodySchema = z.object({
  entity_id: coerceInt().positive(),
  ref_value: refValueSchema,
  user_id: coerceInt().positive(),
  otp: linkOtpSchema,
  rating: coerceInt()
    .min(FEEDBACK_MIN_RATING, supportSaid('support.ratingRange'))
    .max(FEEDBACK_MAX_RATING, supportSaid('support.ratingRange')),
  /** One ticked reason arrives as a string, several as a list. */
  reason: z
    .union([text().max(100), z.array(text().max(100)).max(10)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  other: text()
    .max(FEEDBACK_COMMENT_MAX, supportSaid('support.commentTooLong', { n: FEEDBACK_COMMENT_MAX }))
    .default(''),
});

export const feedbackSavedSchema = z.object({
  feedback_id: int(),
  rating: int(),
  comment: text(),
  /** False when this merchant had already answered for the task: nothing new was stored. */
  created: z.boolean(),
});

/** The partner's rating in their profile. */
export const feedbackSummarySchema = z.object({
  average_rating: z.number().nullable(),
  rating_count: int(),
});
export type FeedbackSummary = z.infer<typeof feedbackSummarySchema>;

export const OPS_FEEDBACK_PAGE_SIZE = 20;

export const opsFeedbackQuerySchema = z.object({
  limit: queryInt.min(1).max(100).default(OPS_FEEDBACK_PAGE_SIZE),
  offset: queryInt.min(0).default(0),
  user_id: queryInt.positive().optional(),
  job_id: queryInt.positive().optional(),
  rating: queryInt.min(FEEDBACK_MIN_RATING).max(FEEDBACK_MAX_RATING).optional(),
  start_date: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, feedbackSaid('feedback.startDateShape'))
    .optional(),
  end_date: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, feedbackSaid('feedback.endDateShape'))
    .optional(),
});

export const opsFeedbackRowSchema = z.object({
  feedback_id: int(),
  job_task_id: int(),
  job_id: int().nullable(),
  job_title: text().nullable(),
  user_id: int(),
  first_name: text().nullable(),
  pmw_id: text(),
  ref_value: text(),
  rating: int(),
  comment: text(),
  location: feedbackLocationSchema.nullable(),
  created_on: text(),
});
export const opsFeedbackListSchema = z.object({ count: int(), rows: z.array(opsFeedbackRowSchema) });

/** Where a feedback task's link stands, as ops see it. */
export const FEEDBACK_LINK_STATE = { notSent: 'NOT_SENT', sent: 'SENT', opened: 'OPENED', rated: 'RATED', locked: 'LOCKED' } as const;
export type FeedbackLinkState = (typeof FEEDBACK_LINK_STATE)[keyof typeof FEEDBACK_LINK_STATE];
/** A merchant is texted again at most this often, and this many times in all. */
export const FEEDBACK_RESEND_MINUTES = 10;
export const FEEDBACK_MAX_SENDS = 5;

export const opsFeedbackTaskQuerySchema = z.object({
  limit: queryInt.min(1).max(100).default(OPS_FEEDBACK_PAGE_SIZE),
  offset: queryInt.min(0).default(0),
  job_id: queryInt.positive().optional(),
});
export const opsFeedbackTaskSchema = z.object({
  job_task_id: int(),
  form_response_id: int().nullable(),
  job_id: int().nullable(),
  job_title: text().nullable(),
  user_id: int(),
  first_name: text().nullable(),
  pmw_id: text(),
  merchant_mobile: text(),
  state: z.enum([
    FEEDBACK_LINK_STATE.notSent,
    FEEDBACK_LINK_STATE.sent,
    FEEDBACK_LINK_STATE.opened,
    FEEDBACK_LINK_STATE.rated,
    FEEDBACK_LINK_STATE.locked,
  ]),
  sms_sent_at: text().nullable(),
  sms_error: text().nullable(),
  sms_count: int(),
  opened_at: text().nullable(),
  rating: int().nullable(),
  locked: z.boolean(),
  created_on: text(),
});
export type OpsFeedbackTask = z.infer<typeof opsFeedbackTaskSchema>;
export const opsFeedbackTaskListSchema = z.object({ count: int(), rows: z.array(opsFeedbackTaskSchema) });

export const feedbackRoutes = {
  fetchTask: defineRoute({
    method: 'GET',
    path: '/feedback/task/fetch',
    auth: 'public',
    summary: 'The merchant feedback page for a signed link: the partner, the questions and any earlier rating',
    query: feedbackTaskQuerySchema,
    response: feedbackTaskSchema,
  }),
  addResponse: defineRoute({
    method: 'POST',
    path: '/feedback/response/add',
    auth: 'public',
    summary: "Stores a merchant's rating of a partner, once per link",
    body: feedbackResponseBodySchema,
    response: feedbackSavedSchema,
  }),
  /**
   * The page's own form posted without script (application/x-www-form-urlencoded):
   * the same checks and limits as `addResponse`; answers the page again, with
   * the thank-you (a redirect to the link) or the error at its field.
   */
  submitForm: defineRoute({
    method: 'POST',
    path: '/feedback/response/form',
    auth: 'public',
    summary: "A merchant's rating posted by the feedback page's plain form; answers the page",
    body: feedbackFormBodySchema,
    response: z.null(),
    produces: ['text/html'],
  }),
  /** For the partner's profile. */
  partnerSummary: defineRoute({
    method: 'GET',
    path: '/partner/feedback/summary',
    auth: 'worker',
    response: feedbackSummarySchema,
    summary: "The signed-in partner's average merchant rating and rating count",
  }),
  /** For the ops console. */
  opsList: defineRoute({
    method: 'GET',
    path: '/ops/feedback',
    auth: 'ops',
    query: opsFeedbackQuerySchema,
    response: opsFeedbackListSchema,
    summary: 'Merchant ratings of partners for the ops console, newest first',
  }),
  opsTasks: defineRoute({
    method: 'GET',
    path: '/ops/feedback/tasks',
    auth: 'ops',
    query: opsFeedbackTaskQuerySchema,
    response: opsFeedbackTaskListSchema,
    summary: "Feedback tasks made by approved leads, each with its link's state (not sent, sent, opened, rated, locked), newest first",
  }),
  opsResend: defineRoute({
    method: 'POST',
    path: '/ops/feedback/tasks/:job_task_id/send',
    auth: 'ops',
    params: z.object({ job_task_id: coerceInt().positive() }),
    response: opsFeedbackTaskSchema,
    summary: "Texts the task's feedback link to its merchant again (rate limited, audited)",
  }),
};

export { feedbackMessages } from './feedback-texts';

/**
 * The link's OTP is 4 digits, so wrong codes are counted: FEEDBACK_MAX_WRONG
 * for one task in FEEDBACK_WRONG_WINDOW_MINUTES lock that task's link for
 * FEEDBACK_LINK_LOCK_HOURS; FEEDBACK_MAX_WRONG_PER_ADDRESS wrong links from one
 * address, whatever the tasks, lock the address for the window.
 */
export const FEEDBACK_MAX_WRONG = 5;
export const FEEDBACK_MAX_WRONG_PER_ADDRESS = 10;
export const FEEDBACK_WRONG_WINDOW_MINUTES = 15;
export const FEEDBACK_LINK_LOCK_HOURS = 24;
