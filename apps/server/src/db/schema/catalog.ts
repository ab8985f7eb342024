import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FormTranslations, InputTranslations, NameTranslations, ProjectTranslations } from '@pmw/contract/content-language';
import { files, users } from './core';

const createdOn = () => timestamp('created_on', { withTimezone: true }).notNull().defaultNow();
const modifiedOn = () => timestamp('modified_on', { withTimezone: true }).notNull().defaultNow();

// Ids below 10000 are reserved for the reference data and the demo, which insert fixed ids.
export const employers = pgTable(
  'employers',
  {
    employer_id: integer('employer_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    employer_name: text('employer_name').notNull(),
    logo_key: text('logo_key'),
    theme_color: text('theme_color'),
    /** A retired employer is not offered for new projects; projects that have it keep it. */
    retired: boolean('retired').notNull().default(false),
    /** The display name in other languages (`{ hi: { name } }`); English is employer_name. */
    translations: jsonb('translations').$type<NameTranslations>().notNull().default({}),
    created_on: createdOn(),
  },
  (t) => [uniqueIndex('employers_name_key').on(sql`lower(${t.employer_name})`)],
);

export const jobCategories = pgTable(
  'job_categories',
  {
    job_category_id: integer('job_category_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    title: text('title').notNull(),
    /** A retired category is not offered for new projects; projects that have it keep it. */
    retired: boolean('retired').notNull().default(false),
    /** The title in other languages (`{ hi: { name } }`); English is title. */
    translations: jsonb('translations').$type<NameTranslations>().notNull().default({}),
  },
  (t) => [uniqueIndex('job_categories_title_key').on(sql`lower(${t.title})`)],
);

/** A project (Job) as the spec lists its fields; texts keep the spec's names. */
export const jobs = pgTable(
  'jobs',
  {
    job_id: integer('job_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    employer_id: integer('employer_id')
      .notNull()
      .references(() => employers.employer_id),
    job_category_id: integer('job_category_id')
      .notNull()
      .references(() => jobCategories.job_category_id),
    job_title: text('job_title').notNull(),
    slug_name: text('slug_name').notNull().unique(),
    type: text('type'),
    domain: text('domain'),
    rewards: text('rewards'),
    /** `label_value;;label_value` pairs. */
    criteria: text('criteria'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    payout_prefix: text('payout_prefix'),
    payout_text: text('payout_text'),
    payout_text_custom: text('payout_text_custom'),
    /** What an approved lead earns the partner, in paise. */
    payout_paise: integer('payout_paise').notNull().default(0),
    logo_key: text('logo_key'),
    logo_url: text('logo_url'),
    banner_key: text('banner_key'),
    tag_line: text('tag_line'),
    /** In months. */
    duration: integer('duration'),
    min_salary: integer('min_salary'),
    max_salary: integer('max_salary'),
    perks: jsonb('perks').$type<string[]>().notNull().default([]),
    description: text('description'),
    customer_tnc: text('customer_tnc'),
    customer_criteria: text('customer_criteria'),
    customer_features: jsonb('customer_features').$type<string[]>().notNull().default([]),
    /** 20 means the project is shared by link rather than added as a lead. */
    action_status: smallint('action_status').notNull().default(10),
    archive_status: smallint('archive_status').notNull().default(0),
    archive_message: text('archive_message'),
    on_hold: boolean('on_hold').notNull().default(false),
    /** Listed on partners' campaign pages (`/utm/{code}`); ops take a product off them by clearing it. */
    utm_selected: boolean('utm_selected').notNull().default(true),
    /** Not listed to partners nor open from a referral link (an employer's internal roles); the team list follows it too. */
    hidden_from_partners: boolean('hidden_from_partners').notNull().default(false),
    hold_message: text('hold_message'),
    application_archive_status: smallint('application_archive_status').notNull().default(0),
    application_archive_message: text('application_archive_message'),
    is_credit_flow: boolean('is_credit_flow').notNull().default(false),
    /** An approved lead makes a feedback task and texts its merchant the /fb link. */
    asks_merchant_feedback: boolean('asks_merchant_feedback').notNull().default(false),
    credit_rules: jsonb('credit_rules').$type<{ min_income?: number; min_score?: number; min_age?: number; max_age?: number }>(),
    /** A lead for the same mobile and project inside this many days is refused. */
    duplicate_window_days: integer('duplicate_window_days').notNull().default(30),
    /** Pending leads expire after this many days. */
    validity_days: integer('validity_days').notNull().default(30),
    /** HTML instructions the feedback page (/fb) shows the merchants of this project's tasks, unless a task has its own; sanitised when sent out. */
    consumer_instruction: text('consumer_instruction'),
    /** India time (`HH:MM`) the project expects leads between; a lead outside them is a risk signal. Null: any time. */
    lead_hours_start: text('lead_hours_start'),
    lead_hours_end: text('lead_hours_end'),
    /** Where a verified customer is sent after the lead. */
    redirect_link: text('redirect_link'),
    /** The texts above in other languages, by the same field names (`{ hi: { job_title, tag_line, … } }`); English is the columns. */
    translations: jsonb('translations').$type<ProjectTranslations>().notNull().default({}),
    created_on: createdOn(),
    modified_on: modifiedOn(),
  },
  (t) => [index('jobs_category_idx').on(t.job_category_id), index('jobs_employer_idx').on(t.employer_id)],
);

export const jobLocations = pgTable(
  'job_locations',
  {
    job_location_id: integer('job_location_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    job_id: integer('job_id')
      .notNull()
      .references(() => jobs.job_id),
    city: text('city').notNull(),
    address: text('address'),
    pincode: text('pincode'),
  },
  (t) => [index('job_locations_job_idx').on(t.job_id)],
);

/** Pincodes a project serves (team pincode search). */
export const jobPincodes = pgTable(
  'job_pincodes',
  {
    job_id: integer('job_id')
      .notNull()
      .references(() => jobs.job_id),
    pincode: text('pincode').notNull(),
  },
  (t) => [uniqueIndex('job_pincodes_pk').on(t.job_id, t.pincode), index('job_pincodes_pincode_idx').on(t.pincode)],
);

export interface FormInput {
  input_id: number;
  label: string;
  input_type: string;
  input_category?: string | null;
  input_format?: string | null;
  input_enum?: string[] | null;
  placeholder?: string | null;
  validation?: { required?: boolean } | null;
  is_primary?: boolean;
  isAllowFileManager?: boolean;
  /** Label, placeholder and option names in other languages; the options' English values are what a lead stores. */
  translations?: InputTranslations;
}

/** The lead form of a project. */
export const taskForms = pgTable('task_forms', {
  form_id: integer('form_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
  job_id: integer('job_id')
    .notNull()
    .unique()
    .references(() => jobs.job_id),
  inputs: jsonb('inputs').$type<FormInput[]>().notNull(),
  is_otp_required: boolean('is_otp_required').notNull().default(true),
  description: text('description'),
  custom_link: text('custom_link'),
  /** The description in other languages (`{ hi: { description } }`). */
  translations: jsonb('translations').$type<FormTranslations>().notNull().default({}),
  response_status: smallint('response_status').notNull().default(0),
  created_on: createdOn(),
  modified_on: modifiedOn(),
});

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
    status: smallint('status').notNull().default(0),
    /** 1 means more details are needed from the submitter. */
    sub_status: smallint('sub_status').notNull().default(0),
    /** 1 means expired. */
    archive_status: smallint('archive_status').notNull().default(0),
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
      .where(sql`${t.status} = 0 and ${t.archive_status} = 0`),
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
