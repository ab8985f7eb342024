// Support chat delivery: 1,000 sockets connected to one server process, all
// in one ticket's room; an agent's replies go in through the HTTP API and the
// script measures when each socket receives TICKET_CHAT_ADD. Prints the
// delivery latency p50/p99 (request sent -> event received, per socket) and
// the messages per second one process sustains (each fanned out to every
// socket). PGlite on a thread of its own, as the built server runs it (needs
// `npm run build`); the 1,000 clients run in a child process so their work is
// not counted as the server's (both share this machine's cores).
//
//   npx tsx bench/support-chat.bench.ts [--sockets 1000] [--messages 200] [--concurrency 10]
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import pino from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { chatAddEventSchema, SUPPORT_EVENTS, ticketRoom } from '@pmw/contract/support';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openServerDatabase } from './pglite-thread';
import { sessions } from '../apps/server/src/db/schema/index';
import { randomToken, sha256 } from '../apps/server/src/lib/crypto';
import { createProviders } from '../apps/server/src/providers/index';
import { AGENTS_ROOM } from '../apps/server/src/modules/support/support.events';
import { SUPPORT_NAMESPACE } from '../apps/server/src/modules/support/support.realtime';
import { runSeeds } from '../apps/server/src/seed/index';
import { benchEnv, figure, httpClient } from './lib.mjs';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return Number(i > 0 ? process.argv[i + 1]! : dflt);
};
const SOCKETS = arg('sockets', '1000');
const MESSAGES = arg('messages', '200');
const CONCURRENCY = arg('concurrency', '10');
const TICKET = 402;
const now = () => performance.timeOrigin + performance.now();

type FromChild = { type: 'ready' } | { type: 'count'; delivered: number } | { type: 'times'; times: Record<string, number[]> } | { type: 'collected' };
type ToChild = { type: 'report' } | { type: 'collect' } | { type: 'stop' };
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

// ---------------------------------------------------------------- the clients (child process)
if (process.argv.includes('--child')) {
  const [base, cookie] = [process.env.BENCH_BASE!, process.env.BENCH_COOKIE!];
  const times: Record<string, number[]> = {};
  let delivered = 0;
  const sockets: Socket[] = [];
  const send = (m: FromChild) => process.send!(m);
  for (let i = 0; i < SOCKETS; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, SOCKETS - i) }, async () => {
        const s = connect(`${base}/support`, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, auth: { kind: 'worker' }, reconnection: false });
        sockets.push(s);
        await new Promise<void>((resolve, reject) => {
          s.once('connect', () => resolve());
          s.once('connect_error', reject);
        });
        const ack = (await s.emitWithAck(SUPPORT_EVENTS.join, { ticket_id: TICKET })) as { ok: boolean };
        if (!ack.ok) throw new Error('join refused');
        s.on(SUPPORT_EVENTS.chatAdd, (payload: unknown) => {
          const at = now();
          const event = chatAddEventSchema.parse(payload);
          (times[event.chat.chat_message] ??= []).push(at);
          delivered++;
          if (delivered % SOCKETS === 0) send({ type: 'count', delivered });
        });
      }),
    );
  }
  process.on('message', (m: ToChild) => {
    if (m.type === 'report') send({ type: 'times', times });
    if (m.type === 'collect') {
      collectGarbage();
      send({ type: 'collected' });
    }
    if (m.type === 'stop') {
      sockets.forEach((s) => s.disconnect());
      process.exit(0);
    }
  });
  send({ type: 'ready' });
  await new Promise(() => undefined);
}

const config = {
  ...loadConfig({ ...benchEnv, NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pmw-bench-chat-')), SECRET_KEY: 'bench-secret-key-bench-secret-key-012345', LOG_LEVEL: 'silent', SEED_DEMO: 'never' }),
  // One room gets hundreds of replies a minute here; the budget is still checked for each one, only its ceiling is raised.
  supportChatMaxPerMinute: 1_000_000,
};
const database = await openServerDatabase(config.dataDir);
const providers = await createProviders(config, database.db, pino({ level: 'silent' }));
const { app, services, realtime } = await buildApp({ config, database, providers });
await runSeeds(services);
const base = await app.listen({ port: 0, host: '127.0.0.1' });

// Sessions made directly, as a login would make them: the worker Asha (user 101) and the agent Priya (100).
async function session(kind: 'worker' | 'ops', subject: number) {
  const token = randomToken();
  await database.db.insert(sessions).values({ session_hash: sha256(token), kind, subject_id: subject, expires_at: new Date(Date.now() + 86_400_000) });
  return `${kind === 'ops' ? 'pmw_ops' : 'pmw_worker'}=${token}`;
}
const workerCookie = await session('worker', 101);
const agentCookie = await session('ops', 100);

const sent = new Map<string, number>();
let delivered = 0;
let onDelivered: (() => void) | undefined;

const t0 = performance.now();
const child = fork(process.argv[1]!, [...process.argv.slice(2), '--child'], { env: { ...process.env, BENCH_BASE: base, BENCH_COOKIE: workerCookie }, execArgv: process.execArgv });
await new Promise<void>((resolve, reject) => {
  child.on('message', (m: FromChild) => {
    if (m.type === 'ready') resolve();
    if (m.type === 'count') {
      delivered = m.delivered;
      onDelivered?.();
    }
  });
  child.once('exit', (code) => reject(new Error(`clients exited with ${code}`)));
});
console.log(`${SOCKETS} sockets connected and joined in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
/** Sends the clients a request and answers their message of the given type. */
const askClients = <K extends FromChild['type']>(request: ToChild, answer: K) =>
  new Promise<Extract<FromChild, { type: K }>>((resolve) => {
    const on = (m: FromChild) => {
      if (m.type === answer) {
        child.off('message', on);
        resolve(m as Extract<FromChild, { type: K }>);
      }
    };
    child.on('message', on);
    child.send(request);
  });
const receiveTimes = async () => (await askClients({ type: 'report' }, 'times')).times;
const latenciesOf = (times: Record<string, number[]>, prefix: string) =>
  Object.entries(times)
    .filter(([text]) => text.startsWith(prefix))
    .flatMap(([text, ats]) => ats.map((at) => at - sent.get(text)!))
    .sort((a, b) => a - b);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

// The agent's client shares the server's process (and thread): the keep-alive node:http client, not fetch, whose
// own work per request would delay the server it measures.
const agentClient = httpClient(base, { connections: CONCURRENCY });
async function reply(text: string) {
  sent.set(text, now());
  const res = await agentClient.post('/api/v2/ops/support/ticket/chat/add', { ticket_id: TICKET, chat_message: text }, { headers: { cookie: agentCookie } });
  if (res.status !== 200) throw new Error(`reply failed: ${res.status} ${JSON.stringify(res.body)}`);
}
const allDelivered = (expected: number) =>
  new Promise<void>((resolve) => {
    if (delivered >= expected) return resolve();
    onDelivered = () => {
      if (delivered >= expected) {
        onDelivered = undefined;
        resolve();
      }
    };
  });

/**
 * The raw side: the same event emitted straight to the same rooms with Socket.IO's own broadcast, with no
 * request, no database and none of the product's code (its events module holds a turn's writes together).
 */
const supportRooms = realtime.io.of(SUPPORT_NAMESPACE).to([ticketRoom(TICKET), AGENTS_ROOM]);
function bare(text: string) {
  sent.set(text, now());
  supportRooms.emit(SUPPORT_EVENTS.chatAdd, {
    ticket_id: TICKET,
    status: 10,
    chat: { ticket_chat_id: 1, ticket_id: TICKET, chat_message: text, direction: 2, created_by: 'Priya Nair', translated_message: null, file_id: null, file_name: null, created_on: new Date().toISOString() },
  });
}

// 1. Latency: one message at a time, each to every socket (WARMUP rounds not counted), the product's and the bare
// broadcast's in turn, LATENCY_ROUNDS of each: the p99 of 1,000 sockets' deliveries is set by the slowest few
// messages, so a few dozen of each keep one slow turn of a busy machine from deciding it.
const WARMUP = 30;
const LATENCY_ROUNDS = 60;
// The 1,000 handshakes leave garbage behind, in the server (its heap at about 150 MB) and in the clients: both
// are collected before timing, so a major collection (15-25 ms) does not land on whichever side's message
// happens to be in flight.
for (let i = 0; i < WARMUP + 2 * LATENCY_ROUNDS; i++) {
  if (i === WARMUP) {
    await askClients({ type: 'collect' }, 'collected');
    collectGarbage();
  }
  const expected = delivered + SOCKETS;
  if (i < WARMUP) await reply(`warmup ${i}`);
  else if (i % 2) await reply(`latency ${i}`);
  else bare(`bare ${i}`);
  await allDelivered(expected);
}
const quietTimes = await receiveTimes();
const quiet = latenciesOf(quietTimes, 'latency ');
const bareQuiet = latenciesOf(quietTimes, 'bare ');
console.log(`delivery latency to ${SOCKETS} sockets (${quiet.length} deliveries): p50 ${pct(quiet, 50).toFixed(1)} ms, p99 ${pct(quiet, 99).toFixed(1)} ms, max ${quiet.at(-1)!.toFixed(1)} ms`);
console.log(`bare broadcast to ${SOCKETS} sockets (${bareQuiet.length} deliveries): p50 ${pct(bareQuiet, 50).toFixed(1)} ms, p99 ${pct(bareQuiet, 99).toFixed(1)} ms, max ${bareQuiet.at(-1)!.toFixed(1)} ms`);
figure({ bench: 'support-chat', name: `Agent reply to ${SOCKETS} sockets, p99`, db: 'PGlite', product: pct(quiet, 99), raw: pct(bareQuiet, 99), unit: 'ms', target: 1.2, rawLabel: 'bare Socket.IO broadcast' });

// 2. Throughput: MESSAGES replies, CONCURRENCY at a time, until every socket has every one.
async function productRate(round: number) {
  const start = performance.now();
  const expected = delivered + MESSAGES * SOCKETS;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < MESSAGES) await reply(`burst ${round} ${next++}`);
    }),
  );
  await allDelivered(expected);
  const seconds = (performance.now() - start) / 1000;
  const burst = latenciesOf(await receiveTimes(), `burst ${round} `);
  console.log(
    `throughput: ${MESSAGES} messages in ${seconds.toFixed(2)} s = ${(MESSAGES / seconds).toFixed(0)} messages/s stored and fanned out, ` +
      `${((MESSAGES * SOCKETS) / seconds).toFixed(0)} socket deliveries/s; latency under that load p50 ${pct(burst, 50).toFixed(0)} ms, p99 ${pct(burst, 99).toFixed(0)} ms`,
  );
  return MESSAGES / seconds;
}
// The bare broadcast's rate: the same number of events, CONCURRENCY emitted a turn without waiting, until every socket has every one.
async function bareRate(round: number) {
  const start = performance.now();
  const expected = delivered + MESSAGES * SOCKETS;
  for (let i = 0; i < MESSAGES; i++) {
    bare(`bare burst ${round} ${i}`);
    if (i % CONCURRENCY === CONCURRENCY - 1) await new Promise((r) => setImmediate(r));
  }
  await allDelivered(expected);
  const seconds = (performance.now() - start) / 1000;
  console.log(`bare broadcast: ${MESSAGES} events in ${seconds.toFixed(2)} s = ${(MESSAGES / seconds).toFixed(0)} events/s`);
  return MESSAGES / seconds;
}
// Both sides run twice, taking turns, and each keeps its better run: whichever went second would otherwise
// find the sockets, the receiving process and the JIT warmed by the first.
let product = 0;
let raw = 0;
for (let round = 0; round < 2; round++) {
  product = Math.max(product, await productRate(round));
  raw = Math.max(raw, await bareRate(round));
}
figure({ bench: 'support-chat', name: `Agent replies per second to ${SOCKETS} sockets`, db: 'PGlite', product, raw, unit: 'messages/s', better: 'higher', target: 0.8, rawLabel: 'bare Socket.IO broadcast' });

child.send({ type: 'stop' } satisfies ToChild);
agentClient.close();
await app.close();
await database.close();
process.exit(0);
