#!/usr/bin/env node
// Lead counter check: every partner's and team member's lead counters (the
// report's tiles) against a recount of their leads, over the whole database the
// server is configured for (DATABASE_URL, else the PGlite files in DATA_DIR).
// Prints the counters that differ; exit code 1 when any do.
//
//   node scripts/check-counts.mjs            # DATA_DIR=./data by default
//   DATABASE_URL=postgres://... node scripts/check-counts.mjs
//
// On PGlite stop the server first (the embedded database has one process).
import { runServerScript } from './run-server-script.mjs';

process.exitCode = await runServerScript('src/modules/leads/check-counts.ts');
