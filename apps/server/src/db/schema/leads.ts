// Owned by modules/leads.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LEAD_ARCHIVE_STATUS, LEAD_STATUS, LEAD_SUB_STATUS } from '@pmw/contract/lead-status';
import { num } from '../sql-constant';
import { files } from './files';
import { jobs, taskForms } from './projects';
import { users } from './users';

const createdOn = () => timestamp('created_on', { withTimezone: true }).notNull().defaultNow();
const modifiedOn = () => timestamp('modified_on', { withTimezone: true }).notNull().defaultNow();

/**
 * A lead. Attributed to the partner who owns the campaign (partner_user_id) or
 * to a team member (team_member_user_id) and their team.
 */
export const formResponses = pgTable(
  'form_responses',
  {
    form_response_id: integer('form_response_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100000 }),
    form_id: integer('form_id')
      .notNull()
      .references(() => taskForms.form_id),
    job_id: integer('job_id')
      .notNull()
      .references(() => jobs.job_id),
    partner_user_id: integer('partner_user_id').references(() => users.user_id),
    team_member_user_id: integer('team_member_user_id').references(() => users.user_id),
    team_id: integer('team_id'),
    customer_id: integer('customer_id'),
    customer_name: text('customer_name'),
    customer_mobile: text('customer_mobile'),
    /** 0 pending, 1 approved (verified), 2 rejected. */
    status: smallint('status').notNull().default(LEAD_STATUS.pending),
    /** 1 means more details are needed from the submitter. */
    sub_status: smallint('sub_status').notNull().default(LEAD_SUB_STATUS.none),
    /** 1 means expired. */
    archive_status: smallint('archive_status').notNull().default(LEAD_ARCHIVE_STATUS.live),
    status_comment: text('status_comment'),
    /** The project's payout when the lead came in, in paise. */
    payout_paise: integer('payout_paise').notNull().default(0),
    location: jsonb('location').$type<{ lat: number; lng: number; address?: string }>(),
    tracking_id: text('tracking_id'),
    /**
     * How the customer's mobile was proved on a form with an OTP: 'otp' (the
     * customer's code), 'unverified' (a team lead queued offline, sent without
     * it), 'call' (ops verified an unverified one by calling). Null on forms without OTP.
     */
    mobile_check: text('mobile_check').$type<'otp' | 'unverified' | 'call'>(),
    /** A client-chosen key so a retried submit makes one lead. */
    idempotency_key: text('idempotency_key').unique(),
    created_on: createdOn(),
    modified_on: modifiedOn(),
  },
  (t) => [
    // The Leads Report's newest-first order (read backwards), unfiltered and filtered by project and status: a page reads its 20 index entries.
    index('form_responses_partner_idx').on(t.partner_user_id, t.created_on, t.form_response_id),
    index('form_responses_partner_filter_idx').on(
      t.partner_user_id,
      t.job_id,
      t.status,
      t.archive_status,
      t.created_on,
      t.form_response_id,
    ),
    index('form_responses_member_idx').on(t.team_member_user_id, t.created_on),
    index('form_responses_mobile_idx').on(t.customer_mobile, t.job_id, t.created_on),
    // The leads waiting for verification, oldest first: the ops dashboard counts them by age.
    index('form_responses_pending_idx')
      .on(t.created_on)
      .where(sql`${t.status} = ${num(LEAD_STATUS.pending)} and ${t.archive_status} = ${num(LEAD_ARCHIVE_STATUS.live)}`),
  ],
);

/** One value per input of a lead; file inputs hold a file_id. */
export const formResponseData = pgTable(
  'form_response_data',
  {
    form_response_id: integer('form_response_id')
      .notNull()
      .references(() => formResponses.form_response_id),
    input_id: integer('input_id').notNull(),
    value: text('value').notNull(),
    file_id: integer('file_id').references(() => files.file_id),
  },
  (t) => [uniqueIndex('form_response_data_pk').on(t.form_response_id, t.input_id)],
);

/**
 * How many leads each partner, and each team member in a team, has per
 * project and status (status, sub_status, archive_status), so the report's
 * tiles read a handful of rows. Kept by statement triggers on form_responses
 * (src/db/sql/lead-counters.sql) in the same transaction as every change to
 * a lead; scripts/check-counts.mjs recounts. owner_kind is 'partner' (team_id
 * 0) or 'member'.
 */
export const leadCounters = pgTable(
  'lead_counters',
  {
    owner_kind: text('owner_kind').notNull(),
    owner_id: integer('owner_id').notNull(),
    team_id: integer('team_id').notNull().default(0),
    job_id: integer('job_id').notNull(),
    status: smallint('status').notNull(),
    sub_status: smallint('sub_status').notNull(),
    archive_status: smallint('archive_status').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.owner_kind, t.owner_id, t.team_id, t.job_id, t.status, t.sub_status, t.archive_status] })],
);
