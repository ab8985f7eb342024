import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  BOT_NAME,
  CHAT_DIRECTION,
  CHAT_MAX_PER_MINUTE,
  CHAT_PAGE_SIZE,
  TICKET_SOURCE,
  TICKET_STATUS,
  botGreetingSaid,
  ticketTypeCode,
  ticketTypeText,
  ticketTransition,
  eligibleTicketTypes,
  isWaitingForSupport,
  ticketTargetProblemCode,
  type AgentTicket,
  type CallbackRequest,
  type CallLogEntry,
  type ChatEntry,
  type Conversation,
  type HistoryEntry,
  type InboxRow,
  type Ticket,
  type TicketAdd,
  type TicketDetail,
} from '@pmw/contract/support';
import { roleAllows, type OpsAgent } from '@pmw/contract/ops-auth';
import type { Db, DbOrTx } from '../../db/client';
import { fileNames } from '../files/file-reads';
import { jobTitlesAndLogos } from '../projects/job-reads';
import { CONTENT_LOCALES, nameIn, textIn } from '@pmw/contract/content-language';
import type { Locale } from '@pmw/contract/locale';
import { ticketCallLogs, ticketCallbackRequests, ticketChats, ticketHistory, tickets } from '../../db/schema/support';
import { userContacts } from '../users/user-reads';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { FilesService } from '../files/files.service';
import type { UsersService } from '../users/users.service';
import type { OpsAuthService } from '../ops-auth/ops-auth.service';
import { pmwId } from '../users/users.service';
import type { SupportEvents } from './support.events';
import { createDelayedQueue } from '../../lib/delayed-queue';
import { NOTIFY_AUDIENCE, NOTIFY_EVENT } from '@pmw/contract/notifications';
import type { NotificationsService } from '../notifications/notifications.service';
import { createWorkerContext } from './worker-context';
import { say, type Said } from '@pmw/contract/texts/said';
import { toStored, type StoredVars } from '@pmw/contract/texts/stored';
import { englishOf } from '../locale/locale';

/** Why add_ticket_chat wrote nothing, and what the caller is told. */
type ChatRefusal = 'not_found' | 'not_yours' | 'too_fast' | 'closed';
const chatRefused: Record<ChatRefusal, () => AppError> = {
  not_found: () => notFound(say('support.ticketNotFound')),
  not_yours: () => forbidden(say('support.notYourUser')),
  too_fast: () => new AppError('RATE_LIMITED', say('support.chatTooFast')),
  closed: () => conflict(say('support.ticketClosed')),
};

type TicketRow = typeof tickets.$inferSelect;
type Actor = { kind: 'worker' | 'ops' | 'bot'; id: number | null };

/**
 * The support desk: workers' tickets and chats, the agents' side, call-backs
 * and call logs. Every change that someone else should see live goes out
 * through `events` (Socket.IO rooms, across processes with Redis).
 */
interface WorkerNotice {
  ticketId: number;
  event: typeof NOTIFY_EVENT.supportAnswered | typeof NOTIFY_EVENT.supportResolved;
  key: string;
}
/** How long after an answer the worker's notice is looked at. */
const NOTICE_DELAY_MS = 250;

export function createSupportService(deps: {
  db: Db;
  files: FilesService;
  users: UsersService;
  opsAuth: OpsAuthService;
  events: SupportEvents;
  introVideoUrl: string | undefined;
  /** Messages a minute per ticket and per sender (CHAT_MAX_PER_MINUTE unless a bench raises it). */
  chatMaxPerMinute?: number;
  /** Tells a worker who is not looking that support answered or resolved their query. */
  notifications?: NotificationsService | undefined;
  logger?: { warn: (obj: object, msg: string) => void } | undefined;
}) {
  const { db, files, users, opsAuth, events } = deps;
  const context = createWorkerContext(db);
  const chatMax = deps.chatMaxPerMinute ?? CHAT_MAX_PER_MINUTE;

  // Agents open every ticket's files; a worker opens the files of their own tickets.
  files.addAccessRule('TICKET', async (caller, file) => {
    if (file.ticket_id === null) return false;
    if (caller.kind === 'ops') {
      const agent = await opsAuth.agent(caller.id);
      return !!agent && roleAllows(agent.role, 'support');
    }
    if (caller.kind !== 'worker') return false;
    const [row] = await db.select({ user_id: tickets.user_id }).from(tickets).where(eq(tickets.ticket_id, file.ticket_id)).limit(1);
    return row?.user_id === caller.id;
  });

  const iso = (d: Date | null) => (d ? d.toISOString() : null);

  /** Tickets as their reader sees them: a worker's project titles in the worker's language (the console's stay English). */
  async function toTickets(rows: TicketRow[], locale: Locale = 'en'): Promise<Ticket[]> {
    const jobIds = [...new Set(rows.filter((r) => r.tag_type === 'JOB' && r.tag_id).map((r) => r.tag_id!))];
    const agentIds = [...new Set(rows.filter((r) => r.agent_user_id).map((r) => r.agent_user_id!))];
    const jobById = await jobTitlesAndLogos(db, jobIds);
    const agentById = new Map([...(await userContacts(db, agentIds))].map(([id, a]) => [id, a.first_name]));
    /**
     * A project ticket is titled 'Employer-Project' in the language the worker raised it in (the
     * pages compose it so): read in either language's names, it is said in the reader's.
     */
    const titleOf = (r: TicketRow): string => {
      const job = r.tag_type === 'JOB' && r.tag_id ? jobById.get(r.tag_id) : undefined;
      if (!job) return r.ticket_title;
      const inLocale = (l: Locale) =>
        `${nameIn(job.employer_name, job.employer_translations, l)}-${textIn(job.job_title, job.translations.hi?.job_title, l)}`;
      return (['en', ...CONTENT_LOCALES] as const).some((l) => r.ticket_title === inLocale(l)) ? inLocale(locale) : r.ticket_title;
    };
    return rows.map((r) => ({
      ticket_id: r.ticket_id,
      user_id: r.user_id,
      ticket_type: r.ticket_type,
      ticket_title: titleOf(r),
      title_code: r.title_code,
      ticket_source: r.ticket_source,
      status: r.status,
      agent_user_id: r.agent_user_id,
      agent_name: r.agent_user_id ? (agentById.get(r.agent_user_id) ?? null) : null,
      rating: r.rating,
      rating_comment: r.rating_comment,
      tag_type: r.tag_type,
      tag_id: r.tag_id,
      ref_type: r.ref_type,
      ref_id: r.ref_id,
      created_on: r.created_on.toISOString(),
      modified_on: r.modified_on.toISOString(),
      jobData:
        r.tag_type === 'JOB' && r.tag_id && jobById.get(r.tag_id)
          ? {
              job_id: r.tag_id,
              job_title: textIn(jobById.get(r.tag_id)!.job_title, jobById.get(r.tag_id)!.translations.hi?.job_title, locale),
              logo_key: jobById.get(r.tag_id)!.logo_key,
            }
          : null,
    }));
  }
  const toTicket = async (row: TicketRow, locale: Locale = 'en') => (await toTickets([row], locale))[0]!;

  async function ticketRow(ticketId: number, tx: DbOrTx = db): Promise<TicketRow> {
    const [row] = await tx.select().from(tickets).where(eq(tickets.ticket_id, ticketId)).limit(1);
    if (!row) throw notFound(say('support.ticketNotFound'));
    return row;
  }
  /** Someone else's ticket is refused, a missing one is not found. */
  async function ownTicket(userId: number, ticketId: number, tx: DbOrTx = db): Promise<TicketRow> {
    const row = await ticketRow(ticketId, tx);
    if (row.user_id !== userId) throw forbidden(say('support.notYourUser'));
    return row;
  }

  async function chatsOf(ticketId: number, where?: SQL): Promise<ChatEntry[]> {
    const rows = await db
      .select({ chat: ticketChats })
      .from(ticketChats)
      .where(where ? and(eq(ticketChats.ticket_id, ticketId), where) : eq(ticketChats.ticket_id, ticketId))
      .orderBy(asc(ticketChats.created_on), asc(ticketChats.ticket_chat_id));
    const names = await fileNames(db, [...new Set(rows.flatMap(({ chat }) => (chat.file_id === null ? [] : [chat.file_id])))]);
    return rows.map(({ chat }) => toChatEntry(chat, chat.file_id === null ? null : (names.get(chat.file_id) ?? null)));
  }

  const toChatEntry = (chat: typeof ticketChats.$inferSelect, file_name: string | null): ChatEntry => ({
    ticket_chat_id: chat.ticket_chat_id,
    ticket_id: chat.ticket_id,
    chat_message: chat.chat_message,
    message_code: chat.message_code,
    message_vars: chat.message_vars,
    direction: chat.direction,
    created_by: chat.created_by,
    translated_message: chat.translated_message,
    file_id: chat.file_id,
    file_name,
    created_on: chat.created_on.toISOString(),
  });

  /**
   * A page of the conversation: the newest CHAT_PAGE_SIZE chats before the
   * cursor (all of them without one), with the calls and history of the same
   * stretch of time, so pages join into one timeline.
   */
  async function conversation(ticketId: number, beforeChatId?: number): Promise<Conversation> {
    const cursor = beforeChatId
      ? (
          await db
            .select({ id: ticketChats.ticket_chat_id, at: ticketChats.created_on })
            .from(ticketChats)
            .where(and(eq(ticketChats.ticket_id, ticketId), eq(ticketChats.ticket_chat_id, beforeChatId)))
            .limit(1)
        )[0]
      : undefined;
    if (beforeChatId && !cursor) throw notFound(say('support.messageNotFound'));
    const newestFirst = await db
      .select({ id: ticketChats.ticket_chat_id, at: ticketChats.created_on })
      .from(ticketChats)
      .where(
        and(
          eq(ticketChats.ticket_id, ticketId),
          cursor ? sql`(${ticketChats.created_on}, ${ticketChats.ticket_chat_id}) < (${cursor.at}, ${cursor.id})` : undefined,
        ),
      )
      .orderBy(desc(ticketChats.created_on), desc(ticketChats.ticket_chat_id))
      .limit(CHAT_PAGE_SIZE + 1);
    const more = newestFirst.length > CHAT_PAGE_SIZE;
    const page = newestFirst.slice(0, CHAT_PAGE_SIZE);
    const oldest = page[page.length - 1];
    const ids = page.map((c) => c.id);
    // Calls and history from the oldest chat of the page (from the start when it is the first page) up to the cursor.
    const within = (column: typeof ticketCallLogs.created_on | typeof ticketHistory.created_on) =>
      and(more && oldest ? gte(column, oldest.at) : undefined, cursor ? lt(column, cursor.at) : undefined);
    const [chats, calls, history] = await Promise.all([
      ids.length ? chatsOf(ticketId, inArray(ticketChats.ticket_chat_id, ids)) : Promise.resolve([]),
      db
        .select()
        .from(ticketCallLogs)
        .where(and(eq(ticketCallLogs.ticket_id, ticketId), within(ticketCallLogs.created_on)))
        .orderBy(asc(ticketCallLogs.created_on)),
      db
        .select()
        .from(ticketHistory)
        .where(and(eq(ticketHistory.ticket_id, ticketId), within(ticketHistory.created_on)))
        .orderBy(asc(ticketHistory.created_on)),
    ]);
    return {
      chats,
      older_cursor: more && oldest ? oldest.id : null,
      call_logs: calls.map((c) => ({
        call_log_id: c.call_log_id,
        ticket_id: c.ticket_id,
        direction: c.direction,
        status: c.status,
        created_on: c.created_on.toISOString(),
      })),
      history: history.map(toHistory),
    };
  }
  const toHistory = (h: typeof ticketHistory.$inferSelect): HistoryEntry => ({
    ticket_history_id: h.ticket_history_id,
    ticket_id: h.ticket_id,
    field_type: h.field_type,
    field_value: h.field_value,
    created_on: h.created_on.toISOString(),
  });

  /**
   * A chat message in one call of `add_ticket_chat` (src/db/sql/ticket-chat-add.sql),
   * its own transaction: the budget of CHAT_MAX_PER_MINUTE messages a minute per
   * ticket (people, not the bot) and per sender across tickets, held for parallel
   * requests by locks on the sender, then the ticket; the ticket's checks; the
   * message; the ticket's new status and its history row. One statement, so on
   * PGlite (one connection, on the thread that also fans the messages out) no
   * transaction stays open across the turns that other replies' fan-outs take.
   * Answers the message as stored and the ticket's new status; a refusal throws
   * the error the caller sees.
   */
  const p = (name: string) => sql.placeholder(name);
  const addTicketChat = db
    .select({
      refusal: sql<ChatRefusal | null>`refusal`,
      new_status: sql<number | null>`new_status`,
      chat_id: sql<number | null>`chat_id`,
      chat_created_ms: sql<number | null>`chat_created_ms`,
    })
    .from(
      sql`add_ticket_chat(${p('ticketId')}::int, ${p('senderId')}::int, ${p('byWorker')}::boolean, ${p('message')}::text, ${p('createdBy')}::text,
        ${p('fileId')}::int, ${p('since')}::timestamptz, ${p('chatMax')}::int, ${p('messageCode')}::text)`,
    )
    .prepare('add_ticket_chat');

  async function addChat(input: {
    ticketId: number;
    senderId: number;
    byWorker: boolean;
    message: string;
    createdBy: string;
    fileId: number | null;
    /** A line the page says by code (the call-back request); null for what a person typed. */
    messageCode: string | null;
  }) {
    const since = new Date(Date.now() - 60_000).toISOString();
    const [row] = await events.writing(() => addTicketChat.execute({ ...input, since, chatMax }));
    if (!row) throw new Error('add_ticket_chat answered no row');
    if (row.refusal) throw chatRefused[row.refusal]();
    const chat: typeof ticketChats.$inferSelect = {
      ticket_chat_id: Number(row.chat_id),
      ticket_id: input.ticketId,
      chat_message: input.message,
      message_code: input.messageCode,
      message_vars: null,
      direction: input.byWorker ? CHAT_DIRECTION.USER : CHAT_DIRECTION.SUPPORT,
      created_by: input.createdBy,
      sender_user_id: input.senderId,
      translated_message: null,
      file_id: input.fileId,
      created_on: new Date(Number(row.chat_created_ms)),
    };
    return { chat, status: Number(row.new_status) };
  }

  async function insertChat(
    tx: DbOrTx,
    values: {
      ticket_id: number;
      chat_message: string;
      message_code?: string | null;
      message_vars?: StoredVars | null;
      direction: number;
      created_by: string;
      sender_user_id: number | null;
      file_id?: number | null;
      translated_message?: string | null;
    },
  ) {
    const [row] = await tx
      .insert(ticketChats)
      .values({ ...values, file_id: values.file_id ?? null })
      .returning();
    return row!;
  }

  /** Moves a ticket to a status, with its history row; answers the history entry. */
  async function setStatus(tx: DbOrTx, row: TicketRow, status: number, actor: Actor, extra: Partial<typeof tickets.$inferInsert> = {}) {
    const now = new Date();
    const waiting = isWaitingForSupport(status);
    await tx
      .update(tickets)
      .set({
        status,
        modified_on: now,
        // A ticket that keeps waiting keeps its place in the inbox.
        waiting_since: waiting ? (isWaitingForSupport(row.status) && row.waiting_since ? row.waiting_since : now) : null,
        ...extra,
      })
      .where(eq(tickets.ticket_id, row.ticket_id));
    if (status === row.status) return null;
    const [h] = await tx
      .insert(ticketHistory)
      .values({
        ticket_id: row.ticket_id,
        field_type: 'status',
        field_value: String(status),
        changed_by_kind: actor.kind,
        changed_by_id: actor.id,
      })
      .returning();
    return toHistory(h!);
  }

  /**
   * Tells the worker of an answer or a resolution when they are not looking
   * at the ticket (no socket of theirs on it, in any process); one who is
   * sees it live. A moment after the answer has gone out (a queue): the
   * socket check cannot be part of the answer's transaction, and an agent's
   * message stays two statements. The key makes one notification per
   * message or resolution.
   */
  async function tellWorker({ ticketId, event, key }: WorkerNotice): Promise<void> {
    const notifications = deps.notifications;
    if (!notifications) return;
    try {
      const row = await ticketRow(ticketId);
      if (await events.workerWatching(ticketId, row.user_id)) return;
      await db.transaction((tx) =>
        notifications.notify(tx, {
          event,
          audience: NOTIFY_AUDIENCE.worker,
          user_id: row.user_id,
          data: { ticket_id: ticketId, user_id: row.user_id },
          dedupe_key: `${event}:${ticketId}:${key}`,
        }),
      );
    } catch (err) {
      // The answer is saved and shown live; a lost notice must not turn it into an error.
      deps.logger?.warn({ err, ticket_id: ticketId }, 'support notification not queued');
    }
  }

  const notices = createDelayedQueue<WorkerNotice>(tellWorker, NOTICE_DELAY_MS);

  async function chatEntry(ticketChatId: number, ticketId: number): Promise<ChatEntry> {
    const [entry] = await chatsOf(ticketId, eq(ticketChats.ticket_chat_id, ticketChatId));
    return entry!;
  }

  async function attachedFile(caller: { kind: 'worker' | 'ops'; id: number }, fileId: number, ticketId: number) {
    const file = await files.ownUploaded(caller, fileId, ['TICKET']);
    if (file.ticket_id !== ticketId) throw new AppError('BAD_REQUEST', say('support.fileIdNotForQuery', { id: fileId }));
    return file;
  }

  async function pendingCallback(ticketId: number) {
    const [row] = await db
      .select()
      .from(ticketCallbackRequests)
      .where(and(eq(ticketCallbackRequests.ticket_id, ticketId), eq(ticketCallbackRequests.status, 'PENDING')))
      .limit(1);
    return row;
  }

  async function detail(row: TicketRow, locale: Locale = 'en'): Promise<TicketDetail> {
    return {
      ...(await toTicket(row, locale)),
      callback_requested: !!(await pendingCallback(row.ticket_id)),
      intro_video_url: deps.introVideoUrl ?? null,
    };
  }

  async function callbacksWhere(where: SQL | undefined): Promise<CallbackRequest[]> {
    const rows = await db
      .select({ c: ticketCallbackRequests, title: tickets.ticket_title })
      .from(ticketCallbackRequests)
      .innerJoin(tickets, eq(tickets.ticket_id, ticketCallbackRequests.ticket_id))
      .where(where)
      .orderBy(asc(ticketCallbackRequests.requested_on))
      .limit(200);
    const workers = await userContacts(db, [...new Set(rows.map(({ c }) => c.user_id))]);
    return rows.map(({ c, title }) => ({
      callback_request_id: c.callback_request_id,
      ticket_id: c.ticket_id,
      ticket_title: title,
      user_id: c.user_id,
      worker_name: workers.get(c.user_id)!.first_name,
      worker_mobile: workers.get(c.user_id)!.mobile,
      status: c.status === 'DONE' ? 'DONE' : 'PENDING',
      requested_on: c.requested_on.toISOString(),
      resolved_on: iso(c.resolved_on),
    }));
  }

  const agentName = (agent: OpsAgent) => agent.first_name ?? 'Support';

  return {
    /** Resolves once every queued notice to a worker is made (a closing server waits on it). */
    noticesIdle: () => notices.idle(),
    context,

    /** A user_id in a query or body must be the caller's own. */
    assertSelf(sessionUserId: number, claimed: number | undefined | null) {
      if (claimed !== undefined && claimed !== null && claimed !== sessionUserId) throw forbidden(say('support.notYourUser'));
    },

    // ------------------------------------------------------------ worker

    async metadata(userId: number) {
      return [{ user_id: userId, is_worked: await context.isWorked(userId) }];
    },

    async listTickets(userId: number, locale: Locale = 'en'): Promise<Ticket[]> {
      const rows = await db
        .select()
        .from(tickets)
        .where(eq(tickets.user_id, userId))
        .orderBy(desc(tickets.created_on), desc(tickets.ticket_id))
        .limit(500);
      return toTickets(rows, locale);
    },

    async createTicket(userId: number, body: TicketAdd, locale: Locale = 'en'): Promise<Ticket> {
      const worked = await context.isWorked(userId);
      if (!eligibleTicketTypes(worked).includes(body.ticket_type as never)) throw forbidden(say('support.typeNotAvailable'));
      const problem = ticketTargetProblemCode(body);
      if (problem) throw new AppError('BAD_REQUEST', say(problem));
      if (body.tag_type === 'JOB') {
        const offered = await context.jobsFor(userId, body.ticket_type);
        if (!offered.some((j) => j.job_id === body.tag_id)) throw forbidden(say('support.notYourProject'));
      }
      if (body.ref_type === 'FORM_RESPONSE') {
        const lead = await context.lead(userId, body.ref_id!);
        if (!lead) throw forbidden(say('support.notYourLead'));
        if (lead.job_id !== body.tag_id) throw new AppError('BAD_REQUEST', say('support.leadNotOfProject'));
      }
      if (body.tag_type === 'SERVICE_PURCHASE' && !(await context.recharge(userId, body.ref_id!)))
        throw forbidden(say('support.notYourRecharge'));

      const user = await users.byId(userId);
      const tagId = body.tag_type === 'SERVICE_PURCHASE' ? 1 : (body.tag_id ?? null);
      const same = (column: AnyPgColumn, value: string | number | null) => (value === null ? isNull(column) : eq(column, value));
      const title = String(body.ticket_title).trim();
      const found = await db.transaction(async (tx) => {
        // Fetch or create: a second tap on the same query type (two taps at once too) opens the
        // ticket the first one made while the worker has not written in it yet.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tickets:${userId}`}))`);
        const [open] = await tx
          .select()
          .from(tickets)
          .where(
            and(
              eq(tickets.user_id, userId),
              eq(tickets.ticket_type, body.ticket_type),
              eq(tickets.status, TICKET_STATUS.NEW),
              same(tickets.tag_type, body.tag_type ?? null),
              same(tickets.tag_id, tagId),
              same(tickets.ref_type, body.ref_type ?? null),
              same(tickets.ref_id, body.ref_id ?? null),
              sql`not exists (select 1 from ${ticketChats} where ${ticketChats.ticket_id} = ${tickets.ticket_id} and ${ticketChats.direction} = ${CHAT_DIRECTION.USER})`,
            ),
          )
          .orderBy(desc(tickets.created_on))
          .limit(1);
        if (open) return { row: open, created: false };
        const [created] = await tx
          .insert(tickets)
          .values({
            user_id: userId,
            ticket_type: body.ticket_type,
            ticket_title: title,
            // The spec's title of a query about nothing in particular is its type's name: kept by code for the worker's language.
            title_code: !body.tag_type && title === ticketTypeText(body.ticket_type) ? ticketTypeCode(body.ticket_type) : null,
            ticket_source: body.ticket_source ?? TICKET_SOURCE.web,
            status: TICKET_STATUS.NEW,
            tag_type: body.tag_type ?? null,
            // The spec's recharge tickets carry tag_id 1 (the recharge service).
            tag_id: tagId,
            ref_type: body.ref_type ?? null,
            ref_id: body.ref_id ?? null,
            waiting_since: new Date(),
          })
          .returning();
        await tx.insert(ticketHistory).values({
          ticket_id: created!.ticket_id,
          field_type: 'status',
          field_value: String(TICKET_STATUS.NEW),
          changed_by_kind: 'worker',
          changed_by_id: userId,
        });
        const greeting = botGreetingSaid(body.ticket_type, user?.first_name ?? null, !!deps.introVideoUrl);
        await insertChat(tx, {
          ticket_id: created!.ticket_id,
          chat_message: englishOf(greeting),
          message_code: greeting.code,
          message_vars: toStored(greeting).vars,
          direction: CHAT_DIRECTION.SUPPORT,
          created_by: BOT_NAME,
          sender_user_id: null,
        });
        return { row: created!, created: true };
      });
      const ticket = await toTicket(found.row, locale);
      if (found.created) events.updated({ ticket_id: ticket.ticket_id, status: ticket.status });
      return ticket;
    },

    async ticketForWorker(userId: number, ticketId: number, locale: Locale = 'en'): Promise<TicketDetail> {
      return detail(await ownTicket(userId, ticketId), locale);
    },

    async conversationForWorker(userId: number, ticketId: number, beforeChatId?: number): Promise<Conversation> {
      await ownTicket(userId, ticketId);
      return conversation(ticketId, beforeChatId);
    },

    async conversationForAgent(ticketId: number, beforeChatId?: number): Promise<Conversation> {
      await ticketRow(ticketId);
      return conversation(ticketId, beforeChatId);
    },

    /**
     * A worker's message; `add_ticket_chat` moves the ticket by the contract's
     * TICKET_TRANSITIONS (waiting for support; a closed ticket is reopened).
     */
    async addWorkerChat(
      userId: number,
      body: { ticket_id: number; chat_message: string; file_id?: number | null | undefined; message_code?: string | undefined },
    ): Promise<ChatEntry> {
      // With a file, the ticket is checked as the worker's before the file is looked at; without, add_ticket_chat checks it.
      if (body.file_id) await ownTicket(userId, body.ticket_id);
      const file = body.file_id ? await attachedFile({ kind: 'worker', id: userId }, body.file_id, body.ticket_id) : undefined;
      const { chat, status } = await addChat({
        ticketId: body.ticket_id,
        senderId: userId,
        byWorker: true,
        message: body.chat_message,
        createdBy: String(userId),
        fileId: body.file_id ?? null,
        messageCode: body.message_code ?? null,
      });
      // The message as written and committed goes out at once: no second read before the fan-out.
      const entry = toChatEntry(chat, file?.file_name ?? null);
      events.chatAdded({ ticket_id: body.ticket_id, status, chat: entry });
      return entry;
    },

    /**
     * Closing with a rating (TICKET_TRANSITIONS' worker_rates): rating and
     * comment kept, a comment also goes in as a message. Only a resolved ticket can be rated.
     */
    async closeWithRating(
      userId: number,
      body: { ticket_id: number; rating: number; rating_comment?: string | null | undefined },
      locale: Locale = 'en',
    ): Promise<Ticket> {
      const comment = body.rating_comment?.trim() || null;
      const chatId = await db.transaction(async (tx) => {
        const row = await ownTicket(userId, body.ticket_id, tx);
        const to = ticketTransition(row.status, 'worker_rates');
        if (to === null)
          throw conflict(row.status === TICKET_STATUS.CLOSED ? say('support.ticketClosed') : say('support.rateOnlyAnswered'));
        await setStatus(tx, row, to, { kind: 'worker', id: userId }, { rating: body.rating, rating_comment: comment });
        if (!comment) return null;
        const chat = await insertChat(tx, {
          ticket_id: row.ticket_id,
          chat_message: comment,
          direction: CHAT_DIRECTION.USER,
          created_by: String(userId),
          sender_user_id: userId,
        });
        return chat.ticket_chat_id;
      });
      const ticket = await toTicket(await ticketRow(body.ticket_id), locale);
      if (chatId) events.chatAdded({ ticket_id: ticket.ticket_id, status: ticket.status, chat: await chatEntry(chatId, ticket.ticket_id) });
      events.updated({ ticket_id: ticket.ticket_id, status: ticket.status });
      return ticket;
    },

    /** A call-back request: one open request per ticket; an agent's call settles it. */
    async requestCallback(userId: number, ticketId: number): Promise<{ message: Said }> {
      const row = await ownTicket(userId, ticketId);
      if (row.status === TICKET_STATUS.CLOSED) throw conflict(say('support.ticketClosed'));
      if (await pendingCallback(ticketId)) return { message: say('support.callbackAlreadyRequested') };
      await db.insert(ticketCallbackRequests).values({ ticket_id: ticketId, user_id: userId });
      events.updated({ ticket_id: ticketId, status: row.status });
      return { message: say('support.callbackAccepted') };
    },

    async signWorkerUpload(userId: number, body: { file_name: string; ticket_id: number }) {
      await ownTicket(userId, body.ticket_id);
      return files.signUpload(
        { kind: 'worker', id: userId },
        { file_name: body.file_name, file_purpose: 'TICKET', ticket_id: body.ticket_id },
      );
    },

    async addUpload(caller: { kind: 'worker' | 'ops'; id: number }, body: { file_key: string; file_name: string; ticket_id: number }) {
      const file = await files.byKey(body.file_key);
      if (!file || file.owner_kind !== caller.kind || file.owner_id !== caller.id) throw notFound(say('common.fileNotFound'));
      if (file.ticket_id !== body.ticket_id) throw new AppError('BAD_REQUEST', say('support.fileNotForQuery'));
      return files.add(caller, { file_key: body.file_key, file_name: body.file_name, file_purpose: 'TICKET' });
    },

    async addWorkerUpload(userId: number, body: { file_key: string; file_name: string; ticket_id: number }) {
      await ownTicket(userId, body.ticket_id);
      return this.addUpload({ kind: 'worker', id: userId }, body);
    },

    /** A signed URL for a file of a ticket, for whoever may see it. */
    async attachmentUrl(caller: { kind: 'worker' | 'ops'; id: number }, ticketId: number, fileId: number) {
      if (caller.kind === 'worker') await ownTicket(caller.id, ticketId);
      else await ticketRow(ticketId);
      const file = await files.byId(fileId);
      if (!file || file.ticket_id !== ticketId) throw notFound(say('common.fileNotFound'));
      return [await files.signedUrl(caller, fileId)];
    },

    // ------------------------------------------------------------ agents

    async inbox(q: {
      status?: number[] | undefined;
      ticket_type?: number | undefined;
      waiting?: boolean | undefined;
      callback?: boolean | undefined;
      limit: number;
      offset: number;
    }): Promise<{ count: number; rows: InboxRow[] }> {
      const hasCallback = sql<boolean>`exists (select 1 from ${ticketCallbackRequests} where ${ticketCallbackRequests.ticket_id} = ${tickets.ticket_id} and ${ticketCallbackRequests.status} = 'PENDING')`;
      const conditions: SQL[] = [];
      if (q.status?.length) conditions.push(inArray(tickets.status, q.status));
      if (q.ticket_type !== undefined) conditions.push(eq(tickets.ticket_type, q.ticket_type));
      if (q.waiting) conditions.push(isNotNull(tickets.waiting_since));
      if (q.callback) conditions.push(hasCallback);
      const where = conditions.length ? and(...conditions) : undefined;
      const [total] = await db.select({ n: count() }).from(tickets).where(where);
      const last = db
        .select({ ticket_id: ticketChats.ticket_id, chat_message: ticketChats.chat_message, created_on: ticketChats.created_on })
        .from(ticketChats)
        .where(eq(ticketChats.ticket_id, tickets.ticket_id))
        .orderBy(desc(ticketChats.created_on), desc(ticketChats.ticket_chat_id))
        .limit(1)
        .as('last');
      const rows = await db
        .select({
          t: tickets,
          last_message: last.chat_message,
          last_on: last.created_on,
          callback: hasCallback,
        })
        .from(tickets)
        .leftJoinLateral(last, sql`true`)
        .where(where)
        // Oldest waiting first, then the most recently changed.
        .orderBy(sql`${tickets.waiting_since} asc nulls last`, desc(tickets.modified_on), desc(tickets.ticket_id))
        .limit(q.limit)
        .offset(q.offset);
      const base = await toTickets(rows.map((r) => r.t));
      const workers = await userContacts(db, [...new Set(rows.map((r) => r.t.user_id))]);
      return {
        count: total?.n ?? 0,
        rows: rows.map((r, i) => ({
          ...base[i]!,
          worker_name: workers.get(r.t.user_id)!.first_name,
          worker_mobile: workers.get(r.t.user_id)!.mobile,
          last_message: r.last_message,
          last_message_on: r.last_on ? new Date(r.last_on).toISOString() : null,
          waiting_since: iso(r.t.waiting_since),
          callback_requested: !!r.callback,
        })),
      };
    },

    async agentTicket(ticketId: number): Promise<AgentTicket> {
      const row = await ticketRow(ticketId);
      const worker = await users.byId(row.user_id);
      if (!worker) throw notFound(say('common.userNotFound'));
      const [ticket, conv, worked, job, lead, recharge, callbacks] = await Promise.all([
        detail(row),
        conversation(ticketId),
        context.isWorked(row.user_id),
        row.tag_type === 'JOB' && row.tag_id ? context.job(row.tag_id) : Promise.resolve(null),
        row.ref_type === 'FORM_RESPONSE' && row.ref_id ? context.lead(row.user_id, row.ref_id) : Promise.resolve(null),
        row.tag_type === 'SERVICE_PURCHASE' && row.ref_id ? context.recharge(row.user_id, row.ref_id) : Promise.resolve(null),
        callbacksWhere(eq(ticketCallbackRequests.ticket_id, ticketId)),
      ]);
      return {
        ticket,
        worker: {
          user_id: worker.user_id,
          pmw_id: pmwId(worker.user_id),
          first_name: worker.first_name,
          mobile: worker.mobile,
          is_worked: worked,
        },
        job,
        lead,
        recharge,
        conversation: conv,
        callbacks,
      };
    },

    /** An agent's reply: the ticket becomes theirs if nobody has it, and is answered (by TICKET_TRANSITIONS, in `add_ticket_chat`). */
    async addAgentChat(
      agent: OpsAgent,
      body: { ticket_id: number; chat_message: string; file_id?: number | null | undefined },
    ): Promise<ChatEntry> {
      const file = body.file_id ? await attachedFile({ kind: 'ops', id: agent.user_id }, body.file_id, body.ticket_id) : undefined;
      const { chat, status } = await addChat({
        ticketId: body.ticket_id,
        senderId: agent.user_id,
        byWorker: false,
        message: body.chat_message,
        createdBy: agentName(agent),
        fileId: body.file_id ?? null,
        messageCode: null,
      });
      // The message as written and committed goes out at once: no second read before the fan-out.
      const entry = toChatEntry(chat, file?.file_name ?? null);
      events.chatAdded({ ticket_id: body.ticket_id, status, chat: entry });
      notices.enqueue({ ticketId: body.ticket_id, event: NOTIFY_EVENT.supportAnswered, key: `chat:${chat.ticket_chat_id}` });
      return entry;
    },

    /** 'Mark resolved' (TICKET_TRANSITIONS' agent_resolves) and the TICKET_RESOLVED event, with the agent's message if any. */
    async resolve(agent: OpsAgent, body: { ticket_id: number; chat_message?: string | undefined }): Promise<Ticket> {
      const { history, chatId } = await db.transaction(async (tx) => {
        const row = await ticketRow(body.ticket_id, tx);
        const to = ticketTransition(row.status, 'agent_resolves');
        if (to === null) throw conflict(row.status === TICKET_STATUS.CLOSED ? say('support.ticketClosed') : say('support.alreadyResolved'));
        const chat = body.chat_message
          ? await insertChat(tx, {
              ticket_id: row.ticket_id,
              chat_message: body.chat_message,
              direction: CHAT_DIRECTION.SUPPORT,
              created_by: agentName(agent),
              sender_user_id: agent.user_id,
            })
          : null;
        const h = await setStatus(tx, row, to, { kind: 'ops', id: agent.user_id }, { agent_user_id: row.agent_user_id ?? agent.user_id });
        return { history: h!, chatId: chat?.ticket_chat_id ?? null };
      });
      const chat = chatId ? await chatEntry(chatId, body.ticket_id) : null;
      events.resolved({ ticket_id: body.ticket_id, status: TICKET_STATUS.RESOLVED, history, chat });
      notices.enqueue({ ticketId: body.ticket_id, event: NOTIFY_EVENT.supportResolved, key: `history:${history.ticket_history_id}` });
      return toTicket(await ticketRow(body.ticket_id));
    },

    /** An agent closes a ticket without a rating. */
    async closeByAgent(agent: OpsAgent, ticketId: number): Promise<Ticket> {
      await db.transaction(async (tx) => {
        const row = await ticketRow(ticketId, tx);
        const to = ticketTransition(row.status, 'agent_closes');
        if (to === null) throw conflict(say('support.alreadyClosed'));
        await setStatus(tx, row, to, { kind: 'ops', id: agent.user_id }, { agent_user_id: row.agent_user_id ?? agent.user_id });
      });
      const ticket = await toTicket(await ticketRow(ticketId));
      events.updated({ ticket_id: ticketId, status: ticket.status });
      return ticket;
    },

    callbacks(status?: 'PENDING' | 'DONE'): Promise<CallbackRequest[]> {
      return callbacksWhere(status ? eq(ticketCallbackRequests.status, status) : undefined);
    },

    /** An agent records a call; a completed call settles the ticket's open call-back request. */
    async logCall(agent: OpsAgent, body: { ticket_id: number; direction: number; status: string }): Promise<CallLogEntry> {
      const row = await ticketRow(body.ticket_id);
      const entry = await db.transaction(async (tx) => {
        const [log] = await tx
          .insert(ticketCallLogs)
          .values({ ticket_id: row.ticket_id, direction: body.direction, status: body.status, agent_user_id: agent.user_id })
          .returning();
        if (body.status === 'completed') {
          await tx
            .update(ticketCallbackRequests)
            .set({ status: 'DONE', resolved_on: new Date(), resolved_by: agent.user_id })
            .where(and(eq(ticketCallbackRequests.ticket_id, row.ticket_id), eq(ticketCallbackRequests.status, 'PENDING')));
        }
        if (!row.agent_user_id) await tx.update(tickets).set({ agent_user_id: agent.user_id }).where(eq(tickets.ticket_id, row.ticket_id));
        return log!;
      });
      events.updated({ ticket_id: row.ticket_id, status: row.status });
      return {
        call_log_id: entry.call_log_id,
        ticket_id: entry.ticket_id,
        direction: entry.direction,
        status: entry.status,
        created_on: entry.created_on.toISOString(),
      };
    },

    async signAgentUpload(agent: OpsAgent, body: { file_name: string; ticket_id: number }) {
      await ticketRow(body.ticket_id);
      return files.signUpload(
        { kind: 'ops', id: agent.user_id },
        { file_name: body.file_name, file_purpose: 'TICKET', ticket_id: body.ticket_id },
      );
    },

    /** Whether a socket's caller may join a ticket's room. */
    /**
     * The ops dashboard's support figures: tickets open and waiting now, and for tickets raised
     * between from and to, how soon an agent first answered (the bot's greeting is not an answer).
     */
    async responseFigures(from: Date, to: Date) {
      const open = [TICKET_STATUS.NEW, TICKET_STATUS.ANSWERED, TICKET_STATUS.WAITING];
      const waiting = [TICKET_STATUS.NEW, TICKET_STATUS.WAITING];
      const [now] = await db
        .select({
          open: sql<number>`count(*)::int`,
          waiting: sql<number>`(count(*) filter (where ${inArray(tickets.status, waiting)}))::int`,
          oldest: sql<Date | string | null>`min(${tickets.waiting_since}) filter (where ${inArray(tickets.status, waiting)})`,
        })
        .from(tickets)
        .where(inArray(tickets.status, open));
      const firstAnswers = db
        .select({
          minutes: sql<number>`extract(epoch from (min(${ticketChats.created_on}) - ${tickets.created_on})) / 60`.as('minutes'),
        })
        .from(tickets)
        .innerJoin(
          ticketChats,
          and(
            eq(ticketChats.ticket_id, tickets.ticket_id),
            eq(ticketChats.direction, CHAT_DIRECTION.SUPPORT),
            isNotNull(ticketChats.sender_user_id),
          ),
        )
        .where(and(gte(tickets.created_on, from), lt(tickets.created_on, to)))
        .groupBy(tickets.ticket_id, tickets.created_on)
        .as('first_answers');
      const [answers] = await db
        .select({
          answered: sql<number>`count(*)::int`,
          median: sql<number | null>`round(percentile_cont(0.5) within group (order by ${firstAnswers.minutes}))::int`,
          max: sql<number | null>`ceil(max(${firstAnswers.minutes}))::int`,
        })
        .from(firstAnswers);
      const oldest = now?.oldest ? new Date(now.oldest).toISOString() : null;
      return {
        open: now?.open ?? 0,
        waiting: now?.waiting ?? 0,
        oldest_waiting_since: oldest,
        answered: answers?.answered ?? 0,
        first_response_median_minutes: answers?.median ?? null,
        first_response_max_minutes: answers?.max ?? null,
      };
    },

    async mayJoin(caller: { kind: 'worker' | 'ops'; id: number }, ticketId: number): Promise<boolean> {
      const [row] = await db.select({ user_id: tickets.user_id }).from(tickets).where(eq(tickets.ticket_id, ticketId)).limit(1);
      if (!row) return false;
      if (caller.kind === 'worker') return row.user_id === caller.id;
      const agent = await opsAuth.agent(caller.id);
      return !!agent && roleAllows(agent.role, 'support');
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;
