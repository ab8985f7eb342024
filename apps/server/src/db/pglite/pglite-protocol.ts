/**
 * The messages between the server's thread and the thread that runs PGlite
 * (pglite-worker.ts). Each request carries an id its answer repeats.
 */

/** What the thread is given when it starts; it reads the database settings from the environment itself. */
export interface PgliteWorkerData {
  /** The server's command line (the one-off commands never start from the demo snapshot). */
  argv: string[];
  /** The build's demo snapshot, copied into a fresh data dir when the settings allow. */
  snapshot: string;
}

export type PgliteRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Type ids whose values stay text (drizzle's parsers for times and dates). */
      textTypes: number[];
      /** The transaction it runs in, by the id of the request that opened it. */
      tx?: number;
    }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'copy'; sql: string }
  | { id: number; op: 'close' };

export interface PgliteQueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** A database error's fields (code, constraint, detail...), as PostgreSQL gave them. */
export type PgliteErrorFields = Record<string, unknown> & { message: string; name: string };

export type PgliteAnswer = { id: number; result: PgliteQueryResult | ArrayBuffer | null } | { id: number; error: PgliteErrorFields };

/** The first message from the thread: the database is open (or could not be). */
export type PgliteReady = { ready: true; restored: boolean } | { ready: false; error: PgliteErrorFields };

/** An error as plain fields: an Error's own properties do not survive the copy between threads. */
export function errorFields(err: unknown): PgliteErrorFields {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const fields: PgliteErrorFields = { name: err.name, message: err.message };
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function' || key === 'cause') continue;
    if (typeof value === 'object' && value !== null) continue;
    fields[key] = value;
  }
  return fields;
}

/** The error again on the other side, with PostgreSQL's fields (code...) where callers look for them. */
export function errorFromFields(fields: PgliteErrorFields): Error {
  const err = new Error(fields.message);
  Object.assign(err, fields);
  return err;
}
