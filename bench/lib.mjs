// What every bench needs: arguments, a free port, the built server on its own
// data dir, a PostgreSQL database of its own, Chromium with the house flags,
// percentiles, and figures printed as product beside raw with the ratio and
// the machine's load (the machine is shared, so only ratios compare).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serverNodeFlags } from '../scripts/server-node-flags.mjs';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * Requests that failed (an answer outside 2xx, or no answer) in this bench: a
 * figure measured over failures measures nothing, so the bench prints them and
 * exits non-zero, whatever it printed before. Every request to a server the
 * bench started counts (fetch, httpClient, runConcurrent); one that expects a
 * refusal says so with `expected: [409]` in fetch's options or httpClient's.
 */
const failures = [];
export function requestFailed(what) {
  failures.push(what);
}
process.on('exit', () => {
  if (!failures.length) return;
  console.error(`${failures.length} request${failures.length === 1 ? '' : 's'} failed; the first: ${failures.slice(0, 3).join(' | ')}`);
  process.exitCode = 1;
});
const servers = new Set();
const ours = (url) => [...servers].some((base) => String(url).startsWith(base));
const okStatus = (status, expected) => (status >= 200 && status < 300) || (expected ?? []).includes(status);
const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  const what = `${init?.method ?? 'GET'} ${url.replace(/^https?:\/\/[^/]+/, '')}`;
  try {
    const res = await realFetch(input, init);
    if (ours(url) && !okStatus(res.status, init?.expected)) requestFailed(`${what}: ${res.status}`);
    return res;
  } catch (err) {
    if (ours(url)) requestFailed(`${what}: ${err instanceof Error ? err.message : err}`);
    throw err;
  }
};

/** `--name value` from the command line, or the default. */
export function arg(name, dflt) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : dflt;
}
export const numArg = (name, dflt) => Number(arg(name, dflt));
export const flag = (name) => process.argv.includes(`--${name}`);

/** The PostgreSQL server to bench on: `--pg URL`, else none (PGlite). */
export const pgArg = () => arg('pg', undefined);

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const buildDir = process.env.PMW_BUILD_DIR;
/** The built server bundle (npm run build, or scripts/build-to.sh DIR with PMW_BUILD_DIR=DIR). */
export const serverBundle = buildDir ? path.join(buildDir, 'server/server.mjs') : path.join(root, 'apps/server/dist/server.mjs');

/**
 * Limits that would otherwise stop a bench that logs many people in from one
 * address; and no contract check of each answer, which only runs outside
 * production: the benches measure the work production does.
 */
export const benchEnv = {
  LOG_LEVEL: 'warn',
  CHECK_RESPONSES: 'false',
  OTP_RESEND_SECONDS: '0',
  OTP_MAX_PER_IP: '100000000',
  OTP_MAX_PER_MOBILE: '100000',
};

/**
 * Starts the built server on a free port of 127.0.0.1 with its own temporary
 * DATA_DIR (or `dataDir`), waits for /api/v2/health and answers how long that took.
 */
export async function startServer({ env = {}, dataDir, stdio = ['ignore', 'ignore', 'inherit'] } = {}) {
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'pmw-bench-'));
  const t0 = performance.now();
  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server (Node refuses --cpu-prof in NODE_OPTIONS).
  const child = spawn(
    process.execPath,
    [...serverNodeFlags, ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), serverBundle],
    {
      cwd: root,
      env: {
        ...process.env,
        ...(buildDir ? { WEB_DIST_DIR: path.join(buildDir, 'web') } : {}),
        ...benchEnv,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        ...env,
      },
      stdio,
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      // Not the counting fetch: refusals while it starts are expected.
      if ((await realFetch(`${base}/api/v2/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    // Polled often: the raw side is timed to the moment it answers.
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = performance.now() - t0;
  servers.add(base);
  return {
    base,
    port,
    child,
    ms,
    dataDir: dir,
    /** The server's resident memory now, in MB. */
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024,
    async stop({ keep = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keep && !dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A database of this bench's own on the PostgreSQL server at `url`; `drop()` removes it. */
export async function createPgDatabase(url, prefix = 'pmw_bench') {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 7)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** Debian's Chromium, headless, with the flags every bench and screenshot uses. Never a downloaded browser. */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
  // What the pages load from a server the bench started counts like the bench's own requests.
  const watch = (context) => {
    context.on('response', (res) => {
      // A browser follows redirects and revalidates (304) by itself: only errors count.
      if (ours(res.url()) && res.status() >= 400) requestFailed(`browser ${res.request().method()} ${res.url()}: ${res.status()}`);
    });
    context.on('requestfailed', (req) => {
      // A page closed once measured cancels what it still loads (net::ERR_ABORTED): not a failure.
      if (ours(req.url()) && !/ERR_ABORTED/.test(req.failure()?.errorText ?? ''))
        requestFailed(`browser ${req.method()} ${req.url()}: ${req.failure()?.errorText}`);
    });
    return context;
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => watch(await newContext(...args));
  browser.newPage = async (...args) => {
    const context = await browser.newContext(...args);
    const page = await context.newPage();
    // As Playwright's own newPage: the context closes with its page.
    page.once('close', () => void context.close().catch(() => undefined));
    return page;
  };
  return browser;
}

/** The p-th percentile (0-100) of a list of numbers. */
export function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** Runs `fn(i)` for i in 0..n-1, `concurrency` at a time; answers the latencies, errors and rate. */
export async function runConcurrent(n, concurrency, fn) {
  const latencies = [];
  const errors = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const s = performance.now();
        try {
          await fn(i);
        } catch (err) {
          errors.push(err instanceof Error ? err.message : String(err));
          requestFailed(errors.at(-1));
        }
        latencies.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { perSecond: n / seconds, seconds, errors, latencies, p50: pct(latencies, 50), p95: pct(latencies, 95), p99: pct(latencies, 99) };
}

/** The machine's 1-minute load average, as uptime prints it. */
export const machineLoad = () => loadavg()[0].toFixed(2);

const fmt = (v) => (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2));

/**
 * Prints one figure: the product's value beside the raw one from the same run
 * and their ratio, with the target and the load, and a FIGURE line that
 * bench/run.mjs gathers into the table in docs/performance.md.
 * `better` says which way is good: 'lower' (times) compares product/raw to
 * at most `target`; 'higher' (rates) compares product/raw to at least `target`.
 */
export function figure({ bench, name, db, product, raw, unit, better = 'lower', target, rawLabel = 'raw' }) {
  const ratio = product / raw;
  const ok = target === undefined ? undefined : better === 'lower' ? ratio <= target : ratio >= target;
  const load = machineLoad();
  const goal = target === undefined ? '' : ` (target ${better === 'lower' ? '≤' : '≥'} ${target}×: ${ok ? 'met' : 'NOT met'})`;
  console.log(
    `${name} on ${db}: product ${fmt(product)} ${unit}, ${rawLabel} ${fmt(raw)} ${unit}, ratio ${ratio.toFixed(2)}×${goal}, load ${load}`,
  );
  console.log(
    `FIGURE ${JSON.stringify({ bench, name, db, product: Number(fmt(product)), raw: Number(fmt(raw)), unit, ratio: Number(ratio.toFixed(2)), target: target ?? null, better, ok: ok ?? null, load: Number(load), rawLabel })}`,
  );
  return { ratio, ok };
}

/** Logs a partner in by OTP through the dev outbox; answers the Cookie header. */
export async function loginPartner(base, mobile = '9876500001') {
  const post = (url, body) =>
    fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(body) });
  const sent = await post('/api/v2/partner/otp/send', { mobile });
  if (!sent.ok) throw new Error(`OTP send failed: ${sent.status} ${await sent.text()}`);
  const otp = (await (await fetch(`${base}/api/v2/dev/outbox?mobile=${mobile}`)).json()).data[0].otp;
  const login = await post('/api/v2/partner/user/login/otp', { mobile, otp });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** POST JSON as the app's own page would (same origin). */
export const postJson = (base, url, body, cookie) =>
  fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

/**
 * A keep-alive HTTP client for timed requests, as light as the raw side's
 * database client: node:http, asking for a compressed answer as a browser
 * does and inflating and parsing it. undici's fetch added 0.5–1 ms to each
 * request of its own work in the bench's process (p50 2.3–2.7 against
 * 1.5–1.8 ms for the same Leads Report page), which is the client's, not the
 * product's. `request` answers { status, ms, body } (the JSON, parsed).
 */
export function httpClient(base, { connections = 1 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const inflate = { br: brotliDecompressSync, gzip: gunzipSync };
  function request(method, url, { headers = {}, body, expected } = {}) {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const t0 = performance.now();
      const req = http.request(
        base + url,
        {
          method,
          agent,
          headers: {
            'accept-encoding': 'br, gzip',
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length, origin: base } : {}),
            ...headers,
          },
        },
        (res) => {
          const parts = [];
          res.on('data', (c) => parts.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const raw = Buffer.concat(parts);
            const decode = inflate[res.headers['content-encoding']];
            const text = (decode ? decode(raw) : raw).toString('utf8');
            const ms = performance.now() - t0;
            if (!okStatus(res.statusCode, expected)) requestFailed(`${method} ${url}: ${res.statusCode}`);
            resolve({
              status: res.statusCode,
              ms,
              headers: res.headers,
              body: text && res.headers['content-type']?.includes('json') ? JSON.parse(text) : text,
            });
          });
        },
      );
      req.on('error', (err) => {
        requestFailed(`${method} ${url}: ${err.message}`);
        reject(err);
      });
      req.end(payload);
    });
  }
  return {
    request,
    get: (url, opts) => request('GET', url, opts),
    post: (url, body, opts) => request('POST', url, { ...opts, body }),
    close: () => agent.destroy(),
  };
}
