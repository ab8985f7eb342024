import { useSyncExternalStore } from 'react';
import { ApiError } from '../../shared/api-client';
import type { SubmitLeadBody } from './team-api';

/**
 * Leads filled without a signal, kept on the device (localStorage survives a
 * closed tab) and sent when the network returns. Each carries the idempotency
 * key it was created with, so a send that reached the server but lost its
 * answer is answered with the same lead, never a second one.
 */
export interface QueuedLead {
  key: string;
  /** Which member queued it, so another login on the same phone never sends it. */
  user_id: number;
  job_title: string;
  customer: string;
  body: SubmitLeadBody;
  queued_at: string;
  state: 'waiting' | 'sending' | 'failed';
  error?: string;
}

const STORAGE_KEY = 'pmw_team_queue';
const listeners = new Set<() => void>();
let cache: QueuedLead[] | undefined;

function read(): QueuedLead[] {
  if (cache) return cache;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    cache = Array.isArray(parsed) ? (parsed as QueuedLead[]) : [];
  } catch {
    cache = [];
  }
  return cache;
}

function write(items: QueuedLead[]) {
  cache = items;
  localStorage.setItem(STORAGE_KEY, JSON.stringify(items));
  listeners.forEach((l) => l());
}

// Another tab of the area may change the queue too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== STORAGE_KEY) return;
    cache = undefined;
    listeners.forEach((l) => l());
  });
}

export function enqueueLead(item: Omit<QueuedLead, 'state' | 'queued_at'>) {
  const items = read().filter((q) => q.key !== item.key);
  write([...items, { ...item, state: 'waiting', queued_at: new Date().toISOString() }]);
}

export function discardLead(key: string) {
  write(read().filter((q) => q.key !== key));
}

function update(key: string, patch: Partial<QueuedLead>) {
  write(read().map((q) => (q.key === key ? { ...q, ...patch } : q)));
}

export function useQueuedLeads(userId: number | undefined): QueuedLead[] {
  const all = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
  );
  return userId === undefined ? [] : all.filter((q) => q.user_id === userId);
}

/** A network failure (no answer at all) keeps the lead waiting; any answer from the server settles it. */
export const isOffline = (err: unknown) => err instanceof ApiError && err.code === 'NETWORK';

let flushing: Promise<number> | undefined;

/**
 * Sends the member's waiting leads one by one. Answers how many were sent.
 * One flush at a time in this tab, and one across tabs where the browser has
 * Web Locks, so the same lead is never in flight twice.
 */
export function flushQueue(userId: number, send: (body: SubmitLeadBody) => Promise<unknown>): Promise<number> {
  if (flushing) return flushing;
  const run = async () => {
    let sent = 0;
    for (const item of read().filter((q) => q.user_id === userId && q.state !== 'failed')) {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) break;
      update(item.key, { state: 'sending' });
      try {
        await send(item.body);
        discardLead(item.key);
        sent++;
      } catch (err) {
        if (isOffline(err)) {
          update(item.key, { state: 'waiting' });
          break;
        }
        update(item.key, { state: 'failed', error: err instanceof Error ? err.message : String(err) });
      }
    }
    return sent;
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  flushing = (locks ? locks.request('pmw-team-queue', run) : run()).finally(() => {
    flushing = undefined;
  });
  return flushing;
}

/** After a reload, a lead left 'sending' by a closed tab is waiting again (its key keeps it single). */
export function resetInterrupted() {
  const items = read();
  if (items.some((q) => q.state === 'sending')) write(items.map((q) => (q.state === 'sending' ? { ...q, state: 'waiting' } : q)));
}
