import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MAX_PER_MINUTE, CHAT_PAGE_SIZE, conversationSchema, ticketSchema, withOlderPage } from '@pmw/contract/support';
import { ticketChats } from '../../db/schema/index';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';

let t: TestApp;
let worker: string;
let ops: string;
beforeAll(async () => {
  t = await createTestApp();
  [worker, ops] = await Promise.all([loginWorker(t, '9876509101'), loginOps(t)]);
});
afterAll(async () => t.close());

const post = (url: string, payload: object, cookie: string) =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { cookie }, payload });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: { cookie } });
async function newTicket(title = 'Payment Query') {
  const res = await post('/support/user/ticket/add', { ticket_type: 10, ticket_title: title }, worker);
  expect(res.statusCode, res.body).toBe(200);
  return ticketSchema.parse(body(res).data).ticket_id;
}
const TOO_FAST = 'You are sending messages too fast. Please wait a minute and try again.';

describe('chat messages', () => {
  it(`take ${CHAT_MAX_PER_MINUTE} a minute from a worker; the next one is refused with a clear message`, async () => {
    const ticket = await newTicket();
    for (let i = 1; i <= CHAT_MAX_PER_MINUTE; i++) {
      const res = await post('/support/user/ticket/chat/add', { ticket_id: ticket, chat_message: `message ${i}` }, worker);
      expect(res.statusCode, res.body).toBe(200);
    }
    const next = await post('/support/user/ticket/chat/add', { ticket_id: ticket, chat_message: 'one more' }, worker);
    expect(next.statusCode).toBe(429);
    expect(body(next).message).toBe(TOO_FAST);
    // The limit is per worker too: another ticket of the same worker is no way round it.
    const other = await newTicket('Another Payment Query');
    expect((await post('/support/user/ticket/chat/add', { ticket_id: other, chat_message: 'hello' }, worker)).statusCode).toBe(429);
    // A minute later the worker may write again.
    await t.database.db.update(ticketChats).set({ created_on: new Date(Date.now() - 61_000) });
    expect((await post('/support/user/ticket/chat/add', { ticket_id: ticket, chat_message: 'back again' }, worker)).statusCode).toBe(200);
  });

  it('hold for parallel messages too, and on the agent side', async () => {
    await t.database.db.update(ticketChats).set({ created_on: new Date(Date.now() - 61_000) });
    const ticket = await newTicket('Parallel Query');
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post('/ops/support/ticket/chat/add', { ticket_id: ticket, chat_message: `reply ${i}` }, ops)),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(CHAT_MAX_PER_MINUTE);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - CHAT_MAX_PER_MINUTE);
    expect(body(burst.find((r) => r.statusCode === 429)!).message).toBe(TOO_FAST);
    // The ticket is full for this minute, for the worker as well.
    expect((await post('/support/user/ticket/chat/add', { ticket_id: ticket, chat_message: 'me too' }, worker)).statusCode).toBe(429);
  });
});

describe('a long conversation', () => {
  it('comes in pages, newest first, and the pages join into the whole conversation', async () => {
    const ticket = await newTicket('Long Query');
    const start = Date.now() - 3_600_000;
    await t.database.db.insert(ticketChats).values(
      Array.from({ length: 120 }, (_, i) => ({
        ticket_id: ticket,
        chat_message: `old ${i + 1}`,
        direction: 1 + (i % 2),
        created_by: 'x',
        created_on: new Date(start + i * 1000),
      })),
    );
    const all = await t.database.db.$count(ticketChats, undefined);
    expect(all).toBeGreaterThan(120);
    for (const [url, cookie] of [
      [`/support/user/ticket/conversation/fetch?ticket_id=${ticket}`, worker],
      [`/ops/support/ticket/conversation?ticket_id=${ticket}`, ops],
    ] as const) {
      let page = conversationSchema.parse(body(await get(url, cookie)).data);
      expect(page.chats).toHaveLength(CHAT_PAGE_SIZE);
      let joined = page;
      let pages = 1;
      while (page.older_cursor !== null) {
        page = conversationSchema.parse(body(await get(`${url}&before_chat_id=${page.older_cursor}`, cookie)).data);
        joined = withOlderPage(joined, page);
        pages++;
      }
      expect(pages).toBe(Math.ceil(121 / CHAT_PAGE_SIZE));
      const messages = joined.chats.map((c) => c.chat_message);
      // Every message once, in order, then the bot's greeting of the ticket made just now.
      expect(messages).toHaveLength(121);
      expect(messages.slice(0, 120)).toEqual(Array.from({ length: 120 }, (_, i) => `old ${i + 1}`));
      expect(joined.history.length).toBeGreaterThan(0);
    }
    // The agent's ticket view carries the newest page.
    const detail = body<{ conversation: { chats: unknown[]; older_cursor: number | null } }>(
      await get(`/ops/support/ticket/detail?ticket_id=${ticket}`, ops),
    ).data;
    expect(detail.conversation.chats).toHaveLength(CHAT_PAGE_SIZE);
    expect(detail.conversation.older_cursor).not.toBeNull();
  });
});
