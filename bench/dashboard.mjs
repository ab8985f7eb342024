#!/usr/bin/env node
// Partner dashboard figures, each beside the raw database work in the same run:
//  - the dashboard for the last 3 months (p50, p95) against the raw aggregate query over the
//    leads that answers the same tiles and chart (what it would cost without partner_days);
//  - the Leads Report's count tiles (p95) in the same run, the time the dashboard should be near.
// Fills Asha (user 101) with N leads over a year (the triggers keep partner_days as they go)
// and 1,000,000 visits as day rows.
//
//   node bench/dashboard.mjs [--pg URL] [--leads 100000] [--requests 200] [--warmup 50]
//
// Needs a build (npm run build).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPgDatabase, figure, httpClient, loginPartner, numArg, pct, pgArg, startServer } from './lib.mjs';

const PG = pgArg();
const LEADS = numArg('leads', 100_000);
const REQUESTS = numArg('requests', 200);
const WARMUP = numArg('warmup', 50);
const VISITS = 1_000_000;
const DB = PG ? 'PostgreSQL' : 'PGlite';

const fillSql = [
  `insert into form_responses (form_response_id, form_id, job_id, partner_user_id, customer_name, customer_mobile, status, sub_status, archive_status, payout_paise, created_on, modified_on)
   select 1000000 + g, j, j, 101, 'Customer ' || g, '9' || lpad(g::text, 9, '0'),
     (g % 3)::smallint, 0::smallint, 0::smallint, 100000,
     now() - make_interval(secs => (g::bigint * 365 * 86400 / ${LEADS})::int), now()
   from generate_series(1, ${LEADS}) g, lateral (select (array[201,202,203,221,231,251])[1 + g % 6] as j) p`,
  // A million visits as the day rows the server would have counted: 365 days x 6 pages x 3 sources.
  `insert into visit_counts (partner_user_id, job_id, day, source, n)
   select 101, j, (now() at time zone 'Asia/Kolkata')::date - d, s, ${Math.round(VISITS / (365 * 6 * 3))}
   from generate_series(0, 364) d, unnest(array[0,201,202,203,221,231]) j, unnest(array['', 'whatsapp', 'sms']) s
   on conflict do nothing`,
  'analyze',
];

const ist = (d) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 10);
const END = ist(new Date());
const START = ist(new Date(Date.now() - 90 * 86_400_000));
/** What the dashboard answers, straight from the leads: the period's and the one before's totals and the per-day series. */
const rawAggregate = `select (created_on at time zone 'Asia/Kolkata')::date as day, job_id, count(*) as leads,
    count(*) filter (where status = 1) as approved, coalesce(sum(payout_paise) filter (where status = 1), 0) as earned
  from form_responses where partner_user_id = 101
    and created_on >= ('${START}'::date - 91)::timestamp at time zone 'Asia/Kolkata'
    and created_on < ('${END}'::date + 1)::timestamp at time zone 'Asia/Kolkata'
  group by 1, 2`;

async function raw(run) {
  for (let i = 0; i < WARMUP; i++) await run(rawAggregate);
  const times = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await run(rawAggregate);
    times.push(performance.now() - t0);
  }
  return times;
}

async function product(server) {
  const cookie = await loginPartner(server.base);
  const client = httpClient(server.base);
  const get = async (url) => {
    const res = await client.get(`/api/v2/partner${url}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.ms;
  };
  const dash = `/dashboard?start_date=${START}&end_date=${END}`;
  for (let i = 0; i < WARMUP; i++) {
    await get(dash);
    await get('/report/task/counts/fetch');
  }
  const dashboard = [];
  const count = [];
  for (let i = 0; i < REQUESTS; i++) {
    dashboard.push(await get(dash));
    count.push(await get('/report/task/counts/fetch'));
  }
  client.close();
  return { dashboard, count };
}

async function onPostgres() {
  const database = await createPgDatabase(PG, 'pmw_bench_dashboard');
  try {
    const fill = await startServer({ env: { DATABASE_URL: database.url } });
    await fill.stop();
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const t0 = performance.now();
    for (const q of fillSql) await client.query(q);
    console.log(`PostgreSQL: filled ${LEADS} leads and ${VISITS} visits in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    const r = await raw((q) => client.query(q));
    await client.end();
    const server = await startServer({ env: { DATABASE_URL: database.url } });
    try {
      return { r, p: await product(server) };
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

async function onPglite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pmw-bench-dashboard-'));
  try {
    const fill = await startServer({ dataDir });
    await fill.stop();
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(path.join(dataDir, 'pgdata'));
    await db.waitReady;
    const t0 = performance.now();
    for (const q of fillSql) await db.exec(q);
    console.log(`PGlite: filled ${LEADS} leads and ${VISITS} visits in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    const r = await raw((q) => db.query(q));
    await db.close();
    const server = await startServer({ dataDir });
    try {
      return { r, p: await product(server) };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const { r, p } = PG ? await onPostgres() : await onPglite();
const bench = 'dashboard';
const label = `the raw aggregate over ${LEADS.toLocaleString('en-IN')} leads`;
figure({
  bench,
  name: 'Partner dashboard, 3 months, p50',
  db: DB,
  product: pct(p.dashboard, 50),
  raw: pct(r, 50),
  unit: 'ms',
  target: 1,
  rawLabel: label,
});
figure({
  bench,
  name: 'Partner dashboard, 3 months, p95',
  db: DB,
  product: pct(p.dashboard, 95),
  raw: pct(r, 95),
  unit: 'ms',
  target: 1,
  rawLabel: label,
});
figure({
  bench,
  name: 'Partner dashboard against the count tiles, p95',
  db: DB,
  product: pct(p.dashboard, 95),
  raw: pct(p.count, 95),
  unit: 'ms',
  target: 3,
  rawLabel: 'the Leads Report count tiles in the same run',
});
