import { constants, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { copyFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseSettings } from '../database-settings';

/** Where the build puts the snapshot: beside the server bundle. */
export const snapshotDir = (bundleDir: string) => path.join(bundleDir, 'demo-snapshot');

/**
 * Outside production, with the demo allowed and PGlite (no DATABASE_URL), a
 * fresh data dir starts as a copy of the build's snapshot; never for the
 * one-off commands (migrate, create-admin).
 */
export function wantsDemoSnapshot(config: DatabaseSettings, argv: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
  return (
    !config.databaseUrl &&
    config.env !== 'production' &&
    config.seedDemo !== 'never' &&
    !env.PMW_NO_SNAPSHOT &&
    !argv.includes('--migrate-only') &&
    !argv.includes('--create-admin')
  );
}

/**
 * A fresh data dir (no database yet) starts as a copy of the build's migrated
 * and seeded PGlite snapshot (database and demo files) instead of creating,
 * migrating and seeding a database. Answers whether it did. The files copy
 * on libuv's threads, so the server's modules load meanwhile.
 */
export async function restoreDemoSnapshot(snapshot: string, dataDir: string): Promise<boolean> {
  const pgdata = path.join(dataDir, 'pgdata');
  if (!existsSync(path.join(snapshot, 'pgdata', 'PG_VERSION'))) return false;
  if (existsSync(pgdata) && readdirSync(pgdata).length) return false;
  try {
    await copyTree(snapshot, dataDir);
    return true;
  } catch (err) {
    // A half copy must not pass for a database: start the usual way instead.
    await rm(pgdata, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Copies a folder's files into another (a database is over 600 small files).
 * Every copy is handed to libuv's threads at once, so the copy goes on while
 * this thread is busy loading PGlite; a few at a time, each next one waited
 * for this thread and the copy ended 100-300 ms after PostgreSQL could start.
 * PGlite's own file reads queue behind the copies (docs/performance.md,
 * Start). A file already there is kept, as `cp` with `force: false` does.
 */
async function copyTree(from: string, to: string): Promise<void> {
  const files: [string, string][] = [];
  const walk = (a: string, b: string) => {
    mkdirSync(b, { recursive: true });
    for (const entry of readdirSync(a, { withFileTypes: true })) {
      const [src, dst] = [path.join(a, entry.name), path.join(b, entry.name)];
      if (entry.isDirectory()) walk(src, dst);
      else files.push([src, dst]);
    }
  };
  walk(from, to);
  const copies = files.map(([src, dst]) =>
    copyFile(src, dst, constants.COPYFILE_EXCL).catch((err: unknown) => {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }),
  );
  // All have ended before the caller removes a half copy.
  const outcomes = await Promise.allSettled(copies);
  const failure = outcomes.find((o) => o.status === 'rejected');
  if (failure) throw failure.reason;
}
