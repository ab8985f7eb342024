// Ops money figures: lead approvals per second (each a locked row, a ledger
// row and an audit row), the same lead approved by 20 callers at once (must
// credit once), a payout run over many partners, and the ledger check over
// the whole database. PGlite in memory, or PostgreSQL with --pg URL.
//
//   npx tsx bench/ops.bench.ts [--leads 2000] [--partners 300] [--pg postgres://postgres@127.0.0.1:5432/postgres]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { createServices } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { benchEnv } from './lib.mjs';
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

let database: Database;
let drop = async () => {};
if (PG) {
  const name = `pmw_bench_ops_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG);
  url.pathname = `/${name}`;
  database = await openPostgres(url.toString(), 10);
  drop = async () => {
    const a = new pg.Client({ connectionString: PG });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
} else {
  database = await openPglite(undefined);
}
await database.migrate();
const config = loadConfig({ ...benchEnv, NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pmw-bench-ops-')), SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789', LOG_LEVEL: 'silent', SEED_DEMO: 'never' });
const providers = await createProviders(config, database.db, pino({ level: 'silent' }));
const services = createServices({ config, database, providers });
await runSeeds(services);
const db = database.db;

// Partners 500000.. with a PAN and a verified default bank; leads spread over them.
const firstPartner = 500_000;
for (let i = 0; i < PARTNERS; i += 500) {
  const batch = Array.from({ length: Math.min(500, PARTNERS - i) }, (_, j) => firstPartner + i + j);
  await db.insert(users).values(batch.map((id) => ({ user_id: id, mobile: `7${String(id).padStart(9, '0')}`, first_name: `Partner${id}` })));
  await db.insert(documents).values(batch.map((id) => ({ user_id: id, type: 'PAN', number_enc: services.cipher.encrypt('ABCPX1234K'), number_last4: '234K', status: 1 })));
}
for (let i = 0; i < PARTNERS; i++) {
  const bank = await services.banks.add(firstPartner + i, { ifsc_code: 'HDFC0000001', account_no: `9000${firstPartner + i}` });
  await services.banks.setStatus(bank.bank_detail_id, 1);
}
const leadIds: number[] = [];
for (let i = 0; i < LEADS; i += 500) {
  const rows = await db
    .insert(formResponses)
    .values(Array.from({ length: Math.min(500, LEADS - i) }, (_, j) => ({ form_id: 201, job_id: 201, partner_user_id: firstPartner + ((i + j) % PARTNERS), payout_paise: 10_000, customer_mobile: `98${String(i + j).padStart(8, '0')}` })))
    .returning({ id: formResponses.form_response_id });
  leadIds.push(...rows.map((r) => r.id));
}

const kind = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
const ms = (t0: number) => Math.round(performance.now() - t0);

let t0 = performance.now();
for (let i = 0; i < leadIds.length; i += 50) await services.ops.verification.approve(100, leadIds.slice(i, i + 50));
const approveMs = ms(t0);
console.log(`${kind}: approved ${leadIds.length} leads in bulks of 50 in ${approveMs} ms (${Math.round((leadIds.length / approveMs) * 1000)} leads/s)`);

const [one] = await db.insert(formResponses).values({ form_id: 201, job_id: 201, partner_user_id: firstPartner, payout_paise: 10_000 }).returning({ id: formResponses.form_response_id });
t0 = performance.now();
const races = await Promise.all(Array.from({ length: 20 }, () => services.ops.verification.approve(100, [one!.id])));
const credited = races.filter((r) => r.results[0]!.changed).length;
const credits = (await db.execute(sql`select count(*)::int as n from wallet_transactions where idempotency_key like ${`lead:${one!.id}:credit:%`}`)) as unknown as { rows: { n: number }[] };
console.log(`${kind}: 20 parallel approvals of one lead in ${ms(t0)} ms: ${credited} changed it, ${credits.rows[0]!.n} credit posted`);

t0 = performance.now();
const run = await services.ops.payouts.run(100, { request_key: `bench-${Date.now()}` });
console.log(`${kind}: payout run over ${run.paid_count + run.held_count} partners (${run.paid_count} paid, ₹${run.total_paise / 100}) in ${ms(t0)} ms`);
t0 = performance.now();
const file = await services.ops.payouts.file(100, run.payout_run_id);
console.log(`${kind}: bank file of ${file.csv.split('\r\n').length - 2} rows built in ${ms(t0)} ms`);

t0 = performance.now();
const mismatches = await services.wallet.ledgerMismatches();
console.log(`${kind}: ledger check over every wallet in ${ms(t0)} ms: ${mismatches.length} mismatches`);

await database.close();
await drop();
