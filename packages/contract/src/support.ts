import { z } from 'zod';
import { text, int, coerceInt } from './base';
import { defineRoute, queryBool, queryInt, queryIntList } from './api';
import { LEAD_ARCHIVE_STATUS, LEAD_STATUS } from './lead-status';
import {
  fileAddBodySchema,
  fileAddedSchema,
  fileExtension,
  fileSizeMessage,
  fileUrlSchema,
  signedUploadBodySchema,
  signedUploadSchema,
  FILE_RULES,
} from './files';

/*
 * The support desk. Rules here are pure so the server, the
 * worker's page and the agents' inbox agree on them.
 */

// ---------------------------------------------------------------- constants

/** Ticket statuses. NEW, ANSWERED and RESOLVED are "pending" on the worker's list (a red dot: support has moved last). */
export const TICKET_STATUS = {
  /** Raised; nobody from support has answered yet. */
  NEW: 0,
  /** Support answered; the worker may reply. */
  ANSWERED: 10,
  /** The worker wrote again (or reopened); waiting for support. */
  WAITING: 20,
  /** Support answered and marked it resolved; the worker may rate it. */
  RESOLVED: 30,
  CLOSED: 40,
} as const;
export type TicketStatus = (typeof TICKET_STATUS)[keyof typeof TICKET_STATUS];
export const ticketStatuses: readonly TicketStatus[] = Object.values(TICKET_STATUS);

/** The red dot of the list. */
export const isPendingStatus = (status: number) =>
  status === TICKET_STATUS.NEW || status === TICKET_STATUS.ANSWERED || status === TICKET_STATUS.RESOLVED;
export const isClosedStatus = (status: number) => status === TICKET_STATUS.CLOSED;
/** Waiting for support: what the agents' inbox puts first. */
export const isWaitingForSupport = (status: number) => status === TICKET_STATUS.NEW || status === TICKET_STATUS.WAITING;

/** What can happen to a ticket: a message from either side, an agent's 'Mark resolved' or close, a worker's rating. */
export const TICKET_EVENTS = ['worker_message', 'agent_message', 'agent_resolves', 'agent_closes', 'worker_rates'] as const;
export type TicketEvent = (typeof TICKET_EVENTS)[number];

const { NEW, ANSWERED, WAITING, RESOLVED, CLOSED } = TICKET_STATUS;
/**
 * The ticket's state machine, the one place its rules are written: from a
 * status, on an event, to a status. A pair not listed is refused. The
 * service follows it for resolving, closing and rating; the database's
 * `add_ticket_chat` follows it for messages, through `ticket_next_status`,
 * generated from this table into src/db/sql/contract-constants.sql.
 *
 * - A worker's message leaves a new ticket new (support has still not
 *   answered) and otherwise waits for support, reopening a closed ticket.
 * - An agent's message answers the ticket, except that a resolved ticket
 *   stays resolved; a closed ticket takes no agent's message.
 * - An agent resolves or closes any open ticket (resolving one already
 *   resolved is refused); a worker rates, and so closes, a resolved ticket only.
 */
export const TICKET_TRANSITIONS: readonly { from: TicketStatus; event: TicketEvent; to: TicketStatus }[] = [
  { from: NEW, event: 'worker_message', to: NEW },
  { from: ANSWERED, event: 'worker_message', to: WAITING },
  { from: WAITING, event: 'worker_message', to: WAITING },
  { from: RESOLVED, event: 'worker_message', to: WAITING },
  { from: CLOSED, event: 'worker_message', to: WAITING },
  { from: NEW, event: 'agent_message', to: ANSWERED },
  { from: ANSWERED, event: 'agent_message', to: ANSWERED },
  { from: WAITING, event: 'agent_message', to: ANSWERED },
  { from: RESOLVED, event: 'agent_message', to: RESOLVED },
  { from: NEW, event: 'agent_resolves', to: RESOLVED },
  { from: ANSWERED, event: 'agent_resolves', to: RESOLVED },
  { from: WAITING, event: 'agent_resolves', to: RESOLVED },
  { from: NEW, event: 'agent_closes', to: CLOSED },
  { from: ANSWERED, event: 'agent_closes', to: CLOSED },
  { from: WAITING, event: 'agent_closes', to: CLOSED },
  { from: RESOLVED, event: 'agent_closes', to: CLOSED },
  { from: RESOLVED, event: 'worker_rates', to: CLOSED },
];

/** Where an event takes a ticket, or null when the table refuses it. */
export function ticketTransition(from: number, event: TicketEvent): TicketStatus | null {
  return TICKET_TRANSITIONS.find((t) => t.from === from && t.event === event)?.to ?? null;
}

/** Ticket types: what a query is about. */
export const TICKET_TYPE = {
  OTHERS: 0,
  HOW_TO_START: 10,
  PROJECT_TRAINING: 20,
  PENDING_TASKS: 30,
  REJECTED_TASKS: 40,
  PAYMENT_QUERY: 50,
  RECHARGE: 60,
} as const;
export type TicketType = (typeof TICKET_TYPE)[keyof typeof TICKET_TYPE];
export const ticketTypeValues: readonly TicketType[] = Object.values(TICKET_TYPE);

/** The types in the order the worker is offered them, with their names. */
export const TICKET_TYPES = [
  { type: TICKET_TYPE.HOW_TO_START, text: 'How to Start' },
  { type: TICKET_TYPE.PROJECT_TRAINING, text: "Project's Training" },
  { type: TICKET_TYPE.PENDING_TASKS, text: 'Pending/Expired Tasks' },
  { type: TICKET_TYPE.REJECTED_TASKS, text: 'Rejected Tasks' },
  { type: TICKET_TYPE.PAYMENT_QUERY, text: 'Payment Query' },
  { type: TICKET_TYPE.RECHARGE, text: 'Recharge' },
  { type: TICKET_TYPE.OTHERS, text: 'Others' },
] as const;

export function ticketTypeText(type: number): string {
  return TICKET_TYPES.find((t) => t.type === type)?.text ?? 'Others';
}

/** A ticket type's name by its message code, for the worker's language. */
const TICKET_TYPE_CODES = {
  [TICKET_TYPE.HOW_TO_START]: 'support.typeHowToStart',
  [TICKET_TYPE.PROJECT_TRAINING]: 'support.typeTraining',
  [TICKET_TYPE.PENDING_TASKS]: 'support.typePending',
  [TICKET_TYPE.REJECTED_TASKS]: 'support.typeRejected',
  [TICKET_TYPE.PAYMENT_QUERY]: 'support.typePayment',
  [TICKET_TYPE.RECHARGE]: 'support.typeRecharge',
  [TICKET_TYPE.OTHERS]: 'support.typeOthers',
} as const satisfies Record<TicketType, SupportCode>;
export const ticketTypeCode = (type: number): SupportCode =>
  (TICKET_TYPE_CODES as Partial<Record<number, SupportCode>>)[type] ?? 'support.typeOthers';

/**
 * Which types a worker is offered: those who have worked see Project's
 * Training and after, the others up to it; Others always, and last.
 */
export function eligibleTicketTypes(isWorked: boolean): TicketType[] {
  const { OTHERS, PROJECT_TRAINING } = TICKET_TYPE;
  const typed = TICKET_TYPES.filter((t) => t.type !== OTHERS && (isWorked ? t.type >= PROJECT_TRAINING : t.type <= PROJECT_TRAINING)).map(
    (t) => t.type,
  );
  return [...typed, OTHERS];
}

export type CreateStep = 'SELECT_TYPE' | 'SELECT_JOB' | 'SELECT_FORM_RESPONSE' | 'SELECT_RECHARGE';

/** The types that ask which project: training, and the two about leads. */
export const isProjectTicketType = (type: number) =>
  type === TICKET_TYPE.PROJECT_TRAINING || type === TICKET_TYPE.PENDING_TASKS || type === TICKET_TYPE.REJECTED_TASKS;
/** The types that then ask which lead. */
const isLeadTicketType = (type: number) => type === TICKET_TYPE.PENDING_TASKS || type === TICKET_TYPE.REJECTED_TASKS;

/** Where choosing a type leads: a project for training and leads, a recharge for Recharge, the rest open the ticket. */
export function stepAfterType(type: number): CreateStep | 'OPEN' {
  if (isProjectTicketType(type)) return 'SELECT_JOB';
  if (type === TICKET_TYPE.RECHARGE) return 'SELECT_RECHARGE';
  return 'OPEN';
}
/** After a project: the lead types pick a lead; training opens the ticket. */
export const stepAfterJob = (type: number): CreateStep | 'OPEN' => (isLeadTicketType(type) ? 'SELECT_FORM_RESPONSE' : 'OPEN');

/** The leads a type lists: Pending/Expired Tasks the pending ones (current or expired), Rejected Tasks the rejected. */
export function leadFilterForType(type: number): { status: number; archive_status: number[] } {
  const status = type === TICKET_TYPE.REJECTED_TASKS ? LEAD_STATUS.rejected : LEAD_STATUS.pending;
  return { status, archive_status: [LEAD_ARCHIVE_STATUS.live, LEAD_ARCHIVE_STATUS.expired] };
}

/** Where a ticket was raised; a ticket the worker raises on the site is Web. */
export const TICKET_SOURCE = { app: 0, web: 1, whatsapp: 2, phoneCall: 3, email: 4 } as const;
export type TicketSource = (typeof TICKET_SOURCE)[keyof typeof TICKET_SOURCE];

export const CHAT_DIRECTION = { USER: 1, SUPPORT: 2 } as const;
export const BOT_NAME = 'PIKU';

/** Messages a minute, per ticket and per sender (worker or agent), so nobody floods a chat. */
export const CHAT_MAX_PER_MINUTE = 20;
/** Chats a conversation page holds, newest first; older ones come with `before_chat_id`. */
export const CHAT_PAGE_SIZE = 50;
export const ATTACHMENT_MAX_BYTES = FILE_RULES.TICKET.maxBytes;
export const ATTACHMENT_EXTENSIONS = FILE_RULES.TICKET.extensions;
/** What the chat's file chooser accepts. */
export const ATTACHMENT_ACCEPT = '.png,.jpg,.jpeg,.mp4,.pdf,image/png,image/jpeg,video/mp4,application/pdf';

/** Why a chosen file cannot be attached, or null. */
export function attachmentProblem(file: { name: string; size: number }): string | null {
  if (!ATTACHMENT_EXTENSIONS.includes(fileExtension(file.name))) return 'Please choose an image (png, jpg, jpeg), an mp4 video or a pdf';
  if (file.size > ATTACHMENT_MAX_BYTES) return fileSizeMessage(file.size, ATTACHMENT_MAX_BYTES);
  return null;
}

/** Typing animation of a support message pushed live. */
export const TYPING_MS_PER_CHAR = 20;
export const TYPING_INDICATOR_MS = 2000;

import { supportTexts, CHAT_MAX_LENGTH, RATING_COMMENT_MAX_LENGTH } from './support-texts';
import { saidIn, say, type Said } from './texts/said';
import { supportCatalogue } from './texts/support';
import { renderStored, toStored } from './texts/stored';

/** This file's validation messages, said by code (see `saidIn`). */
const supportSaid = saidIn(supportCatalogue);
/** A code of the support area's catalogue. */
export type SupportCode = keyof typeof supportCatalogue.en;
/** The lines a worker's page sends by code: the call-back request. */
export const WORKER_LINE_CODES = ['support.callbackRequested'] as const;
export { CHAT_MAX_LENGTH, RATING_COMMENT_MAX_LENGTH };
export { supportTexts };

/** A support text in English (what the console and the spec's fields read). */
const english = (said: Said): string => renderStored(said.code, toStored(said).vars, supportCatalogue.en, supportCatalogue.en)!;

/** A call's outcome as the worker's timeline names it. */
const CALL_STATUS_CODES: Partial<Record<string, SupportCode>> = {
  'no-answer': 'support.callStatusNoAnswer',
  busy: 'support.callStatusBusy',
  failed: 'support.callStatusFailed',
};

/** 'Support team tried to calling you, but got failed due to call status - {status}' and its siblings, by code. */
export function callLogSaid(entry: { direction: number; status: string }): Said {
  if (entry.status === 'completed') return say('support.callConnected');
  if (entry.direction === CHAT_DIRECTION.USER) return say('support.callUserFailed');
  const status = CALL_STATUS_CODES[entry.status];
  return say('support.callFailedStatus', { status: status ? say(status) : entry.status });
}
export const callLogText = (entry: { direction: number; status: string }): string => english(callLogSaid(entry));

/** The text of a status-history entry by code, or null when the timeline shows none for it. */
export function historySaid(entry: { field_type: string; field_value: string }): Said | null {
  if (entry.field_type === 'status' && entry.field_value === String(TICKET_STATUS.RESOLVED)) return say('support.resolvedHistory');
  return null;
}
export function historyText(entry: { field_type: string; field_value: string }): string | null {
  const said = historySaid(entry);
  return said ? english(said) : null;
}

/** The footer of a closed ticket, by code. */
export function closingCode(rating: number | null | undefined): SupportCode {
  const r = rating ?? 0;
  if (r === 0 || r === 4 || r === 5) return 'support.closedGlad';
  if (r === 3) return 'support.closedThanks';
  return 'support.closedSorry';
}
export const closingMessage = (rating: number | null | undefined): string => supportCatalogue.en[closingCode(rating)];
/** A worker rates (and so closes) a query only once support has marked it resolved. */
export const canRate = (status: number) => ticketTransition(status, 'worker_rates') !== null;
/** Ratings 1 and 2 first ask for feedback. */
export const ratingAsksForComment = (rating: number) => rating === 1 || rating === 2;

/** 'Watch Video' is offered when a message mentions the introduction video or how to earn. */
export const mentionsIntroVideo = (text: string | null | undefined) => !!text && /introduction video|how to earn/i.test(text);

/**
 * PIKU's first answer on a new ticket, fitting its type, so nobody waits in
 * silence. How to Start points at the introduction video only when one is
 * configured: a line about a video nobody can watch would send the worker looking.
 */
const GREETING_CODES = {
  [TICKET_TYPE.HOW_TO_START]: 'support.greet10',
  [TICKET_TYPE.PROJECT_TRAINING]: 'support.greet20',
  [TICKET_TYPE.PENDING_TASKS]: 'support.greet30',
  [TICKET_TYPE.REJECTED_TASKS]: 'support.greet40',
  [TICKET_TYPE.PAYMENT_QUERY]: 'support.greet50',
  [TICKET_TYPE.RECHARGE]: 'support.greet60',
  [TICKET_TYPE.OTHERS]: 'support.greet0',
} as const satisfies Record<TicketType, SupportCode>;
export function botGreetingSaid(type: number, firstName: string | null, hasIntroVideo = true): Said {
  const code =
    type === TICKET_TYPE.HOW_TO_START && !hasIntroVideo
      ? 'support.greet10NoVideo'
      : ((GREETING_CODES as Partial<Record<number, SupportCode>>)[type] ?? 'support.greet0');
  const rest = say(code);
  return firstName ? say('support.hello', { name: firstName, rest }) : say('support.helloNoName', { rest });
}
/** The greeting's English, as the chat row and the console keep it. */
export const botGreeting = (type: number, firstName: string | null, hasIntroVideo = true): string =>
  english(botGreetingSaid(type, firstName, hasIntroVideo));

/** Rupees of an amount in paise, as the recharge list shows it. */
export const rupees = (paise: number) => (paise / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 });

// ---------------------------------------------------------------- shapes

const isoDate = text();
const optionalUserId = queryInt.optional();
const ticketIdSchema = coerceInt({ error: supportSaid('support.chooseTicket') }).positive(supportSaid('support.chooseTicket'));

export const chatMessageSchema = text({ error: supportSaid('support.chatRequired') })
  .trim()
  .min(1, supportSaid('support.chatRequired'))
  .max(CHAT_MAX_LENGTH, supportSaid('support.chatTooLong', { n: CHAT_MAX_LENGTH }));

export const jobDataSchema = z.object({ job_id: int(), logo_key: text().nullable(), job_title: text() });

export const ticketSchema = z.object({
  ticket_id: int(),
  user_id: int(),
  ticket_type: int(),
  ticket_title: text(),
  /** The title's message code when it is the query type's own name (the page shows it in the reader's language); else null. */
  title_code: text().nullable().optional(),
  ticket_source: int(),
  status: int(),
  agent_user_id: int().nullable(),
  /** The agent's first name, shown as the support name. */
  agent_name: text().nullable(),
  rating: int().nullable(),
  rating_comment: text().nullable(),
  tag_type: text().nullable(),
  tag_id: int().nullable(),
  ref_type: text().nullable(),
  ref_id: int().nullable(),
  created_on: isoDate,
  modified_on: isoDate,
  jobData: jobDataSchema.nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketDetailSchema = ticketSchema.extend({
  /** A call-back was asked for and no agent has called yet. */
  callback_requested: z.boolean(),
  /** What the 'Watch Video' dialog plays; null when none is configured. */
  intro_video_url: text().nullable(),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const chatEntrySchema = z.object({
  ticket_chat_id: int(),
  ticket_id: int(),
  chat_message: text(),
  /** A line said by code (PIKU's greeting, a call-back request) and its varying parts, for the reader's language; null when a person typed it. */
  message_code: text().nullable().optional(),
  message_vars: z.record(z.string(), z.unknown()).nullable().optional(),
  direction: int(),
  created_by: text(),
  translated_message: text().nullable(),
  file_id: int().nullable(),
  file_name: text().nullable(),
  created_on: isoDate,
});
export type ChatEntry = z.infer<typeof chatEntrySchema>;

export const callLogEntrySchema = z.object({
  call_log_id: int(),
  ticket_id: int(),
  direction: int(),
  status: text(),
  created_on: isoDate,
});
export type CallLogEntry = z.infer<typeof callLogEntrySchema>;

export const historyEntrySchema = z.object({
  ticket_history_id: int(),
  ticket_id: int(),
  field_type: text(),
  field_value: text(),
  created_on: isoDate,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const conversationSchema = z.object({
  chats: z.array(chatEntrySchema),
  /** Pass as `before_chat_id` for the page before this one; null when this page starts the conversation. */
  older_cursor: int().nullable(),
  call_logs: z.array(callLogEntrySchema),
  history: z.array(historyEntrySchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** An older page joined in front of the conversation shown; nothing is listed twice. */
export function withOlderPage(shown: Conversation, older: Conversation): Conversation {
  const chatIds = new Set(shown.chats.map((c) => c.ticket_chat_id));
  const callIds = new Set(shown.call_logs.map((c) => c.call_log_id));
  const historyIds = new Set(shown.history.map((h) => h.ticket_history_id));
  return {
    chats: [...older.chats.filter((c) => !chatIds.has(c.ticket_chat_id)), ...shown.chats],
    older_cursor: older.older_cursor,
    call_logs: [...older.call_logs.filter((c) => !callIds.has(c.call_log_id)), ...shown.call_logs],
    history: [...older.history.filter((h) => !historyIds.has(h.ticket_history_id)), ...shown.history],
  };
}

/**
 * A conversation read again, with what the screen already shows that is newer
 * than anything in it: a message, call or change added while the read was on
 * its way (ids only grow), which a read begun before it was saved cannot hold.
 */
export function withNewerShown(fetched: Conversation, shown: Conversation | undefined): Conversation {
  if (!shown) return fetched;
  const newest = <T>(items: T[], id: (item: T) => number) => Math.max(0, ...items.map(id));
  const chatId = newest(fetched.chats, (c) => c.ticket_chat_id);
  const callId = newest(fetched.call_logs, (c) => c.call_log_id);
  const historyId = newest(fetched.history, (h) => h.ticket_history_id);
  return {
    ...fetched,
    chats: [...fetched.chats, ...shown.chats.filter((c) => c.ticket_chat_id > chatId)],
    call_logs: [...fetched.call_logs, ...shown.call_logs.filter((c) => c.call_log_id > callId)],
    history: [...fetched.history, ...shown.history.filter((h) => h.ticket_history_id > historyId)],
  };
}

export type TimelineItem =
  | { kind: 'chat'; key: string; created_on: string; chat: ChatEntry }
  | { kind: 'call'; key: string; created_on: string; call: CallLogEntry; text: string; said: Said }
  | { kind: 'history'; key: string; created_on: string; history: HistoryEntry; text: string; said: Said };

/** Chats, call logs and status history as one list, oldest first (newest at the bottom). */
export function timeline(c: Conversation): TimelineItem[] {
  const items: TimelineItem[] = [
    ...c.chats.map((chat) => ({ kind: 'chat' as const, key: `c${chat.ticket_chat_id}`, created_on: chat.created_on, chat })),
    ...c.call_logs.map((call) => ({
      kind: 'call' as const,
      key: `l${call.call_log_id}`,
      created_on: call.created_on,
      call,
      text: callLogText(call),
      said: callLogSaid(call),
    })),
    ...c.history.flatMap((history) => {
      const said = historySaid(history);
      return said
        ? [
            {
              kind: 'history' as const,
              key: `h${history.ticket_history_id}`,
              created_on: history.created_on,
              history,
              text: english(said),
              said,
            },
          ]
        : [];
    }),
  ];
  return items.sort((a, b) => Date.parse(a.created_on) - Date.parse(b.created_on) || a.key.localeCompare(b.key));
}

export const userMetadataSchema = z.array(z.object({ user_id: int(), is_worked: z.boolean() }));

export const supportJobSchema = z.object({
  job_id: int(),
  title: text(),
  archive_status: int(),
  Application: z.object({ status: int(), attempted_on: isoDate.nullable() }).nullable(),
  Employer: z.object({ employer_name: text(), logo_key: text().nullable() }),
  JobCategory: z.object({ title: text() }),
});
export type SupportJob = z.infer<typeof supportJobSchema>;

export const supportLeadSchema = z.object({
  form_response_id: int(),
  lead_id: int(),
  job_id: int(),
  name: text().nullable(),
  number: text().nullable(),
  status: int(),
  archive_status: int(),
  status_comment: text().nullable(),
  created_on: isoDate,
  modified_on: isoDate,
});
export type SupportLead = z.infer<typeof supportLeadSchema>;

export const rechargeSchema = z.object({
  service_purchase_id: int(),
  account_number: text(),
  operator: text().nullable(),
  /** In paise. */
  amount: int(),
  created_on: isoDate,
});
export type Recharge = z.infer<typeof rechargeSchema>;

// ---------------------------------------------------------------- worker routes

const userQuery = z.object({ user_id: optionalUserId });
const ticketQuery = z.object({ user_id: optionalUserId, ticket_id: ticketIdSchema });
const conversationQuery = ticketQuery.extend({ before_chat_id: queryInt.positive().optional() });

export const tagTypes = ['JOB', 'SERVICE_PURCHASE'] as const;
export const refTypes = ['FORM_RESPONSE', 'ID'] as const;

export const ticketAddBodySchema = z.object({
  user_id: coerceInt().optional(),
  ticket_type: z.coerce
    .number({ error: supportSaid('support.typeRequired') })
    .int()
    .refine((v): v is TicketType => (ticketTypeValues as readonly number[]).includes(v), supportSaid('support.typeRequired')),
  ticket_title: text().trim().min(1, supportSaid('support.titleRequired')).max(200),
  tag_type: z.enum(tagTypes).optional(),
  tag_id: coerceInt().positive().optional(),
  ref_type: z.enum(refTypes).optional(),
  ref_id: coerceInt().positive().optional(),
  ticket_source: coerceInt().min(TICKET_SOURCE.app).max(TICKET_SOURCE.email).optional(),
});
export type TicketAddBody = z.input<typeof ticketAddBodySchema>;
export type TicketAdd = z.output<typeof ticketAddBodySchema>;

/**
 * What a type must point at: 20 a project; 30 and 40 a project and one of its
 * leads; 60 a recharge. Answers the problem, or null when the body is complete.
 */
export function ticketTargetProblem(b: {
  ticket_type: number;
  tag_type?: string | undefined;
  tag_id?: number | undefined;
  ref_type?: string | undefined;
  ref_id?: number | undefined;
}): string | null {
  const code = ticketTargetProblemCode(b);
  return code && supportCatalogue.en[code];
}

/** The same problem by its message code, for the server to say in the reader's language. */
export function ticketTargetProblemCode(b: Parameters<typeof ticketTargetProblem>[0]): TicketTargetProblem | null {
  const t = b.ticket_type;
  if (t === 20 || t === 30 || t === 40) {
    if (b.tag_type !== 'JOB' || !b.tag_id) return 'support.selectProject';
  }
  if ((t === 30 || t === 40) && (b.ref_type !== 'FORM_RESPONSE' || !b.ref_id)) return 'support.selectLead';
  if (t === 60 && (b.tag_type !== 'SERVICE_PURCHASE' || b.ref_type !== 'ID' || !b.ref_id)) return 'support.selectRecharge';
  if (t !== 20 && t !== 30 && t !== 40 && t !== 60 && (b.tag_type || b.ref_type)) return 'support.typeNoTag';
  return null;
}
type TicketTargetProblem = 'support.selectProject' | 'support.selectLead' | 'support.selectRecharge' | 'support.typeNoTag';

export const chatAddBodySchema = z.object({
  user_id: coerceInt().optional(),
  ticket_id: ticketIdSchema,
  chat_message: chatMessageSchema,
  direction: z
    .literal(CHAT_DIRECTION.USER)
    .or(z.literal(String(CHAT_DIRECTION.USER)).transform(() => CHAT_DIRECTION.USER))
    .default(CHAT_DIRECTION.USER),
  file_id: coerceInt().positive().optional().nullable(),
  isReopen: queryBool.optional(),
  /** The page's own line (the call-back request) by its code, so the worker reads it in their language. */
  message_code: z.enum(WORKER_LINE_CODES).optional(),
});

export const closeBodySchema = z.object({
  user_id: coerceInt().optional(),
  ticket_id: ticketIdSchema,
  rating: coerceInt({ error: supportSaid('support.ratingRequired') })
    .min(1, supportSaid('support.ratingRange'))
    .max(5, supportSaid('support.ratingRange')),
  rating_comment: text()
    .trim()
    .max(RATING_COMMENT_MAX_LENGTH, supportSaid('support.commentTooLong', { n: RATING_COMMENT_MAX_LENGTH }))
    .optional()
    .nullable(),
});

export const callbackBodySchema = z.object({
  from_user_id: coerceInt().optional(),
  ticket_id: ticketIdSchema,
});

const ticketUploadBody = signedUploadBodySchema.extend({ file_purpose: z.literal('TICKET'), ticket_id: ticketIdSchema });
const ticketFileAddBody = fileAddBodySchema.extend({ file_purpose: z.literal('TICKET'), ticket_id: ticketIdSchema });
const ticketFileQuery = z.object({ file_id: queryInt, ticket_id: ticketIdSchema, user_id: optionalUserId });

export const supportRoutes = {
  metadata: defineRoute({
    method: 'GET',
    path: '/profile/metadata/fetch',
    summary: "Whether the worker has worked with us yet, for the support desk's choices",
    auth: 'worker',
    query: userQuery,
    response: userMetadataSchema,
  }),
  tickets: defineRoute({
    method: 'GET',
    path: '/support/user/ticket/fetch',
    summary: "The worker's support tickets, newest first",
    auth: 'worker',
    query: userQuery,
    response: z.array(ticketSchema),
  }),
  addTicket: defineRoute({
    method: 'POST',
    path: '/support/user/ticket/add',
    summary: 'Raises a support ticket about a job, a lead or a recharge',
    auth: 'worker',
    body: ticketAddBodySchema,
    response: ticketSchema,
  }),
  ticket: defineRoute({
    method: 'GET',
    path: '/support/user/ticket/create/fetch',
    summary: "One of the worker's tickets with its details",
    auth: 'worker',
    query: ticketQuery,
    response: ticketDetailSchema,
  }),
  conversation: defineRoute({
    method: 'GET',
    path: '/support/user/ticket/conversation/fetch',
    summary: 'The chat of a ticket, messages and events in order',
    auth: 'worker',
    query: conversationQuery,
    response: conversationSchema,
  }),
  addChat: defineRoute({
    method: 'POST',
    path: '/support/user/ticket/chat/add',
    summary: "Sends a chat message (and an attachment) on the worker's ticket",
    auth: 'worker',
    body: chatAddBodySchema,
    response: chatEntrySchema,
  }),
  close: defineRoute({
    method: 'POST',
    path: '/support/user/ticket/update/close',
    summary: "Closes the worker's ticket with a rating of the help",
    auth: 'worker',
    body: closeBodySchema,
    response: ticketSchema,
  }),
  jobs: defineRoute({
    method: 'GET',
    path: '/support/user/job/fetch',
    auth: 'worker',
    summary: 'The jobs a worker can raise a ticket about, by ticket type',
    query: z.object({
      user_id: optionalUserId,
      ticket_type: queryInt.refine(isProjectTicketType, supportSaid('support.chooseTicketType')),
    }),
    response: z.array(supportJobSchema),
  }),
  leads: defineRoute({
    method: 'GET',
    path: '/support/user/task/fetch',
    auth: 'worker',
    summary: "The worker's leads of a job in a status, to raise a ticket about",
    query: z.object({
      user_id: optionalUserId,
      job_id: queryInt,
      status: queryInt.min(LEAD_STATUS.pending).max(LEAD_STATUS.rejected),
      archive_status: queryIntList.optional(),
    }),
    response: z.array(supportLeadSchema),
  }),
  recharges: defineRoute({
    method: 'GET',
    path: '/support/user/recharge/fetch',
    summary: "The worker's recharges, to raise a ticket about",
    auth: 'worker',
    query: userQuery,
    response: z.array(rechargeSchema),
  }),
  callback: defineRoute({
    method: 'POST',
    path: '/calling/connect/incoming/ticket',
    summary: 'Asks support to call the worker back about a ticket',
    auth: 'worker',
    body: callbackBodySchema,
    response: z.object({ message: text() }),
  }),
  signUpload: defineRoute({
    method: 'PUT',
    path: '/support/user/s3/url/signed',
    summary: 'Gives a signed URL to upload a chat attachment for a ticket',
    auth: 'worker',
    body: ticketUploadBody,
    response: signedUploadSchema,
  }),
  addAttachment: defineRoute({
    method: 'POST',
    path: '/support/user/attachment/add',
    summary: 'Records an uploaded chat attachment of a ticket',
    auth: 'worker',
    body: ticketFileAddBody,
    response: fileAddedSchema,
  }),
  attachment: defineRoute({
    method: 'GET',
    path: '/support/user/attachment/fetch',
    summary: "A short-lived URL to an attachment of the worker's ticket",
    auth: 'worker',
    query: ticketFileQuery,
    response: fileUrlSchema,
  }),
};

// ---------------------------------------------------------------- agents' routes

export const inboxQuerySchema = z.object({
  status: queryIntList.optional(),
  ticket_type: queryInt.optional(),
  /** Only tickets waiting for support (status 0 or 20). */
  waiting: queryBool.optional(),
  /** Only tickets with an open call-back request. */
  callback: queryBool.optional(),
  limit: queryInt.min(1).max(100).default(50),
  offset: queryInt.min(0).default(0),
});

export const inboxRowSchema = ticketSchema.extend({
  worker_name: text().nullable(),
  worker_mobile: text(),
  last_message: text().nullable(),
  last_message_on: isoDate.nullable(),
  /** Since when the ticket waits for support; null when it does not. */
  waiting_since: isoDate.nullable(),
  callback_requested: z.boolean(),
});
export type InboxRow = z.infer<typeof inboxRowSchema>;

export const callbackRequestSchema = z.object({
  callback_request_id: int(),
  ticket_id: int(),
  ticket_title: text(),
  user_id: int(),
  worker_name: text().nullable(),
  worker_mobile: text(),
  status: z.enum(['PENDING', 'DONE']),
  requested_on: isoDate,
  resolved_on: isoDate.nullable(),
});
export type CallbackRequest = z.infer<typeof callbackRequestSchema>;

export const agentTicketSchema = z.object({
  ticket: ticketDetailSchema,
  worker: z.object({ user_id: int(), pmw_id: text(), first_name: text().nullable(), mobile: text(), is_worked: z.boolean() }),
  job: supportJobSchema.nullable(),
  lead: supportLeadSchema.nullable(),
  recharge: rechargeSchema.nullable(),
  conversation: conversationSchema,
  callbacks: z.array(callbackRequestSchema),
});
export type AgentTicket = z.infer<typeof agentTicketSchema>;

export const callOutcomes = ['completed', 'no-answer', 'busy', 'failed'] as const;

export const agentChatBodySchema = z.object({
  ticket_id: ticketIdSchema,
  chat_message: chatMessageSchema,
  file_id: coerceInt().positive().optional().nullable(),
});
export const agentResolveBodySchema = z.object({ ticket_id: ticketIdSchema, chat_message: chatMessageSchema.optional() });
export const agentCallLogBodySchema = z.object({
  ticket_id: ticketIdSchema,
  /** 2: support called the worker; 1: the worker called support. */
  direction: coerceInt()
    .refine((v) => v === 1 || v === 2, supportSaid('support.callDirection'))
    .default(2),
  status: z.enum(callOutcomes, { error: supportSaid('support.callOutcome') }),
});

export const agentSupportRoutes = {
  inbox: defineRoute({
    method: 'GET',
    path: '/ops/support/ticket/fetch',
    auth: 'ops',
    role: 'support',
    query: inboxQuerySchema,
    summary: "The agents' inbox of tickets, with waiting and call-back filters",
    response: z.object({ count: int(), rows: z.array(inboxRowSchema) }),
  }),
  ticket: defineRoute({
    method: 'GET',
    path: '/ops/support/ticket/detail',
    summary: 'One ticket for an agent: the worker, the subject, the chat and the calls',
    auth: 'ops',
    role: 'support',
    query: z.object({ ticket_id: ticketIdSchema }),
    response: agentTicketSchema,
  }),
  conversation: defineRoute({
    method: 'GET',
    path: '/ops/support/ticket/conversation',
    auth: 'ops',
    role: 'support',
    summary: "A page of a ticket's chat for an agent, older messages before a given one",
    query: z.object({ ticket_id: ticketIdSchema, before_chat_id: queryInt.positive().optional() }),
    response: conversationSchema,
  }),
  addChat: defineRoute({
    method: 'POST',
    path: '/ops/support/ticket/chat/add',
    summary: "Sends an agent's reply (and an attachment) on a ticket",
    auth: 'ops',
    role: 'support',
    body: agentChatBodySchema,
    response: chatEntrySchema,
  }),
  resolve: defineRoute({
    method: 'POST',
    path: '/ops/support/ticket/resolve',
    summary: 'Marks a ticket resolved, with a last message to the worker',
    auth: 'ops',
    role: 'support',
    body: agentResolveBodySchema,
    response: ticketSchema,
  }),
  close: defineRoute({
    method: 'POST',
    path: '/ops/support/ticket/close',
    summary: "Closes a ticket on the agent's side",
    auth: 'ops',
    role: 'support',
    body: z.object({ ticket_id: ticketIdSchema }),
    response: ticketSchema,
  }),
  callbacks: defineRoute({
    method: 'GET',
    path: '/ops/support/callback/fetch',
    auth: 'ops',
    role: 'support',
    summary: 'Call-back requests from workers, pending or done',
    query: z.object({ status: z.enum(['PENDING', 'DONE']).optional() }),
    response: z.array(callbackRequestSchema),
  }),
  logCall: defineRoute({
    method: 'POST',
    path: '/ops/support/call/log/add',
    summary: 'Logs a call an agent made about a ticket and how it ended',
    auth: 'ops',
    role: 'support',
    body: agentCallLogBodySchema,
    response: callLogEntrySchema,
  }),
  signUpload: defineRoute({
    method: 'PUT',
    path: '/ops/support/s3/url/signed',
    summary: 'Gives an agent a signed URL to upload a chat attachment for a ticket',
    auth: 'ops',
    role: 'support',
    body: ticketUploadBody,
    response: signedUploadSchema,
  }),
  addAttachment: defineRoute({
    method: 'POST',
    path: '/ops/support/attachment/add',
    summary: "Records an agent's uploaded chat attachment of a ticket",
    auth: 'ops',
    role: 'support',
    body: ticketFileAddBody,
    response: fileAddedSchema,
  }),
  attachment: defineRoute({
    method: 'GET',
    path: '/ops/support/attachment/fetch',
    summary: 'A short-lived URL to an attachment of a ticket, for an agent',
    auth: 'ops',
    role: 'support',
    query: ticketFileQuery,
    response: fileUrlSchema,
  }),
};

// ---------------------------------------------------------------- realtime

/** Socket.IO event names; a room per ticket. */
export const SUPPORT_EVENTS = {
  join: 'JOIN_TICKET',
  leave: 'LEAVE_TICKET',
  chatAdd: 'TICKET_CHAT_ADD',
  resolved: 'TICKET_RESOLVED',
  /** Status or call log changed otherwise (closed by an agent, a call logged): refetch. */
  updated: 'TICKET_UPDATED',
} as const;

export const socketAuthSchema = z.object({ kind: z.enum(['worker', 'ops']) });
export const joinPayloadSchema = z.object({ ticket_id: ticketIdSchema });
export const joinAckSchema = z.object({ ok: z.boolean(), message: text().optional() });
export const chatAddEventSchema = z.object({ ticket_id: int(), status: int(), chat: chatEntrySchema });
export const resolvedEventSchema = z.object({
  ticket_id: int(),
  status: z.literal(TICKET_STATUS.RESOLVED),
  history: historyEntrySchema,
  chat: chatEntrySchema.nullable(),
});
export const updatedEventSchema = z.object({ ticket_id: int(), status: int() });
export type ChatAddEvent = z.infer<typeof chatAddEventSchema>;
export type ResolvedEvent = z.infer<typeof resolvedEventSchema>;
export type UpdatedEvent = z.infer<typeof updatedEventSchema>;
export type JoinAck = z.infer<typeof joinAckSchema>;

export interface SupportServerToClient {
  TICKET_CHAT_ADD: (event: ChatAddEvent) => void;
  TICKET_RESOLVED: (event: ResolvedEvent) => void;
  TICKET_UPDATED: (event: UpdatedEvent) => void;
}
export interface SupportClientToServer {
  JOIN_TICKET: (payload: z.input<typeof joinPayloadSchema>, ack: (answer: JoinAck) => void) => void;
  LEAVE_TICKET: (payload: z.input<typeof joinPayloadSchema>) => void;
}
export const ticketRoom = (ticketId: number) => `ticket:${ticketId}`;

/** Messages the embedded page posts to the mobile app's web view host. */
export const hostMessages = {
  closeTicket: (userId: number | null) => ({ type: 'CLOSE_TICKET', user_id: userId }),
  openTicket: (ticketId: number, userId: number | null) => ({ type: 'OPEN_TICKET', ticket_id: ticketId, user_id: userId }),
  back: () => ({ type: 'BACK' }),
};
