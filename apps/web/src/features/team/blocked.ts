import { useSyncExternalStore } from 'react';
import { ApiError } from '../../shared/api-client';

/** Set once any call answers BLOCKED: the area then shows the removed-account message and nothing else. */
let blocked = false;
const listeners = new Set<() => void>();

export function noteBlocked(err: unknown): boolean {
  if (err instanceof ApiError && err.code === 'BLOCKED') {
    if (!blocked) {
      blocked = true;
      listeners.forEach((l) => l());
    }
    return true;
  }
  return false;
}

/** "Use another number": back to the login, nothing of the blocked number kept. */
export function clearBlocked(): void {
  if (!blocked) return;
  blocked = false;
  listeners.forEach((l) => l());
}

export function useBlocked(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => blocked,
    // The login the server draws is never for a blocked session.
    () => false,
  );
}
