import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import {
  errorFromFields,
  type PgliteAnswer,
  type PgliteQueryResult,
  type PgliteReady,
  type PgliteRequest,
  type PgliteWorkerData,
} from './pglite-protocol';

type Parsers = Record<number, unknown>;
interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Only parsers that keep a value's text (drizzle's, for times and dates) cross to the thread: their type ids. */
  parsers?: Parsers;
}
/** Sends a request to the database thread under an id (a new one unless given) and answers its answer. */
type Send = (req: DistributiveOmit<PgliteRequest, 'id'>, id?: number) => Promise<PgliteAnswer & { result: unknown }>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The part of PGlite that drizzle's driver calls, on a transaction. */
export interface RemoteTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<PgliteQueryResult>;
}
/** The part of PGlite that drizzle's driver calls: statements and transactions. */
export interface RemotePglite extends RemoteTransaction {
  transaction<T>(run: (tx: RemoteTransaction) => Promise<T>): Promise<T>;
  /** COPY's output, whole (the statement writes to '/dev/blob'). */
  copy(sql: string): Promise<Uint8Array | undefined>;
  close(): Promise<void>;
  /** Requests sent to the thread and not answered yet (statements, transaction ends): its queue. */
  inFlight(): number;
}

const textTypes = (parsers: Parsers | undefined) => (parsers ? Object.keys(parsers).map(Number) : []);

export interface StartedPgliteThread {
  /** Takes statements at once: they run once the database is open. */
  client: RemotePglite;
  /** Settles when the database is open: whether the demo snapshot was copied into the fresh data dir first. */
  opened: Promise<boolean>;
}

/**
 * Starts PGlite on a thread of its own (pglite-worker.mjs, beside the server's
 * bundle), which first copies the build's demo snapshot into a fresh data dir
 * when the settings allow. Statements queue on the thread in the order they
 * are sent (those sent before it opens wait for it), and a transaction holds
 * the database as it does in one process. `onLost` hears of an open
 * database's thread that stops or fails without being closed.
 */
export function startPgliteThread(script: URL, data: PgliteWorkerData, onLost?: (err: Error) => void): StartedPgliteThread {
  const worker = new Worker(script, { workerData: data });
  const pending = new Map<number, { resolve: (a: PgliteAnswer & { result: unknown }) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let stopped: Error | undefined;
  let closing = false;
  let isOpen = false;

  let settleOpened!: { resolve: (restored: boolean) => void; reject: (err: Error) => void };
  const opened = new Promise<boolean>((resolve, reject) => (settleOpened = { resolve, reject }));
  opened.catch(() => undefined);

  worker.on('message', (msg: PgliteAnswer | PgliteReady) => {
    if ('ready' in msg) {
      isOpen = msg.ready;
      if (msg.ready) settleOpened.resolve(msg.restored);
      else settleOpened.reject(errorFromFields(msg.error));
      return;
    }
    const waiting = pending.get(msg.id);
    if (!waiting) return;
    pending.delete(msg.id);
    if ('error' in msg) waiting.reject(errorFromFields(msg.error));
    else waiting.resolve(msg);
  });
  const failAll = (err: Error) => {
    if (stopped) return;
    stopped = err;
    // Before it opened, `opened` carries the failure.
    if (isOpen && !closing) onLost?.(err);
    settleOpened.reject(err);
    for (const waiting of pending.values()) waiting.reject(err);
    pending.clear();
  };
  worker.on('error', (err) => failAll(new Error(`The database thread failed: ${err.message}`)));
  worker.on('exit', (code) => failAll(new Error(`The database thread stopped (exit code ${code})`)));

  const send: Send = (req, id = nextId++) => {
    if (stopped) return Promise.reject(stopped);
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve: resolve as (a: PgliteAnswer & { result: unknown }) => void, reject });
      worker.postMessage({ ...req, id });
    });
  };

  const query = async (sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number) => {
    const { result } = await send({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode ?? 'object',
      textTypes: textTypes(options.parsers),
      ...(tx === undefined ? {} : { tx }),
    });
    return result as PgliteQueryResult;
  };

  const client: RemotePglite = {
    query: (sql, params, options) => query(sql, params, options),
    async transaction(run) {
      const begin = nextId++;
      await send({ op: 'begin' }, begin);
      let result;
      try {
        result = await run({ query: (sql, params, options) => query(sql, params, options, begin) });
      } catch (err) {
        await send({ op: 'end', tx: begin, commit: false }).catch(() => undefined);
        throw err;
      }
      await send({ op: 'end', tx: begin, commit: true });
      return result;
    },
    async copy(sql) {
      const { result } = await send({ op: 'copy', sql });
      return result ? new Uint8Array(result as ArrayBuffer) : undefined;
    },
    inFlight: () => pending.size,
    async close() {
      if (stopped) return;
      closing = true;
      await send({ op: 'close' });
      await worker.terminate();
    },
  };
  return { client, opened };
}

/** Drizzle's PGlite driver takes the thread's client where it takes PGlite: it calls only `query` and `transaction`. */
export const asPglite = (client: RemotePglite) => client as unknown as PGlite;
