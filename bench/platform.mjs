#!/usr/bin/env node
// Platform figures: start-up time to a healthy /api/v2/health (already built),
// the gzipped JS a browser loads per public area, and OTP login round trips
// (send + verify) per second on PGlite and, when it answers, PostgreSQL.
//
//   node bench/platform.mjs [--logins 200] [--concurrency 8] [--pg postgres://...]
//
// Needs a build (npm run build) and /usr/bin/chromium.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createPgDatabase, figure, flag, launchChromium, numArg, pgArg, root, startServer } from './lib.mjs';

const LOGINS = numArg('logins', 200);
const CONCURRENCY = numArg('concurrency', 8);

const start = (env = {}, dataDir) => startServer({ env, dataDir });

/**
 * The raw side of a start: a Node process that opens an existing PGlite
 * database (the same files) and answers a query, from spawn to answer.
 */
async function rawPgliteOpen(pgdata) {
  const t0 = performance.now();
  const code = `import { PGlite } from '@electric-sql/pglite'; const db = new PGlite(${JSON.stringify(pgdata)}); await db.waitReady; await db.query('select 1'); process.stdout.write('ready'); await db.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: path.join(root, 'apps/server'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ms = await new Promise((resolve, reject) => {
    child.stdout.once('data', () => resolve(performance.now() - t0));
    child.once('exit', (c) => c && reject(new Error(`PGlite open exited with ${c}`)));
  });
  await new Promise((r) => child.once('exit', r));
  return ms;
}

async function loginRoundTrips(base) {
  let next = 0;
  const failures = [];
  const t0 = performance.now();
  async function worker() {
    while (next < LOGINS) {
      const i = next++;
      const mobile = `70${String(i).padStart(8, '0')}`;
      const post = (url, body) =>
        fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const sent = await post('/api/v2/partner/otp/send', { mobile });
      if (!sent.ok) {
        failures.push(await sent.text());
        continue;
      }
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
  const browser = await launchChromium();
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

// First start creates and seeds the database; a second start on the same data is the usual case.
// Three fresh starts and three raw opens of the same database files, in turn; the medians compare.
const freshMs = [];
const rawMs = [];
let fresh;
for (let i = 0; i < 3; i++) {
  fresh = await start();
  freshMs.push(fresh.ms);
  await fresh.stop({ keep: true });
  rawMs.push(await rawPgliteOpen(path.join(fresh.dataDir, 'pgdata')));
  if (i < 2) rmSync(fresh.dataDir, { recursive: true, force: true });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[1];
console.log(
  `start-up to healthy, empty data dir (from the demo snapshot): ${freshMs.map((m) => m.toFixed(0)).join(', ')} ms; PGlite opening the same database: ${rawMs.map((m) => m.toFixed(0)).join(', ')} ms`,
);
figure({
  bench: 'platform',
  name: 'npm start on an empty DATA_DIR to healthy (median of 3)',
  db: 'PGlite',
  product: median(freshMs),
  raw: median(rawMs),
  unit: 'ms',
  target: 1.2,
  rawLabel: 'a Node process opening the same PGlite database',
});
const first = await start({}, fresh.dataDir);
console.log(`start-up to healthy, existing data (the usual npm start): ${first.ms.toFixed(0)} ms`);
const sizes = flag('no-browser') ? {} : await areaSizes(first.base);
for (const [label, s] of Object.entries(sizes))
  console.log(`JS loaded for ${label.padEnd(16)} ${s.gzipKb.toFixed(1)} KB gzipped in ${s.files} files`);
const pglite = await loginRoundTrips(first.base);
console.log(
  `OTP login round trips on PGlite: ${pglite.perSecond.toFixed(1)}/s (${LOGINS} logins, concurrency ${CONCURRENCY}, ${pglite.failures} failures)`,
);
await first.stop();
rmSync(fresh.dataDir, { recursive: true, force: true });

const pgServer = pgArg();
const pg = pgServer ? await createPgDatabase(pgServer, 'pmw_bench_platform') : undefined;
if (pg) {
  try {
    const server = await start({ DATABASE_URL: pg.url });
    console.log(`start-up to healthy on PostgreSQL (migrate + seed): ${server.ms.toFixed(0)} ms`);
    const r = await loginRoundTrips(server.base);
    console.log(
      `OTP login round trips on PostgreSQL: ${r.perSecond.toFixed(1)}/s (${LOGINS} logins, concurrency ${CONCURRENCY}, ${r.failures} failures)`,
    );
    await server.stop();
  } finally {
    await pg.drop();
  }
}
