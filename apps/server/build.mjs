// Bundles the server with the packages it loads at start: a few files compile
// faster than the thousand of node_modules (docs/performance.md, Start). Left
// outside: packages that find their own files beside them (PGlite's WebAssembly,
// pino's transport worker, the API viewer's assets), native add-ons they may
// try, and the ones loaded only when configured (S3, Redis) or asked for
// (Fastify's own schema compilers, src/http/lazy-schema-compilers.ts: bundled,
// their 600 KB would be parsed at every start and never run). Socket.IO is
// bundled because the server never serves its browser client (serveClient:
// false), the one place it looks for files beside itself.
import { build } from 'esbuild';
import { cpSync, renameSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

// The production build whatever NODE_ENV the shell has: the packages bundled
// here read it while bundling as they would at run time. The bundle itself
// still reads NODE_ENV when it starts (the demo snapshot below is made by
// running it in development on purpose).
process.env.NODE_ENV = 'production';

// SERVER_OUT_DIR lets several builds run side by side (e.g. parallel test runs).
const out = process.env.SERVER_OUT_DIR ?? 'dist';
rmSync(out, { recursive: true, force: true });
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // Stack traces need the mappings, not the sources' text: Node parses the map at every start.
  sourcesContent: false,
  minifyWhitespace: true,
  minifySyntax: true,
  external: [
    '@electric-sql/pglite',
    '@electric-sql/pglite/*',
    'pino',
    'pino-pretty',
    '@fastify/swagger-ui',
    '@fastify/swagger',
    'pg-native',
    'bufferutil',
    'utf-8-validate',
    '@aws-sdk/*',
    'ioredis',
    '@socket.io/redis-adapter',
    // Native image library (lead photo hashes): loads its prebuilt binary from node_modules.
    'sharp',
    // PDFs (invoices, statements): pdfkit reads its standard fonts' metrics from files beside it; loaded on the first PDF asked for.
    'pdfkit',
    '@fastify/ajv-compiler',
    '@fastify/fast-json-stringify-compiler',
  ],
  alias: { '@pmw/contract': path.resolve('../../packages/contract/src') },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
};
// server.mjs is the small entry: it starts copying the demo snapshot into a
// fresh data dir, then imports main.mjs (the server) while the files copy.
// What both use (the configuration, zod) is one shared chunk, loaded once.
// pglite-worker.mjs runs PGlite on a thread of its own (src/db/pglite/pglite-worker.ts).
await build({
  ...common,
  entryPoints: { main: 'src/main.ts', server: 'src/server.ts', 'pglite-worker': 'src/db/pglite/pglite-worker.ts' },
  outdir: out,
  splitting: true,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
});
cpSync('drizzle', path.join(out, 'drizzle'), { recursive: true });

// The demo snapshot: the bundle migrates and seeds a PGlite database once, here,
// sealed with the public snapshot key; a fresh data dir outside production
// starts as a copy of it (src/seed/snapshot.ts) instead of seeding at start.
const snapshot = path.join(out, 'demo-snapshot');
const making = path.join(out, 'demo-snapshot.tmp');
rmSync(making, { recursive: true, force: true });
// The same public key as SNAPSHOT_SECRET_KEY in src/seed/snapshot.ts (a test checks they agree).
const SNAPSHOT_SECRET_KEY = 'pmw-demo-snapshot-key-public-not-a-secret';
const env = {
  ...process.env,
  NODE_ENV: 'development',
  DATA_DIR: making,
  SECRET_KEY: SNAPSHOT_SECRET_KEY,
  SEED_DEMO: 'always',
  LOG_LEVEL: 'warn',
  PMW_NO_SNAPSHOT: '1',
};
// Always PGlite, whatever the shell that builds points at.
delete env.DATABASE_URL;
delete env.REDIS_URL;
const seeded = spawnSync(process.execPath, [path.join(out, 'server.mjs'), '--seed-only'], { stdio: ['ignore', 'ignore', 'inherit'], env });
if (seeded.status !== 0) throw new Error('making the demo snapshot failed');
await dropTemplateDatabases(path.join(making, 'pgdata'));
rmSync(path.join(making, 'secret.key'), { force: true });
rmSync(path.join(making, 'tmp'), { recursive: true, force: true });
renameSync(making, snapshot);

/**
 * The demo lives in the database 'postgres'. The template databases are more
 * than half of a data dir's files (about 540 of 1,240) and serve only CREATE
 * DATABASE, which the product never runs: the snapshot leaves them out, so a
 * fresh start copies half as many files (docs/performance.md, Start).
 */
async function dropTemplateDatabases(pgdata) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(pgdata);
  await db.waitReady;
  for (const name of ['template0', 'template1']) {
    await db.query(`alter database ${name} is_template false`);
    await db.query(`drop database ${name}`);
  }
  await db.query('checkpoint');
  await db.close();
}
