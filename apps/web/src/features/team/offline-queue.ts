import { useSyncExternalStore } from 'react';
import { isUnreachable } from '../../shared/api-client';
import { errorText } from '../../shared/message-bar';
import { isRetryableUpload } from '../../shared/lead-form/upload';
import type { SubmitLeadBody } from './team-api';
import { deviceFile, deviceFileKey, dropDeviceFile, keepDeviceFile } from './device-files';

/**
 * Leads filled without a signal, kept on the device (localStorage survives a
 * closed tab) and sent when the network returns. Each carries the idempotency
 * key it was created with, so a send that reached the server but lost its
 * answer is answered with the same lead, never a second one.
 *
 * A lead's files picked offline wait in IndexedDB (device-files.ts); the
 * entry here names them. Sending uploads each first (the same upload call as
 * online), puts the file_ids in the lead, and deletes the files only once the
 * server has accepted the lead. An entry from before files (no `files`) sends
 * as it always did.
 */
export interface QueuedFile {
  input_id: number;
  file_name: string;
  type: string;
  size: number;
  /** Set once uploaded: the lead carries it, and the file is not uploaded again. */
  file_id?: number;
  /** Why the server refused the file (type or size): the member replaces it. */
  problem?: string;
  /** The file is no longer on the device (storage cleared): the member picks it again. */
  missing?: true;
}

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
  /** The project, so a refused file can be fixed in its form. */
  job_id?: number;
  /** The lead's file inputs: uploaded ones by file_id, others waiting on the device. */
  files?: QueuedFile[];
}

/** Files of a lead still on the device, not yet uploaded. */
export const filesWaiting = (q: QueuedLead) => (q.files ?? []).filter((f) => f.file_id === undefined);
/** A file the member must replace before the lead can go. */
export const fileToFix = (q: QueuedLead) => (q.files ?? []).find((f) => f.problem !== undefined || f.missing);

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

/**
 * Queues a lead. Its files' bytes go to IndexedDB first: if the device
 * cannot keep them this throws and nothing is queued (the draft still has them).
 */
export async function enqueueLead(item: Omit<QueuedLead, 'state' | 'queued_at'>, blobs: ReadonlyMap<number, Blob> = new Map()) {
  for (const f of item.files ?? []) {
    const blob = blobs.get(f.input_id);
    if (f.file_id === undefined && blob)
      await keepDeviceFile(deviceFileKey(item.key, f.input_id), { blob, name: f.file_name, type: f.type });
  }
  const items = read().filter((q) => q.key !== item.key);
  write([...items, { ...item, state: 'waiting', queued_at: new Date().toISOString() }]);
}

/** Takes a lead off the queue and deletes its files from the device. */
export async function discardLead(key: string) {
  const item = read().find((q) => q.key === key);
  write(read().filter((q) => q.key !== key));
  for (const f of item?.files ?? []) await dropDeviceFile(deviceFileKey(key, f.input_id));
}

/** A queued lead with its files' bytes, for its form to open again (the caller then discards it). */
export async function queuedLeadWithFiles(key: string): Promise<{ lead: QueuedLead; blobs: Map<number, Blob> } | undefined> {
  const lead = read().find((q) => q.key === key);
  if (!lead) return undefined;
  const blobs = new Map<number, Blob>();
  for (const f of lead.files ?? []) {
    const kept = await deviceFile(deviceFileKey(key, f.input_id));
    if (kept) blobs.set(f.input_id, kept.blob);
  }
  return { lead, blobs };
}

function update(key: string, patch: Partial<QueuedLead>) {
  write(read().map((q) => (q.key === key ? { ...q, ...patch } : q)));
}

export function useQueuedLeads(userId: number | undefined): QueuedLead[] {
  const all = useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, read);
  return userId === undefined ? [] : all.filter((q) => q.user_id === userId);
}

let flushing: Promise<number> | undefined;

/**
 * Sends the member's waiting leads one by one. Answers how many were sent.
 * One flush at a time in this tab, and one across tabs where the browser has
 * Web Locks, so the same lead is never in flight twice.
 */
export type UploadKept = (file: Blob, fileName: string) => Promise<{ file_id: number }>;

/**
 * Uploads the lead's files still on the device, saving each file_id in the
 * entry as it goes (a retry never uploads one twice). Answers the lead's body
 * with the file_ids, 'retry' when the network or server failed (the lead
 * waits, its files kept), or 'fix' when a file was refused or is gone.
 */
async function uploadFiles(item: QueuedLead, upload: UploadKept): Promise<QueuedLead | 'retry' | 'fix'> {
  const files = [...(item.files ?? [])];
  for (const [i, f] of files.entries()) {
    if (f.file_id !== undefined) continue;
    const kept = await deviceFile(deviceFileKey(item.key, f.input_id));
    if (!kept) {
      files[i] = { ...f, missing: true };
      update(item.key, { files, state: 'failed' });
      return 'fix';
    }
    try {
      const { file_id } = await upload(kept.blob, f.file_name);
      files[i] = { ...f, file_id };
      update(item.key, { files });
    } catch (err) {
      if (isRetryableUpload(err)) return 'retry';
      files[i] = { ...f, problem: errorText(err) };
      update(item.key, { files, state: 'failed', error: files[i].problem });
      return 'fix';
    }
  }
  return { ...item, files };
}

/** The lead as the server takes it: each uploaded file by its file_id. */
export function bodyWithFiles(item: QueuedLead): SubmitLeadBody {
  const ids = new Map((item.files ?? []).flatMap((f) => (f.file_id !== undefined ? [[f.input_id, f.file_id] as const] : [])));
  return { ...item.body, input: item.body.input.map((v) => (ids.has(v.input_id) ? { ...v, value: String(ids.get(v.input_id)) } : v)) };
}

export function flushQueue(userId: number, send: (body: SubmitLeadBody) => Promise<unknown>, upload: UploadKept): Promise<number> {
  if (flushing) return flushing;
  const run = async () => {
    let sent = 0;
    for (const item of read().filter((q) => q.user_id === userId && q.state !== 'failed')) {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) break;
      update(item.key, { state: 'sending' });
      try {
        const ready = filesWaiting(item).length > 0 ? await uploadFiles(item, upload) : item;
        if (ready === 'fix') continue;
        if (ready === 'retry') {
          update(item.key, { state: 'waiting' });
          break;
        }
        await send(bodyWithFiles(ready));
        // Accepted: only now are its files deleted from the device.
        await discardLead(item.key);
        sent++;
      } catch (err) {
        if (isUnreachable(err)) {
          update(item.key, { state: 'waiting' });
          break;
        }
        update(item.key, { state: 'failed', error: errorText(err) });
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
