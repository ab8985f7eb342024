import { z } from 'zod';
import { AREA_LOGIN_FORM_PATHS } from './area-pages';
import { atMostChars, text, int } from './base';
import { defineRoute, queryInt } from './api';
import { areaLoginFormBodySchema, otpSchema, otpSentSchema } from './auth';
import { IST_OFFSET_MINUTES } from './constants';
import { fileRoutes } from './files';
import { formInputSchema, leadInputValueSchema, devicePositionSchema } from './lead-form';
import { mobileSchema } from './mobile';
import { LEAD_ARCHIVE_STATUS, LEAD_EXPIRED_FILTER, LEAD_STATUS, LEAD_SUB_STATUS, type LeadStatus } from './lead-status';
import { PROJECT_ARCHIVE_STATUS } from './project-status';

/**
 * The team area (/mt and /mt/{team_code}): field agents log in under a team
 * code, submit leads to projects, follow their status and share project links.
 */

export const TEAM_PINCODE_LENGTH = 6;
export const TEAM_NAME_MIN = 3;
export const TEAM_NAME_MAX = 60;
export const MAP_DEFAULT_ZOOM = 18;
export const GEOLOCATION_TIMEOUT_MS = 10_000;
export const INSTALL_PROMPT_SHOW_MS = 2_000;
export const INSTALL_PROMPT_HIDE_MS = 7_000;
/** A project whose action_status is this is shared by link instead of added as a lead. */
export const ACTION_STATUS_SHARE = 20;

import { teamMessages } from './team-texts';
import { saidIn } from './texts/said';
import { commonCatalogue } from './texts/common';
import { teamCatalogue } from './texts/team';

/** This file's validation messages, said by code (see `saidIn`). */
const commonSaid = saidIn(commonCatalogue);
const teamSaid = saidIn(teamCatalogue);
/** A code of the team area's catalogue. */
type TeamCode = keyof typeof teamCatalogue.en;
export { teamMessages };

/**
 * Whether a number may join a team at its first login: 'open' teams take
 * anyone, 'invite_only' teams only the members ops added. New teams are
 * invite only.
 */
export const TEAM_JOIN_POLICIES = ['open', 'invite_only'] as const;
export type TeamJoinPolicy = (typeof TEAM_JOIN_POLICIES)[number];

export const teamCodeSchema = text()
  .trim()
  .min(1, teamSaid('team.invalidUrl'))
  .max(40, teamSaid('team.invalidUrl'))
  .regex(/^[A-Za-z0-9_-]+$/, teamSaid('team.invalidUrl'))
  .transform((s) => s.toUpperCase());

export const teamFirstNameSchema = text({ error: teamSaid('team.nameRequired') })
  .trim()
  .min(1, teamSaid('team.nameRequired'))
  .min(TEAM_NAME_MIN, teamSaid('team.nameMin'))
  .max(TEAM_NAME_MAX, atMostChars('Name', TEAM_NAME_MAX));

/** Keeps the digits a person typed, at most 6 (longer input is cut to 6). */
export const truncatePincode = (raw: string) => raw.replace(/\D/g, '').slice(0, TEAM_PINCODE_LENGTH);
/** The search fires only once 6 digits are there. */
export const isCompletePincode = (pincode: string) => /^[0-9]{6}$/.test(pincode);

export const pincodeSchema = text()
  .trim()
  .regex(/^[0-9]{6}$/, teamSaid('team.pincodeInvalid'));

// ---------------------------------------------------------------- lead status

/**
 * How a lead's customer mobile was proved on a form with an OTP: their code
 * ('otp'), nothing because the lead was queued offline ('unverified'), or an
 * ops call afterwards ('call'). Null when the form asks no OTP.
 */
export const MOBILE_CHECKS = ['otp', 'unverified', 'call'] as const;
export type MobileCheck = (typeof MOBILE_CHECKS)[number];

/** The status index of the team report: a stored status, or Expired (a pending lead that was archived). */
export type LeadStatusIndex = LeadStatus | typeof LEAD_EXPIRED_FILTER;
export const LEAD_STATUS_LABELS: Record<LeadStatusIndex, string> = {
  [LEAD_STATUS.pending]: 'Added',
  [LEAD_STATUS.approved]: 'Verified',
  [LEAD_STATUS.rejected]: 'Rejected',
  [LEAD_EXPIRED_FILTER]: 'Expired',
};

/** The same, by message code, for the reader's language. */
export const LEAD_STATUS_CODES = {
  [LEAD_STATUS.pending]: 'team.statusAdded',
  [LEAD_STATUS.approved]: 'team.statusVerified',
  [LEAD_STATUS.rejected]: 'team.statusRejected',
  [LEAD_EXPIRED_FILTER]: 'team.statusExpired',
} as const satisfies Record<LeadStatusIndex, TeamCode>;

/** Whether a number (from an address) is one of the report's status indexes. */
export const isLeadStatusIndex = (n: number): n is LeadStatusIndex => Object.prototype.hasOwnProperty.call(LEAD_STATUS_LABELS, n);

/** A lead's index from its stored status and archive_status: a decided lead keeps its decision even when archived. */
export function leadStatusIndex(lead: { status: number; archive_status: number }): LeadStatusIndex {
  if (lead.status === LEAD_STATUS.approved) return LEAD_STATUS.approved;
  if (lead.status === LEAD_STATUS.rejected) return LEAD_STATUS.rejected;
  if (lead.archive_status === LEAD_ARCHIVE_STATUS.expired) return LEAD_EXPIRED_FILTER;
  return LEAD_STATUS.pending;
}

/** What the report-data call filters on for an index: Expired is a pending lead that was archived. */
export function leadStatusFilter(index: LeadStatusIndex): { status: number; archive_status: number } {
  if (index === LEAD_EXPIRED_FILTER) return { status: LEAD_STATUS.pending, archive_status: LEAD_ARCHIVE_STATUS.expired };
  return { status: index, archive_status: LEAD_ARCHIVE_STATUS.live };
}

/** Added leads that ops sent back for details offer 'Add Details'. */
export const needsMoreDetails = (lead: { status: number; archive_status: number; sub_status: number }) =>
  leadStatusIndex(lead) === LEAD_STATUS.pending && lead.sub_status === LEAD_SUB_STATUS.needsDetails;

// ---------------------------------------------------------------- date filters

export const DATE_FILTERS = ['this_week', 'last_week', 'this_month', 'last_month', 'last_3_months', 'last_6_months', 'all'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];
export const DATE_FILTER_LABELS: Record<DateFilter, string> = {
  this_week: 'This Week',
  last_week: 'Last Week',
  this_month: 'This Month',
  last_month: 'Last Month',
  last_3_months: 'Last 3 Months',
  last_6_months: 'Last 6 Months',
  all: 'All',
};

/** The same, by message code, for the reader's language. */
export const DATE_FILTER_CODES = {
  this_week: 'team.thisWeek',
  last_week: 'team.lastWeek',
  this_month: 'team.thisMonth',
  last_month: 'team.lastMonth',
  last_3_months: 'team.last3Months',
  last_6_months: 'team.last6Months',
  all: 'team.all',
} as const satisfies Record<DateFilter, TeamCode>;

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const daysInMonth = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/**
 * The calendar days (inclusive, `YYYY-MM-DD` at +05:30) a filter covers on the
 * day `now` falls on in India. Weeks start on Monday. "Last N months" runs from
 * the same day N months ago (the month's last day when that day does not exist)
 * to today. "All" has no bounds.
 */
export function dateRangeFor(filter: DateFilter, now: Date = new Date()): { start_date: string; end_date: string } | undefined {
  if (filter === 'all') return undefined;
  // Work on the wall-clock date in India, held in a UTC Date so the machine's zone never matters.
  const local = new Date(now.getTime() + IST_OFFSET_MINUTES * 60_000);
  const today = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
  switch (filter) {
    case 'this_week':
      return { start_date: ymd(addDays(today, -sinceMonday)), end_date: ymd(today) };
    case 'last_week': {
      const monday = addDays(today, -sinceMonday - 7);
      return { start_date: ymd(monday), end_date: ymd(addDays(monday, 6)) };
    }
    case 'this_month':
      return { start_date: ymd(new Date(Date.UTC(y, m, 1))), end_date: ymd(today) };
    case 'last_month':
      return { start_date: ymd(new Date(Date.UTC(y, m - 1, 1))), end_date: ymd(new Date(Date.UTC(y, m, 0))) };
    case 'last_3_months':
    case 'last_6_months': {
      const back = filter === 'last_3_months' ? 3 : 6;
      const first = new Date(Date.UTC(y, m - back, 1));
      const day = Math.min(today.getUTCDate(), daysInMonth(first.getUTCFullYear(), first.getUTCMonth()));
      return { start_date: ymd(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), day))), end_date: ymd(today) };
    }
  }
}

// ---------------------------------------------------------------- schemas

export const teamSendOtpBodySchema = z.object({
  mobile: mobileSchema,
  feature: z.literal('MT').optional(),
  team_code: teamCodeSchema.optional(),
});
export const teamOtpSentSchema = z.object({ mobile: text(), request_id: text(), resend_after: int(), already_sent: z.boolean() });

export const teamLoginBodySchema = z.object({
  request_id: text().trim().min(1, commonSaid('common.otpNotRequested')).max(100),
  team_code: teamCodeSchema,
  first_name: teamFirstNameSchema,
  mobile: mobileSchema,
  otp: otpSchema,
});

/** The team login's plain form as a browser posts it: raw text, checked by the handler (see `areaLoginFormBodySchema`). */
export const teamLoginFormBodySchema = areaLoginFormBodySchema.extend({
  team_code: text().max(40),
  first_name: text().max(200).default(''),
});

/** The team as the login page shows it: the manager is a label only. */
export const teamSchema = z.object({
  team_code: text(),
  profile_picture_url: text().nullable(),
  User: z.object({ first_name: text().nullable() }),
});
export type Team = z.infer<typeof teamSchema>;

export const teamMemberSchema = z.object({
  user_id: int(),
  first_name: text().nullable(),
  mobile: text(),
  team_id: int(),
  team_code: text(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamProjectSchema = z.object({
  job_id: int(),
  form_id: int(),
  job_title: text(),
  slug_name: text(),
  logo_url: text().nullable(),
  employer_name: text(),
  theme_color: text().nullable(),
  job_category_id: int(),
  category_title: text(),
  rewards: text().nullable(),
  payout_text: text().nullable(),
  action_status: int(),
  archive_status: int(),
  archive_message: text().nullable(),
  on_hold: z.boolean(),
  hold_message: text().nullable(),
});
export type TeamProject = z.infer<typeof teamProjectSchema>;

export const teamProjectsSchema = z.object({
  categories: z.array(z.object({ job_category_id: int(), title: text() })),
  projects: z.array(teamProjectSchema),
});

/** Whether a project takes an action now, and the message to show when it does not. */
export function projectAvailability(p: Pick<TeamProject, 'archive_status' | 'archive_message' | 'on_hold' | 'hold_message'>): {
  enabled: boolean;
  /** Ops' own words for it, as they wrote them. */
  message: string | null;
  /** Without ops' words: the catalogue's, by code. */
  messageCode: 'team.projectUnavailable' | null;
} {
  const closed = (message: string | null) => ({
    enabled: false,
    message,
    messageCode: message ? null : ('team.projectUnavailable' as const),
  });
  if (p.archive_status !== PROJECT_ARCHIVE_STATUS.live) return closed(p.archive_message);
  if (p.on_hold) return closed(p.hold_message);
  return { enabled: true, message: null, messageCode: null };
}
export const projectAction = (p: Pick<TeamProject, 'action_status'>): 'Share' | 'Add' =>
  p.action_status === ACTION_STATUS_SHARE ? 'Share' : 'Add';

export const jobIdQuerySchema = z.object({ job_id: queryInt.positive() });

export const teamProjectDataSchema = z.object({
  form_id: int(),
  job_id: int(),
  job_title: text(),
  is_otp_required: z.boolean(),
  description: text().nullable(),
  inputs: z.array(formInputSchema),
});
export type TeamProjectData = z.infer<typeof teamProjectDataSchema>;

export const teamProjectInfoSchema = z.object({
  job_id: int(),
  job_title: text(),
  employer_name: text(),
  tag_line: text().nullable(),
  description: text().nullable(),
  rewards: text().nullable(),
  payout_text: text().nullable(),
  /** `label_value;;label_value` split into pairs. */
  criteria: z.array(z.object({ label: text(), value: text() })),
  features: z.array(text()),
  customer_tnc: text().nullable(),
});

/** `Age_21 to 60;;Income_₹25,000` → [{label: 'Age', value: '21 to 60'}, ...]. */
export function criteriaPairs(raw: string | null | undefined): { label: string; value: string }[] {
  if (!raw) return [];
  return raw
    .split(';;')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('_');
      return at < 0 ? { label: part, value: '' } : { label: part.slice(0, at), value: part.slice(at + 1) };
    });
}

export const pincodeFilterBodySchema = z.object({
  job_ids: z.array(int().positive()).max(500),
  pincode: pincodeSchema,
});
export const pincodeFilterSchema = z.object({ job_ids: z.array(int()) });

export const utmLinkQuerySchema = z.object({ entity_type: z.literal('JOB'), entity_id: queryInt.positive() });
export const utmLinkSchema = z.object({ utm_link: text() });

const dayString = text().regex(/^\d{4}-\d{2}-\d{2}$/, commonSaid('common.datesFormatLook'));
export const reportQuerySchema = z
  .object({ start_date: dayString.optional(), end_date: dayString.optional() })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    message: teamSaid('team.datesOrder'),
    path: ['start_date'],
  });

export const statusCountsSchema = z.object({
  added: int(),
  verified: int(),
  rejected: int(),
  expired: int(),
});
export const taskCountSchema = statusCountsSchema.extend({ total: int() });
export const projectReportSchema = z.array(statusCountsSchema.extend({ job_id: int(), form_id: int(), job_title: text() }));

export const reportDataQuerySchema = z.object({
  form_id: queryInt.positive(),
  status: queryInt.min(LEAD_STATUS.pending).max(LEAD_STATUS.rejected),
  archive_status: queryInt.min(LEAD_ARCHIVE_STATUS.live).max(LEAD_ARCHIVE_STATUS.expired),
});
export const teamLeadSchema = z.object({
  form_response_id: int(),
  form_id: int(),
  job_id: int(),
  customer_name: text().nullable(),
  customer_mobile: text().nullable(),
  status: int(),
  archive_status: int(),
  sub_status: int(),
  status_comment: text().nullable(),
  mobile_check: z.enum(MOBILE_CHECKS).nullable(),
  created_on: text(),
  /** The values already given, so 'Add Details' starts from them. */
  response_data: z.array(z.object({ input_id: int(), value: text() })),
});
export type TeamLead = z.infer<typeof teamLeadSchema>;

/** Asks the customer's OTP for a team lead on a form with is_otp_required. */
export const teamLeadOtpBodySchema = z.object({ form_id: int().positive(), mobile: mobileSchema });

export const teamSubmitBodySchema = z.object({
  form_id: int().positive(),
  /** The customer's OTP, on a form with is_otp_required while online. */
  otp: otpSchema.optional(),
  /** Set by the device on a lead it queued offline for a form with OTP: the lead is marked unverified for ops. */
  offline_unverified: z.literal(true).optional(),
  input: z.array(leadInputValueSchema).max(100),
  /** Where the field agent stood when the lead was submitted, and how accurate the phone said that was. */
  location: devicePositionSchema.optional(),
  /** Chosen by the device for each lead; a retried or replayed submit makes one lead. */
  idempotency_key: text().trim().min(8).max(100),
});
/** Completing is naturally idempotent: a lead that no longer waits for details answers a conflict. */
export const teamCompleteBodySchema = teamSubmitBodySchema
  .omit({ idempotency_key: true, otp: true, offline_unverified: true })
  .extend({ form_response_id: int().positive() });
export const teamSubmittedSchema = z.object({ form_response_id: int() });

export const reverseGeocodeQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
export const reverseGeocodeSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  address: text(),
  city: text().nullable(),
  pincode: text().nullable(),
});
export type ReverseGeocode = z.infer<typeof reverseGeocodeSchema>;

/** Map tiles for the picker; without a tile URL the picker draws a plain grid. */
export const mapConfigSchema = z.object({ tile_url: text().nullable(), attribution: text().nullable() });

export const teamRoutes = {
  mapConfig: defineRoute({
    method: 'GET',
    path: '/team/map/config',
    summary: "The map tiles and attribution the team area's location picker uses",
    auth: 'public',
    response: mapConfigSchema,
  }),
  sendOtp: defineRoute({
    method: 'POST',
    path: '/team/otp/send',
    summary: "Sends a team member a login OTP for their team's area",
    auth: 'public',
    body: teamSendOtpBodySchema,
    response: teamOtpSentSchema,
  }),
  loginForm: defineRoute({
    method: 'POST',
    path: AREA_LOGIN_FORM_PATHS.team,
    summary: "The team login's plain form (name and mobile, then OTP) posted before the page's script arrived; answers the page",
    auth: 'public',
    body: teamLoginFormBodySchema,
    response: z.null(),
    produces: ['text/html'],
  }),
  login: defineRoute({
    method: 'POST',
    path: '/team/login/otp',
    summary: 'Signs a team member in under the team code with the OTP',
    auth: 'public',
    body: teamLoginBodySchema,
    response: teamMemberSchema,
  }),
  team: defineRoute({
    method: 'GET',
    path: '/team/get',
    summary: 'A team by its code: name and manager, for the login page',
    auth: 'public',
    query: z.object({ team_code: teamCodeSchema }),
    response: teamSchema,
  }),
  // Public: a visitor who is not signed in gets 200 with null, not a 401 in the console.
  me: defineRoute({
    method: 'GET',
    path: '/team/user/get',
    summary: 'The signed-in team member and their team, or null',
    auth: 'public',
    response: teamMemberSchema.nullable(),
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/team/user/logout',
    summary: 'Signs the team member out',
    auth: 'public',
    response: z.null(),
  }),
  projects: defineRoute({
    method: 'GET',
    path: '/team/projects',
    summary: 'The projects a team member can submit leads for, by category',
    auth: 'team',
    response: teamProjectsSchema,
  }),
  projectData: defineRoute({
    method: 'GET',
    path: '/team/project/data',
    summary: "A project's lead form for a team member",
    auth: 'team',
    query: jobIdQuerySchema,
    response: teamProjectDataSchema,
  }),
  projectInfo: defineRoute({
    method: 'GET',
    path: '/team/project/info',
    summary: "A project's details, criteria and payout texts for a team member",
    auth: 'team',
    query: jobIdQuerySchema,
    response: teamProjectInfoSchema,
  }),
  pincodeFilter: defineRoute({
    method: 'POST',
    path: '/team/projects/pincode',
    summary: 'Which of the given projects serve a pincode',
    auth: 'team',
    body: pincodeFilterBodySchema,
    response: pincodeFilterSchema,
  }),
  utmLink: defineRoute({
    method: 'GET',
    path: '/team/utm/link',
    summary: 'The campaign link a team member shares for a project',
    auth: 'team',
    query: utmLinkQuerySchema,
    response: utmLinkSchema,
  }),
  projectReport: defineRoute({
    method: 'GET',
    path: '/team/project/report',
    summary: "The team member's lead counts per project, for the report",
    auth: 'team',
    query: reportQuerySchema,
    response: projectReportSchema,
  }),
  taskCount: defineRoute({
    method: 'GET',
    path: '/team/task/count',
    summary: "The team member's lead counts by status",
    auth: 'team',
    query: reportQuerySchema,
    response: taskCountSchema,
  }),
  reportData: defineRoute({
    method: 'GET',
    path: '/team/project/report/data',
    summary: "The team member's leads of a project, with their form answers",
    auth: 'team',
    query: reportDataQuerySchema,
    response: z.array(teamLeadSchema),
  }),
  leadOtp: defineRoute({
    method: 'POST',
    path: '/team/lead/otp/send',
    summary: 'Sends the customer of a team lead an OTP, on a form that asks for one',
    auth: 'team',
    body: teamLeadOtpBodySchema,
    response: otpSentSchema,
  }),
  submit: defineRoute({
    method: 'POST',
    path: '/team/task/response/submit',
    summary: 'Submits a lead from the field, once per idempotency key (offline retries are safe)',
    auth: 'team',
    body: teamSubmitBodySchema,
    response: teamSubmittedSchema,
  }),
  complete: defineRoute({
    method: 'POST',
    path: '/team/task/response/complete',
    summary: 'Completes a lead that was sent back for more details',
    auth: 'team',
    body: teamCompleteBodySchema,
    response: teamSubmittedSchema,
  }),
  reverseGeocode: defineRoute({
    method: 'GET',
    path: '/team/geocode/reverse',
    summary: 'The address near a point picked on the map',
    auth: 'team',
    query: reverseGeocodeQuerySchema,
    response: reverseGeocodeSchema,
  }),
};

/** The upload flow for files on a team member's lead form (IMAGE, VIDEO, FILE inputs). */
export const teamFileRoutes = fileRoutes('/team', 'team');
