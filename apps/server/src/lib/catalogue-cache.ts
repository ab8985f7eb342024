import type { Redis } from 'ioredis';
import { whenReady } from './redis-ready';

/** Redis channel on which a process says the catalogue changed, so every process forgets its copy. */
const CHANNEL = 'pmw:catalogue:changed';

/**
 * Projects and their lead forms, kept in memory: every lead reads them and
 * they change only when ops edit them. Ops edits call `invalidate()` after
 * their transaction commits; with Redis, other processes forget their copies
 * too (within a message's delivery time).
 */
export interface CatalogueCache {
  /** The value for a key, loaded once until the next change. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every value, here and (with Redis) in every other process. */
  invalidate(): Promise<void>;
  close(): Promise<void>;
}

export function createCatalogueCache(opts: { redisUrl?: string | undefined; onError?: (err: unknown) => void } = {}): CatalogueCache {
  const values = new Map<string, Promise<unknown>>();
  // A load that started before a change must not put its old answer back.
  let generation = 0;
  let pub: Redis | undefined;
  let sub: Redis | undefined;
  let ready: Promise<void> | undefined;

  const forget = () => {
    generation++;
    values.clear();
  };

  if (opts.redisUrl) {
    const url = opts.redisUrl;
    ready = (async () => {
      const { Redis } = await import('ioredis');
      pub = new Redis(url, { maxRetriesPerRequest: 2 });
      sub = new Redis(url, { maxRetriesPerRequest: 2 });
      for (const c of [pub, sub]) c.on('error', (err) => opts.onError?.(err));
      sub.on('message', (channel) => {
        if (channel === CHANNEL) forget();
      });
      // Subscribing before the ready check has run puts the connection in subscriber
      // mode under the check's INFO, which ioredis answers by throwing out of the process.
      await whenReady(sub);
      await sub.subscribe(CHANNEL);
    })();
  }

  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const cached = values.get(key);
      if (cached) return cached as Promise<T>;
      const at = generation;
      const loading = load();
      values.set(key, loading);
      try {
        const value = await loading;
        if (at !== generation && values.get(key) === loading) values.delete(key);
        return value;
      } catch (err) {
        if (values.get(key) === loading) values.delete(key);
        throw err;
      }
    },
    async invalidate() {
      forget();
      if (ready) {
        await ready;
        await pub?.publish(CHANNEL, String(process.pid));
      }
    },
    async close() {
      if (ready) await ready.catch(() => undefined);
      sub?.disconnect();
      pub?.disconnect();
    },
  };
}
