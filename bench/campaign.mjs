#!/usr/bin/env node
// Campaign page figures:
//  1. the JS and CSS /utm/asha01 loads (gzip -9 size and bytes on the wire), and that no other area's chunk is among them;
//  2. its load time in headless Chromium on DevTools' "Slow 3G" profile (2 s RTT, 400 kbit/s) with 4x CPU slowdown:
//     until the products are usable (first Get Now button) and until the load event;
//  3. lead submissions per second the server sustains, with the error count, on PGlite and (when it answers) PostgreSQL.
//
//   node bench/campaign.mjs [--leads 600] [--concurrency 16] [--only-leads]
//
// Needs a build (npm run build, or scripts/build-to.sh DIR with PMW_BUILD_DIR=DIR) and /usr/bin/chromium.
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
const LEADS = arg('leads', 600);
const CONCURRENCY = arg('concurrency', 16);
/** Products of asha01's page with the card form (mobile, name, PAN, city, optional photo). */
const CARD_FORMS = [201, 202, 203, 400, 401, 402, 403, 404, 405, 406, 407, 408];
const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: (500 * 1000 * 0.8) / 8, uploadThroughput: (500 * 1000 * 0.8) / 8 };

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

async function start(env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pmw-bench-campaign-'));
  const child = spawn(process.execPath, [bundle], {
    cwd: root,
    env: {
      ...process.env,
      ...(buildDir ? { WEB_DIST_DIR: path.join(buildDir, 'web') } : {}),
      PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn',
      OTP_RESEND_SECONDS: '0', OTP_MAX_PER_IP: '10000000', OTP_MAX_PER_MOBILE: '1000',
      ...env,
    },
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
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const launch = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });

async function pageWeight(base) {
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const wire = new Map();
  const urls = new Map();
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
  cdp.on('Network.loadingFinished', (e) => wire.set(urls.get(e.requestId), e.encodedDataLength));
  const files = new Map();
  page.on('response', async (res) => {
    const url = res.url();
    if (!/\.(js|css)(\?|$)/.test(url)) return;
    try {
      files.set(url, gzipSync(await res.body(), { level: 9 }).length);
    } catch {
      // no body
    }
  });
  await page.goto(`${base}/utm/asha01`, { waitUntil: 'networkidle' });
  await context.close();
  await browser.close();
  const sum = (ext) => {
    const list = [...files].filter(([u]) => u.split('?')[0].endsWith(ext));
    return {
      files: list.map(([u]) => path.basename(u.split('?')[0])),
      gzip: list.reduce((a, [, n]) => a + n, 0),
      wire: list.reduce((a, [u]) => a + (wire.get(u) ?? 0), 0),
    };
  };
  return { js: sum('.js'), css: sum('.css') };
}

async function slow3gLoad(base, runs = 3) {
  const browser = await launch();
  const usable = [];
  const loaded = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const t0 = performance.now();
    const loadEvent = page.goto(`${base}/utm/asha01`, { waitUntil: 'load', timeout: 120_000 }).then(() => performance.now() - t0);
    await page.getByRole('button', { name: /^Get Now:/ }).first().waitFor({ timeout: 120_000 });
    usable.push(performance.now() - t0);
    loaded.push(await loadEvent);
    await context.close();
  }
  await browser.close();
  const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  return { usable: median(usable), loaded: median(loaded), runs };
}

const post = (base, url, body, cookie) =>
  fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });

/** Customers log in once (not timed); then each submits leads to several products, as a page under load would see. */
async function leadThroughput(base) {
  const customers = Math.ceil(LEADS / CARD_FORMS.length);
  const cookies = [];
  for (let c = 0; c < customers; c++) {
    const mobile = `71${String(c).padStart(8, '0')}`;
    const sent = await post(base, '/api/v2/utm/customer/otp/send', { mobile, utm_code: 'asha01', purpose: 'LOGIN' });
    if (!sent.ok) throw new Error(`OTP send failed: ${await sent.text()}`);
    const outbox = await (await fetch(`${base}/api/v2/dev/outbox?mobile=${mobile}`)).json();
    if (!outbox.data?.[0]) throw new Error(`No OTP in the dev outbox: ${JSON.stringify(outbox)}`);
    const res = await post(base, '/api/v2/utm/customer/login', { mobile, otp: outbox.data[0].otp, utm_code: 'asha01', name: `Bench ${c}` });
    const cookie = res.headers.getSetCookie().map((s) => s.split(';')[0]).join('; ');
    cookies.push({ mobile, cookie });
  }
  const jobs = [];
  for (let i = 0; i < LEADS; i++) {
    const who = cookies[Math.floor(i / CARD_FORMS.length)];
    jobs.push({ ...who, form_id: CARD_FORMS[i % CARD_FORMS.length], key: `bench-${i}-${Date.now()}` });
  }
  let next = 0;
  const errors = [];
  const latencies = [];
  const t0 = performance.now();
  async function worker() {
    while (next < jobs.length) {
      const job = jobs[next++];
      const s = performance.now();
      const res = await post(base, '/api/v2/utm/task/response', {
        form_id: job.form_id, feature: 'UTM', utm_code: 'asha01', idempotency_key: job.key,
        input: [
          { input_id: 1, value: job.mobile }, { input_id: 2, value: 'Bench Customer' },
          { input_id: 3, value: 'ABCPB1234K' }, { input_id: 4, value: 'Pune' },
        ],
      }, job.cookie);
      latencies.push(performance.now() - s);
      if (!res.ok) errors.push(`${res.status} ${await res.text()}`);
      else await res.arrayBuffer();
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: LEADS / seconds,
    errors: errors.length,
    firstError: errors[0],
    p50: latencies[Math.floor(latencies.length * 0.5)],
    p95: latencies[Math.floor(latencies.length * 0.95)],
  };
}

function postgresUrl() {
  try {
    execFileSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q']);
  } catch {
    return undefined;
  }
  const db = `pmw_bench_campaign_${process.pid}`;
  execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-qc', `create database ${db}`]);
  return { url: `postgres://postgres@127.0.0.1:5432/${db}`, drop: () => execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-qc', `drop database if exists ${db} with (force)`]) };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const report = (label, r) =>
  console.log(`lead submissions on ${label}: ${r.perSecond.toFixed(1)}/s (${LEADS} leads, concurrency ${CONCURRENCY}, p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms, ${r.errors} errors${r.firstError ? `; first: ${r.firstError.slice(0, 160)}` : ''})`);

const ONLY_LEADS = process.argv.includes('--only-leads');
const server = await start();
try {
if (!ONLY_LEADS) {
const weight = await pageWeight(server.base);
console.log(`JS loaded by /utm/asha01:  ${kb(weight.js.gzip)} gzip -9, ${kb(weight.js.wire)} on the wire, ${weight.js.files.length} files: ${weight.js.files.join(', ')}`);
console.log(`CSS loaded by /utm/asha01: ${kb(weight.css.gzip)} gzip -9, ${kb(weight.css.wire)} on the wire, ${weight.css.files.length} files: ${weight.css.files.join(', ')}`);
const foreign = [...weight.js.files, ...weight.css.files].filter((f) => /^(team|partner|support|ops|feedback|map-picker|job-page|details-page|slot-page|data-download)/.test(f));
console.log(foreign.length ? `other areas' chunks loaded: ${foreign.join(', ')}` : "other areas' chunks loaded: none");
const slow = await slow3gLoad(server.base);
console.log(`Slow 3G (2 s RTT, 400 kbit/s, 4x CPU), median of ${slow.runs}: products usable after ${(slow.usable / 1000).toFixed(1)} s, load event after ${(slow.loaded / 1000).toFixed(1)} s`);
}
report('PGlite', await leadThroughput(server.base));
} finally {
  await server.stop();
}

const pg = postgresUrl();
if (pg) {
  try {
    const pgServer = await start({ DATABASE_URL: pg.url });
    try {
      report('PostgreSQL', await leadThroughput(pgServer.base));
    } finally {
      await pgServer.stop();
    }
  } finally {
    pg.drop();
  }
} else {
  console.log('PostgreSQL not answering on 127.0.0.1:5432: skipped');
}
