#!/usr/bin/env node
// Platform figures: start-up time to a healthy /api/v2/health (already built),
// the gzipped JS a browser loads per public area, and OTP login round trips
// (send + verify) per second on PGlite and, when it answers, PostgreSQL.
//
//   node bench/platform.mjs [--logins 200] [--concurrency 8]
//
// Needs a build (npm run build) and /usr/bin/chromium.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const LOGINS = arg('logins', 200);
const CONCURRENCY = arg('concurrency', 8);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const buildDir = process.env.PMW_BUILD_DIR;
const bundle = buildDir ? path.join(buildDir, 'server/server.mjs') : path.join(root, 'apps/server/dist/server.mjs');

async function start(env = {}, reuseDir) {
  const port = await freePort();
  const dataDir = reuseDir ?? mkdtempSync(path.join(tmpdir(), 'pmw-bench-'));
  const t0 = performance.now();
  const child = spawn(process.execPath, [bundle], {
    cwd: root,
    env: { ...process.env, ...(buildDir ? { WEB_DIST_DIR: path.join(buildDir, 'web') } : {}), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', OTP_RESEND_SECONDS: '0', OTP_MAX_PER_IP: '10000000', OTP_MAX_PER_MOBILE: '1000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/v2/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('server exited');
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = performance.now() - t0;
  return {
    base,
    ms,
    dataDir,
    async stop(keep = false) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function loginRoundTrips(base) {
  let next = 0;
  const failures = [];
  const t0 = performance.now();
  async function worker() {
    while (next < LOGINS) {
      const i = next++;
      const mobile = `70${String(i).padStart(8, '0')}`;
      const post = (url, body) => fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const sent = await post('/api/v2/partner/otp/send', { mobile });
      if (!sent.ok) { failures.push(await sent.text()); continue; }
      const outbox = await (await fetch(`${base}/api/v2/dev/outbox?mobile=${mobile}`)).json();
      const res = await post('/api/v2/partner/user/login/otp', { mobile, otp: outbox.data[0].otp });
      if (!res.ok) failures.push(await res.text());
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const s = (performance.now() - t0) / 1000;
  return { perSecond: LOGINS / s, failures: failures.length };
}

async function areaSizes(base) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const pages = {
    '/partner/': '/partner/',
    '/utm/x': '/utm/asha01',
    '/fb/...': '/fb/5001/OTg3NjUxMjM0NQ/MTAx/NDMyMQ',
    '/application/...': '/application/MjYx/MjYxMQ/MTAx',
  };
  const out = {};
  for (const [label, url] of Object.entries(pages)) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script' || res.url().endsWith('.js')) {
        try {
          scripts.set(res.url(), (await res.body()).length ? gzipSync(await res.body(), { level: 9 }).length : 0);
        } catch {
          // a response without a body (redirect): nothing to count
        }
      }
    });
    await page.goto(base + url, { waitUntil: 'networkidle' });
    await context.close();
    out[label] = { files: scripts.size, gzipKb: [...scripts.values()].reduce((a, b) => a + b, 0) / 1024 };
  }
  await browser.close();
  return out;
}

function postgresUrl() {
  try {
    execFileSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q']);
  } catch {
    return undefined;
  }
  const db = `pmw_bench_${process.pid}`;
  execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-qc', `create database ${db}`]);
  return { url: `postgres://postgres@127.0.0.1:5432/${db}`, drop: () => execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-qc', `drop database if exists ${db} with (force)`]) };
}

// First start creates and seeds the database; a second start on the same data is the usual case.
const fresh = await start();
console.log(`start-up to healthy, empty data dir (migrate + seed): ${fresh.ms.toFixed(0)} ms`);
await fresh.stop(true);
const first = await start({}, fresh.dataDir);
console.log(`start-up to healthy, existing data (the usual npm start): ${first.ms.toFixed(0)} ms`);
const sizes = await areaSizes(first.base);
for (const [label, s] of Object.entries(sizes)) console.log(`JS loaded for ${label.padEnd(16)} ${s.gzipKb.toFixed(1)} KB gzipped in ${s.files} files`);
const pglite = await loginRoundTrips(first.base);
console.log(`OTP login round trips on PGlite: ${pglite.perSecond.toFixed(1)}/s (${LOGINS} logins, concurrency ${CONCURRENCY}, ${pglite.failures} failures)`);
await first.stop();

const pg = postgresUrl();
if (pg) {
  try {
    const server = await start({ DATABASE_URL: pg.url });
    console.log(`start-up to healthy on PostgreSQL (migrate + seed): ${server.ms.toFixed(0)} ms`);
    const r = await loginRoundTrips(server.base);
    console.log(`OTP login round trips on PostgreSQL: ${r.perSecond.toFixed(1)}/s (${LOGINS} logins, concurrency ${CONCURRENCY}, ${r.failures} failures)`);
    await server.stop();
  } finally {
    pg.drop();
  }
} else {
  console.log('PostgreSQL not answering on 127.0.0.1:5432: skipped');
}
