import { z } from 'zod';
import { defineRoute, queryBool, queryInt } from './api';
import { mobileSchema } from './mobile';

/** Hiring projects live in this category (spec 000, section 9). */
export const HIRING_CATEGORY_ID = 6;
/** Features shown per project card (spec 000, section 9). */
export const FEATURES_LIMIT = 3;
/** Employer whose jobs are hidden from partners, except the listed ones (spec 000, section 4). */
export const HIDDEN_EMPLOYER_ID = 120;
export const HIDDEN_EMPLOYER_VISIBLE_JOBS: readonly number[] = [355, 294];

/** Whether a job may be listed to partners and opened from a referral link. */
export function isListedForPartners(job: { job_id: number; employer_id: number }): boolean {
  return job.employer_id !== HIDDEN_EMPLOYER_ID || HIDDEN_EMPLOYER_VISIBLE_JOBS.includes(job.job_id);
}

export const hiringMessages = {
  linkCopied: 'Link Copied!',
  kycNeeded: 'Please add your KYC details - AADHAR, PAN details to unlock the Project Link feature.',
  jobNotFound: 'This job is not available',
  locationNotOfJob: 'This location is not part of the job',
  applicationsClosed: 'This job is not taking applications right now',
  ownLink: 'You cannot apply through your own referral link',
  recruiterNotFound: 'This referral link is not valid',
  applied: 'Applied successfully',
  notApplied: 'Please apply to this job first',
  slotFull: 'This slot is full, please choose another',
  slotPast: 'This slot has already started, please choose another',
  slotNotOfJob: 'This slot is not part of the job',
  slotNotOfLocation: 'This slot is at another location than the one you applied for',
  bookingDateMismatch: 'booking_date does not match the slot',
  alreadyBooked: 'You have already booked an interview slot for this job',
  slotBooked: 'Interview slot booked',
  nameUpdated: 'Details updated successfully!',
  documentAdded: 'Document added',
  ownDataOnly: 'You can only change your own details',
} as const;

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

/** `/application/{job_id}/{job_location_id}/{recruiter_id}`, each encoded (spec 000, section 2.1). */
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
  { level: 1, name: 'Starter', min_approved: 0, bonus_percent: 0 },
  { level: 2, name: 'Silver', min_approved: 10, bonus_percent: 10 },
  { level: 3, name: 'Gold', min_approved: 50, bonus_percent: 20 },
  { level: 4, name: 'Platinum', min_approved: 200, bonus_percent: 30 },
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

// ---------------------------------------------------------------- applications

/**
 * Application statuses. 7 and above mean the candidate attempted the job's
 * interview or training (the support desk's 'Project's Training' lists them).
 */
export const APPLICATION_STATUS = {
  applied: 1,
  slotBooked: 3,
  noShow: 5,
  attempted: 7,
  selected: 8,
  joined: 9,
  rejected: 10,
} as const;
export const APPLICATION_ATTEMPTED_MIN = 7;

export const answerSchema = z.object({ input_id: z.number().int().positive(), value: z.string().trim().max(500) });

// ---------------------------------------------------------------- shapes

export const jobLocationSchema = z.object({
  job_location_id: z.number().int(),
  city: z.string(),
  address: z.string().nullable(),
  pincode: z.string().nullable(),
});

export const partnerJobSchema = z.object({
  job_id: z.number().int(),
  job_title: z.string(),
  logo_url: z.string().nullable(),
  Employer: z.object({ employer_name: z.string(), theme_color: z.string().nullable() }),
  rewards: z.string().nullable(),
  Criteria: z.array(z.object({ label: z.string(), value: z.string() })),
  Features: z.array(z.string()),
  payout_text: z.string(),
  JobLocations: z.array(jobLocationSchema),
  /** Null until the partner's KYC is complete. */
  referral_link: z.string().nullable(),
});
export type PartnerJob = z.infer<typeof partnerJobSchema>;

export const partnerLevelSchema = z.object({
  level: z.number().int(),
  name: z.string(),
  approved: z.number().int(),
  bonus_percent: z.number().int(),
  next_at: z.number().int().nullable(),
});

export const partnerJobsQuerySchema = z.object({
  job_category_id: queryInt.positive().default(HIRING_CATEGORY_ID),
  featuresLimit: queryInt.min(0).max(20).default(FEATURES_LIMIT),
  appendUserLevelPayout: queryBool.default(false),
});
export const partnerJobsSchema = z.object({
  data: z.array(partnerJobSchema),
  count: z.number().int(),
  kyc_done: z.boolean(),
  level: partnerLevelSchema,
});

export const myProjectSchema = z.object({
  job_id: z.number().int(),
  job_title: z.string(),
  employer_name: z.string(),
  category_title: z.string(),
  logo_url: z.string().nullable(),
  /** Leads by status: 0 pending, 1 verified, 2 rejected, expired as archived. */
  counts: z.object({ pending: z.number().int(), verified: z.number().int(), rejected: z.number().int(), archived: z.number().int() }),
  applications: z.number().int(),
  slots_booked: z.number().int(),
});
export type MyProject = z.infer<typeof myProjectSchema>;
export const myProjectsSchema = z.array(myProjectSchema);

export const publicJobSchema = z.object({
  job_id: z.number().int(),
  job_title: z.string(),
  Employer: z.object({ employer_name: z.string(), theme_color: z.string().nullable() }),
  logo_url: z.string().nullable(),
  banner_url: z.string().nullable(),
  type: z.string().nullable(),
  domain: z.string().nullable(),
  tag_line: z.string().nullable(),
  duration: z.number().int().nullable(),
  min_salary: z.number().int().nullable(),
  max_salary: z.number().int().nullable(),
  perks: z.array(z.string()),
  description: z.string().nullable(),
  JobCategory: z.object({ job_category_id: z.number().int(), title: z.string() }),
  JobLocations: z.array(jobLocationSchema),
  application_archive_status: z.number().int(),
  application_archive_message: z.string().nullable(),
});
export type PublicJob = z.infer<typeof publicJobSchema>;

/** `₹18,000 - ₹28,000 a month`, or the one bound there is. */
export function payRange(job: { min_salary: number | null; max_salary: number | null }): string | null {
  const fmt = (n: number) => `₹${n.toLocaleString('en-IN')}`;
  if (job.min_salary && job.max_salary) return `${fmt(job.min_salary)} - ${fmt(job.max_salary)} a month`;
  if (job.max_salary) return `Up to ${fmt(job.max_salary)} a month`;
  if (job.min_salary) return `From ${fmt(job.min_salary)} a month`;
  return null;
}

export const applicationSchema = z.object({
  application_id: z.number().int(),
  user_id: z.number().int(),
  recruiter_id: z.number().int(),
  job_id: z.number().int(),
  job_location_id: z.number().int(),
  answers: z.array(answerSchema),
  tracking_id: z.string().nullable(),
  status: z.number().int(),
  created_on: z.string(),
});

export const slotSchema = z.object({
  slot_id: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  capacity: z.number().int(),
  available: z.number().int(),
});
export const slotDaySchema = z.object({ date: z.string(), slots: z.array(slotSchema) });
export const slotsSchema = z.array(slotDaySchema);
export type SlotDay = z.infer<typeof slotDaySchema>;

export const bookingSchema = z.object({
  booking_id: z.number().int(),
  user_id: z.number().int(),
  slot_id: z.number().int(),
  job_id: z.number().int(),
  booking_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  location: z.object({ city: z.string(), address: z.string().nullable() }),
});
export type Booking = z.infer<typeof bookingSchema>;

const id = z.coerce.number({ error: 'must be a number' }).int().positive();
const dateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'booking_date must be YYYY-MM-DD');

export const applyBodySchema = z.object({
  user_id: id,
  recruiter_id: id,
  job_id: id,
  job_location_id: id,
  answers: z.array(answerSchema).max(50).default([]),
  tracking_id: z.string().trim().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'tracking_id is not valid').optional(),
});
export const bookSlotBodySchema = z.object({ user_id: id, slot_id: id, job_id: id, booking_date: dateString });
export const slotsQuerySchema = z.object({ job_id: queryInt.positive(), job_location_id: queryInt.positive().optional() });
export const bookedQuerySchema = z.object({ job_id: queryInt.positive(), id: queryInt.positive().optional() });
export const jobByIdQuerySchema = z.object({ job_id: queryInt.positive() });

export const updateUserBodySchema = z.object({
  user_id: id,
  first_name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
});
export const candidateDocumentBodySchema = z.object({
  user_id: id,
  type: z.enum(['AADHAAR', 'PAN']),
  number: z.string({ error: 'number is required' }).trim().min(1, 'number is required').max(20),
  file_id: id.optional(),
  description: z.string().max(200).optional(),
});
export const candidateDocumentSchema = z.object({
  document_id: z.number().int(),
  type: z.string(),
  number: z.string(),
  file_id: z.number().int().nullable(),
  status: z.number().int(),
});
export const updatedUserSchema = z.object({ user_id: z.number().int(), first_name: z.string().nullable() });

/** What the candidate's pages carry between each other in router state. */
export const candidateStateSchema = z.object({
  job_id: z.number().int().positive(),
  job_location_id: z.number().int().positive(),
  recruiter_id: z.number().int().positive(),
  job_title: z.string(),
  mobile: mobileSchema.optional(),
});
export type CandidateState = z.infer<typeof candidateStateSchema>;

// ---------------------------------------------------------------- routes

export const hiringRoutes = {
  partnerJobs: defineRoute({
    method: 'GET', path: '/partner/job/fetch', auth: 'worker',
    query: partnerJobsQuerySchema, response: partnerJobsSchema,
  }),
  myProjects: defineRoute({ method: 'GET', path: '/partner/job/user/fetch', auth: 'worker', response: myProjectsSchema }),
  jobById: defineRoute({ method: 'GET', path: '/job/fetch', auth: 'public', query: jobByIdQuerySchema, response: publicJobSchema }),
  slots: defineRoute({ method: 'GET', path: '/user/job/slot/fetch', auth: 'worker', query: slotsQuerySchema, response: slotsSchema }),
  bookedSlot: defineRoute({
    method: 'GET', path: '/user/job/slot/booked', auth: 'worker',
    query: bookedQuerySchema, response: bookingSchema.nullable(),
  }),
  bookSlot: defineRoute({ method: 'POST', path: '/user/job/slot/book', auth: 'worker', body: bookSlotBodySchema, response: bookingSchema }),
  apply: defineRoute({ method: 'POST', path: '/user/job/application/add', auth: 'worker', body: applyBodySchema, response: applicationSchema }),
  updateUser: defineRoute({ method: 'POST', path: '/user/profile/update', auth: 'worker', body: updateUserBodySchema, response: updatedUserSchema }),
  addDocument: defineRoute({
    method: 'POST', path: '/user/document/add', auth: 'worker',
    body: candidateDocumentBodySchema, response: candidateDocumentSchema,
  }),
};
