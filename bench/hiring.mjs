#!/usr/bin/env node
// Hiring figures, on the built app with PGlite (and PostgreSQL with --pg URL: a database of its own there):
//  1. the server-rendered job page (/application/...): requests per second and latency at a concurrency;
//  2. Available Projects for a partner (/api/v2/partner/job/fetch): latency;
//  3. interview bookings: K candidates who applied to Warehouse Picker (job 263, one location, 21 seeded
//     slots over 7 days) each book a random slot at once; bookings per second, and that no slot passed its capacity.
//
//   node bench/hiring.mjs [--requests 500] [--concurrency 16] [--candidates 120] [--pg postgres://...]
//
// Needs a build (npm run build, or scripts/build-to.sh DIR with PMW_BUILD_DIR=DIR).
import { arg, createPgDatabase, pgArg, startServer } from './lib.mjs';

const REQUESTS = Number(arg('requests', 500));
const CONCURRENCY = Number(arg('concurrency', 16));
const CANDIDATES = Number(arg('candidates', 120));
const PG = pgArg() ?? arg('database-url', undefined);

async function start() {
  const database = PG ? await createPgDatabase(PG, 'pmw_bench_hiring') : undefined;
  const server = await startServer({ env: { SEED_DEMO: 'always', ...(database ? { DATABASE_URL: database.url } : {}) }, stdio: 'ignore' });
  return {
    base: server.base,
    async stop() {
      await server.stop();
      await database?.drop();
    },
  };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
async function load(n, concurrency, fn) {
  const times = [];
  let next = 0;
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const s = performance.now();
        try {
          if (!(await fn(i))) errors++;
        } catch {
          errors++;
        }
        times.push(performance.now() - s);
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { perSecond: Math.round(n / secs), p50: pct(times, 50).toFixed(1), p95: pct(times, 95).toFixed(1), errors };
}

async function login(base, mobile) {
  await fetch(`${base}/api/v2/user/otp/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile }),
  });
  const otp = (await (await fetch(`${base}/api/v2/dev/outbox?mobile=${mobile}`)).json()).data[0].otp;
  const res = await fetch(`${base}/api/v2/user/login/otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile, otp }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, user_id: (await res.json()).data.user_id };
}
const post = (base, url, cookie, body, expected) =>
  fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body), expected });

const server = await start();
const { base } = server;
try {
  const jobPage = await load(REQUESTS, CONCURRENCY, async () => {
    const res = await fetch(`${base}/application/MjYx/MjYxMQ/MTAx`);
    await res.text();
    return res.ok;
  });
  console.log(
    `job page (server-rendered): ${jobPage.perSecond} req/s, p50 ${jobPage.p50} ms, p95 ${jobPage.p95} ms, errors ${jobPage.errors} (${REQUESTS} requests, concurrency ${CONCURRENCY})`,
  );

  const asha = await (async () => {
    await fetch(`${base}/api/v2/partner/otp/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '9876500001' }),
    });
    const otp = (await (await fetch(`${base}/api/v2/dev/outbox?mobile=9876500001`)).json()).data[0].otp;
    const res = await fetch(`${base}/api/v2/partner/user/login/otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '9876500001', otp }),
    });
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  })();
  const list = await load(200, 8, async () => {
    const res = await fetch(`${base}/api/v2/partner/job/fetch?job_category_id=6&featuresLimit=3&appendUserLevelPayout=true`, {
      headers: { cookie: asha },
    });
    await res.text();
    return res.ok;
  });
  console.log(
    `Available Projects: ${list.perSecond} req/s, p50 ${list.p50} ms, p95 ${list.p95} ms, errors ${list.errors} (200 requests, concurrency 8)`,
  );

  const people = [];
  for (let i = 0; i < CANDIDATES; i++) {
    const p = await login(base, `79${String(i).padStart(8, '0')}`);
    const res = await post(base, '/api/v2/user/job/application/add', p.cookie, {
      user_id: p.user_id,
      recruiter_id: 101,
      job_id: 263,
      job_location_id: 2631,
      answers: [],
    });
    if (!res.ok) throw new Error(`apply failed: ${await res.text()}`);
    people.push(p);
  }
  const days = (await (await fetch(`${base}/api/v2/user/job/slot/fetch?job_id=263`, { headers: { cookie: people[0].cookie } })).json())
    .data;
  const slots = days.flatMap((d) => d.slots.map((s) => ({ ...s, date: d.date })));
  const seats = slots.reduce((n, s) => n + s.available, 0);
  const codes = new Map();
  const t0 = performance.now();
  await Promise.all(
    people.map(async (p, i) => {
      const s = slots[(i * 5) % slots.length];
      const res = await post(
        base,
        '/api/v2/user/job/slot/book',
        p.cookie,
        { user_id: p.user_id, slot_id: s.slot_id, job_id: 263, booking_date: s.date },
        [409],
      ); // more candidates than seats: a full slot answers 409
      codes.set(res.status, (codes.get(res.status) ?? 0) + 1);
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  const after = (
    await (await fetch(`${base}/api/v2/user/job/slot/fetch?job_id=263`, { headers: { cookie: people[0].cookie } })).json()
  ).data.flatMap((d) => d.slots);
  const over = after.filter((s) => s.available < 0).length;
  console.log(
    `bookings: ${CANDIDATES} candidates at once on ${slots.length} slots with ${seats} seats in ${secs.toFixed(2)} s (${Math.round(CANDIDATES / secs)} req/s); answers ${[...codes].map(([c, n]) => `${c}×${n}`).join(', ')}; slots past capacity: ${over}`,
  );
} finally {
  await server.stop();
}
