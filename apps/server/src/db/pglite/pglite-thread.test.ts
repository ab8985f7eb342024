import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { pgliteThreadDatabase, type Database } from '../client';
import { startPgliteThread, type StartedPgliteThread } from './pglite-remote';
import { isUniqueViolation } from '../../errors';

// The thread runs the built worker, as the server does: built here from the sources.
const serverDir = path.resolve(import.meta.dirname, '../../..');
const bundleDir = path.join(serverDir, `.pglite-thread-test-${process.pid}`);
const script = pathToFileURL(path.join(bundleDir, 'pglite-worker.mjs'));
const dirs: string[] = [];
const threads: StartedPgliteThread[] = [];
/** Threads that stopped without being closed (none should). */
const lost: Error[] = [];

beforeAll(async () => {
  await build({
    entryPoints: [path.join(serverDir, 'src/db/pglite/pglite-worker.ts')],
    outfile: path.join(bundleDir, 'pglite-worker.mjs'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    alias: { '@pmw/contract': path.resolve(serverDir, '../../packages/contract/src') },
    logLevel: 'warning',
  });
});
afterAll(async () => {
  for (const t of threads) await t.client.close().catch(() => undefined);
  rmSync(bundleDir, { recursive: true, force: true });
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pmw-thread-'));
  dirs.push(dir);
  return dir;
};

/** Starts a thread on a data dir, with the environment it reads its settings from. */
async function start(env: Record<string, string>, argv: string[] = [], snapshot = path.join(bundleDir, 'no-snapshot')) {
  const wanted: Record<string, string | undefined> = {
    NODE_ENV: 'development',
    SEED_DEMO: 'auto',
    DATABASE_URL: undefined,
    PMW_NO_SNAPSHOT: undefined,
    ...env,
  };
  const saved = Object.fromEntries(Object.keys(wanted).map((k) => [k, process.env[k]]));
  const set = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  set(wanted);
  try {
    // The thread copies the environment when it starts.
    const thread = startPgliteThread(script, { argv, snapshot }, (err) => lost.push(err));
    threads.push(thread);
    return thread;
  } finally {
    set(saved);
  }
}

describe('PGlite on its own thread', () => {
  let database: Database;
  let thread: StartedPgliteThread;
  let firstDir: string;
  beforeAll(async () => {
    firstDir = dataDir();
    thread = await start({ DATA_DIR: firstDir });
    database = pgliteThreadDatabase(thread.client);
    expect(await thread.opened).toBe(false);
    await database.db.execute(sql`create table note (id int primary key, at timestamptz not null, body text not null)`);
  });

  it('answers statements with parameters, times kept as PostgreSQL wrote them', async () => {
    await database.db.execute(sql`insert into note values (1, '2026-11-27 10:00:00+05:30', ${'नमस्ते'})`);
    const { rows } = (await database.db.execute(sql`select id, at, body from note where id = ${1}`)) as unknown as {
      rows: { id: number; at: string; body: string }[];
    };
    expect(rows).toEqual([{ id: 1, at: '2026-11-27 04:30:00+00', body: 'नमस्ते' }]);
  });

  it('parses times as PGlite does for a statement that asks nothing of them, and keeps as text only the types one asks for', async () => {
    const statement = `select '2026-11-27 10:00:00+05:30'::timestamptz as at, '2026-11-27'::date as day, '1 day'::interval as span`;
    const raw = await thread.client.query(statement);
    expect(raw.rows).toEqual([{ at: new Date('2026-11-27T04:30:00Z'), day: expect.any(Date), span: '1 day' }]);
    const some = await thread.client.query(statement, [], { parsers: { 1184: (value: string) => value } });
    expect(some.rows).toEqual([{ at: '2026-11-27 04:30:00+00', day: expect.any(Date), span: '1 day' }]);
  });

  it('commits a transaction, and rolls one back when it throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into note values (2, now(), 'kept')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into note values (3, now(), 'dropped')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = (await database.db.execute(sql`select id from note where id in (2, 3) order by id`)) as unknown as {
      rows: { id: number }[];
    };
    expect(rows).toEqual([{ id: 2 }]);
  });

  it('rolls back to a savepoint in a nested transaction', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into note values (4, now(), 'outer')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into note values (5, now(), 'inner')`);
          inner.rollback();
        })
        .catch(() => undefined);
    });
    const { rows } = (await database.db.execute(sql`select id from note where id in (4, 5) order by id`)) as unknown as {
      rows: { id: number }[];
    };
    expect(rows).toEqual([{ id: 4 }]);
  });

  it("hands PostgreSQL's error code over, so a duplicate is recognised", async () => {
    const err = await database.db.execute(sql`insert into note values (1, now(), 'again')`).catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    // The database goes on answering after an error.
    expect(((await database.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
  });

  it('runs transactions one at a time: 20 read-then-write increments all count', async () => {
    await database.db.execute(sql`create table counter (n int not null)`);
    await database.db.execute(sql`insert into counter values (0)`);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        database.db.transaction(async (tx) => {
          const { rows } = (await tx.execute(sql`select n from counter`)) as unknown as { rows: { n: number }[] };
          await tx.execute(sql`update counter set n = ${rows[0]!.n + 1}`);
        }),
      ),
    );
    const { rows } = (await database.db.execute(sql`select n from counter`)) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(20);
  });

  it("streams COPY's output in pieces, every row in order", async () => {
    const parts: Uint8Array[] = [];
    for await (const part of database.copyOut(`(select g, 'row ' || g from generate_series(1, 20000) g) TO STDOUT`)) parts.push(part);
    const expected = Array.from({ length: 20000 }, (_, i) => `${i + 1}\trow ${i + 1}\n`).join('');
    expect(Buffer.concat(parts).toString('utf8')).toBe(expected);
    expect(parts.length).toBeGreaterThan(1);
  });

  it('refuses statements once closed', async () => {
    await database.close();
    await expect(thread.client.query('select 1')).rejects.toThrow(/stopped/);
    expect(lost).toEqual([]);
  });

  it('starts a fresh data dir from the snapshot, once', async () => {
    // The database above (closed) serves as the snapshot.
    const dir = dataDir();
    const first = await start({ DATA_DIR: dir }, [], firstDir);
    expect(await first.opened).toBe(true);
    const copied = pgliteThreadDatabase(first.client);
    const { rows } = (await copied.db.execute(sql`select body from note order by id`)) as unknown as { rows: { body: string }[] };
    expect(rows.map((r) => r.body)).toEqual(['नमस्ते', 'kept', 'outer']);
    await copied.close();

    const again = await start({ DATA_DIR: dir }, [], firstDir);
    expect(await again.opened).toBe(false);
    await again.client.close();
  });

  it("starts no database on a snapshot that failed to copy: the failure is the opening's, and no half copy stays", async () => {
    const snapshot = dataDir();
    cpSync(path.join(firstDir, 'pgdata'), path.join(snapshot, 'pgdata'), { recursive: true });
    // A file that cannot be read: its copy fails after others have gone in.
    symlinkSync(path.join(snapshot, 'nowhere'), path.join(snapshot, 'pgdata', 'base', 'zz-missing'));
    const dir = dataDir();
    const broken = await start({ DATA_DIR: dir }, [], snapshot);
    await expect(broken.opened).rejects.toThrow(/ENOENT/);
    expect(existsSync(path.join(dir, 'pgdata', 'PG_VERSION'))).toBe(false);
    expect(lost).toEqual([]);
  });

  it('never copies the snapshot with SEED_DEMO=never (nor for the one-off commands: seed/snapshot.test.ts)', async () => {
    const dir = dataDir();
    const never = await start({ DATA_DIR: dir, SEED_DEMO: 'never' }, [], firstDir);
    expect(await never.opened).toBe(false);
    const fresh = pgliteThreadDatabase(never.client);
    expect(((await fresh.db.execute(sql`select to_regclass('note') is null as absent`)) as unknown as { rows: unknown[] }).rows).toEqual([
      { absent: true },
    ]);
    await fresh.close();
    // A data dir made from nothing runs initdb in WebAssembly: a few seconds alone, over 30 beside other work.
  }, 120_000);

  it('reports settings it cannot read instead of opening anything', async () => {
    const dir = dataDir();
    const bad = await start({ DATA_DIR: dir, SEED_DEMO: 'sometimes' });
    await expect(bad.opened).rejects.toThrow('Invalid configuration');
    await expect(bad.client.query('select 1')).rejects.toThrow();
    expect(existsSync(path.join(dir, 'pgdata'))).toBe(false);
    // A thread that never opened is reported through `opened`, not as a lost database.
    expect(lost).toEqual([]);
  });
});
