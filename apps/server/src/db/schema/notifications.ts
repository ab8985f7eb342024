import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What a person sees under the bell: one row per notification, in the
 * language of the person when it was made. Written in the same transaction as
 * the change it is about.
 */
export const notifications = pgTable(
  'notifications',
  {
    notification_id: integer('notification_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    /** Whose list: partner, team or worker (NOTIFY_AUDIENCE). */
    audience: text('audience').notNull(),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    read: boolean('read').notNull().default(false),
    /** A caller's key for "this notification once" (a retried action makes no second one). */
    dedupe_key: text('dedupe_key'),
    created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_list_idx').on(t.user_id, t.audience, t.notification_id),
    index('notifications_unread_idx')
      .on(t.user_id, t.audience)
      .where(sql`not ${t.read}`),
    uniqueIndex('notifications_dedupe_idx').on(t.user_id, t.audience, t.dedupe_key),
  ],
);

/**
 * The SMS outbox: each notification's text waits here (queued) until the
 * worker claims it (sending, with a lease), and ends sent (with the gateway's
 * answer) or failed after its last try. Rows of one person and kind that are
 * due together go out as one merged text.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    outbox_id: integer('outbox_id').primaryKey().generatedByDefaultAsIdentity(),
    notification_id: integer('notification_id').references(() => notifications.notification_id),
    user_id: integer('user_id').references(() => users.user_id),
    mobile: text('mobile').notNull(),
    kind: text('kind').notNull(),
    /** sms, whatsapp (instead of the SMS, for a person who chose it), or push: a web push to every browser the person allowed (NOTIFY_CHANNEL). */
    channel: text('channel').notNull().default('sms'),
    /** Where in the app the notification is about, for a push's tap. */
    link: text('link'),
    locale: text('locale').notNull(),
    /** The template's variables, for the merged text. */
    data: jsonb('data').$type<Record<string, string | number>>().notNull(),
    /** This row's own text, as the in-app notification reads. */
    text: text('text').notNull(),
    state: text('state').notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    /** When it may be sent: its creation plus the merge window, or the next retry. */
    due_at: timestamp('due_at', { withTimezone: true }).notNull(),
    /**
     * Never sent before this, not even merged into an earlier text of the same
     * kind: what a lead's approval queues waits out the time ops may undo it.
     */
    not_before: timestamp('not_before', { withTimezone: true }),
    /** A claim that has not ended by then is taken again (its process died). */
    lease_until: timestamp('lease_until', { withTimezone: true }),
    claim_token: text('claim_token'),
    /** What the gateway answered last (its error on a failure). */
    gateway_answer: text('gateway_answer'),
    /** The text actually sent (the merged one when merged). */
    sent_text: text('sent_text'),
    sent_on: timestamp('sent_on', { withTimezone: true }),
    /** What the row is about, for the module that made it to read its delivery (job_task:<id> for a feedback link). */
    subject: text('subject'),
    /** The provider's id of the message (a WhatsApp message id), which its status webhooks name. */
    provider_message_id: text('provider_message_id'),
    /** The WhatsApp row this SMS stands in for, after that one failed for good (one SMS per failed row). */
    fallback_of: integer('fallback_of'),
    created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_outbox_subject_idx').on(t.subject),
    uniqueIndex('notification_outbox_provider_message_idx').on(t.provider_message_id),
    uniqueIndex('notification_outbox_fallback_idx').on(t.fallback_of),
    index('notification_outbox_due_idx')
      .on(t.due_at)
      .where(sql`${t.state} in ('queued', 'sending')`),
    index('notification_outbox_group_idx').on(t.mobile, t.kind, t.state),
    index('notification_outbox_user_idx').on(t.user_id),
    index('notification_outbox_claim_idx').on(t.claim_token),
  ],
);

/** Kinds a person turned off: their SMS and push are not sent (the bell still lists them). */
export const notificationOptOuts = pgTable(
  'notification_opt_outs',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    kind: text('kind').notNull(),
    created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.kind] })],
);

/** A browser a person allowed to show notifications: its push service address and keys. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    push_subscription_id: integer('push_subscription_id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_user_idx').on(t.user_id)],
);

/** How a person wants their texts: by WhatsApp instead of SMS (off until they choose it). */
export const notificationChannels = pgTable('notification_channels', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.user_id),
  whatsapp: boolean('whatsapp').notNull().default(false),
  updated_on: timestamp('updated_on', { withTimezone: true }).notNull().defaultNow(),
});
