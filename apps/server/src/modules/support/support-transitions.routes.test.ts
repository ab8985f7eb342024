import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TICKET_EVENTS, TICKET_STATUS, ticketSchema, ticketTransition, type TicketEvent } from '@pmw/contract/support';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { tickets } from '../../db/schema/index';

// Every status against every event, through what people use: the worker's and
// the agent's chat (the database's add_ticket_chat) and the resolve, close and
// rating calls (the service). Each lands where the contract's table says, or is
// refused and leaves the ticket as it was.
let t: TestApp;
let worker: string;
let ops: string;
beforeAll(async () => {
  t = await createTestApp();
  [worker, ops] = await Promise.all([loginWorker(t, '9876500001'), loginOps(t)]);
});
afterAll(async () => t.close());

const post = (url: string, payload: object, cookie: string) =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { cookie }, payload });

const act: Record<TicketEvent, (ticket_id: number) => ReturnType<typeof post>> = {
  worker_message: (ticket_id) => post('/support/user/ticket/chat/add', { ticket_id, chat_message: 'Any news?' }, worker),
  agent_message: (ticket_id) => post('/ops/support/ticket/chat/add', { ticket_id, chat_message: 'Looking into it' }, ops),
  agent_resolves: (ticket_id) => post('/ops/support/ticket/resolve', { ticket_id }, ops),
  agent_closes: (ticket_id) => post('/ops/support/ticket/close', { ticket_id }, ops),
  worker_rates: (ticket_id) => post('/support/user/ticket/update/close', { ticket_id, rating: 5 }, worker),
};

const statusOf = async (ticketId: number) =>
  (await t.database.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.ticket_id, ticketId)))[0]!.status;

describe("the ticket's state machine", () => {
  it.each(TICKET_EVENTS)('%s moves every status as TICKET_TRANSITIONS says', async (event) => {
    const created = await post('/support/user/ticket/add', { ticket_type: 50, ticket_title: `Walk ${event}` }, worker);
    expect(created.statusCode, created.body).toBe(200);
    const ticketId = ticketSchema.parse(body(created).data).ticket_id;
    for (const from of Object.values(TICKET_STATUS)) {
      await t.database.db.update(tickets).set({ status: from }).where(eq(tickets.ticket_id, ticketId));
      const res = await act[event](ticketId);
      const to = ticketTransition(from, event);
      expect({ from, code: res.statusCode }, res.body).toEqual({ from, code: to === null ? 409 : 200 });
      expect({ from, now: await statusOf(ticketId) }).toEqual({ from, now: to ?? from });
    }
  });
});
