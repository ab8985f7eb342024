#!/usr/bin/env node
// Ledger check: every wallet's balance against the sum of its ledger, over the
// whole database the server is configured for (DATABASE_URL, else the PGlite
// files in DATA_DIR). Prints the wallets that differ; exit code 1 when any do.
//
//   node scripts/check-ledger.mjs            # DATA_DIR=./data by default
//   DATABASE_URL=postgres://... node scripts/check-ledger.mjs
//
// On PGlite stop the server first (the embedded database has one process).
import { runServerScript } from './run-server-script.mjs';

process.exitCode = await runServerScript('src/modules/ops/check-ledger.ts');
