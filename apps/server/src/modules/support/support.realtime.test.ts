import { afterAll, beforeAll, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { chatAddEventSchema, joinAckSchema, resolvedEventSchema, SUPPORT_EVENTS, updatedEventSchema } from '@pmw/contract/support';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { SUPPORT_DEMO } from '../../seed/support.seed';

let t: TestApp;
let base: string;
let asha: string;
let ravi: string;
let ops: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  [asha, ravi, ops] = await Promise.all([loginWorker(t, '9876500001'), loginWorker(t, '9876500002'), loginOps(t)]);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t.close();
});

function open(cookie: string, kind: 'worker' | 'ops'): Promise<Socket> {
  const socket = connect(`${base}/support`, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    auth: { kind },
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
const join = async (socket: Socket, ticket_id: number) => joinAckSchema.parse(await socket.emitWithAck(SUPPORT_EVENTS.join, { ticket_id }));
const next = <T>(socket: Socket, event: string, parse: (v: unknown) => T): Promise<T> =>
  new Promise((resolve) => socket.once(event, (payload: unknown) => resolve(parse(payload))));

const T = SUPPORT_DEMO.tickets;

it('refuses sockets without a session of the kind they claim', async () => {
  await expect(open('', 'worker')).rejects.toThrow('UNAUTHORIZED');
  await expect(open(asha, 'ops')).rejects.toThrow('UNAUTHORIZED');
  await expect(open(ops, 'worker')).rejects.toThrow('UNAUTHORIZED');
});

it('joins only the rooms of tickets the caller may see', async () => {
  const worker = await open(ravi, 'worker');
  expect(await join(worker, T.answered)).toEqual({ ok: false, message: 'Not allowed' });
  expect((await join(worker, 0)).ok).toBe(false);
  const mine = await open(asha, 'worker');
  expect(await join(mine, T.answered)).toEqual({ ok: true });
  const agent = await open(ops, 'ops');
  expect(await join(agent, T.answered)).toEqual({ ok: true });
});

it("an agent's reply and resolution reach the worker's open page; another worker hears nothing", async () => {
  const worker = await open(asha, 'worker');
  await join(worker, T.waiting);
  const stranger = await open(ravi, 'worker');
  let strangerHeard = false;
  stranger.on(SUPPORT_EVENTS.chatAdd, () => (strangerHeard = true));

  const arrived = next(worker, SUPPORT_EVENTS.chatAdd, (v) => chatAddEventSchema.parse(v));
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/v2/ops/support/ticket/chat/add',
    headers: { cookie: ops },
    payload: { ticket_id: T.waiting, chat_message: 'Calling you in 5 minutes' },
  });
  expect(sent.statusCode).toBe(200);
  const event = await arrived;
  expect(event).toMatchObject({
    ticket_id: T.waiting,
    status: 10,
    chat: { chat_message: 'Calling you in 5 minutes', direction: 2, created_by: 'Priya' },
  });

  const resolved = next(worker, SUPPORT_EVENTS.resolved, (v) => resolvedEventSchema.parse(v));
  await t.app.inject({
    method: 'POST',
    url: '/api/v2/ops/support/ticket/resolve',
    headers: { cookie: ops },
    payload: { ticket_id: T.waiting, chat_message: 'Your lead is re-submitted.' },
  });
  expect(await resolved).toMatchObject({
    ticket_id: T.waiting,
    status: 30,
    history: { field_value: '30' },
    chat: { chat_message: 'Your lead is re-submitted.' },
  });
  expect(strangerHeard).toBe(false);
});

it("the agents hear a worker's message and a call-back request on any ticket, without joining it", async () => {
  const agent = await open(ops, 'ops');
  const heard = next(agent, SUPPORT_EVENTS.chatAdd, (v) => chatAddEventSchema.parse(v));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/support/user/ticket/chat/add',
    headers: { cookie: asha },
    payload: { ticket_id: T.new, chat_message: 'Any update?', direction: 1 },
  });
  expect(body(res).status).toBe(true);
  expect(await heard).toMatchObject({ ticket_id: T.new, chat: { chat_message: 'Any update?', direction: 1 } });
  const updated = next(agent, SUPPORT_EVENTS.updated, (v) => updatedEventSchema.parse(v));
  await t.app.inject({
    method: 'POST',
    url: '/api/v2/calling/connect/incoming/ticket',
    headers: { cookie: asha },
    payload: { from_user_id: 101, ticket_id: T.new },
  });
  expect(await updated).toMatchObject({ ticket_id: T.new });
});

it('a socket that left a room hears no more of it', async () => {
  const worker = await open(asha, 'worker');
  await join(worker, T.resolved);
  worker.emit(SUPPORT_EVENTS.leave, { ticket_id: T.resolved });
  let heard = false;
  worker.on(SUPPORT_EVENTS.chatAdd, () => (heard = true));
  // A round trip on the same socket makes sure the leave was handled first.
  await join(worker, T.new);
  await t.app.inject({
    method: 'POST',
    url: '/api/v2/ops/support/ticket/chat/add',
    headers: { cookie: ops },
    payload: { ticket_id: T.resolved, chat_message: 'One more thing' },
  });
  await new Promise((r) => setTimeout(r, 150));
  expect(heard).toBe(false);
});

it("replies sent together each reach the worker's page once, and the next one after them", async () => {
  const worker = await open(asha, 'worker');
  await join(worker, T.new);
  const heard: string[] = [];
  worker.on(SUPPORT_EVENTS.chatAdd, (payload: unknown) => heard.push(chatAddEventSchema.parse(payload).chat.chat_message));
  const reply = (chat_message: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/ops/support/ticket/chat/add',
      headers: { cookie: ops },
      payload: { ticket_id: T.new, chat_message },
    });
  const together = ['One', 'Two', 'Three', 'Four', 'Five'];
  const all = new Promise<void>((resolve) => worker.on(SUPPORT_EVENTS.chatAdd, () => heard.length === together.length && resolve()));
  expect((await Promise.all(together.map(reply))).map((r) => r.statusCode)).toEqual(together.map(() => 200));
  await all;
  expect([...heard].sort()).toEqual([...together].sort());
  const last = next(worker, SUPPORT_EVENTS.chatAdd, (v) => chatAddEventSchema.parse(v).chat.chat_message);
  expect((await reply('After them')).statusCode).toBe(200);
  expect(await last).toBe('After them');
  // The connection still answers its own requests.
  expect(await join(worker, T.answered)).toEqual({ ok: true });
});
