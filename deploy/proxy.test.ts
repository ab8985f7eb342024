import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { chatAddEventSchema, joinAckSchema, SUPPORT_EVENTS } from '@pmw/contract/support';
import { withDatabase } from '../apps/server/test/global-setup';
import { COMPANY_ENV, DLT_ENV } from '../apps/server/test/dlt-env';
import { serverNodeFlags } from '../scripts/server-node-flags.mjs';

/**
 * The production topology on one machine: two server processes in production
 * mode on one PostgreSQL and one Redis, behind nginx running deploy/nginx.conf
 * (its ports and paths rewritten, nothing else). Runs when TEST_DATABASE_URL
 * and TEST_REDIS_URL are set and nginx is installed (.ci/run sees to all three).
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const skipReason =
  !databaseUrl || !redisUrl
    ? 'needs TEST_DATABASE_URL and TEST_REDIS_URL (PostgreSQL and Redis)'
    : !nginxBin
      ? 'needs nginx (apt-get install nginx-light)'
      : '';
if (skipReason) console.log(`[proxy test] skipped: ${skipReason}`);

const root = path.resolve(import.meta.dirname, '..');
// The built bundle, as production runs it (`npm run build` first; .ci/run builds before this pass).
const serverBundle = path.join(root, 'apps/server/dist/server.mjs');
const OTP_MAX_PER_IP = 6;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

const waitFor = async (what: string, check: () => boolean | Promise<boolean>, ms = 60_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** A stand-in SMS gateway: the processes POST {mobile, text} here, as to a real one. */
function smsGateway(): Promise<{ url: string; server: Server; lastOtp(mobile: string): string | undefined }> {
  const sent: { mobile: string; text: string }[] = [];
  const server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      sent.push(JSON.parse(body) as { mobile: string; text: string });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}/sms`,
        server,
        lastOtp: (mobile) =>
          [...sent]
            .reverse()
            .find((m) => m.mobile === mobile)
            ?.text.match(/\b(\d{4})\b/)?.[1],
      });
    }),
  );
}

interface Proc {
  port: number;
  child: ChildProcess;
  log: () => string;
}

function runServer(env: Record<string, string>, args: string[] = []): ChildProcess {
  return spawn(process.execPath, [...serverNodeFlags, serverBundle, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs the bundle once with a flag (--migrate-only, --seed-only) and waits for it, without blocking the test's timers. */
async function runOnce(env: Record<string, string>, flag: string): Promise<void> {
  const child = runServer(env, [flag]);
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${flag} failed (${code}):\n${log}`);
}

async function startProcess(env: Record<string, string>, port: number): Promise<Proc> {
  let log = '';
  const child = runServer({ ...env, PORT: String(port) });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  await waitFor(
    `process on ${port}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
      // A process joins the proxy's rotation once it is ready, as docs/deploy.md has a rollout wait.
      return fetch(`http://127.0.0.1:${port}/api/v2/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
    },
    90_000,
  );
  return { port, child, log: () => log };
}

async function stop(p: Proc | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise((r) => p.child.once('exit', r));
  p.child.kill(signal);
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
}

describe.skipIf(!!skipReason)('several processes behind nginx (deploy/nginx.conf)', () => {
  const dbName = `pmw_proxy_${process.pid}`;
  const work = mkdtempSync(path.join(tmpdir(), 'pmw-proxy-'));
  const procs: Record<'a' | 'b', Proc | undefined> = { a: undefined, b: undefined };
  const ports = { a: 0, b: 0 };
  const sockets: Socket[] = [];
  let nginx: ChildProcess | undefined;
  let sms: Awaited<ReturnType<typeof smsGateway>>;
  let base = '';
  let ca: string;
  let env: Record<string, string>;

  /** One HTTPS request through the proxy (the test trusts the proxy's self-signed certificate). */
  function call(method: string, p: string, opts: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {}) {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    return new Promise<{ status: number; json: unknown; cookies: string[]; headers: Record<string, string | string[] | undefined> }>(
      (resolve, reject) => {
        const req = httpsRequest(
          `${base}${p}`,
          {
            method,
            ca,
            agent: false,
            headers: {
              origin: base,
              ...(payload ? { 'content-type': 'application/json' } : {}),
              ...(opts.cookie ? { cookie: opts.cookie } : {}),
              ...opts.headers,
            },
          },
          (res) => {
            let text = '';
            res.on('data', (d: Buffer) => (text += d.toString()));
            res.on('end', () => {
              let json: unknown = text;
              try {
                json = JSON.parse(text);
              } catch {
                // not JSON: nginx's own error pages are HTML
              }
              resolve({ status: res.statusCode ?? 0, json, cookies: res.headers['set-cookie'] ?? [], headers: res.headers });
            });
          },
        );
        req.on('error', reject);
        req.end(payload);
      },
    );
  }

  async function login(kind: 'partner' | 'ops', mobile: string): Promise<string> {
    const sendPath = kind === 'ops' ? '/api/v2/ops/otp/send' : '/api/v2/partner/otp/send';
    const sent = await call('POST', sendPath, { body: { mobile } });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    const otp = sms.lastOtp(mobile);
    expect(otp).toBeDefined();
    const verifyPath = kind === 'ops' ? '/api/v2/ops/login/otp' : '/api/v2/partner/user/login/otp';
    const res = await call('POST', verifyPath, { body: { mobile, otp } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // Behind https the session cookie must be Secure.
    expect(res.cookies.some((c) => /;\s*secure/i.test(c))).toBe(true);
    return res.cookies.map((c) => c.split(';')[0]).join('; ');
  }

  function openSocket(cookie: string, kind: 'worker' | 'ops'): Socket {
    const socket = connect(`${base}/support`, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie, origin: base },
      auth: { kind },
      ca,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1000,
    });
    sockets.push(socket);
    return socket;
  }

  const connected = (s: Socket) => waitFor('socket connected', () => s.connected, 30_000);

  beforeAll(async () => {
    if (!existsSync(serverBundle)) throw new Error(`${serverBundle} is missing: run \`npm run build\` before this test`);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    sms = await smsGateway();

    // TLS for the proxy: a self-signed certificate for 127.0.0.1.
    const key = path.join(work, 'proxy.key');
    const crt = path.join(work, 'proxy.crt');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        crt,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    ca = readFileSync(crt, 'utf8');

    const proxyPort = await freePort();
    ports.a = await freePort();
    ports.b = await freePort();
    base = `https://127.0.0.1:${proxyPort}`;
    const dbUrl = withDatabase(databaseUrl!, dbName);
    env = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl!,
      SECRET_KEY: 'proxy-test-secret-key-0123456789abcdef',
      PUBLIC_URL: base,
      TRUST_PROXY: '1',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: sms.url,
      ...DLT_ENV,
      ...COMPANY_ENV,
      LOG_LEVEL: 'warn',
      OTP_RESEND_SECONDS: '0',
      OTP_MAX_PER_MOBILE: '1000',
      OTP_MAX_PER_IP: String(OTP_MAX_PER_IP),
      LEAD_EXPIRY_INTERVAL_MINUTES: '0',
      DATA_DIR: path.join(work, 'data'),
    };

    // Migrations run once before the processes start (production processes never migrate);
    // the demo data stands in for a live database (loaded outside production mode).
    await runOnce(env, '--migrate-only');
    await runOnce({ ...env, NODE_ENV: 'development', SEED_DEMO: 'always' }, '--seed-only');

    [procs.a, procs.b] = await Promise.all([startProcess(env, ports.a), startProcess(env, ports.b)]);

    // deploy/nginx.conf as shipped, pointed at this run's processes, ports and files.
    // Directives are rewritten where they stand (line starts), never inside a comment.
    const conf = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
      .replace(/^pid .*;$/m, `pid ${work}/nginx.pid;`)
      .replace(/^error_log .*;$/m, `error_log ${work}/error.log warn;`)
      .replace(/^(\s*)access_log (\S+) (\w+);$/m, `$1access_log ${work}/access.log $3;`)
      .replace(/^(\s*)server 127\.0\.0\.1:3001/m, `$1server 127.0.0.1:${ports.a}`)
      .replace(/^(\s*)server 127\.0\.0\.1:3002/m, `$1server 127.0.0.1:${ports.b}`)
      .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${await freePort()};`)
      .replace(/^(\s*)listen 443 ssl/m, `$1listen 127.0.0.1:${proxyPort} ssl`)
      .replace(/^(\s*)ssl_certificate .*;$/m, `$1ssl_certificate ${crt};`)
      .replace(/^(\s*)ssl_certificate_key .*;$/m, `$1ssl_certificate_key ${key};`)
      .replace(
        /^http \{$/m,
        `http {\n  client_body_temp_path ${work}/body;\n  proxy_temp_path ${work}/proxy;\n  fastcgi_temp_path ${work}/fastcgi;\n  uwsgi_temp_path ${work}/uwsgi;\n  scgi_temp_path ${work}/scgi;`,
      );
    for (const wanted of [`127.0.0.1:${proxyPort} ssl`, `ssl_certificate ${crt}`, `pid ${work}`]) expect(conf).toContain(wanted);
    for (const port of [ports.a, ports.b]) expect(conf).toContain(`127.0.0.1:${port}`);
    writeFileSync(path.join(work, 'nginx.conf'), conf);
    mkdirSync(path.join(work, 'logs'), { recursive: true });
    let nginxLog = '';
    nginx = spawn(nginxBin!, ['-p', work, '-c', path.join(work, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stderr?.on('data', (d: Buffer) => (nginxLog += d.toString()));
    let lastAnswer = '';
    await waitFor('nginx', async () => {
      if (nginx!.exitCode !== null) throw new Error(`nginx exited:\n${nginxLog}`);
      return call('GET', '/api/v2/health').then(
        (r) => ((lastAnswer = `${r.status} ${JSON.stringify(r.json).slice(0, 200)}`), r.status === 200),
        (e: Error) => ((lastAnswer = e.message), false),
      );
    }).catch((e: Error) => {
      const errors = existsSync(path.join(work, 'error.log')) ? readFileSync(path.join(work, 'error.log'), 'utf8').slice(-2000) : '';
      throw new Error(`${e.message}; last answer: ${lastAnswer}\n${nginxLog}\n${errors}`);
    });
  }, 240_000);

  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    nginx?.kill('SIGQUIT');
    await Promise.all([stop(procs.a), stop(procs.b)]);
    sms?.server.close();
    if (!process.env.KEEP_PROXY_WORK) rmSync(work, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }, 60_000);

  it("live chat carries on when the process holding the worker's socket is killed, and nothing sent meanwhile is lost", async () => {
    const worker = await login('partner', '9876500001');
    const agent = await login('ops', '9876500100');
    const ticketId = 402;

    const workerSocket = openSocket(worker, 'worker');
    // The web app joins its ticket on every connect; so does this worker.
    workerSocket.on('connect', () => void workerSocket.emitWithAck(SUPPORT_EVENTS.join, { ticket_id: ticketId }));
    await connected(workerSocket);
    await waitFor(
      'joined',
      async () => joinAckSchema.parse(await workerSocket.emitWithAck(SUPPORT_EVENTS.join, { ticket_id: ticketId })).ok,
    );

    const received: string[] = [];
    workerSocket.on(SUPPORT_EVENTS.chatAdd, (v: unknown) => received.push(chatAddEventSchema.parse(v).chat.chat_message ?? ''));
    const reply = (text: string) =>
      call('POST', '/api/v2/ops/support/ticket/chat/add', { cookie: agent, body: { ticket_id: ticketId, chat_message: text } });

    expect((await reply('Before the failure')).status).toBe(200);
    await waitFor('first reply', () => received.includes('Before the failure'), 20_000);

    // Kill one process; if the socket stays up it lived on the other, so bring the first back and kill that one.
    let dropped = false;
    workerSocket.once('disconnect', () => (dropped = true));
    await stop(procs.a, 'SIGKILL');
    const sawDrop = await waitFor('drop', () => dropped, 3_000).then(
      () => true,
      () => false,
    );
    if (!sawDrop) {
      procs.a = await startProcess(env, ports.a);
      workerSocket.once('disconnect', () => (dropped = true));
      await stop(procs.b, 'SIGKILL');
      await waitFor('socket dropped with its process', () => dropped, 10_000);
    }
    // Sent while the worker's socket is reconnecting: it must be in the conversation afterwards.
    const meanwhile = await reply('Sent while you were reconnecting');
    expect(meanwhile.status, JSON.stringify(meanwhile.json)).toBe(200);

    await connected(workerSocket);
    await waitFor(
      'rejoined',
      async () => joinAckSchema.parse(await workerSocket.emitWithAck(SUPPORT_EVENTS.join, { ticket_id: ticketId })).ok,
    );
    expect((await reply('After the failure')).status).toBe(200);
    await waitFor('the next reply reaches the worker live', () => received.includes('After the failure'), 20_000);

    const conversation = await call('GET', `/api/v2/support/user/ticket/conversation/fetch?ticket_id=${ticketId}`, { cookie: worker });
    expect(conversation.status).toBe(200);
    const texts = (conversation.json as { data: { chats: { chat_message: string | null }[] } }).data.chats.map((c) => c.chat_message);
    expect(texts).toEqual(expect.arrayContaining(['Before the failure', 'Sent while you were reconnecting', 'After the failure']));

    // Both processes up again for what follows.
    if (procs.a?.child.exitCode !== null || procs.a.child.signalCode !== null) procs.a = await startProcess(env, ports.a);
    if (procs.b?.child.exitCode !== null || procs.b.child.signalCode !== null) procs.b = await startProcess(env, ports.b);
  }, 180_000);

  /** Marks a process `down` in the proxy's upstream (or back up) and reloads nginx; waits until new requests follow. */
  async function takeOutOfProxy(port: number, out: boolean) {
    const file = path.join(work, 'nginx.conf');
    const server = `server 127.0.0.1:${port}`;
    const conf = readFileSync(file, 'utf8').replace(new RegExp(`${server}( down)?`), out ? `${server} down` : server);
    writeFileSync(file, conf);
    nginx!.kill('SIGHUP');
    if (!out) return;
    const accessLog = path.join(work, 'access.log');
    await waitFor('the reloaded proxy to leave the process out', async () => {
      const mark = readFileSync(accessLog, 'utf8').length;
      await Promise.all(Array.from({ length: 4 }, () => call('GET', '/api/v2/health').catch(() => undefined)));
      return !readFileSync(accessLog, 'utf8').slice(mark).includes(`upstream=127.0.0.1:${port} `);
    });
  }

  /** A process the proxy saw fail is skipped for fail_timeout after it is back: wait until the access log shows both answering. */
  async function proxyUsesBoth() {
    const accessLog = path.join(work, 'access.log');
    await waitFor('the proxy sending requests to both processes', async () => {
      const mark = readFileSync(accessLog, 'utf8').length;
      await Promise.all(Array.from({ length: 4 }, () => call('GET', '/api/v2/health').catch(() => undefined)));
      const recent = readFileSync(accessLog, 'utf8').slice(mark);
      return [ports.a, ports.b].every((port) => recent.includes(`upstream=127.0.0.1:${port} upstream_status=200`));
    });
  }

  it('a process taken out of the proxy and stopped with SIGTERM during a stream of requests fails none of them', async () => {
    await proxyUsesBoth();
    const results: number[] = [];
    let running = true;
    const stream = async () => {
      while (running) {
        const [health, page, otp] = await Promise.all([
          call('GET', '/api/v2/health').then(
            (r) => r.status,
            () => 0,
          ),
          call('GET', '/api/v2/utm/asha01/profile').then(
            (r) => r.status,
            () => 0,
          ),
          // A POST too: nginx must never send it twice or drop it.
          call('POST', '/api/v2/partner/user/login/otp', { body: { mobile: '9876500002', otp: '0000' } }).then(
            (r) => r.status,
            () => 0,
          ),
        ]);
        results.push(health, page, otp);
      }
    };
    const streams = Promise.all([stream(), stream(), stream(), stream()]);
    await waitFor('a steady stream', () => results.length >= 60);
    // As docs/deploy.md rolls a version: out of the proxy first (a reload drops no connection),
    // then SIGTERM while requests it already has are still being answered.
    await takeOutOfProxy(ports.b, true);
    await stop(procs.b, 'SIGTERM');
    const after = results.length;
    await waitFor('more requests after the stop', () => results.length >= after + 60);
    running = false;
    await streams;
    // Every answer came from the app (no 502/503/504 from the proxy, no reset connection).
    const failed = results.filter((s) => s === 0 || s >= 500);
    const proxyErrors = () =>
      readFileSync(path.join(work, 'error.log'), 'utf8')
        .split('\n')
        .filter((l) => !l.includes('[warn]'))
        .slice(-10)
        .join('\n');
    expect(
      failed,
      `${failed.length} of ${results.length} failed (0 = no answer reached the client)\n${failed.length ? proxyErrors() : ''}`,
    ).toEqual([]);
    procs.b = await startProcess(env, ports.b);
    await takeOutOfProxy(ports.b, false);
    await proxyUsesBoth();
  }, 180_000);

  it('per-address OTP limits hold across both processes whatever X-Forwarded-For the client writes', async () => {
    // Every request of this test comes from one real address (the proxy's client), whatever it claims.
    const answers: number[] = [];
    for (let i = 0; i < OTP_MAX_PER_IP + 3; i++) {
      const forged = `203.0.113.${i + 1}`;
      const res = await call('POST', '/api/v2/partner/otp/send', {
        body: { mobile: `98765${String(70000 + i)}` },
        headers: { 'x-forwarded-for': forged },
      });
      answers.push(res.status);
    }
    const firstRefusal = answers.indexOf(429);
    expect(firstRefusal, answers.join(',')).toBeGreaterThan(0);
    expect(firstRefusal).toBeLessThanOrEqual(OTP_MAX_PER_IP);
    expect(answers.slice(0, firstRefusal).every((s) => s === 200)).toBe(true);
    expect(answers.slice(firstRefusal).every((s) => s === 429)).toBe(true);
  }, 60_000);
});
