import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../test/test-app';

/**
 * Two server instances on one Redis count wrong passcodes against one budget:
 * an address cannot get five more guesses by reaching the other process.
 * Runs when TEST_REDIS_URL is set (.ci/run sets it when Redis answers).
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('per-address lockouts shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestApp({ REDIS_URL: redisUrl! }), createTestApp({ REDIS_URL: redisUrl! })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('five wrong data download passcodes spread over two processes lock the address on both', async () => {
    // An address of this run only, so keys left in Redis by another run do not count.
    const attacker = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const generate = (app: TestApp, passcode: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/v2/bueno/output/generate',
        payload: { key: 'user_profile/none.csv', passcode },
        remoteAddress: attacker,
      });
    for (let i = 0; i < 5; i++) {
      const res = await generate(i % 2 ? b : a, `guess-${i}`);
      expect(res.statusCode).toBe(403);
    }
    for (const app of [a, b]) {
      const locked = await generate(app, 'bueno-4821');
      expect(locked.statusCode).toBe(429);
      expect(body(locked).message).toBe('Too many wrong passcodes. Please try again in 15 minutes');
    }
  });
});
