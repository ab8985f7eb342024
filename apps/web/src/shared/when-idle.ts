import { useEffect } from 'react';

/** Loads a module the page will need when the browser has nothing else to do. */
export function whenIdle(load: () => Promise<unknown>): void {
  const start = () => void load().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 1500);
}

/**
 * Renders nothing; once it is on screen, loads what the person will need
 * next when the browser is idle (after the first screen's own requests, so
 * a slow link carries those first).
 */
export function IdlePrefetch({ load }: { load: () => Promise<unknown> }): null {
  useEffect(() => whenIdle(load), [load]);
  return null;
}
