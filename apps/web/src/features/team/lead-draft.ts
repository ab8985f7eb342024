import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { MapLocation } from '@pmw/contract/lead-form';
import { isKeptFile, isLocation, isUploadedFile, type KeptFile, type LeadFieldValues } from '../../shared/lead-form';
import type { QueuedLead } from './offline-queue';

/**
 * A lead form filled halfway, kept on the device in IndexedDB (it holds the
 * photos' bytes, which localStorage cannot), so a reload, Back or a lost
 * signal loses nothing: a photo picked offline is kept as its Blob and
 * offered back. One draft per member, project and lead; cleared when the lead
 * is sent or queued.
 */
type DraftValue = string | MapLocation | { file_id: number; file_name: string; photo?: Blob } | Omit<KeptFile, 'preview_url'>;
interface StoredDraft {
  /** The idempotency key of this lead, kept so a resumed form still makes one lead. */
  key: string;
  values: Record<number, DraftValue>;
  saved_at: string;
}
export interface LeadDraft {
  key: string;
  values: LeadFieldValues;
}

let store: UseStore | undefined;
const drafts = (): UseStore | undefined => {
  if (typeof indexedDB === 'undefined') return undefined;
  store ??= createStore('pmw-team', 'lead-drafts');
  return store;
};

export const draftId = (userId: number, jobId: number, leadId?: number) => `${userId}:${jobId}:${leadId ?? 'new'}`;

export async function loadDraft(id: string): Promise<LeadDraft | undefined> {
  const s = drafts();
  if (!s) return undefined;
  try {
    const stored = await get<StoredDraft>(id, s);
    if (!stored) return undefined;
    const values: LeadFieldValues = {};
    for (const [inputId, v] of Object.entries(stored.values)) {
      if (typeof v === 'object' && 'kept' in v) {
        values[Number(inputId)] = { ...v, ...(v.blob.type.startsWith('image/') ? { preview_url: URL.createObjectURL(v.blob) } : {}) };
      } else if (typeof v === 'object' && 'file_id' in v) {
        values[Number(inputId)] = {
          file_id: v.file_id,
          file_name: v.file_name,
          ...(v.photo ? { preview_url: URL.createObjectURL(v.photo), photo: v.photo } : {}),
        };
      } else values[Number(inputId)] = v;
    }
    return { key: stored.key, values };
  } catch {
    return undefined;
  }
}

export async function saveDraft(id: string, draft: LeadDraft): Promise<void> {
  const s = drafts();
  if (!s) return;
  const values: Record<number, DraftValue> = {};
  for (const [inputId, v] of Object.entries(draft.values)) {
    if (v === undefined) continue;
    if (isKeptFile(v)) {
      values[Number(inputId)] = { kept: true, file_name: v.file_name, blob: v.blob, ...(v.problem ? { problem: v.problem } : {}) };
    } else if (isUploadedFile(v)) {
      // The image's own bytes (the page policy lets no script read a blob: URL back).
      values[Number(inputId)] = { file_id: v.file_id, file_name: v.file_name, ...(v.photo ? { photo: v.photo } : {}) };
    } else if (isLocation(v)) values[Number(inputId)] = { ...v };
    else values[Number(inputId)] = v;
  }
  await set(id, { key: draft.key, values, saved_at: new Date().toISOString() } satisfies StoredDraft, s);
}

export async function clearDraft(id: string): Promise<void> {
  const s = drafts();
  if (s) await del(id, s).catch(() => undefined);
}

/**
 * The form's values of a queued lead, to fix in its form (a file the server
 * refused, one no longer on the phone): text and locations as sent, uploaded
 * files by file_id, kept files with their bytes and the reason they were
 * refused. A file no longer on the phone leaves its field empty to pick again.
 */
export function valuesOfQueued(lead: QueuedLead, blobs: ReadonlyMap<number, Blob>): LeadFieldValues {
  const files = new Map((lead.files ?? []).map((f) => [f.input_id, f]));
  const values: LeadFieldValues = {};
  for (const { input_id, value } of lead.body.input) {
    const f = files.get(input_id);
    const blob = blobs.get(input_id);
    if (f?.file_id !== undefined) values[input_id] = { file_id: f.file_id, file_name: f.file_name };
    else if (f && blob) values[input_id] = { kept: true, file_name: f.file_name, blob, ...(f.problem ? { problem: f.problem } : {}) };
    else if (f || value === null) continue;
    else values[input_id] = typeof value === 'object' ? { lat: value.lat, lng: value.lng } : String(value);
  }
  return values;
}
