#!/usr/bin/env node
// Ledger check: every wallet's balance against the sum of its ledger, over the
// whole database the server is configured for (DATABASE_URL, else the PGlite
// files in DATA_DIR). Prints the wallets that differ; exit code 1 when any do.
//
//   node scripts/check-ledger.mjs            # DATA_DIR=./data by default
//   DATABASE_URL=postgres://... node scripts/check-ledger.mjs
//
// On PGlite stop the server first (the embedded database has one process).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');
const outfile = path.join(server, `.check-ledger-${process.pid}.mjs`);
try {
  await build({
    entryPoints: [path.join(server, 'src/modules/ops/check-ledger.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    alias: { '@pmw/contract': path.join(root, 'packages/contract/src') },
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  });
  // Runs from apps/server so migrations and node_modules resolve as for the server.
  const r = spawnSync(process.execPath, [outfile], { cwd: server, stdio: 'inherit', env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') } });
  process.exitCode = r.status ?? 2;
} finally {
  rmSync(outfile, { force: true });
}
