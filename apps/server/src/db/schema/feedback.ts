import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';
import { formResponses } from './leads';
import { jobs } from './projects';

/**
 * A visit a partner makes to a merchant for a project. The feedback link
 * `/fb/{job_task_id}/{merchant_mobile}/{user_id}/{otp}` is made from it; the
 * OTP is what the merchant reads out to the partner, so it is shown in the
 * link and kept here as it is.
 */
export const jobTasks = pgTable(
  'job_tasks',
  {
    job_task_id: integer('job_task_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    /** The partner who served the merchant. */
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    job_id: integer('job_id').references(() => jobs.job_id),
    merchant_mobile: text('merchant_mobile').notNull(),
    otp: text('otp').notNull(),
    /** HTML written by ops; sanitised again whenever it is sent out. */
    consumer_instruction: text('consumer_instruction'),
    /** The approved lead the task was made for (one task per lead); null for a task made by hand. */
    form_response_id: integer('form_response_id').references(() => formResponses.form_response_id),
    /**
     * When the link was last queued to be texted (the notification outbox sends
     * it and keeps whether it went); a send again waits some minutes after it.
     */
    sms_queued_at: timestamp('sms_queued_at', { withTimezone: true }),
    /** How many times the link was queued (the first with the approval, then each send again). */
    sms_count: integer('sms_count').notNull().default(0),
    /** When the merchant first opened the /fb page. */
    opened_at: timestamp('opened_at', { withTimezone: true }),
    created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_tasks_user_idx').on(t.user_id), uniqueIndex('job_tasks_lead_idx').on(t.form_response_id)],
);

/** One answer per task and merchant; a second submit finds this row instead of adding one. */
export const feedbackResponses = pgTable(
  'feedback_responses',
  {
    feedback_id: integer('feedback_id').primaryKey().generatedAlwaysAsIdentity(),
    entity_type: text('entity_type').notNull(),
    entity_id: integer('entity_id')
      .notNull()
      .references(() => jobTasks.job_task_id),
    ref_type: text('ref_type').notNull(),
    ref_value: text('ref_value').notNull(),
    /** The partner rated, copied from the task so summaries need no join. */
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    location: jsonb('location').$type<{ lat: number; lng: number }>(),
    created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feedback_responses_once_idx').on(t.entity_type, t.entity_id, t.ref_type, t.ref_value),
    index('feedback_responses_user_idx').on(t.user_id, t.created_on),
    check('feedback_responses_rating', sql`${t.rating} between 1 and 5`),
  ],
);
