import { expect, it } from 'vitest';
import { createDelayedQueue } from './delayed-queue';

it('runs items in order and idle() resolves, also after its timer fired on an empty queue', async () => {
  const done: number[] = [];
  let release!: () => void;
  const first = new Promise<void>((r) => (release = r));
  let started!: () => void;
  const running = new Promise<void>((r) => (started = r));
  const queue = createDelayedQueue<number>(async (n) => {
    if (n === 1) {
      started();
      await first;
    }
    done.push(n);
  }, 0);
  queue.enqueue(1);
  // The timer starts the run; 2 is queued while 1 is still running, which sets a second timer.
  await running;
  queue.enqueue(2);
  release();
  // The running drain takes 2 as well; the second timer then fires on an empty queue.
  await expect.poll(() => done).toEqual([1, 2]);
  await new Promise<void>((r) => setImmediate(r));
  // Before the fix idle() never resolved (a settled run was left as the one in progress, and idle() spun on it).
  await expect(Promise.race([queue.idle().then(() => 'idle'), new Promise((r) => setTimeout(() => r('stuck'), 5_000))])).resolves.toBe(
    'idle',
  );
  queue.enqueue(3);
  await queue.idle();
  expect(done).toEqual([1, 2, 3]);
});
