import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentSupportRoutes, conversationSchema, supportTexts, ticketSchema } from '@pmw/contract/support';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { statementsDuring } from '../../../test/statements';
import { SUPPORT_DEMO } from '../../seed/support.seed';

let t: TestApp;
let asha: string;
let ravi: string;
let ops: string;
beforeAll(async () => {
  t = await createTestApp();
  [asha, ravi, ops] = await Promise.all([loginWorker(t, '9876500001'), loginWorker(t, '9876500002'), loginOps(t)]);
});
afterAll(async () => t.close());

const T = SUPPORT_DEMO.tickets;
const post = (url: string, payload: object, cookie: string) =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { cookie }, payload });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: { cookie } });
const workerChat = (ticket_id: number, chat_message: string, cookie = asha) =>
  post('/support/user/ticket/chat/add', { ticket_id, chat_message }, cookie);
const agentChat = (ticket_id: number, chat_message: string) => post('/ops/support/ticket/chat/add', { ticket_id, chat_message }, ops);
async function newTicket(title: string) {
  const res = await post('/support/user/ticket/add', { ticket_type: 50, ticket_title: title }, asha);
  expect(res.statusCode, res.body).toBe(200);
  return ticketSchema.parse(body(res).data).ticket_id;
}
const statusHistory = async (ticket: number) =>
  conversationSchema
    .parse(body(await get(`/ops/support/ticket/conversation?ticket_id=${ticket}`, ops)).data)
    .history.filter((h) => h.field_type === 'status')
    .map((h) => h.field_value);
async function waitingSince(ticket: number) {
  const inbox = agentSupportRoutes.inbox.response.parse(body(await get('/ops/support/ticket/fetch?limit=100', ops)).data);
  return inbox.rows.find((r) => r.ticket_id === ticket)?.waiting_since;
}

describe('a chat message', () => {
  it("costs two statements, the session's read included, for an agent and for a worker", async () => {
    const ticket = await newTicket('Two Statements');
    // The first of each warms the session's prepared read.
    expect((await agentChat(ticket, 'warm')).statusCode).toBe(200);
    expect((await workerChat(ticket, 'warm')).statusCode).toBe(200);
    for (const send of [() => agentChat(ticket, 'Which payment?'), () => workerChat(ticket, 'The one of 12 Nov')]) {
      // The worker's notice of an earlier answer is made a moment after it, outside the message's own work.
      await t.services.support.noticesIdle();
      let res: Awaited<ReturnType<typeof send>> | undefined;
      const statements = await statementsDuring(async () => (res = await send()));
      expect(res!.statusCode, res!.body).toBe(200);
      expect(statements.length, statements.join('\n---\n')).toBeLessThanOrEqual(2);
    }
  });

  it("on a missing ticket is not found, on another worker's ticket refused, on a closed one refused for the agent", async () => {
    for (const res of [await workerChat(999999, 'hello'), await agentChat(999999, 'hello')]) {
      expect(res.statusCode).toBe(404);
      expect(body(res).message).toBe(supportTexts.ticketNotFound);
    }
    const theirs = await workerChat(T.answered, 'hello', ravi);
    expect(theirs.statusCode).toBe(403);
    expect(body(theirs).message).toBe(supportTexts.notYourUser);
    const closed = await agentChat(T.closedOthers, 'late');
    expect(closed.statusCode).toBe(409);
    expect(body(closed).message).toBe(supportTexts.ticketClosed);
    // Nothing refused was written.
    const conv = conversationSchema.parse(body(await get(`/ops/support/ticket/conversation?ticket_id=${T.closedOthers}`, ops)).data);
    expect(conv.chats.map((c) => c.chat_message)).not.toContain('late');
    expect(conv.history.at(-1)?.field_value).toBe('40');
  });

  it('answers the message as stored, and records a status change once', async () => {
    const ticket = await newTicket('History Once');
    const res = await agentChat(ticket, 'First answer');
    expect(body(res).data).toMatchObject({
      ticket_id: ticket,
      chat_message: 'First answer',
      direction: 2,
      created_by: 'Priya',
      file_id: null,
      file_name: null,
    });
    const stored = conversationSchema.parse(body(await get(`/ops/support/ticket/conversation?ticket_id=${ticket}`, ops)).data).chats.at(-1);
    expect(body(res).data).toEqual(stored);
    expect((await agentChat(ticket, 'Second answer')).statusCode).toBe(200);
    expect(await statusHistory(ticket)).toEqual(['0', '10']);
    expect(body(await get(`/ops/support/ticket/detail?ticket_id=${ticket}`, ops)).data).toMatchObject({
      ticket: { status: 10, agent_user_id: 100 },
    });
  });

  it("from a worker who keeps writing keeps the ticket's place in the inbox", async () => {
    const ticket = await newTicket('Keeps Its Place');
    const raised = await waitingSince(ticket);
    expect(raised).toBeTruthy();
    expect((await workerChat(ticket, 'Any news?')).statusCode).toBe(200);
    expect(await waitingSince(ticket)).toBe(raised);
    expect((await agentChat(ticket, 'Looking into it')).statusCode).toBe(200);
    expect(await waitingSince(ticket)).toBeNull();
    expect((await workerChat(ticket, 'Thanks, and?')).statusCode).toBe(200);
    const again = await waitingSince(ticket);
    expect(Date.parse(again!)).toBeGreaterThan(Date.parse(raised!));
    expect((await workerChat(ticket, 'Still waiting')).statusCode).toBe(200);
    expect(await waitingSince(ticket)).toBe(again);
    expect(await statusHistory(ticket)).toEqual(['0', '10', '20']);
  });
});
