import type { SessionKind } from '@pmw/contract/api';
import type { SessionEnd } from './session';

/**
 * Sessions read in the last few seconds, so that a caller's run of requests
 * (a page's calls, an agent's replies, a report paged through) reads its
 * session once. Only for a process that is the only one on its database
 * (PGlite, which one process opens at a time): every session that ends, ends
 * through that process's resolver, which forgets it here before anyone is
 * told. The time limit only bounds what a change made outside the server (by
 * SQL) takes to be seen; a session's own expiry is kept to the millisecond.
 */
export interface SessionCache<Row> {
  /** A read's ticket: `put` keeps the read's answer only if no session ended since. */
  begin(): number;
  get(kind: SessionKind, hash: string): Row | undefined;
  put(kind: SessionKind, hash: string, row: Row, expiresAt: Date, ticket: number): void;
  forget(end: SessionEnd): void;
}

interface Entry<Row> {
  kind: SessionKind;
  subjectId: number;
  hash: string;
  row: Row;
  /** Epoch ms after which the entry is not used: its time limit or the session's expiry, whichever is first. */
  until: number;
}

export function createSessionCache<Row extends { subject_id: number }>(opts: {
  ttlMs: number;
  max: number;
  now?: () => number;
}): SessionCache<Row> {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry<Row>>();
  // Bumped by every end: a read that began before one may have read the ended session.
  let generation = 0;
  const keyOf = (kind: SessionKind, hash: string) => `${kind}:${hash}`;

  return {
    begin: () => generation,
    get(kind, hash) {
      const key = keyOf(kind, hash);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.row;
    },
    put(kind, hash, row, expiresAt, ticket) {
      if (ticket !== generation) return;
      const key = keyOf(kind, hash);
      entries.delete(key);
      // The oldest entry makes room (a Map keeps its keys in the order they were set).
      if (entries.size >= opts.max) entries.delete(entries.keys().next().value!);
      entries.set(key, { kind, subjectId: row.subject_id, hash, row, until: Math.min(now() + opts.ttlMs, expiresAt.getTime()) });
    },
    forget(end) {
      generation++;
      for (const [key, entry] of entries) {
        if ('hash' in end ? entry.hash === end.hash : entry.kind === end.kind && entry.subjectId === end.subjectId) entries.delete(key);
      }
    },
  };
}
