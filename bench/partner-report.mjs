#!/usr/bin/env node
// Leads Report figures: fills N leads across many partners, one of
// them (Asha, user 101) with 100,000, then measures through the HTTP API:
// p50/p95 of the counts call and of a filtered page fetch, and the CSV
// download's rows per second with the server's peak memory.
//
//   node bench/partner-report.mjs [--db pg|pglite|both] [--leads N] [--requests 200]
//
// Defaults: 1,000,000 leads on PostgreSQL (DATABASE_URL or postgres://postgres@127.0.0.1:5432),
// 200,000 on PGlite. Needs a build (scripts/build-to.sh DIR with PMW_BUILD_DIR=DIR, or npm run build).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const which = arg('db', 'both');
const REQUESTS = Number(arg('requests', 200));
const TARGET = 100_000;
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const buildDir = process.env.PMW_BUILD_DIR;
const bundle = buildDir ? path.join(buildDir, 'server/server.mjs') : path.join(root, 'apps/server/dist/server.mjs');

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function start(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [bundle], {
    cwd: root,
    env: { ...process.env, ...(buildDir ? { WEB_DIST_DIR: path.join(buildDir, 'web') } : {}), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', OTP_RESEND_SECONDS: '0', OTP_MAX_PER_MOBILE: '1000', LEAD_EXPIRY_INTERVAL_MINUTES: '0', ...env },
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
  const stop = () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM'); });
  return { base, child, stop };
}

/** The fill, in SQL, so 1,000,000 leads take seconds rather than minutes. */
function fillSql(total) {
  const others = 500;
  return [
    `insert into users (user_id, mobile, first_name) select 20000 + g, '70' || lpad(g::text, 8, '0'), 'Bench ' || g from generate_series(1, ${others}) g on conflict do nothing`,
    `insert into form_responses (form_response_id, form_id, job_id, partner_user_id, customer_name, customer_mobile, status, sub_status, archive_status, status_comment, payout_paise, created_on, modified_on)
     select 1000000 + g, j, j,
       case when g <= ${TARGET} then 101 else 20001 + (g % ${others}) end,
       'Customer ' || g, '9' || lpad(g::text, 9, '0'),
       (g % 3)::smallint, (case when g % 11 = 0 then 1 else 0 end)::smallint, (case when g % 3 = 0 and g % 5 = 0 then 1 else 0 end)::smallint,
       case when g % 3 = 2 then 'Not eligible' end, 100000,
       now() - make_interval(secs => g * 20), now() - make_interval(secs => g * 10)
     from generate_series(1, ${total}) g, lateral (select (array[201,202,203,221,231,251])[1 + g % 6] as j) p`,
    `insert into form_response_data (form_response_id, input_id, value, file_id)
     select 1000000 + g, i, case i when 1 then '9' || lpad(g::text, 9, '0') when 2 then 'Customer ' || g else 'Value ' || g end, null
     from generate_series(1, ${total}) g, generate_series(1, 3) i`,
    'analyze',
  ];
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function measure(base, pid) {
  const send = await fetch(`${base}/api/v2/partner/otp/send`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile: '9876500001' }) });
  if (!send.ok) throw new Error(`otp send ${send.status}`);
  const otp = (await (await fetch(`${base}/api/v2/dev/outbox?mobile=9876500001`)).json()).data[0].otp;
  const login = await fetch(`${base}/api/v2/partner/user/login/otp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile: '9876500001', otp }) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const get = (url) => fetch(`${base}/api/v2/partner${url}`, { headers: { cookie } });
  const time = async (url) => {
    const t0 = performance.now();
    const res = await get(url);
    const body = await res.json();
    if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
    return [performance.now() - t0, body.data];
  };
  const all = (await time('/report/task/counts/fetch?archive_status=0,1'))[1];
  const total = all.PENDING + all.PENDING_PARTIAL + all.REJECTED + all.VERIFIED;
  const counts = [];
  const pages = [];
  for (let i = 0; i < 10; i++) await time('/report/task/counts/fetch?archive_status=0,1'); // warm-up
  for (let i = 0; i < REQUESTS; i++) counts.push((await time(`/report/task/counts/fetch?archive_status=0,1${i % 2 ? '&job_id=201' : ''}`))[0]);
  let filteredCount = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const [ms, data] = await time(`/report/task/data/fetch?job_id=201&status=0&archive_status=0&limit=20&offset=${(i % 50) * 20}`);
    pages.push(ms);
    filteredCount = data.count;
  }
  const statusOf = () => readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(statusOf())[1]);
  const rssBefore = kb('VmRSS');
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, kb('VmRSS'))), 20);
  const t0 = performance.now();
  const res = await get('/report/task/data/download?archive_status=0,1');
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
  }
  const secs = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  return {
    leads_of_partner: total,
    counts_p50_ms: pct(counts, 50).toFixed(1),
    counts_p95_ms: pct(counts, 95).toFixed(1),
    page_rows_matching: filteredCount,
    page_p50_ms: pct(pages, 50).toFixed(1),
    page_p95_ms: pct(pages, 95).toFixed(1),
    csv_rows: lines - 1,
    csv_mb: (bytes / 1e6).toFixed(1),
    csv_seconds: secs.toFixed(1),
    csv_rows_per_s: Math.round((lines - 1) / secs),
    server_rss_before_mb: (rssBefore / 1024).toFixed(0),
    server_rss_peak_during_csv_mb: (peak / 1024).toFixed(0),
  };
}

async function runPg(total) {
  const name = `pmw_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = PG_URL.replace(/\/[^/]*$/, `/${name}`);
  try {
    let server = await start({ DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pmw-bench-')) });
    await server.stop();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const t0 = performance.now();
    for (const q of fillSql(total)) await c.query(q);
    console.log(`PostgreSQL: filled ${total} leads in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    await c.end();
    server = await start({ DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pmw-bench-')) });
    const figures = await measure(server.base, server.child.pid);
    await server.stop();
    return figures;
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function runPglite(total) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pmw-bench-'));
  try {
    let server = await start({ DATA_DIR: dataDir });
    await server.stop();
    const db = new PGlite(path.join(dataDir, 'pgdata'));
    await db.waitReady;
    const t0 = performance.now();
    for (const q of fillSql(total)) await db.exec(q);
    console.log(`PGlite: filled ${total} leads in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    await db.close();
    server = await start({ DATA_DIR: dataDir });
    const figures = await measure(server.base, server.child.pid);
    await server.stop();
    return figures;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (which === 'pg' || which === 'both') console.log('PostgreSQL', await runPg(Number(arg('leads', 1_000_000))));
if (which === 'pglite' || which === 'both') console.log('PGlite', await runPglite(Number(arg('leads', 200_000))));
