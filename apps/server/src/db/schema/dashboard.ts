import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Visits to a partner's pages per IST day: the campaign page (job_id 0), a
 * product's link on it, or the job page the partner recruits for (job_id),
 * by source (the referrer parameter of the address, '' without one). One
 * device counts once per page and day (visit_devices); n is kept with an
 * upsert when a device is first seen, so the dashboard sums a few rows.
 */
export const visitCounts = pgTable(
  'visit_counts',
  {
    partner_user_id: integer('partner_user_id').notNull(),
    job_id: integer('job_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.partner_user_id, t.day, t.job_id, t.source] })],
);

/**
 * The devices already counted on a day: a hash of the first-party visitor
 * cookie (a random id, nothing personal) per partner page. Days before
 * yesterday are of no use and are deleted as new days start.
 */
export const visitDevices = pgTable(
  'visit_devices',
  {
    day: date('day', { mode: 'string' }).notNull(),
    partner_user_id: integer('partner_user_id').notNull(),
    job_id: integer('job_id').notNull(),
    device: text('device').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.partner_user_id, t.job_id, t.device] })],
);

/**
 * A partner's leads per project and IST day the lead came in: how many came,
 * how many are approved now (with their payout), how many wait (with theirs),
 * and how many approved ones carry a payout. Kept by statement triggers on
 * form_responses (src/db/sql/partner-days.sql) in the same transaction as any
 * change to a lead, as lead_counters is; keyed by the day the lead came in so
 * a period's numbers are the Leads Report's for the same dates.
 */
export const partnerDays = pgTable(
  'partner_days',
  {
    partner_user_id: integer('partner_user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    job_id: integer('job_id').notNull(),
    leads: integer('leads').notNull().default(0),
    approved: integer('approved').notNull().default(0),
    paid: integer('paid').notNull().default(0),
    approved_paise: bigint('approved_paise', { mode: 'number' }).notNull().default(0),
    pending_paise: bigint('pending_paise', { mode: 'number' }).notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    /** Pending leads archived unanswered (the report's Expired). */
    expired: integer('expired').notNull().default(0),
  },
  // By day too: the ops dashboard sums every partner's day; by project and day: a lead's risk compares its partner with the project.
  (t) => [
    primaryKey({ columns: [t.partner_user_id, t.day, t.job_id] }),
    index('partner_days_day_idx').on(t.day),
    index('partner_days_job_day_idx').on(t.job_id, t.day),
  ],
);

/**
 * A team's leads per member, project and IST day the lead came in, as
 * partner_days is for a partner's (a member's approval rate is approved over
 * decided, approved and rejected). Kept by the same statement
 * triggers on form_responses.
 */
export const teamDays = pgTable(
  'team_days',
  {
    team_id: integer('team_id').notNull(),
    member_user_id: integer('member_user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    job_id: integer('job_id').notNull(),
    leads: integer('leads').notNull().default(0),
    approved: integer('approved').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    paid: integer('paid').notNull().default(0),
    approved_paise: bigint('approved_paise', { mode: 'number' }).notNull().default(0),
    pending_paise: bigint('pending_paise', { mode: 'number' }).notNull().default(0),
    expired: integer('expired').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.team_id, t.day, t.member_user_id, t.job_id] }), index('team_days_day_idx').on(t.day)],
);
