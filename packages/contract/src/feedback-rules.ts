/**
 * What the feedback page's first screen needs, without schemas, so its
 * browser entry never loads zod; `feedback.ts` re-exports these.
 */
import type { FeedbackTask } from './feedback';

/** Feedback default rating. */
export const FEEDBACK_DEFAULT_RATING = 4;
export const FEEDBACK_MIN_RATING = 1;
export const FEEDBACK_MAX_RATING = 5;
export const FEEDBACK_COMMENT_MAX = 750;
export const FEEDBACK_ENTITY_TYPE = 'JOB_TASK';
export const FEEDBACK_REF_TYPE = 'MERCHANT_MOBILE';
export const FEEDBACK_OTHER = 'Other';

/** Reason chips by rating. */
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

/** What the server puts in a feedback page's HTML for the browser to hydrate from. */
/** Where the plain form's answer can go wrong, each shown at its own field. */
export type FeedbackFormField = 'rating' | 'reason' | 'other';

/** What a merchant posted without script, sent back with the errors when the server refused it. */
export interface FeedbackFormState {
  rating: number;
  reasons: string[];
  other: string;
  errors: Partial<Record<FeedbackFormField, string>>;
}

export interface FeedbackPageData {
  link: FeedbackLink | null;
  task: FeedbackTask | null;
  /** Present when the page answers a plain form post that was refused. */
  form?: FeedbackFormState;
  /** Why there is no task: a link that names none, one locked after wrong tries (with the server's message), or a failure. */
  problem: null | { kind: 'invalid' | 'locked' | 'failed'; message: string };
}
