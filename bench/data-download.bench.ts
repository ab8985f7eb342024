// Data download figures: rows per second and the server's peak memory while a
// 100,000-row sheet (CSV, then xlsx) is turned into the output sheet by the
// built server (`npm run build` first) on PGlite, over HTTP as the page does
// it (upload to the signed URL, then generate), beside the same file read and
// written in this process by the same libraries with no lookups. The leads
// are made beforehand by the sources straight into the database (setup, not
// measured); the database is then closed and the built server started on it.
//
//   npx tsx bench/data-download.bench.ts [--rows 100000]
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createServices } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPglite } from '../apps/server/src/db/client';
import { createProviders } from '../apps/server/src/providers/index';
import { runSeeds } from '../apps/server/src/seed/index';
import { createRowWriter, readRows } from '../apps/server/src/modules/data-download/spreadsheet';
import { hashPasscode } from '../apps/server/src/modules/data-download/passcode';
import { benchEnv, figure, startServer } from './lib.mjs';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const ROWS = arg('rows', 100_000);
const FIRST_ID = 200_000;
const MB = 1024 * 1024;
const SECRET_KEY = 'bench-secret-key-bench-secret-key-0123456789';
const PASSCODE = 'bench-passcode';

const dir = mkdtempSync(path.join(tmpdir(), 'pmw-bench-dd-'));
const dataDir = path.join(dir, 'data');
const config = loadConfig({ ...benchEnv, NODE_ENV: 'test', DATA_DIR: dataDir, SECRET_KEY, LOG_LEVEL: 'silent', SEED_DEMO: 'never' });
const database = await openPglite(path.join(dataDir, 'pgdata'));
await database.migrate();
const providers = await createProviders(config, database.db, pino({ level: 'silent' }));
await runSeeds(createServices({ config, database, providers }));

// The leads the sheet names: ROWS of them, made by the database itself.
const t0 = performance.now();
await database.db.execute(sql`
  insert into form_responses (form_response_id, form_id, job_id, partner_user_id, customer_name, customer_mobile, status, payout_paise, status_comment)
  select g, 201, 201, 101, 'Customer ' || g, '98' || lpad(g::text, 8, '0'), g % 3, 120000, case when g % 3 = 2 then 'Low score' end
  from generate_series(${FIRST_ID}::int, ${FIRST_ID + ROWS - 1}::int) g`);
console.log(`Loaded ${ROWS.toLocaleString('en-IN')} leads in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await database.close();

// Every tenth row names a lead that does not exist.
const idAt = (i: number) => (i % 10 === 9 ? 900_000_000 + i : FIRST_ID + i);
const csvPath = path.join(dir, 'input.csv');
writeFileSync(csvPath, `lead_id,remarks,code\n${Array.from({ length: ROWS }, (_, i) => `${idAt(i)},row ${i},00${i % 1000}`).join('\n')}\n`);
const xlsxPath = path.join(dir, 'input.xlsx');
const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: xlsxPath, useStyles: false, useSharedStrings: false });
const sheet = writer.addWorksheet('Leads');
sheet.addRow(['lead_id', 'remarks', 'code']).commit();
for (let i = 0; i < ROWS; i++) sheet.addRow([idAt(i), `row ${i}`, `00${i % 1000}`]).commit();
sheet.commit();
await writer.commit();

/**
 * The raw side: the same file read and written through the same libraries,
 * each row given the same appended columns with no lookup at all.
 */
async function rawRowsPerSecond(format: 'csv' | 'xlsx', file: string): Promise<number> {
  const outPath = path.join(dir, `raw.${format}`);
  const start = performance.now();
  const out = createWriteStream(outPath);
  const writer = createRowWriter(format, out, { bom: false });
  const facts = [
    'Kotak 811 Savings Account',
    'Asha Verma',
    'PMW101',
    'Customer 1',
    '9800000001',
    'Pending',
    '',
    format === 'csv' ? '1200.00' : 1200,
    '2026-01-01 10:00:00',
    '2026-01-01 10:00:00',
  ];
  let rows = 0;
  for await (const row of readRows(format, createReadStream(file))) {
    await writer.write(rows === 0 ? [...row, ...facts.map(() => 'column')] : [...row, ...facts]);
    rows++;
  }
  await writer.end();
  const seconds = (performance.now() - start) / 1000;
  rmSync(outPath, { force: true });
  return (rows - 1) / seconds;
}

const server = await startServer({
  env: { SECRET_KEY, SEED_DEMO: 'never', DATA_DOWNLOAD_PASSCODE_HASH: await hashPasscode(PASSCODE, randomBytes(16)) },
  dataDir,
});
const post = (url: string, body: unknown, method = 'POST') =>
  fetch(server.base + url, { method, headers: { 'content-type': 'application/json', origin: server.base }, body: JSON.stringify(body) });

/** The page's two steps: the file to the signed URL, then the output generated from its key, read to the end. */
async function productRowsPerSecond(format: 'csv' | 'xlsx', file: string): Promise<number> {
  const signed = (await (
    await post('/api/v2/bueno/file/s3/url/signed', { file_name: `input.${format}`, passcode: PASSCODE }, 'PUT')
  ).json()) as { data: { url: string; key: string; content_type: string } };
  const { url, key, content_type } = signed.data;
  const put = await fetch(new URL(url, server.base), {
    method: 'PUT',
    body: readFileSync(file),
    headers: { 'content-type': content_type, 'if-none-match': '*' },
  });
  if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
  const baseRss = server.rssMb();
  let peakRss = baseRss;
  const timer = setInterval(() => (peakRss = Math.max(peakRss, server.rssMb())), 20);
  const start = performance.now();
  const res = await post('/api/v2/bueno/output/generate', { key, passcode: PASSCODE });
  if (!res.ok) throw new Error(`generate: ${res.status} ${await res.text()}`);
  const size = (await res.arrayBuffer()).byteLength;
  const seconds = (performance.now() - start) / 1000;
  clearInterval(timer);
  const rows = ROWS;
  console.log(
    `${format.padEnd(4)} ${rows.toLocaleString('en-IN')} rows (output ${(size / MB).toFixed(1)} MB): ` +
      `${seconds.toFixed(2)} s, ${Math.round(rows / seconds).toLocaleString('en-IN')} rows/s; ` +
      `server peak RSS ${peakRss.toFixed(0)} MB (+${(peakRss - baseRss).toFixed(0)} MB over the ${baseRss.toFixed(0)} MB before)`,
  );
  return rows / seconds;
}

/**
 * Both sides run twice, taking turns, and each keeps its better run: whichever
 * went first would otherwise pay for the JIT warming up the shared libraries.
 */
async function measure(format: 'csv' | 'xlsx', file: string) {
  let raw = 0;
  let product = 0;
  for (let round = 0; round < 2; round++) {
    raw = Math.max(raw, await rawRowsPerSecond(format, file));
    product = Math.max(product, await productRowsPerSecond(format, file));
  }
  figure({
    bench: 'data-download',
    name: `Data download ${format}, ${ROWS.toLocaleString('en-IN')} rows`,
    db: 'PGlite',
    product,
    raw,
    unit: 'rows/s',
    better: 'higher',
    target: 0.5,
    rawLabel: 'the same file through the same libraries, no lookups',
  });
}

try {
  await measure('csv', csvPath);
  await measure('xlsx', xlsxPath);
} finally {
  await server.stop({ keep: true });
  rmSync(dir, { recursive: true, force: true });
}
