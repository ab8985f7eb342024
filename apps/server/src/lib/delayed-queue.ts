/**
 * Work taken in order a moment after it is queued (the caller's answer has
 * gone out by then), one item at a time; `idle()` finishes whatever is queued
 * and resolves once nothing is left or running (a closing server waits on it).
 */
export function createDelayedQueue<T>(run: (item: T) => Promise<void>, delayMs: number) {
  const queue: T[] = [];
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | undefined;

  function drain(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!draining) {
      // Cleared in a callback of its own, after the assignment: a run that found the queue
      // empty settles at once, and clearing it inside would leave a settled promise here
      // for good (idle() then spun on it forever).
      draining = (async () => {
        for (let next = queue.shift(); next !== undefined; next = queue.shift()) await run(next);
      })().finally(() => {
        draining = undefined;
      });
    }
    return draining;
  }

  return {
    enqueue(item: T): void {
      queue.push(item);
      timer ??= setTimeout(() => void drain(), delayMs);
    },
    async idle(): Promise<void> {
      while (queue.length || draining) await drain();
    },
  };
}
