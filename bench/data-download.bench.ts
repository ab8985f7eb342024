// Data download figures: rows per second and peak memory while a 100,000-row
// sheet (CSV, then xlsx) is turned into the output sheet, with the leads in
// PGlite on a thread of its own, as the built server runs it (needs `npm run build`).
//
//   npx tsx bench/data-download.bench.ts [--rows 100000]
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createServices } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openServerDatabase } from './pglite-thread';
import { createProviders } from '../apps/server/src/providers/index';
import { runSeeds } from '../apps/server/src/seed/index';
import { createRowWriter, readRows } from '../apps/server/src/modules/data-download/spreadsheet';
import { benchEnv, figure } from './lib.mjs';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const ROWS = arg('rows', 100_000);
const FIRST_ID = 200_000;
const MB = 1024 * 1024;

const dir = mkdtempSync(path.join(tmpdir(), 'pmw-bench-dd-'));
const config = loadConfig({ ...benchEnv, NODE_ENV: 'test', DATA_DIR: dir, SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789', LOG_LEVEL: 'silent', SEED_DEMO: 'never' });
const database = await openServerDatabase(dir);
const providers = await createProviders(config, database.db, pino({ level: 'silent' }));
const services = createServices({ config, database, providers });
await runSeeds(services);

// The leads the sheet names: ROWS of them, made by the database itself.
const t0 = performance.now();
await database.db.execute(sql`
  insert into form_responses (form_response_id, form_id, job_id, partner_user_id, customer_name, customer_mobile, status, payout_paise, status_comment)
  select g, 201, 201, 101, 'Customer ' || g, '98' || lpad(g::text, 8, '0'), g % 3, 120000, case when g % 3 = 2 then 'Low score' end
  from generate_series(${FIRST_ID}::int, ${FIRST_ID + ROWS - 1}::int) g`);
console.log(`Loaded ${ROWS.toLocaleString('en-IN')} leads in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

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
  const facts = ['Kotak 811 Savings Account', 'Asha Verma', 'PMW101', 'Customer 1', '9800000001', 'Pending', '', format === 'csv' ? '1200.00' : 1200, '2026-01-01 10:00:00', '2026-01-01 10:00:00'];
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

async function productRowsPerSecond(format: 'csv' | 'xlsx', file: string): Promise<number> {
  global.gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const start = performance.now();
  const out = await services.dataDownload.generate(createReadStream(file), format, `input.${format}`, false);
  const seconds = (performance.now() - start) / 1000;
  clearInterval(timer);
  const size = statSync(out.path).size;
  await out.dispose();
  console.log(
    `${format.padEnd(4)} ${out.rows.toLocaleString('en-IN')} rows (input ${(statSync(file).size / MB).toFixed(1)} MB, output ${(size / MB).toFixed(1)} MB): ` +
      `${seconds.toFixed(2)} s, ${Math.round(out.rows / seconds).toLocaleString('en-IN')} rows/s; ` +
      `peak RSS ${(peakRss / MB).toFixed(0)} MB (+${((peakRss - base.rss) / MB).toFixed(0)} MB over the ${(base.rss / MB).toFixed(0)} MB before), ` +
      `peak JS heap ${(peakHeap / MB).toFixed(0)} MB (+${((peakHeap - base.heapUsed) / MB).toFixed(0)} MB)`,
  );
  return out.rows / seconds;
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
  figure({ bench: 'data-download', name: `Data download ${format}, ${ROWS.toLocaleString('en-IN')} rows`, db: 'PGlite', product, raw, unit: 'rows/s', better: 'higher', target: 0.5, rawLabel: 'the same file through the same libraries, no lookups' });
}

await measure('csv', csvPath);
await measure('xlsx', xlsxPath);
await database.close();
rmSync(dir, { recursive: true, force: true });
