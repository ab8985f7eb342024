#!/usr/bin/env node
// Runs every bench, one after another, on PGlite, or on PostgreSQL with
// `--pg URL` (each bench makes and drops its own database there), and prints
// the figures table: the product, the raw work done the same run, the ratio,
// the target and the machine's load. `--write` puts the table into
// docs/performance.md; `--only a,b` runs some benches.
//
//   npm run bench [-- --pg postgres://postgres@127.0.0.1:5432/postgres] [--only campaign,chat] [--write]
//
// Needs a build (npm run build).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { arg, flag, machineLoad, root } from './lib.mjs';

const pg = arg('pg', undefined);
const only = arg('only', undefined)?.split(',');

/** Each bench with how it runs; the ones with `pg` take `--pg URL`. */
const benches = [
  { id: 'start', cmd: ['node', 'bench/platform.mjs'] },
  { id: 'report', cmd: ['node', 'bench/partner-report.mjs'] },
  { id: 'dashboard', cmd: ['node', 'bench/dashboard.mjs'] },
  { id: 'campaign', cmd: ['node', 'bench/campaign.mjs', '--only-leads'] },
  { id: 'chat', cmd: ['npx', 'tsx', 'bench/support-chat.bench.ts'] },
  { id: 'data-download', cmd: ['npx', 'tsx', 'bench/data-download.bench.ts'] },
  { id: 'ops', cmd: ['npx', 'tsx', 'bench/ops.bench.ts'] },
  { id: 'hiring', cmd: ['node', 'bench/hiring.mjs'] },
  { id: 'team-bundle', cmd: ['node', 'bench/team-bundle.mjs'] },
];

const figures = [];
const failed = [];
for (const b of benches) {
  if (only && !only.includes(b.id)) continue;
  const args = [...b.cmd.slice(1), ...(pg ? ['--pg', pg] : [])];
  console.log(`\n== ${b.id}: ${b.cmd.join(' ')}${pg ? ' --pg …' : ''} (load ${machineLoad()})`);
  const code = await new Promise((resolve) => {
    const child = spawn(b.cmd[0], args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let rest = '';
    child.stdout.on('data', (chunk) => {
      rest += chunk;
      const lines = rest.split('\n');
      rest = lines.pop();
      for (const line of lines) {
        if (line.startsWith('FIGURE ')) figures.push(JSON.parse(line.slice(7)));
        else console.log(line);
      }
    });
    child.on('exit', resolve);
  });
  if (code !== 0) failed.push(b.id);
}

const cell = (f) => `${f.product} ${f.unit}`;
const table = [
  '| Bench | Figure | Database | Product | Raw, same run | Ratio | Target | Load |',
  '|---|---|---|---|---|---|---|---|',
  ...figures.map(
    (f) =>
      `| ${f.bench} | ${f.name} | ${f.db} | ${cell(f)} | ${f.raw} ${f.unit} (${f.rawLabel}) | ${f.ratio}× | ${f.target === null ? '—' : `${f.better === 'lower' ? '≤' : '≥'} ${f.target}×${f.ok ? '' : ' (not met)'}`} | ${f.load} |`,
  ),
].join('\n');
console.log(`\n${table}`);
if (flag('write')) {
  const file = path.join(root, 'docs/performance.md');
  const doc = readFileSync(file, 'utf8');
  // One block per database, so a PGlite run and a PostgreSQL run both stay.
  const which = pg ? 'postgres' : 'pglite';
  const start = `<!-- figures:${which}:start -->`;
  const end = `<!-- figures:${which}:end -->`;
  const stamp = `Produced by \`npm run bench${pg ? ' -- --pg URL' : ''}\` on ${new Date().toISOString().slice(0, 10)}.`;
  const block = `${start}\n${stamp}\n\n${table}\n${end}`;
  const next = doc.includes(start) ? doc.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block) : `${doc.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}
if (failed.length) {
  console.error(`benches that failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
