import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import * as schema from './schema/index';
import { asPglite, type RemotePglite } from './pglite/pglite-remote';

export type Schema = typeof schema;
/** Both drivers give this: services never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A service method can run on the database or inside a caller's transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Migrations in the folder that this database has not run yet (production starts refuse to run with any). */
  pendingMigrations(): Promise<string[]>;
  close(): Promise<void>;
  /** The PGlite instance when embedded (for snapshots in tests). */
  pglite?: PGlite;
  /**
   * Streams `COPY (query) TO STDOUT ...` (the text after `COPY`, e.g.
   * `(select ...) TO STDOUT WITH (FORMAT csv)`): on PostgreSQL through
   * pg-copy-streams on a pooled connection, on PGlite through its /dev/blob.
   * COPY takes no parameters: the caller inlines literals with `inlineParams` (src/db/copy/).
   */
  copyOut(copy: string): AsyncIterable<Uint8Array>;
  /**
   * How busy the database is, for metrics: on PostgreSQL the pool's
   * connections; on PGlite's thread the requests waiting on it; nothing for
   * PGlite in the server's own thread (the sources, tests), which has no queue.
   */
  load?(): DatabaseLoad;
}

export type DatabaseLoad = { kind: 'pool'; total: number; idle: number; waiting: number } | { kind: 'thread'; inFlight: number };

export function migrationsFolder(): string {
  // Source layout and bundled layout both keep migrations beside the server package root.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle'), path.resolve(here, 'drizzle')];
  return candidates.find((c) => existsDir(c)) ?? candidates[0]!;
}

function existsDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

const MIGRATION_LOCK = 727_001;

interface JournalEntry {
  tag: string;
  when: number;
}

/**
 * Drizzle's migrator runs every migration whose timestamp is newer than the
 * newest one recorded in `drizzle.__drizzle_migrations`; this reads the same
 * two facts without running anything.
 */
async function pendingFrom(db: Db): Promise<string[]> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  // Both drivers answer raw SQL with `{ rows }`.
  const exists = (await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`)) as unknown as {
    rows: { found: boolean }[];
  };
  if (!exists.rows[0]?.found) return journal.entries.map((e) => e.tag);
  const last = (await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { newest: string | null }[];
  };
  const newest = Number(last.rows[0]?.newest ?? 0);
  return journal.entries.filter((e) => e.when > newest).map((e) => e.tag);
}

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  await client.waitReady;
  return pgliteDatabase(client, {
    pglite: client,
    close: () => client.close(),
    async *copyOut(copy) {
      // PGlite hands COPY's output over as one Blob; it is read out in pieces.
      const result = await client.query(toBlob(copy));
      if (!result.blob) return;
      const reader = result.blob.stream().getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    },
  });
}

/** PGlite writes COPY's output to its /dev/blob, not to the client. */
const toBlob = (copy: string) => `COPY ${copy.replace(/TO STDOUT/i, "TO '/dev/blob'")}`;

/** How much of COPY's output the thread's client hands on at a time, as PGlite's Blob stream does. */
const COPY_PIECE = 65_536;

/** The server's PGlite on a thread of its own (pglite-worker.ts), started by the entry (server.ts). */
export function pgliteThreadDatabase(client: RemotePglite): Database {
  return pgliteDatabase(asPglite(client), {
    close: () => client.close(),
    load: () => ({ kind: 'thread', inFlight: client.inFlight() }),
    async *copyOut(copy) {
      const whole = await client.copy(toBlob(copy));
      if (!whole) return;
      for (let at = 0; at < whole.length; at += COPY_PIECE) yield whole.subarray(at, at + COPY_PIECE);
    },
  });
}

function pgliteDatabase(client: PGlite, own: Pick<Database, 'close' | 'copyOut' | 'pglite' | 'load'>): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsFolder() }),
    pendingMigrations: () => pendingFrom(db),
    ...own,
  };
}

/**
 * Every connection starts with JIT compilation off (a startup option, so it
 * costs no statement). The product's statements are short, and LLVM compiling
 * one took longer than running it: 1.0 s of a 1.3 s Leads Report CSV of
 * 100,000 leads, 0.3 s of a 0.7 s searched count (docs/performance.md, CSV).
 * Options written in DATABASE_URL (`?options=...`) take the place of this one.
 */
export const POSTGRES_STARTUP_OPTIONS = '-c jit=off';

export async function openPostgres(url: string, poolSize = 20): Promise<Database> {
  // Loaded only for PostgreSQL: on PGlite the start does without them (docs/performance.md, Start).
  // pg-copy-streams is CommonJS and bundled: the chunk esbuild makes of it
  // exports only `default` (module.exports), so a named import would be
  // undefined in the built server while the sources still worked. Node gives
  // CommonJS the same `default`, so reading through it works in both.
  const [{ default: pg }, { default: copyStreams }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('pg-copy-streams'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: POSTGRES_STARTUP_OPTIONS });
  // An idle connection the server drops (a restart, a failover) emits 'error' on
  // the pool; without a listener that would end the process. The pool replaces it.
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Several processes may start at once: one migrates, the others wait.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    pendingMigrations: () => pendingFrom(db),
    close: () => pool.end(),
    load: () => ({ kind: 'pool', total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async *copyOut(copy) {
      const client = await pool.connect();
      let finished = false;
      try {
        const stream = client.query(copyStreams.to(`COPY ${copy}`));
        for await (const chunk of stream) yield chunk as Uint8Array;
        finished = true;
      } finally {
        // A COPY left half read (a failure, a cancelled download) leaves the connection mid-protocol: drop it.
        client.release(finished ? undefined : true);
      }
    },
  };
}

export async function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string; poolSize?: number }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize) : openPglite(path.join(opts.dataDir, 'pgdata'));
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
