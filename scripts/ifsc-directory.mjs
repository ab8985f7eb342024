#!/usr/bin/env node
/**
 * Makes the offline bank-branch directory the server reads to fill a bank
 * form's branch after 11 characters (apps/server/src/providers/ifsc-directory.ts).
 *
 *   node scripts/ifsc-directory.mjs <IFSC.csv | URL> [out-file]
 *
 * The source is Razorpay's IFSC.csv, the RBI's NEFT/RTGS lists published with
 * each release of the `ifsc` dataset (columns BANK, IFSC, BRANCH, ADDRESS, …;
 * the release's IFSC.csv asset). No npm package carries it: the `ifsc` package
 * the server already uses has the codes and banks only, so the directory is
 * made from the CSV and refreshed when the dataset is (monthly). Only codes
 * the installed `ifsc` package knows are kept, so the directory never names a
 * branch for a code the form refuses. The output defaults to
 * {DATA_DIR}/ifsc-directory.tsv.gz (DATA_DIR defaults to ./data), where the
 * server looks unless IFSC_DIRECTORY_FILE says otherwise.
 */
import { createReadStream, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { parseStream } from '@fast-csv/parse';

const HEADER = '#ifsc-directory 1';
const require = createRequire(import.meta.url);

/** The codes the `ifsc` package lists (a bank code, a 0, a branch code). */
function knownCodes() {
  const all = require('ifsc/src/IFSC.json');
  const known = new Set();
  for (const [bank, branches] of Object.entries(all)) {
    for (const b of branches) known.add(typeof b === 'number' ? `${bank}0${String(b).padStart(6, '0')}` : `${bank}0${b}`);
  }
  return known;
}

/** One cell of the directory: no tabs or line breaks, spaces collapsed. */
const cell = (v) =>
  String(v ?? '')
    .replace(/[\t\r\n]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Reads the CSV rows into the directory's text, sorted by code. */
export async function directoryText(input, { source = 'IFSC.csv', known = knownCodes() } = {}) {
  const rows = new Map();
  await new Promise((resolve, reject) => {
    parseStream(input, { headers: true, ignoreEmpty: true, trim: true })
      .on('error', reject)
      .on('data', (row) => {
        const code = cell(row.IFSC).toUpperCase();
        const branch = cell(row.BRANCH);
        if (!known.has(code) || !branch) return;
        rows.set(code, `${code}\t${branch}\t${cell(row.ADDRESS)}`);
      })
      .on('end', resolve);
  });
  const lines = [...rows.keys()].sort().map((k) => rows.get(k));
  return { text: `${HEADER} ${cell(source)}\n${lines.join('\n')}\n`, count: lines.length };
}

async function open(from) {
  if (!/^https?:\/\//.test(from)) return createReadStream(from);
  const res = await fetch(from);
  if (!res.ok || !res.body) throw new Error(`${from}: ${res.status}`);
  return Readable.fromWeb(res.body);
}

async function main() {
  const [from, out = path.join(process.env.DATA_DIR ?? 'data', 'ifsc-directory.tsv.gz')] = process.argv.slice(2);
  if (!from) {
    console.error('usage: node scripts/ifsc-directory.mjs <IFSC.csv | URL> [out-file]');
    process.exit(2);
  }
  const { text, count } = await directoryText(await open(from), { source: path.basename(from) });
  if (!count) throw new Error(`${from}: no branch of a known code (is it the IFSC.csv with BANK, IFSC, BRANCH, ADDRESS columns?)`);
  mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  writeFileSync(out, gzipSync(text, { level: 9 }));
  console.log(`${count} branches written to ${out}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
