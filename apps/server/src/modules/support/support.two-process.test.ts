import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { chatAddEventSchema, joinAckSchema, SUPPORT_EVENTS } from '@pmw/contract/support';
import { withDatabase } from '../../../test/global-setup';

/**
 * Two server processes on one PostgreSQL database and one Redis: a message
 * sent through one process reaches a socket connected to the other (the
 * Socket.IO Redis adapter). Runs when TEST_DATABASE_URL and TEST_REDIS_URL are
 * set (.ci/run sets both when the services answer).
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const skipReason = !databaseUrl || !redisUrl ? 'needs TEST_DATABASE_URL and TEST_REDIS_URL (PostgreSQL and Redis)' : '';
if (skipReason) console.log(`[support two-process test] skipped: ${skipReason}`);

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server.ts');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

interface Proc {
  base: string;
  child: ChildProcess;
  log: () => string;
}

async function startProcess(env: Record<string, string>): Promise<Proc> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      OTP_RESEND_SECONDS: '0',
      OTP_MAX_PER_IP: '100000',
      OTP_MAX_PER_MOBILE: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    if (
      await fetch(`${base}/api/v2/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, child, log: () => log };
}

async function stop(p: Proc | undefined) {
  if (!p || p.child.exitCode !== null) return;
  const exited = new Promise((r) => p.child.once('exit', r));
  p.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (p.child.exitCode === null) p.child.kill('SIGKILL');
}

async function login(base: string, prefix: '/partner' | '/ops', mobile: string): Promise<string> {
  const post = (p: string, payload: unknown) =>
    fetch(`${base}/api/v2${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  const sent = await post(prefix === '/ops' ? '/ops/otp/send' : '/partner/otp/send', { mobile });
  expect(sent.status).toBe(200);
  const outbox = (await (await fetch(`${base}/api/v2/dev/outbox?mobile=${mobile}`)).json()) as { data: { otp: string }[] };
  const res = await post(prefix === '/ops' ? '/ops/login/otp' : '/partner/user/login/otp', { mobile, otp: outbox.data[0]!.otp });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe.skipIf(!!skipReason)('support chat across two server processes', () => {
  const dbName = `pmw_support2p_${process.pid}`;
  const dataDirs: string[] = [];
  let a: Proc | undefined;
  let b: Proc | undefined;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const common = {
      DATABASE_URL: withDatabase(databaseUrl!, dbName),
      REDIS_URL: redisUrl!,
      SECRET_KEY: 'two-process-secret-key-0123456789abcdef',
    };
    const dir = () => {
      const d = mkdtempSync(path.join(tmpdir(), 'pmw-2p-'));
      dataDirs.push(d);
      return d;
    };
    // The first process migrates and loads the demo; the second finds them there.
    a = await startProcess({ ...common, DATA_DIR: dir(), SEED_DEMO: 'always' });
    b = await startProcess({ ...common, DATA_DIR: dir(), SEED_DEMO: 'never' });
  }, 180_000);

  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await Promise.all([stop(a), stop(b)]);
    dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }, 60_000);

  function open(base: string, cookie: string, kind: 'worker' | 'ops'): Promise<Socket> {
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

  it("an agent's reply sent through one process reaches the worker's socket on the other, and back", async () => {
    const worker = await login(a!.base, '/partner', '9876500001');
    const agent = await login(b!.base, '/ops', '9876500100');

    const workerSocket = await open(a!.base, worker, 'worker');
    expect(joinAckSchema.parse(await workerSocket.emitWithAck(SUPPORT_EVENTS.join, { ticket_id: 402 }))).toEqual({ ok: true });
    const agentSocket = await open(b!.base, agent, 'ops');

    // An agent's socket hears the agent's own replies too, and may hear them after the answer to the request: wait for the message meant.
    const hears = (socket: Socket, message: string) =>
      new Promise((resolve) =>
        socket.on(SUPPORT_EVENTS.chatAdd, (v: unknown) => {
          const event = chatAddEventSchema.parse(v);
          if (event.chat.chat_message === message) resolve(event);
        }),
      );
    const toWorker = hears(workerSocket, 'Sent through process B');
    const sent = await fetch(`${b!.base}/api/v2/ops/support/ticket/chat/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: agent },
      body: JSON.stringify({ ticket_id: 402, chat_message: 'Sent through process B' }),
    });
    expect(sent.status).toBe(200);
    expect(await toWorker).toMatchObject({ ticket_id: 402, chat: { chat_message: 'Sent through process B', direction: 2 } });

    const toAgent = hears(agentSocket, 'Answered through process A');
    const reply = await fetch(`${a!.base}/api/v2/support/user/ticket/chat/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: worker },
      body: JSON.stringify({ ticket_id: 402, chat_message: 'Answered through process A', direction: 1 }),
    });
    expect(reply.status).toBe(200);
    expect(await toAgent).toMatchObject({ ticket_id: 402, chat: { chat_message: 'Answered through process A', direction: 1 } });
  }, 60_000);
});
