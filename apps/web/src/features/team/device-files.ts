import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * The files of leads waiting to send (photos picked without a signal), kept
 * in IndexedDB as Blobs with their name and type: localStorage holds only
 * text, and the queue there names each file by its lead and input. A file is
 * deleted once its lead is accepted by the server, or discarded.
 */
export interface DeviceFile {
  blob: Blob;
  name: string;
  type: string;
}

let store: UseStore | undefined;
// Its own database: idb-keyval makes one store per database.
const files = (): UseStore | undefined => {
  if (typeof indexedDB === 'undefined') return undefined;
  store ??= createStore('pmw-team-files', 'queued-files');
  return store;
};

export const deviceFileKey = (leadKey: string, inputId: number) => `${leadKey}:${inputId}`;

/** Keeps a file; throws when the device cannot (no IndexedDB, storage full), so nothing is dropped silently. */
export async function keepDeviceFile(key: string, file: DeviceFile): Promise<void> {
  const s = files();
  if (!s) throw new Error('IndexedDB is not available');
  await set(key, file, s);
}

export async function deviceFile(key: string): Promise<DeviceFile | undefined> {
  const s = files();
  if (!s) return undefined;
  return get<DeviceFile>(key, s).catch(() => undefined);
}

export async function dropDeviceFile(key: string): Promise<void> {
  const s = files();
  if (s) await del(key, s).catch(() => undefined);
}
