import { z } from 'zod';
import { int, text } from './base';
import { defineRoute, queryInt } from './api';
import { APPLICATION_STATUS, type ApplicationStatusName } from './hiring';

/**
 * Candidates' outcomes: what happened at the interview, recorded by ops, and
 * the list each partner sees of the candidates they referred.
 */

/** The outcomes ops record after a booked interview, by the names the API takes. */
export const APPLICATION_OUTCOMES = [
  'ATTENDED',
  'NO_SHOW',
  'SELECTED',
  'JOINED',
  'REJECTED',
] as const satisfies readonly ApplicationStatusName[];
export type ApplicationOutcome = (typeof APPLICATION_OUTCOMES)[number];

/** How the console names each status. */
export const APPLICATION_STATUS_LABEL: Record<ApplicationStatusName, string> = {
  APPLIED: 'Applied',
  SLOT_BOOKED: 'Slot booked',
  NO_SHOW: 'No-show',
  ATTENDED: 'Attended',
  SELECTED: 'Selected',
  JOINED: 'Joined',
  REJECTED: 'Rejected',
};

const STATUS_NAMES = Object.keys(APPLICATION_STATUS) as ApplicationStatusName[];

/** The name of a stored status number; null for a number the product never writes. */
export function applicationStatusName(status: number): ApplicationStatusName | null {
  return STATUS_NAMES.find((name) => APPLICATION_STATUS[name] === status) ?? null;
}

/**
 * Which outcome may follow which status. Every outcome needs a booked slot
 * (whatever its date: interviews move by phone); joined needs the candidate
 * to have attended; a no-show is only for a candidate who has not attended;
 * rejected means rejected after attempting, so not straight after a no-show.
 * Joined and rejected can be undone (a candidate who left, a reconsidered
 * rejection): the money follows (see the ledger rule in the hiring module).
 */
const ALLOWED_FROM: Record<ApplicationOutcome, readonly ApplicationStatusName[]> = {
  ATTENDED: ['SLOT_BOOKED', 'NO_SHOW'],
  NO_SHOW: ['SLOT_BOOKED'],
  SELECTED: ['SLOT_BOOKED', 'NO_SHOW', 'ATTENDED', 'JOINED', 'REJECTED'],
  JOINED: ['ATTENDED', 'SELECTED', 'REJECTED'],
  REJECTED: ['SLOT_BOOKED', 'ATTENDED', 'SELECTED', 'JOINED'],
};

export const applicationOutcomeMessages = {
  notBooked: 'No interview slot is booked for this application',
  attendedPast: 'The candidate is past attended already',
  noShowAfterAttended: 'The candidate attended; a no-show cannot be recorded now',
  joinedNeedsAttended: 'Record attended or selected before joined',
  rejectedAfterNoShow: 'The candidate did not come; record attended before rejected',
  notFound: 'Application not found',
  outcome: 'Choose an outcome: ATTENDED, NO_SHOW, SELECTED, JOINED or REJECTED',
  chooseOne: 'Choose at least one application',
  atMost: 'At most 200 applications at a time',
} as const;

export type OutcomeStep = { kind: 'same' } | { kind: 'move' } | { kind: 'refused'; message: string };

/** Whether an application at `from` may be given the outcome `to`: same (nothing to do), move, or refused with why. */
export function outcomeStep(from: number, to: ApplicationOutcome): OutcomeStep {
  const name = applicationStatusName(from);
  if (name === to) return { kind: 'same' };
  if (name === null || APPLICATION_STATUS[name] < APPLICATION_STATUS.SLOT_BOOKED)
    return { kind: 'refused', message: applicationOutcomeMessages.notBooked };
  if (ALLOWED_FROM[to].includes(name)) return { kind: 'move' };
  const message = {
    ATTENDED: applicationOutcomeMessages.attendedPast,
    NO_SHOW: applicationOutcomeMessages.noShowAfterAttended,
    JOINED: applicationOutcomeMessages.joinedNeedsAttended,
    REJECTED: applicationOutcomeMessages.rejectedAfterNoShow,
    SELECTED: applicationOutcomeMessages.notBooked,
  }[to];
  return { kind: 'refused', message };
}

// ---------------------------------------------------------------- ops: the Hiring page

const isoDay = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31');
const statusNameSchema = z.enum(STATUS_NAMES as [ApplicationStatusName, ...ApplicationStatusName[]], { error: 'Unknown status' });

export const opsApplicationsQuerySchema = z.object({
  job_id: queryInt.positive().optional(),
  job_location_id: queryInt.positive().optional(),
  status: statusNameSchema.optional(),
  /** The slot's day at +05:30, from and to inclusive. */
  slot_from: isoDay.optional(),
  slot_to: isoDay.optional(),
  page: queryInt.min(1).default(1),
  limit: queryInt.min(1).max(200).default(50),
});

export const opsApplicationSchema = z.object({
  application_id: int(),
  user_id: int(),
  candidate_name: text().nullable(),
  mobile: text(),
  job_id: int(),
  job_title: text(),
  job_location_id: int(),
  city: text(),
  /** The booked slot's start, or null before a booking. */
  slot_start: text().nullable(),
  recruiter_id: int(),
  recruiter_name: text().nullable(),
  status: int(),
  status_name: statusNameSchema.nullable(),
  modified_on: text(),
});
export type OpsApplication = z.infer<typeof opsApplicationSchema>;

export const applicationStatusBodySchema = z.object({
  application_ids: z.array(int().positive()).min(1, applicationOutcomeMessages.chooseOne).max(200, applicationOutcomeMessages.atMost),
  status: z.enum(APPLICATION_OUTCOMES, { error: applicationOutcomeMessages.outcome }),
});

/** What happened to each application of a (bulk) outcome. */
export const applicationStatusResultSchema = z.object({
  results: z.array(
    z.object({
      application_id: int(),
      ok: z.boolean(),
      /** Whether this call changed the application (false: it already was so, or it was refused). */
      changed: z.boolean(),
      message: text(),
      /** The application's status after the call; null for an unknown id. */
      status: int().nullable(),
    }),
  ),
});
export type ApplicationStatusResult = z.infer<typeof applicationStatusResultSchema>;

// ---------------------------------------------------------------- partner: my candidates

export const CANDIDATES_PAGE_SIZE = 20;
export const partnerCandidatesQuerySchema = z.object({
  limit: queryInt.min(1).max(100).default(CANDIDATES_PAGE_SIZE),
  offset: queryInt.min(0).max(10_000_000).default(0),
});
export const partnerCandidateSchema = z.object({
  application_id: int(),
  candidate_name: text().nullable(),
  job_id: int(),
  job_title: text(),
  city: text(),
  slot_start: text().nullable(),
  status: int(),
  status_name: statusNameSchema.nullable(),
  /** What the partner holds from this hire now: credits less reversals, in paise. */
  earned_paise: int(),
  created_on: text(),
});
export type PartnerCandidate = z.infer<typeof partnerCandidateSchema>;

const listOf = <T extends z.ZodType>(row: T) => z.object({ count: int(), rows: z.array(row) });

export const applicationRoutes = {
  opsList: defineRoute({
    method: 'GET',
    path: '/ops/applications',
    auth: 'ops',
    summary: "Candidates' applications by project, location, slot date and status",
    query: opsApplicationsQuerySchema,
    response: listOf(opsApplicationSchema),
  }),
  opsSetStatus: defineRoute({
    method: 'POST',
    path: '/ops/applications/status',
    auth: 'ops',
    summary: "Records candidates' interview outcomes; joined credits the referring partner once, and leaving joined reverses it",
    body: applicationStatusBodySchema,
    response: applicationStatusResultSchema,
  }),
  partnerCandidates: defineRoute({
    method: 'GET',
    path: '/partner/candidates',
    auth: 'worker',
    summary: 'The candidates who applied through the partner’s job links, with each one’s status',
    query: partnerCandidatesQuerySchema,
    response: listOf(partnerCandidateSchema),
  }),
};
