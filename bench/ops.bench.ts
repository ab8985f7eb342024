// Ops money figures: lead approvals per second (each a locked row, a ledger
// row and an audit row), the same lead approved by 20 callers at once (must
// credit once), a payout run over many partners and its bank file, all over
// HTTP against the built server (`npm run build` first); then the ledger check
// over the whole database. PGlite, or PostgreSQL with --pg URL.
//
// The partners, their PAN and banks and the leads are made by the services
// from the sources straight into the database (that is setup, not measured);
// the database is then closed and the built server started on it.
//
//   npx tsx bench/ops.bench.ts [--leads 2000] [--partners 300] [--pg postgres://postgres@127.0.0.1:5432/postgres]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createServices } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { benchEnv, createPgDatabase, httpClient, startServer } from './lib.mjs';
import { openPglite, openPostgres, type Database } from '../apps/server/src/db/client';
import { documents, formResponses, users } from '../apps/server/src/db/schema/index';
import { createProviders } from '../apps/server/src/providers/index';
import { runSeeds } from '../apps/server/src/seed/index';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : dflt;
};
const LEADS = Number(arg('leads', '2000'));
const PARTNERS = Number(arg('partners', '300'));
const PG = arg('pg', '');
const SECRET_KEY = 'bench-secret-key-bench-secret-key-0123456789';
const dataDir = mkdtempSync(path.join(tmpdir(), 'pmw-bench-ops-'));
const pgDatabase = PG ? await createPgDatabase(PG, 'pmw_bench_ops') : undefined;
const openDb = (): Promise<Database> => (pgDatabase ? openPostgres(pgDatabase.url, 10) : openPglite(path.join(dataDir, 'pgdata')));
const config = loadConfig({ ...benchEnv, NODE_ENV: 'test', DATA_DIR: dataDir, SECRET_KEY, LOG_LEVEL: 'silent', SEED_DEMO: 'never' });

let database = await openDb();
await database.migrate();
const providers = await createProviders(config, database.db, pino({ level: 'silent' }));
let services = createServices({ config, database, providers });
await runSeeds(services);
let db = database.db;

// Partners 500000.. with a PAN and a verified default bank; leads spread over them.
const firstPartner = 500_000;
for (let i = 0; i < PARTNERS; i += 500) {
  const batch = Array.from({ length: Math.min(500, PARTNERS - i) }, (_, j) => firstPartner + i + j);
  await db
    .insert(users)
    .values(batch.map((id) => ({ user_id: id, mobile: `7${String(id).padStart(9, '0')}`, first_name: `Partner${id}` })));
  await db
    .insert(documents)
    .values(
      batch.map((id) => ({ user_id: id, type: 'PAN', number_enc: services.cipher.encrypt('ABCPX1234K'), number_last4: '234K', status: 1 })),
    );
}
for (let i = 0; i < PARTNERS; i++) {
  const bank = await services.banks.add(firstPartner + i, { ifsc_code: 'HDFC0000001', account_no: `9000${firstPartner + i}` });
  await services.banks.setStatus(bank.bank_detail_id, 1);
}
const leadIds: number[] = [];
for (let i = 0; i < LEADS; i += 500) {
  const rows = await db
    .insert(formResponses)
    .values(
      Array.from({ length: Math.min(500, LEADS - i) }, (_, j) => ({
        form_id: 201,
        job_id: 201,
        partner_user_id: firstPartner + ((i + j) % PARTNERS),
        payout_paise: 10_000,
        customer_mobile: `98${String(i + j).padStart(8, '0')}`,
      })),
    )
    .returning({ id: formResponses.form_response_id });
  leadIds.push(...rows.map((r) => r.id));
}

const kind = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
const [one] = await db
  .insert(formResponses)
  .values({ form_id: 201, job_id: 201, partner_user_id: firstPartner, payout_paise: 10_000 })
  .returning({ id: formResponses.form_response_id });
await database.close();

// The built server on the same database, as production runs it.
const server = await startServer({
  env: { SECRET_KEY, SEED_DEMO: 'never', ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}) },
  dataDir,
});
const client = httpClient(server.base, { connections: 20 });
const ms = (t0: number) => Math.round(performance.now() - t0);
try {
  // The demo's ops admin, Priya (9876500100), logs in through the dev outbox.
  const mobile = '9876500100';
  if ((await client.post('/api/v2/ops/otp/send', { mobile })).status !== 200) throw new Error('OTP send failed');
  const otp = (await client.get(`/api/v2/dev/outbox?mobile=${mobile}`)).body.data[0].otp as string;
  const login = await client.post('/api/v2/ops/login/otp', { mobile, otp });
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  const headers = { cookie };

  let t0 = performance.now();
  for (let i = 0; i < leadIds.length; i += 50) {
    const res = await client.post('/api/v2/ops/leads/approve', { form_response_ids: leadIds.slice(i, i + 50) }, { headers });
    if (res.status !== 200) throw new Error(`approve: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const approveMs = ms(t0);
  console.log(
    `${kind}: approved ${leadIds.length} leads in bulks of 50 in ${approveMs} ms (${Math.round((leadIds.length / approveMs) * 1000)} leads/s)`,
  );

  t0 = performance.now();
  const races = await Promise.all(
    Array.from({ length: 20 }, () => client.post('/api/v2/ops/leads/approve', { form_response_ids: [one!.id] }, { headers })),
  );
  const credited = races.filter((r) => r.body?.data?.results?.[0]?.changed).length;
  console.log(`${kind}: 20 parallel approvals of one lead in ${ms(t0)} ms: ${credited} changed it`);

  t0 = performance.now();
  const run = (await client.post('/api/v2/ops/payouts/runs', { request_key: `bench-${Date.now()}` }, { headers })).body.data as {
    payout_run_id: number;
    paid_count: number;
    held_count: number;
    total_paise: number;
  };
  console.log(
    `${kind}: payout run over ${run.paid_count + run.held_count} partners (${run.paid_count} paid, ₹${run.total_paise / 100}) in ${ms(t0)} ms`,
  );
  t0 = performance.now();
  const file = await client.get(`/api/v2/ops/payouts/runs/${run.payout_run_id}/file`, { headers });
  console.log(`${kind}: bank file of ${String(file.body).trim().split('\r\n').length - 1} rows answered in ${ms(t0)} ms`);
} finally {
  client.close();
  await server.stop({ keep: true });
}

// The ledger check is a service of its own (no route): run on the database the server left.
database = await openDb();
db = database.db;
services = createServices({ config, database, providers: await createProviders(config, database.db, pino({ level: 'silent' })) });
const credits = (await db.execute(
  sql`select count(*)::int as n from wallet_transactions where idempotency_key like ${`lead:${one!.id}:credit:%`}`,
)) as unknown as { rows: { n: number }[] };
console.log(`${kind}: the lead approved 20 times at once has ${credits.rows[0]!.n} credit posted`);
const t1 = performance.now();
const mismatches = await services.wallet.ledgerMismatches();
console.log(`${kind}: ledger check over every wallet in ${ms(t1)} ms: ${mismatches.length} mismatches`);
await database.close();
await pgDatabase?.drop();
rmSync(dataDir, { recursive: true, force: true });
if (mismatches.length || credits.rows[0]!.n !== 1) process.exitCode = 1;
