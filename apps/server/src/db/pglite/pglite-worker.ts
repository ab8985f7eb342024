// The thread that runs PGlite for the server (pglite-remote.ts is the other
// side). PGlite runs PostgreSQL on the thread that calls it: here, opening the
// database (about half a second) overlaps the server loading its modules, and
// a long statement never holds up the server's sockets.
import { parentPort, workerData } from 'node:worker_threads';
import { mkdirSync } from 'node:fs';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import path from 'node:path';
import { loadDatabaseSettings } from '../../database-settings';
import { restoreDemoSnapshot, wantsDemoSnapshot } from '../../seed/restore';
import { errorFields, type PgliteAnswer, type PgliteReady, type PgliteRequest, type PgliteWorkerData } from './pglite-protocol';

const port = parentPort!;
const data = workerData as PgliteWorkerData;
type Parser = (value: string, typeId?: number) => unknown;
const keepText: Parser = (value) => value;
/**
 * The types drizzle's PGlite driver asks to keep as text with every statement
 * (times, dates, intervals and their arrays). PGlite copies all its parsers
 * into a new object for any statement that brings its own (a tenth of a
 * millisecond each), so the database keeps these as text itself and only a
 * statement that asks otherwise brings parsers: its own text types, and
 * PGlite's usual parsers for the others here.
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const databaseParsers: Record<number, Parser> = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((t) => [t, keepText]));
const usualParsers = types.parsers as Record<number, Parser | undefined>;
const parserSets = new Map<string, Record<number, Parser> | undefined>();
const parsersFor = (textTypes: number[]) => {
  const key = textTypes.join(',');
  if (parserSets.has(key)) return parserSets.get(key);
  const asked = new Set(textTypes);
  const asDrizzle = textTypes.length === DRIZZLE_TEXT_TYPES.length && DRIZZLE_TEXT_TYPES.every((t) => asked.has(t));
  const parsers = asDrizzle
    ? undefined
    : Object.fromEntries([
        ...DRIZZLE_TEXT_TYPES.filter((t) => !asked.has(t)).map((t) => [t, usualParsers[t] ?? keepText] as const),
        ...textTypes.map((t) => [t, keepText] as const),
      ]);
  parserSets.set(key, parsers);
  return parsers;
};

// Node waits for V8's background compilation of PGlite's WebAssembly whenever
// this thread's event loop runs out of work: right after the database opens,
// 100-200 ms before the first statement. A timer keeps the loop from running out.
const keepAlive = setInterval(() => undefined, 60_000);

/** Open transactions by the id of the request that began them; `end` settles one. */
const transactions = new Map<number, { tx: Transaction; settle: (commit: boolean) => void; done: Promise<void> }>();
/** What a transaction's callback throws when the server rolls it back. */
const ROLLED_BACK = new Error('rolled back');

async function open(): Promise<{ db: PGlite; restored: boolean }> {
  const settings = loadDatabaseSettings();
  // The server reads the whole configuration and reports what is wrong with it.
  if (!settings) throw new Error('Invalid configuration');
  const pgdata = path.join(settings.dataDir, 'pgdata');
  mkdirSync(pgdata, { recursive: true });
  if (!wantsDemoSnapshot(settings, data.argv)) {
    const db = new PGlite({ dataDir: pgdata, parsers: databaseParsers });
    await db.waitReady;
    return { db, restored: false };
  }
  // PGlite loads its WebAssembly while the snapshot's files copy; PostgreSQL itself starts once they are in.
  const copying = restoreDemoSnapshot(data.snapshot, settings.dataDir);
  const db = new PGlite({ fs: new NodeFSAfter(pgdata, copying), parsers: databaseParsers });
  // A failed copy (its half removed) is the thread's error; PostgreSQL never starts on it. What PGlite's
  // start then says of the half it found gone is not awaited by anyone: left unhandled, it ended the
  // thread before the copy's error was reported (seen under load).
  db.waitReady.catch(() => undefined);
  const restored = await copying;
  await db.waitReady;
  return { db, restored };
}

type EmscriptenOptions = Awaited<ReturnType<NodeFS['init']>>['emscriptenOpts'];
/** What Emscripten's module offers to hold its start (the module's type in PGlite leaves these out). */
interface RunDependencies {
  addRunDependency(id: string): void;
  removeRunDependency(id: string): void;
}

/**
 * PGlite's NodeFS on a data dir whose files are still arriving: Emscripten
 * starts PostgreSQL only once every run dependency is gone, and this one goes
 * when `filled` settles well. The WebAssembly loads and instantiates before
 * that point, so its time overlaps the copy instead of following it.
 */
class NodeFSAfter extends NodeFS {
  constructor(
    dataDir: string,
    private readonly filled: Promise<unknown>,
  ) {
    super(dataDir);
  }

  override async init(
    pg: Parameters<NodeFS['init']>[0],
    opts: Parameters<NodeFS['init']>[1],
  ): Promise<{ emscriptenOpts: EmscriptenOptions }> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const holdStart = (mod: unknown) => {
      const start = mod as RunDependencies;
      start.addRunDependency('pmw-data-dir');
      this.filled.then(
        () => start.removeRunDependency('pmw-data-dir'),
        () => undefined,
      );
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [holdStart, ...(emscriptenOpts.preRun ?? [])] } };
  }
}

async function answer(db: PGlite, req: PgliteRequest): Promise<PgliteAnswer> {
  switch (req.op) {
    case 'query': {
      const on = req.tx === undefined ? db : transactions.get(req.tx)?.tx;
      if (!on) throw new Error('The transaction has already ended');
      const parsers = parsersFor(req.textTypes);
      const r = await on.query(req.sql, req.params, parsers ? { rowMode: req.rowMode, parsers } : { rowMode: req.rowMode });
      return {
        id: req.id,
        result: { rows: r.rows, fields: r.fields, ...(r.affectedRows === undefined ? {} : { affectedRows: r.affectedRows }) },
      };
    }
    case 'begin': {
      // PGlite holds its lock for the whole transaction: other statements wait, as in one process.
      let opened!: () => void;
      const begun = new Promise<void>((resolve) => (opened = resolve));
      let settle!: (commit: boolean) => void;
      const done = db.transaction(
        (tx) =>
          new Promise<void>((commit, rollback) => {
            settle = (ok) => (ok ? commit() : rollback(ROLLED_BACK));
            transactions.set(req.id, { tx, settle, done });
            opened();
          }),
      );
      // BEGIN itself failed: the callback never ran.
      await Promise.race([begun, done]);
      return { id: req.id, result: null };
    }
    case 'end': {
      const open = transactions.get(req.tx);
      if (!open) throw new Error('The transaction has already ended');
      transactions.delete(req.tx);
      open.settle(req.commit);
      // Answered once COMMIT (or ROLLBACK) has run; a failed COMMIT is this request's error.
      await open.done.catch((err: unknown) => {
        if (err !== ROLLED_BACK) throw err;
      });
      return { id: req.id, result: null };
    }
    case 'copy': {
      // COPY ... TO '/dev/blob': PGlite hands the output over as one Blob, moved (not copied) to the server.
      const r = await db.query(req.sql);
      return { id: req.id, result: r.blob ? await r.blob.arrayBuffer() : null };
    }
    case 'close':
      await db.close();
      clearInterval(keepAlive);
      return { id: req.id, result: null };
  }
}

try {
  const { db, restored } = await open();
  port.on('message', (req: PgliteRequest) => {
    answer(db, req).then(
      (a) => port.postMessage(a, 'result' in a && a.result instanceof ArrayBuffer ? [a.result] : []),
      (err: unknown) => port.postMessage({ id: req.id, error: errorFields(err) } satisfies PgliteAnswer),
    );
  });
  port.postMessage({ ready: true, restored } satisfies PgliteReady);
} catch (err) {
  clearInterval(keepAlive);
  port.postMessage({ ready: false, error: errorFields(err) } satisfies PgliteReady);
}
