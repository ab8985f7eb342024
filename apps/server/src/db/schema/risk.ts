import { bigint, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from './files';
import { formResponses } from './leads';
import { users } from './users';

/** Where a lead came from: the campaign page's device cookie id, the client address, a team lead's map point. No personal data. */
export const leadOrigins = pgTable(
  'lead_origins',
  {
    form_response_id: integer('form_response_id')
      .primaryKey()
      .references(() => formResponses.form_response_id),
    device_id: text('device_id'),
    client_ip: text('client_ip'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lead_origins_device_idx').on(t.device_id, t.created_on),
    index('lead_origins_ip_idx').on(t.client_ip, t.created_on),
    index('lead_origins_point_idx').on(t.lat, t.lng),
  ],
);

/** A lead's risk level, from the weights of its signals still standing. */
export const leadRisk = pgTable(
  'lead_risk',
  {
    form_response_id: integer('form_response_id')
      .primaryKey()
      .references(() => formResponses.form_response_id),
    level: text('level', { enum: ['none', 'review', 'high'] }).notNull(),
    score: integer('score').notNull(),
    assessed_on: timestamp('assessed_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_risk_level_idx').on(t.level)],
);

/** Each signal a lead raised, with its reason and evidence; one ops marked wrong is kept, with who and why. */
export const leadRiskSignals = pgTable(
  'lead_risk_signals',
  {
    signal_id: integer('signal_id').primaryKey().generatedAlwaysAsIdentity(),
    form_response_id: integer('form_response_id')
      .notNull()
      .references(() => formResponses.form_response_id),
    kind: text('kind').notNull(),
    // In English only: the reason is read in the ops console alone (the lead queue, a lead's risk panel, the audit
    // log of a signal marked wrong), which answers in English; no partner, team or Hindi page shows it.
    reason: text('reason').notNull(),
    evidence: jsonb('evidence').$type<{ form_response_ids: number[]; user_ids: number[]; file_ids: number[] }>().notNull(),
    dismissed_by: integer('dismissed_by').references(() => users.user_id),
    dismissed_on: timestamp('dismissed_on', { withTimezone: true }),
    dismissed_note: text('dismissed_note'),
    created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_risk_signals_lead_idx').on(t.form_response_id)],
);

/** Fingerprints of files attached to leads: sha256 of the bytes, and a 64-bit difference hash of an image. */
export const fileFingerprints = pgTable(
  'file_fingerprints',
  {
    file_id: integer('file_id')
      .primaryKey()
      .references(() => files.file_id),
    sha256: text('sha256').notNull(),
    dhash: bigint('dhash', { mode: 'bigint' }),
    created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_fingerprints_sha_idx').on(t.sha256)],
);

/** Partners whose new leads ops hold for review. */
export const partnerRiskHolds = pgTable('partner_risk_holds', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.user_id),
  held_by: integer('held_by')
    .notNull()
    .references(() => users.user_id),
  created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
});
