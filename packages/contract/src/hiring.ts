import { z } from 'zod';
import { atMostChars, text, int, coerceInt, bigInt } from './base';
import { defineRoute, queryBool, queryInt } from './api';
import { mobileSchema } from './mobile';

import { HIRING_CATEGORY_ID } from './catalogue';
export { HIRING_CATEGORY_ID };
/** Features shown per project card. */
export const FEATURES_LIMIT = 3;
/** The longest name a candidate may give. */
export const NAME_MAX = 100;
/** Whether a job may be listed to partners and opened from a referral link: ops hide an employer's internal roles. */
export function isListedForPartners(job: { hidden_from_partners: boolean }): boolean {
  return !job.hidden_from_partners;
}

import { hiringMessages } from './hiring-texts';
import { saidIn, say, type Said } from './texts/said';
import { commonCatalogue } from './texts/common';
import { hiringCatalogue } from './texts/hiring';

/** This file's validation messages, said by code (see `saidIn`). */
const commonSaid = saidIn(commonCatalogue);
const hiringSaid = saidIn(hiringCatalogue);
export { hiringMessages };

// ---------------------------------------------------------------- referral links

/** URL-safe base64 without padding, of a plain ASCII string. Works in browsers and Node. */
export function b64urlEncode(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The decoded string, or null when it is not URL-safe base64. */
export function b64urlDecode(value: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(value) || value.length % 4 === 1) return null;
  const padded = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4);
  try {
    return atob(padded);
  } catch {
    return null;
  }
}

/** A positive id from one encoded link parameter, or null. */
export function decodeLinkId(value: string): number | null {
  const s = b64urlDecode(value);
  if (s === null || !/^[1-9][0-9]{0,9}$/.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) && n <= 2_147_483_647 ? n : null;
}

export interface JobLinkIds {
  job_id: number;
  job_location_id: number;
  recruiter_id: number;
}

/** `/application/{job_id}/{job_location_id}/{recruiter_id}`, each encoded. */
export function applicationPath(ids: JobLinkIds): string {
  return `/application/${b64urlEncode(String(ids.job_id))}/${b64urlEncode(String(ids.job_location_id))}/${b64urlEncode(String(ids.recruiter_id))}`;
}

/** The three ids of a job page's parameters, or null when any of them does not decode. */
export function decodeApplicationParams(a: string, b: string, c: string): JobLinkIds | null {
  const job_id = decodeLinkId(a);
  const job_location_id = decodeLinkId(b);
  const recruiter_id = decodeLinkId(c);
  if (job_id === null || job_location_id === null || recruiter_id === null) return null;
  return { job_id, job_location_id, recruiter_id };
}

/** The WhatsApp share link with the project name and the referral link. */
export function whatsappShareUrl(projectName: string, link: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${projectName}\n${link}`)}`;
}

// ---------------------------------------------------------------- criteria

/** `label_value;;label_value` into pairs; a part without `_` is a label with an empty value. */
export function parseCriteria(text: string | null | undefined): { label: string; value: string }[] {
  if (!text) return [];
  return text
    .split(';;')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('_');
      return at < 0 ? { label: part, value: '' } : { label: part.slice(0, at).trim(), value: part.slice(at + 1).trim() };
    });
}

// ---------------------------------------------------------------- partner levels

/**
 * Partner levels by approved (verified) leads and applications. A level adds a
 * bonus to the project's payout; the list is ordered by `min_approved`.
 */
export const PARTNER_LEVELS = [
  { level: 1, name: 'Starter', code: 'partner.levelStarter', min_approved: 0, bonus_percent: 0 },
  { level: 2, name: 'Silver', code: 'partner.levelSilver', min_approved: 10, bonus_percent: 10 },
  { level: 3, name: 'Gold', code: 'partner.levelGold', min_approved: 50, bonus_percent: 20 },
  { level: 4, name: 'Platinum', code: 'partner.levelPlatinum', min_approved: 200, bonus_percent: 30 },
] as const;
export type PartnerLevel = (typeof PARTNER_LEVELS)[number];

export function partnerLevel(approved: number): PartnerLevel {
  let found: PartnerLevel = PARTNER_LEVELS[0];
  for (const l of PARTNER_LEVELS) if (approved >= l.min_approved) found = l;
  return found;
}

/** The payout at a level, in paise, rounded down to a whole rupee. */
export function levelPayoutPaise(basePaise: number, level: PartnerLevel): number {
  return Math.floor((basePaise * (100 + level.bonus_percent)) / 100 / 100) * 100;
}

const rupees = (paise: number) => `₹${Math.floor(paise / 100).toLocaleString('en-IN')}`;

/**
 * The payout line of a project card. With the partner's level appended, the
 * amount is the level's and the level is named: `Earn ₹1,100 per joining (Silver level +10%)`.
 */
export function payoutText(
  job: { payout_prefix: string | null; payout_paise: number; payout_text_custom: string | null },
  level: PartnerLevel | null,
  unit = 'per joining',
): string {
  if (job.payout_text_custom) return job.payout_text_custom;
  const prefix = job.payout_prefix ?? 'Earn';
  if (!level) return `${prefix} ${rupees(job.payout_paise)} ${unit}`;
  const amount = levelPayoutPaise(job.payout_paise, level);
  const suffix = level.bonus_percent > 0 ? ` (${level.name} level +${level.bonus_percent}%)` : ` (${level.name} level)`;
  return `${prefix} ${rupees(amount)} ${unit}${suffix}`;
}

/**
 * The same line said by code, for the reader's language; ops' own words (a
 * custom line, a prefix of their own) stay as they wrote them.
 */
export function payoutSaid(
  job: { payout_prefix: string | null; payout_paise: number; payout_text_custom: string | null },
  level: PartnerLevel | null,
): Said | string {
  if (job.payout_text_custom || (job.payout_prefix ?? 'Earn') !== 'Earn') return payoutText(job, level);
  if (!level) return say('partner.earnPerJoining', { amount: rupees(job.payout_paise) });
  const amount = rupees(levelPayoutPaise(job.payout_paise, level));
  return level.bonus_percent > 0
    ? say('partner.earnPerJoiningBonus', { amount, level: say(level.code), bonus: level.bonus_percent })
    : say('partner.earnPerJoiningLevel', { amount, level: say(level.code) });
}

// ---------------------------------------------------------------- applications

/**
 * Application statuses, by the names the API uses. ATTENDED and above mean
 * the candidate attempted the job's interview or training (the support
 * desk's 'Project's Training' lists them, and they make `is_worked`).
 */
export const APPLICATION_STATUS = {
  APPLIED: 1,
  SLOT_BOOKED: 3,
  NO_SHOW: 5,
  ATTENDED: 7,
  SELECTED: 8,
  JOINED: 9,
  /** Rejected after attempting the interview. */
  REJECTED: 10,
} as const;
export type ApplicationStatusName = keyof typeof APPLICATION_STATUS;
export type ApplicationStatus = (typeof APPLICATION_STATUS)[ApplicationStatusName];
export const APPLICATION_ATTEMPTED_MIN = APPLICATION_STATUS.ATTENDED;

export const answerSchema = z.object({ input_id: int().positive(), value: text().trim().max(500) });

// ---------------------------------------------------------------- shapes

export const jobLocationSchema = z.object({
  job_location_id: int(),
  city: text(),
  address: text().nullable(),
  pincode: text().nullable(),
});

export const partnerJobSchema = z.object({
  job_id: int(),
  job_title: text(),
  logo_url: text().nullable(),
  Employer: z.object({ employer_name: text(), theme_color: text().nullable() }),
  rewards: text().nullable(),
  Criteria: z.array(z.object({ label: text(), value: text() })),
  Features: z.array(text()),
  payout_text: text(),
  JobLocations: z.array(jobLocationSchema),
  /** Null until the partner's KYC is complete. */
  referral_link: text().nullable(),
});
export type PartnerJob = z.infer<typeof partnerJobSchema>;

export const partnerLevelSchema = z.object({
  level: int(),
  name: text(),
  approved: int(),
  bonus_percent: int(),
  next_at: bigInt().nullable(),
});

export const partnerJobsQuerySchema = z.object({
  job_category_id: queryInt.positive().default(HIRING_CATEGORY_ID),
  featuresLimit: queryInt.min(0).max(20).default(FEATURES_LIMIT),
  appendUserLevelPayout: queryBool.default(false),
});
export const partnerJobsSchema = z.object({
  data: z.array(partnerJobSchema),
  count: int(),
  kyc_done: z.boolean(),
  level: partnerLevelSchema,
});

export const myProjectSchema = z.object({
  job_id: int(),
  job_title: text(),
  employer_name: text(),
  category_title: text(),
  logo_url: text().nullable(),
  /** Leads by status: 0 pending, 1 verified, 2 rejected, expired as archived. */
  counts: z.object({ pending: int(), verified: int(), rejected: int(), archived: int() }),
  applications: int(),
  slots_booked: int(),
});
export type MyProject = z.infer<typeof myProjectSchema>;
export const myProjectsSchema = z.array(myProjectSchema);

export const publicJobSchema = z.object({
  job_id: int(),
  job_title: text(),
  Employer: z.object({ employer_name: text(), theme_color: text().nullable() }),
  logo_url: text().nullable(),
  banner_url: text().nullable(),
  type: text().nullable(),
  domain: text().nullable(),
  tag_line: text().nullable(),
  duration: int().nullable(),
  min_salary: int().nullable(),
  max_salary: int().nullable(),
  perks: z.array(text()),
  description: text().nullable(),
  JobCategory: z.object({ job_category_id: int(), title: text() }),
  JobLocations: z.array(jobLocationSchema),
  application_archive_status: int(),
  application_archive_message: text().nullable(),
});
export type PublicJob = z.infer<typeof publicJobSchema>;

export { payRange } from './hiring-rules';
export type { JobPageData } from './hiring-rules';

export const applicationSchema = z.object({
  application_id: int(),
  user_id: int(),
  recruiter_id: int(),
  job_id: int(),
  job_location_id: int(),
  answers: z.array(answerSchema),
  tracking_id: text().nullable(),
  status: int(),
  created_on: text(),
});

export const slotSchema = z.object({
  slot_id: int(),
  start_time: text(),
  end_time: text(),
  capacity: int(),
  available: int(),
});
export const slotDaySchema = z.object({ date: text(), slots: z.array(slotSchema) });
export const slotsSchema = z.array(slotDaySchema);
export type SlotDay = z.infer<typeof slotDaySchema>;

export const bookingSchema = z.object({
  booking_id: int(),
  user_id: int(),
  slot_id: int(),
  job_id: int(),
  booking_date: text(),
  start_time: text(),
  end_time: text(),
  location: z.object({ city: text(), address: text().nullable() }),
});
export type Booking = z.infer<typeof bookingSchema>;

const id = coerceInt({ error: commonSaid('common.mustBeNumber') }).positive();
const dateString = text().regex(/^\d{4}-\d{2}-\d{2}$/, hiringSaid('hiring.bookingDateShape'));

export const applyBodySchema = z.object({
  user_id: id,
  recruiter_id: id,
  job_id: id,
  job_location_id: id,
  answers: z.array(answerSchema).max(50).default([]),
  tracking_id: text()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, hiringSaid('hiring.trackingInvalid'))
    .optional(),
});
export const bookSlotBodySchema = z.object({ user_id: id, slot_id: id, job_id: id, booking_date: dateString });
export const slotsQuerySchema = z.object({ job_id: queryInt.positive(), job_location_id: queryInt.positive().optional() });
export const bookedQuerySchema = z.object({ job_id: queryInt.positive(), id: queryInt.positive().optional() });
/** With the link's recruiter, the job answers only when that recruiter may refer (a partner whose KYC is done). */
export const jobByIdQuerySchema = z.object({ job_id: queryInt.positive(), recruiter_id: queryInt.positive().optional() });

/** The name a candidate gives on /detailsPage, checked there before the OTP and again by the server. */
export const candidateNameSchema = text({ error: commonSaid('common.nameRequired') })
  .trim()
  .min(1, commonSaid('common.nameRequired'))
  .max(NAME_MAX, atMostChars('Name', NAME_MAX));

export const updateUserBodySchema = z.object({
  user_id: id,
  first_name: candidateNameSchema,
});
export const candidateDocumentBodySchema = z.object({
  user_id: id,
  type: z.enum(['AADHAAR', 'PAN']),
  number: text({ error: commonSaid('common.numberRequiredLower') })
    .trim()
    .min(1, commonSaid('common.numberRequiredLower'))
    .max(20),
  file_id: id.optional(),
  description: text().max(200).optional(),
});
export const candidateDocumentSchema = z.object({
  document_id: int(),
  type: text(),
  number: text(),
  file_id: int().nullable(),
  status: int(),
});
export const updatedUserSchema = z.object({ user_id: int(), first_name: text().nullable() });

/** What the candidate's pages carry between each other in router state. */
export const candidateStateSchema = z.object({
  job_id: int().positive(),
  job_location_id: int().positive(),
  recruiter_id: int().positive(),
  job_title: text(),
  mobile: mobileSchema.optional(),
});
export type CandidateState = z.infer<typeof candidateStateSchema>;

// ---------------------------------------------------------------- routes

export const hiringRoutes = {
  partnerJobs: defineRoute({
    method: 'GET',
    path: '/partner/job/fetch',
    auth: 'worker',
    summary: 'Available Projects for a partner, with payouts, KYC state and level',
    query: partnerJobsQuerySchema,
    response: partnerJobsSchema,
  }),
  myProjects: defineRoute({
    method: 'GET',
    path: '/partner/job/user/fetch',
    summary: 'The projects a partner has shared, with applications and bookings',
    auth: 'worker',
    response: myProjectsSchema,
  }),
  jobById: defineRoute({
    method: 'GET',
    path: '/job/fetch',
    summary: 'The public job page of one project for a candidate',
    auth: 'public',
    query: jobByIdQuerySchema,
    response: publicJobSchema,
  }),
  slots: defineRoute({
    method: 'GET',
    path: '/user/job/slot/fetch',
    summary: 'The open interview slots of a job for the signed-in candidate',
    auth: 'worker',
    query: slotsQuerySchema,
    response: slotsSchema,
  }),
  bookedSlot: defineRoute({
    method: 'GET',
    path: '/user/job/slot/booked',
    auth: 'worker',
    summary: 'The interview slot the candidate booked for a job, or null',
    query: bookedQuerySchema,
    response: bookingSchema.nullable(),
  }),
  rescheduleSlot: defineRoute({
    method: 'POST',
    path: '/user/job/slot/reschedule',
    auth: 'worker',
    summary: "Moves the candidate's interview to another slot, freeing the old one, and tells them by SMS",
    body: bookSlotBodySchema,
    response: bookingSchema,
  }),
  bookSlot: defineRoute({
    method: 'POST',
    path: '/user/job/slot/book',
    summary: 'Books an interview slot for the candidate, never past its capacity',
    auth: 'worker',
    body: bookSlotBodySchema,
    response: bookingSchema,
  }),
  apply: defineRoute({
    method: 'POST',
    path: '/user/job/application/add',
    summary: 'Applies the candidate to a job under the referring partner, once',
    auth: 'worker',
    body: applyBodySchema,
    response: applicationSchema,
  }),
  updateUser: defineRoute({
    method: 'POST',
    path: '/user/profile/update',
    summary: "Saves the candidate's name from the application form",
    auth: 'worker',
    body: updateUserBodySchema,
    response: updatedUserSchema,
  }),
  addDocument: defineRoute({
    method: 'POST',
    path: '/user/document/add',
    auth: 'worker',
    summary: "Attaches an uploaded document (resume, ID) to the candidate's application",
    body: candidateDocumentBodySchema,
    response: candidateDocumentSchema,
  }),
};
