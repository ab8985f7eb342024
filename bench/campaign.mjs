#!/usr/bin/env node
// Campaign page figures:
//  1. the JS and CSS /utm/asha01 loads (gzip -9 size and bytes on the wire), and that no other area's chunk is among them;
//  2. its load time in headless Chromium on DevTools' "Slow 3G" profile (2 s RTT, 400 kbit/s) with 4x CPU slowdown:
//     until the products are usable (first Get Now button) and until the load event;
//  3. lead submissions per second the server sustains, with the error count, beside raw SQL doing the same checks
//     in the same run, on PGlite (or PostgreSQL with --pg URL).
//
//   node bench/campaign.mjs [--leads 600] [--concurrency 16] [--only-leads] [--pg URL]
//
// Needs a build (npm run build, or scripts/build-to.sh DIR with PMW_BUILD_DIR=DIR) and /usr/bin/chromium.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createPgDatabase, figure, flag, httpClient, launchChromium, numArg, pgArg, postJson, runConcurrent, startServer } from './lib.mjs';

const LEADS = numArg('leads', 600);
const CONCURRENCY = numArg('concurrency', 16);
/** Products of asha01's page with the card form (mobile, name, PAN, city, optional photo). */
const CARD_FORMS = [201, 202, 203, 400, 401, 402, 403, 404, 405, 406, 407, 408];
const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: (500 * 1000 * 0.8) / 8, uploadThroughput: (500 * 1000 * 0.8) / 8 };
const PG = pgArg();
const launch = launchChromium;

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
    await page
      .getByRole('button', { name: /^Get Now:/ })
      .first()
      .waitFor({ timeout: 120_000 });
    usable.push(performance.now() - t0);
    loaded.push(await loadEvent);
    await context.close();
  }
  await browser.close();
  const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  return { usable: median(usable), loaded: median(loaded), runs };
}

const post = postJson;

/** Customers log in once (not timed); answers each one's mobile, cookie and session token. */
async function customers(base, n, prefix) {
  const list = [];
  for (let c = 0; c < n; c++) {
    const mobile = `${prefix}${String(c).padStart(8, '0')}`;
    const sent = await post(base, '/api/v2/utm/customer/otp/send', { mobile, utm_code: 'asha01', purpose: 'LOGIN' });
    if (!sent.ok) throw new Error(`OTP send failed: ${await sent.text()}`);
    const outbox = await (await fetch(`${base}/api/v2/dev/outbox?mobile=${mobile}`)).json();
    if (!outbox.data?.[0]) throw new Error(`No OTP in the dev outbox: ${JSON.stringify(outbox)}`);
    const res = await post(base, '/api/v2/utm/customer/login', { mobile, otp: outbox.data[0].otp, utm_code: 'asha01', name: `Bench ${c}` });
    const cookies = res.headers.getSetCookie().map((s) => s.split(';')[0]);
    list.push({
      mobile,
      cookie: cookies.join('; '),
      token: decodeURIComponent(cookies.find((c) => c.startsWith('pmw_customer='))?.split('=')[1] ?? ''),
    });
  }
  return list;
}

const jobsFor = (who, tag) =>
  Array.from({ length: LEADS }, (_, i) => ({
    ...who[Math.floor(i / CARD_FORMS.length)],
    form_id: CARD_FORMS[i % CARD_FORMS.length],
    key: `bench-${tag}-${i}`,
  }));
const values = (mobile) => [
  { input_id: 1, value: mobile },
  { input_id: 2, value: 'Bench Customer' },
  { input_id: 3, value: 'ABCPB1234K' },
  { input_id: 4, value: 'Pune' },
];

/** Lead submissions through the API, CONCURRENCY customers at a time, each on a kept-alive connection of its own. */
async function leadThroughput(base, who) {
  const jobs = jobsFor(who, 'api');
  const client = httpClient(base, { connections: CONCURRENCY });
  try {
    return await runConcurrent(jobs.length, CONCURRENCY, async (i) => {
      const job = jobs[i];
      const res = await client.post(
        '/api/v2/utm/task/response',
        { form_id: job.form_id, feature: 'UTM', utm_code: 'asha01', idempotency_key: job.key, input: values(job.mobile) },
        { headers: { cookie: job.cookie } },
      );
      if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    });
  } finally {
    client.close();
  }
}

/**
 * The same work done raw, in the fewest statements SQL allows: the session's
 * customer, the code's owner, the lock per customer and project, the duplicate
 * check and key claim with the lead and its values in one insert, the commit.
 */
async function rawThroughput(client, who) {
  const jobs = jobsFor(who, 'raw');
  const hash = (token) => createHash('sha256').update(token).digest('hex');
  return runConcurrent(jobs.length, CONCURRENCY, async (i) => {
    const job = jobs[i];
    await client.run(async (q) => {
      await q(
        "select c.customer_id from sessions s join customers c on c.customer_id = s.subject_id where s.session_hash = $1 and s.kind = 'customer' and s.expires_at > now()",
        [hash(job.token)],
      );
      await q("select c.user_id from campaigns c join users u on u.user_id = c.user_id where c.utm_code = 'asha01' and not u.blocked");
      await q('begin');
      await q('select pg_advisory_xact_lock(hashtext($1))', [`lead:${job.form_id}:${job.mobile}`]);
      const data = JSON.stringify(values(job.mobile).map((v) => ({ ...v, file_id: null })));
      await q(
        `with lead as (
           insert into form_responses (form_id, job_id, partner_user_id, customer_name, customer_mobile, payout_paise, idempotency_key)
           select $1::int, $1::int, 101, 'Bench Customer', $2::text, 100000, $3::text
           where not exists (select 1 from form_responses d where d.customer_mobile = $2 and d.job_id = $1 and d.created_on > now() - interval '30 days' and d.status <> 2)
           on conflict (idempotency_key) do nothing returning form_response_id),
         data as (insert into form_response_data (form_response_id, input_id, value, file_id)
           select lead.form_response_id, v.input_id, v.value, v.file_id from lead, jsonb_to_recordset($4::jsonb) as v(input_id int, value text, file_id int))
         select form_response_id from lead`,
        [job.form_id, job.mobile, `p101:m${job.mobile}:${job.key}`, data],
      );
      await q('commit');
    });
  });
}

const report = (r, raw) => {
  const errors = (x) => `${x.errors.length} errors${x.errors[0] ? `; first: ${x.errors[0].slice(0, 160)}` : ''}`;
  console.log(
    `lead submissions: API ${r.perSecond.toFixed(1)}/s (p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms, ${errors(r)}); raw ${raw.perSecond.toFixed(1)}/s (${errors(raw)})`,
  );
  figure({
    bench: 'campaign',
    name: `Lead submissions, ${CONCURRENCY} customers at once`,
    db: PG ? 'PostgreSQL' : 'PGlite',
    product: r.perSecond,
    raw: raw.perSecond,
    unit: 'leads/s',
    better: 'higher',
    target: 0.5,
    rawLabel: 'raw SQL doing the same checks',
  });
};

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ONLY_LEADS = flag('only-leads');
const dataDir = mkdtempSync(path.join(tmpdir(), 'pmw-bench-campaign-'));
const database = PG ? await createPgDatabase(PG, 'pmw_bench_campaign') : undefined;
const env = database ? { DATABASE_URL: database.url } : {};
try {
  let server = await startServer({ env, dataDir });
  if (!ONLY_LEADS) {
    const weight = await pageWeight(server.base);
    console.log(
      `JS loaded by /utm/asha01:  ${kb(weight.js.gzip)} gzip -9, ${kb(weight.js.wire)} on the wire, ${weight.js.files.length} files: ${weight.js.files.join(', ')}`,
    );
    console.log(
      `CSS loaded by /utm/asha01: ${kb(weight.css.gzip)} gzip -9, ${kb(weight.css.wire)} on the wire, ${weight.css.files.length} files: ${weight.css.files.join(', ')}`,
    );
    const foreign = [...weight.js.files, ...weight.css.files].filter((f) =>
      /^(team|partner|support|ops|feedback|map-picker|job-page|details-page|slot-page|data-download)/.test(f),
    );
    console.log(foreign.length ? `other areas' chunks loaded: ${foreign.join(', ')}` : "other areas' chunks loaded: none");
    const slow = await slow3gLoad(server.base);
    console.log(
      `Slow 3G (2 s RTT, 400 kbit/s, 4x CPU), median of ${slow.runs}: products usable after ${(slow.usable / 1000).toFixed(1)} s, load event after ${(slow.loaded / 1000).toFixed(1)} s`,
    );
  }
  const n = Math.ceil(LEADS / CARD_FORMS.length);
  const apiCustomers = await customers(server.base, n, '71');
  const rawCustomers = await customers(server.base, n, '72');
  const api = await leadThroughput(server.base, apiCustomers);
  let raw;
  if (database) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: database.url, max: CONCURRENCY });
    raw = await rawThroughput(
      {
        run: async (work) => {
          const c = await pool.connect();
          try {
            await work((text, params) => c.query(text, params));
          } finally {
            c.release();
          }
        },
      },
      rawCustomers,
    );
    await pool.end();
  } else {
    // PGlite has one connection: the server stops and the bench opens its files.
    await server.stop();
    server = undefined;
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(path.join(dataDir, 'pgdata'));
    await db.waitReady;
    // One connection: one lead's statements at a time, as the server's would be.
    let queue = Promise.resolve();
    raw = await rawThroughput({ run: (work) => (queue = queue.then(() => work((text, params) => db.query(text, params)))) }, rawCustomers);
    await db.close();
  }
  report(api, raw);
  await server?.stop();
} finally {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
