/** Loads a module the page will need when the browser has nothing else to do. */
export function whenIdle(load: () => Promise<unknown>): void {
  const start = () => void load().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 1500);
}
