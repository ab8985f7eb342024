import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache';

const row = (subject_id: number) => ({ subject_id, role: 'support' });
const far = new Date('2030-01-01T00:00:00Z');

function cacheAt(start = 1_000_000) {
  const clock = { now: start };
  const cache = createSessionCache<ReturnType<typeof row>>({ ttlMs: 10_000, max: 3, now: () => clock.now });
  return { cache, clock };
}

describe('the session cache of a process alone on its database', () => {
  it('answers a session it read, by kind and token hash, until its time limit', () => {
    const { cache, clock } = cacheAt();
    cache.put('ops', 'h1', row(100), far, cache.begin());
    expect(cache.get('ops', 'h1')).toEqual(row(100));
    expect(cache.get('worker', 'h1')).toBeUndefined();
    clock.now += 9_999;
    expect(cache.get('ops', 'h1')).toEqual(row(100));
    clock.now += 1;
    expect(cache.get('ops', 'h1')).toBeUndefined();
  });

  it("never outlives the session's own expiry", () => {
    const { cache, clock } = cacheAt();
    cache.put('worker', 'h1', row(101), new Date(clock.now + 2_000), cache.begin());
    clock.now += 1_999;
    expect(cache.get('worker', 'h1')).toEqual(row(101));
    clock.now += 1;
    expect(cache.get('worker', 'h1')).toBeUndefined();
  });

  it('forgets one session by its hash (a logout), and every session of a subject of a kind (a block, a role change)', () => {
    const { cache } = cacheAt();
    cache.put('worker', 'a', row(101), far, cache.begin());
    cache.put('worker', 'b', row(101), far, cache.begin());
    cache.put('ops', 'c', row(101), far, cache.begin());
    cache.forget({ hash: 'a' });
    expect(cache.get('worker', 'a')).toBeUndefined();
    expect(cache.get('worker', 'b')).toEqual(row(101));
    cache.forget({ kind: 'worker', subjectId: 101 });
    expect(cache.get('worker', 'b')).toBeUndefined();
    expect(cache.get('ops', 'c')).toEqual(row(101));
  });

  it('does not keep what a read found when a session ended while it was reading', () => {
    const { cache } = cacheAt();
    const ticket = cache.begin();
    cache.forget({ hash: 'a' });
    cache.put('worker', 'a', row(101), far, ticket);
    expect(cache.get('worker', 'a')).toBeUndefined();
    cache.put('worker', 'a', row(101), far, cache.begin());
    expect(cache.get('worker', 'a')).toEqual(row(101));
  });

  it('makes room by dropping the oldest entry', () => {
    const { cache } = cacheAt();
    for (const hash of ['a', 'b', 'c', 'd']) cache.put('worker', hash, row(1), far, cache.begin());
    expect(cache.get('worker', 'a')).toBeUndefined();
    expect(['b', 'c', 'd'].map((h) => cache.get('worker', h)?.subject_id)).toEqual([1, 1, 1]);
  });
});
