import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';
import { jobLocations, jobs } from './projects';
import { APPLICATION_STATUS } from '@pmw/contract/hiring';

const createdOn = () => timestamp('created_on', { withTimezone: true }).notNull().defaultNow();
const modifiedOn = () => timestamp('modified_on', { withTimezone: true }).notNull().defaultNow();

/**
 * A candidate's application to a hiring job at one of its locations, through a
 * partner's referral link (recruiter). One per user, job and location.
 * status: see APPLICATION_STATUS in the contract (7 and above = attempted).
 */
export const applications = pgTable(
  'applications',
  {
    application_id: integer('application_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    recruiter_id: integer('recruiter_id')
      .notNull()
      .references(() => users.user_id),
    job_id: integer('job_id')
      .notNull()
      .references(() => jobs.job_id),
    job_location_id: integer('job_location_id')
      .notNull()
      .references(() => jobLocations.job_location_id),
    answers: jsonb('answers').$type<{ input_id: number; value: string }[]>().notNull().default([]),
    tracking_id: text('tracking_id'),
    status: smallint('status').notNull().default(APPLICATION_STATUS.APPLIED),
    /** When the status first reached 7 (attempted) or above. */
    attempted_on: timestamp('attempted_on', { withTimezone: true }),
    created_on: createdOn(),
    modified_on: modifiedOn(),
  },
  (t) => [
    uniqueIndex('applications_user_job_location_idx').on(t.user_id, t.job_id, t.job_location_id),
    index('applications_recruiter_idx').on(t.recruiter_id, t.job_id),
  ],
);

/** An interview slot at a job location; `booked` never passes `capacity`. */
export const interviewSlots = pgTable(
  'interview_slots',
  {
    slot_id: integer('slot_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    job_id: integer('job_id')
      .notNull()
      .references(() => jobs.job_id),
    job_location_id: integer('job_location_id')
      .notNull()
      .references(() => jobLocations.job_location_id),
    start_time: timestamp('start_time', { withTimezone: true }).notNull(),
    end_time: timestamp('end_time', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    booked: integer('booked').notNull().default(0),
    created_on: createdOn(),
  },
  (t) => [
    uniqueIndex('interview_slots_location_start_idx').on(t.job_location_id, t.start_time),
    index('interview_slots_job_idx').on(t.job_id, t.start_time),
    check('interview_slots_capacity_check', sql`${t.booked} >= 0 and ${t.booked} <= ${t.capacity}`),
  ],
);

/** A candidate's interview booking; at most one per candidate and job. */
export const slotBookings = pgTable(
  'slot_bookings',
  {
    booking_id: integer('booking_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    slot_id: integer('slot_id')
      .notNull()
      .references(() => interviewSlots.slot_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    job_id: integer('job_id')
      .notNull()
      .references(() => jobs.job_id),
    application_id: integer('application_id')
      .notNull()
      .references(() => applications.application_id),
    /** The slot's day at +05:30, as the candidate sent it. */
    booking_date: text('booking_date').notNull(),
    created_on: createdOn(),
  },
  (t) => [uniqueIndex('slot_bookings_user_job_idx').on(t.user_id, t.job_id), index('slot_bookings_slot_idx').on(t.slot_id)],
);
