import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdOn = () => timestamp('created_on', { withTimezone: true }).notNull().defaultNow();
const modifiedOn = () => timestamp('modified_on', { withTimezone: true }).notNull().defaultNow();

/** Everyone who logs in with a mobile: partners, workers, candidates, team members, ops agents. */
export const users = pgTable('users', {
  user_id: integer('user_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
  mobile: text('mobile').notNull().unique(),
  first_name: text('first_name'),
  last_name: text('last_name'),
  email: text('email'),
  gender: smallint('gender'),
  zip_code: text('zip_code'),
  city: text('city'),
  state: text('state'),
  permanent_address: text('permanent_address'),
  location_coords: text('location_coords'),
  profile_picture_key: text('profile_picture_key'),
  blocked: boolean('blocked').notNull().default(false),
  created_on: createdOn(),
  modified_on: modifiedOn(),
});

/** Server-side sessions; the cookie carries a token whose SHA-256 is the key. */
export const sessions = pgTable(
  'sessions',
  {
    session_hash: text('session_hash').primaryKey(),
    kind: text('kind').notNull(),
    subject_id: integer('subject_id').notNull(),
    context: jsonb('context').$type<Record<string, string | number>>().notNull().default({}),
    created_on: createdOn(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_subject_idx').on(t.kind, t.subject_id)],
);

/** One row per OTP sent; the code itself is kept only as an HMAC. */
export const otpRequests = pgTable(
  'otp_requests',
  {
    request_id: text('request_id').primaryKey(),
    mobile: text('mobile').notNull(),
    purpose: text('purpose').notNull(),
    code_hash: text('code_hash').notNull(),
    client_ip: text('client_ip').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
    created_on: createdOn(),
  },
  (t) => [index('otp_requests_mobile_idx').on(t.mobile, t.created_on), index('otp_requests_ip_idx').on(t.client_ip, t.created_on)],
);

/**
 * The language a mobile's owner chose (customer, partner, worker, field agent
 * alike), so texts sent to that mobile are in it.
 */
export const mobileLocales = pgTable('mobile_locales', {
  mobile: text('mobile').primaryKey(),
  locale: text('locale').notNull(),
  modified_on: modifiedOn(),
});

/** What the console SMS provider "sent", for developers and tests. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    outbox_id: integer('outbox_id').primaryKey().generatedAlwaysAsIdentity(),
    mobile: text('mobile').notNull(),
    text: text('text').notNull(),
    otp: text('otp').notNull(),
    created_on: createdOn(),
  },
  (t) => [index('sms_outbox_mobile_idx').on(t.mobile, t.created_on)],
);

/** Uploaded objects. A row is PENDING from the signed URL until the bytes arrive. */
export const files = pgTable(
  'files',
  {
    file_id: integer('file_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    file_key: text('file_key').notNull().unique(),
    file_name: text('file_name').notNull(),
    file_purpose: text('file_purpose').notNull(),
    content_type: text('content_type').notNull(),
    size_bytes: integer('size_bytes'),
    owner_kind: text('owner_kind').notNull(),
    owner_id: integer('owner_id').notNull(),
    ticket_id: integer('ticket_id'),
    status: text('status').notNull().default('PENDING'),
    created_on: createdOn(),
  },
  (t) => [index('files_owner_idx').on(t.owner_kind, t.owner_id)],
);

/** KYC and business documents. Numbers are encrypted; last4 is kept for masked display. */
export const documents = pgTable(
  'documents',
  {
    document_id: integer('document_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    type: text('type').notNull(),
    number_enc: text('number_enc').notNull(),
    number_last4: text('number_last4').notNull(),
    /** HMAC of the number, so a lead's PAN can be matched to its holder without decrypting every row. */
    number_hash: text('number_hash'),
    file_id: integer('file_id').references(() => files.file_id),
    file_id2: integer('file_id2').references(() => files.file_id),
    description: text('description'),
    /** 0 submitted, 1 verified, 2 rejected. */
    status: smallint('status').notNull().default(0),
    reject_reason: text('reject_reason'),
    created_on: createdOn(),
    modified_on: modifiedOn(),
  },
  (t) => [uniqueIndex('documents_user_type_idx').on(t.user_id, t.type), index('documents_number_hash_idx').on(t.type, t.number_hash)],
);

/** Small key-value facts about the database itself (e.g. that demo data was loaded). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  modified_on: modifiedOn(),
});

export const nowSql = sql`now()`;

/** A partner's campaign code: `/utm/{utm_code}` leads are attributed to its owner. */
/**
 * A partner's campaign codes (`/utm/{code}`). Each partner has one current
 * code (retired_on null), made once; a code the partner replaced keeps its row
 * (retired_on set), so it stays taken and printed QR codes still reach them.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    utm_code: text('utm_code').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    created_on: createdOn(),
    retired_on: timestamp('retired_on', { withTimezone: true }),
  },
  (t) => [
    index('campaigns_user_idx').on(t.user_id),
    // Concurrent first fetches make one code: the second insert meets this index and does nothing.
    uniqueIndex('campaigns_current_user_idx')
      .on(t.user_id)
      .where(sql`${t.retired_on} is null`),
  ],
);

/** People who run the marketplace: 'support' sees the support inbox, 'admin' everything. */
export const opsAgents = pgTable('ops_agents', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.user_id),
  role: text('role').notNull(),
  created_on: createdOn(),
});
