import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLimitStore, createRedisLimitStore, type LimitStore } from './limit-store';

function behavesAsALimitStore(name: string, make: () => { store: LimitStore; advance?: (ms: number) => void }) {
  describe(name, () => {
    it('counts hits in a window and forgets them after it', async () => {
      const { store, advance } = make();
      const key = `k-${randomUUID()}`;
      expect(await store.count(key)).toBe(0);
      expect(await store.hit(key, 60)).toBe(1);
      expect(await store.hit(key, 60)).toBe(2);
      expect(await store.count(key)).toBe(2);
      if (advance) advance(61);
      else await new Promise((r) => setTimeout(r, 120));
      expect(await store.count(key)).toBe(0);
      expect(await store.hit(key, 60_000)).toBe(1);
    });

    it('clears one key and leaves the others', async () => {
      const { store } = make();
      const a = `a-${randomUUID()}`;
      const b = `b-${randomUUID()}`;
      await store.hit(a, 60_000);
      await store.hit(b, 60_000);
      await store.clear(a);
      expect(await store.count(a)).toBe(0);
      expect(await store.count(b)).toBe(1);
    });
  });
}

let clock = 0;
behavesAsALimitStore('the in-process store', () => ({
  store: createMemoryLimitStore({ now: () => clock }),
  advance: (ms) => (clock += ms),
}));

const redisUrl = process.env.TEST_REDIS_URL;
const clients: Redis[] = [];
afterAll(async () => {
  for (const c of clients) await c.quit();
});
describe.skipIf(!redisUrl)('with Redis', () => {
  behavesAsALimitStore('the Redis store', () => {
    const client = new Redis(redisUrl!);
    clients.push(client);
    return { store: createRedisLimitStore(client, `pmw-test:${process.pid}:`) };
  });

  it('two processes count against one budget', async () => {
    const [one, two] = [new Redis(redisUrl!), new Redis(redisUrl!)];
    clients.push(one, two);
    const key = `shared-${randomUUID()}`;
    await createRedisLimitStore(one, 'pmw-test:').hit(key, 60_000);
    expect(await createRedisLimitStore(two, 'pmw-test:').hit(key, 60_000)).toBe(2);
  });
});
