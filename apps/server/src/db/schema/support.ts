import { index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { StoredVars } from '@pmw/contract/texts/stored';
import { TICKET_SOURCE, TICKET_STATUS } from '@pmw/contract/support';
import { files } from './files';
import { users } from './users';

const createdOn = () => timestamp('created_on', { withTimezone: true }).notNull().defaultNow();
const modifiedOn = () => timestamp('modified_on', { withTimezone: true }).notNull().defaultNow();

/**
 * A worker's query. tag_type/tag_id point at a project (JOB) or the recharge
 * service (SERVICE_PURCHASE); ref_type/ref_id at a lead (FORM_RESPONSE) or a
 * recharge (ID).
 */
export const tickets = pgTable(
  'tickets',
  {
    ticket_id: integer('ticket_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    ticket_type: smallint('ticket_type').notNull(),
    ticket_title: text('ticket_title').notNull(),
    /** The title's message code when it is the query type's own name, so a worker reads it in their language. */
    title_code: text('title_code'),
    ticket_source: smallint('ticket_source').notNull().default(TICKET_SOURCE.web),
    /** 0 new, 10 answered, 20 waiting for support, 30 resolved, 40 closed. */
    status: smallint('status').notNull().default(TICKET_STATUS.NEW),
    agent_user_id: integer('agent_user_id').references(() => users.user_id),
    /** 1 to 5 once the worker rated it; 0 when closed without a rating. */
    rating: smallint('rating'),
    rating_comment: text('rating_comment'),
    tag_type: text('tag_type'),
    tag_id: integer('tag_id'),
    ref_type: text('ref_type'),
    ref_id: integer('ref_id'),
    /** Since when the ticket waits for support (status 0 or 20); the inbox sorts by it. */
    waiting_since: timestamp('waiting_since', { withTimezone: true }),
    created_on: createdOn(),
    modified_on: modifiedOn(),
  },
  (t) => [index('tickets_user_idx').on(t.user_id, t.created_on), index('tickets_inbox_idx').on(t.status, t.waiting_since)],
);

/** Messages of a ticket. direction 1 the worker, 2 support (an agent or the PIKU bot). */
export const ticketChats = pgTable(
  'ticket_chats',
  {
    ticket_chat_id: integer('ticket_chat_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.ticket_id),
    chat_message: text('chat_message').notNull(),
    /** A line the system says (PIKU's greeting, a call-back request) by code, for the worker's language; null for what a person typed. */
    message_code: text('message_code'),
    message_vars: jsonb('message_vars').$type<StoredVars>(),
    direction: smallint('direction').notNull(),
    /** The worker's user id, the agent's first name, or 'PIKU'. */
    created_by: text('created_by').notNull(),
    sender_user_id: integer('sender_user_id').references(() => users.user_id),
    translated_message: text('translated_message'),
    file_id: integer('file_id').references(() => files.file_id),
    created_on: createdOn(),
  },
  // The sender index serves the per-sender message budget.
  (t) => [
    index('ticket_chats_ticket_idx').on(t.ticket_id, t.created_on),
    index('ticket_chats_sender_idx').on(t.sender_user_id, t.created_on),
  ],
);

/** Phone calls about a ticket. direction 1 the worker called, 2 support called. */
export const ticketCallLogs = pgTable(
  'ticket_call_logs',
  {
    call_log_id: integer('call_log_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.ticket_id),
    direction: smallint('direction').notNull(),
    /** completed, no-answer, busy, failed. */
    status: text('status').notNull(),
    agent_user_id: integer('agent_user_id').references(() => users.user_id),
    created_on: createdOn(),
  },
  (t) => [index('ticket_call_logs_ticket_idx').on(t.ticket_id, t.created_on)],
);

/** Every change of a ticket's status, and who made it. */
export const ticketHistory = pgTable(
  'ticket_history',
  {
    ticket_history_id: integer('ticket_history_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.ticket_id),
    field_type: text('field_type').notNull(),
    field_value: text('field_value').notNull(),
    changed_by_kind: text('changed_by_kind').notNull(),
    changed_by_id: integer('changed_by_id'),
    created_on: createdOn(),
  },
  (t) => [index('ticket_history_ticket_idx').on(t.ticket_id, t.created_on)],
);

/** A worker asked to be called back; an agent's call log entry settles it. */
export const ticketCallbackRequests = pgTable(
  'ticket_callback_requests',
  {
    callback_request_id: integer('callback_request_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.ticket_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    /** PENDING until an agent reaches the worker, then DONE. */
    status: text('status').notNull().default('PENDING'),
    requested_on: timestamp('requested_on', { withTimezone: true }).notNull().defaultNow(),
    resolved_on: timestamp('resolved_on', { withTimezone: true }),
    resolved_by: integer('resolved_by').references(() => users.user_id),
  },
  (t) => [
    index('ticket_callback_requests_status_idx').on(t.status, t.requested_on),
    index('ticket_callback_requests_ticket_idx').on(t.ticket_id),
  ],
);

/** Mobile and DTH recharges a worker bought through the app (the support desk's 'Select Recharge'). */
export const servicePurchases = pgTable(
  'service_purchases',
  {
    service_purchase_id: integer('service_purchase_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    /** The recharged mobile or DTH account. */
    account_number: text('account_number').notNull(),
    operator: text('operator'),
    /** In paise. */
    amount: integer('amount').notNull(),
    /** SUCCESS, PENDING or FAILED as the operator answered. */
    status: text('status').notNull().default('SUCCESS'),
    created_on: createdOn(),
  },
  (t) => [index('service_purchases_user_idx').on(t.user_id, t.created_on)],
);
