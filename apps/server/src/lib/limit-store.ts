import type { Redis } from 'ioredis';

/**
 * Counters that limits keep per client address (OTP sends, wrong passcodes,
 * lockouts). In this process by default; in Redis when REDIS_URL is set, so
 * every server process behind one proxy counts against the same budget.
 *
 * A count starts at the first hit and clears `windowMs` after it (a fixed
 * window), which is what a lockout needs too: one hit with the lock's length.
 */
export interface LimitStore {
  /** Adds one to `key` and answers its count in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The count of `key` now; 0 once its window has passed. */
  count(key: string): Promise<number>;
  /** Forgets `key` (e.g. after a right passcode). */
  clear(key: string): Promise<void>;
}

export function createMemoryLimitStore(opts: { now?: () => number } = {}): LimitStore {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.until <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  // Expired keys are dropped as the map grows, so a flood of addresses cannot hold memory.
  const prune = () => {
    if (entries.size < 10_000) return;
    const t = now();
    for (const [key, entry] of entries) if (entry.until <= t) entries.delete(key);
  };
  return {
    async hit(key, windowMs) {
      const entry = live(key);
      if (entry) return ++entry.n;
      prune();
      entries.set(key, { n: 1, until: now() + windowMs });
      return 1;
    },
    async count(key) {
      return live(key)?.n ?? 0;
    },
    async clear(key) {
      entries.delete(key);
    },
  };
}

// INCR and the expiry in one step, so a crash between them cannot leave a count that never clears.
const HIT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

export function createRedisLimitStore(redis: Redis, prefix = 'pmw:limit:'): LimitStore {
  return {
    async hit(key, windowMs) {
      return Number(await redis.eval(HIT_SCRIPT, 1, prefix + key, String(Math.max(1, Math.ceil(windowMs)))));
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * A Redis store on its own connection, opened at the first hit so a process
 * that never counts anything (a seed run) neither loads ioredis nor connects.
 */
export function createLazyRedisLimitStore(url: string): LimitStore & { close(): Promise<void> } {
  let connecting: Promise<{ store: LimitStore; redis: Redis }> | undefined;
  const open = () =>
    (connecting ??= import('ioredis').then(({ Redis: Client }) => {
      const redis = new Client(url, { maxRetriesPerRequest: 2 });
      return { store: createRedisLimitStore(redis), redis };
    }));
  return {
    async hit(key, windowMs) {
      return (await open()).store.hit(key, windowMs);
    },
    async count(key) {
      return (await open()).store.count(key);
    },
    async clear(key) {
      return (await open()).store.clear(key);
    },
    async close() {
      if (connecting) await (await connecting).redis.quit().catch(() => undefined);
    },
  };
}
