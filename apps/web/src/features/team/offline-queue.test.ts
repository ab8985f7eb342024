import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api-client';
import {
  discardLead,
  enqueueLead,
  flushQueue,
  queuedLeadWithFiles,
  resetInterrupted,
  type QueuedFile,
  type UploadKept,
} from './offline-queue';
import { deviceFile, deviceFileKey } from './device-files';
import { draftId, loadDraft, saveDraft, valuesOfQueued } from './lead-draft';
import type { SubmitLeadBody } from './team-api';

// jsdom's Blob keeps no bytes through IndexedDB's structured clone; Node's (the browser's kind) does.
globalThis.Blob = NodeBlob as unknown as typeof Blob;
URL.createObjectURL ??= () => 'blob:preview';

const body = (key: string): SubmitLeadBody => ({ form_id: 201, input: [{ input_id: 1, value: '9811100001' }], idempotency_key: key });
const queued = () =>
  JSON.parse(localStorage.getItem('pmw_team_queue') ?? '[]') as { key: string; state: string; error?: string; files?: QueuedFile[] }[];
const neverUpload: UploadKept = async () => {
  throw new Error('no file to upload');
};
const offline = () => new ApiError('Network error, please check your connection', 'NETWORK', 0);

/** A lead of the Shop Photo form (input 5 is the photo) with a photo picked offline. */
const PHOTO = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
const photoLead = (key: string) => ({
  key,
  user_id: 111,
  job_id: 251,
  job_title: 'PaySetu Merchant QR',
  customer: '9811100009',
  body: {
    form_id: 251,
    input: [
      { input_id: 1, value: '9811100009' },
      { input_id: 5, value: null },
    ],
    idempotency_key: key,
  },
  files: [{ input_id: 5, file_name: 'shop.png', type: 'image/png', size: PHOTO.length }],
});
const photoBlobs = () => new Map([[5, new Blob([PHOTO], { type: 'image/png' })]]);

beforeEach(async () => {
  for (const q of queued()) await discardLead(q.key);
});

describe('offline lead queue', () => {
  it('keeps leads on the device and sends each once, with its own key', async () => {
    await enqueueLead({ key: 'a', user_id: 111, job_title: 'P', customer: '9811100001', body: body('a') });
    await enqueueLead({ key: 'b', user_id: 111, job_title: 'P', customer: '9811100002', body: body('b') });
    await enqueueLead({ key: 'c', user_id: 999, job_title: 'P', customer: '9811100003', body: body('c') });
    const sent: string[] = [];
    const send = async (b: SubmitLeadBody) => {
      sent.push(b.idempotency_key);
      await new Promise((r) => setTimeout(r, 5));
    };
    // Two flushes at once (the 'online' event and the retry timer) still send each lead once.
    const [n1, n2] = await Promise.all([flushQueue(111, send, neverUpload), flushQueue(111, send, neverUpload)]);
    expect(sent).toEqual(['a', 'b']);
    expect(n1).toBe(2);
    expect(n2).toBe(2);
    // Another member's lead on the same phone is left alone.
    expect(queued().map((q) => q.key)).toEqual(['c']);
  });

  it('keeps a lead waiting when there is no network, and marks it failed when the server refuses it', async () => {
    await enqueueLead({ key: 'net', user_id: 111, job_title: 'P', customer: 'x', body: body('net') });
    await flushQueue(
      111,
      async () => {
        throw offline();
      },
      neverUpload,
    );
    expect(queued()).toMatchObject([{ key: 'net', state: 'waiting' }]);

    await flushQueue(
      111,
      async () => {
        throw new ApiError('A lead for 9811100001 was already added', 'CONFLICT', 409);
      },
      neverUpload,
    );
    expect(queued()).toMatchObject([{ key: 'net', state: 'failed', error: 'A lead for 9811100001 was already added' }]);
    // A failed lead is not retried by itself: the person reads why and discards it.
    let called = false;
    await flushQueue(
      111,
      async () => {
        called = true;
      },
      neverUpload,
    );
    expect(called).toBe(false);
  });

  it('puts a lead left sending by a closed tab back to waiting', () => {
    localStorage.setItem(
      'pmw_team_queue',
      JSON.stringify([
        { key: 's', user_id: 111, job_title: 'P', customer: 'x', body: body('s'), queued_at: new Date().toISOString(), state: 'sending' },
      ]),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: 'pmw_team_queue' }));
    resetInterrupted();
    expect(queued()).toMatchObject([{ key: 's', state: 'waiting' }]);
  });

  it('still sends an entry queued before leads had files', async () => {
    localStorage.setItem(
      'pmw_team_queue',
      JSON.stringify([
        {
          key: 'old',
          user_id: 111,
          job_title: 'P',
          customer: 'x',
          body: body('old'),
          queued_at: new Date().toISOString(),
          state: 'waiting',
        },
      ]),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: 'pmw_team_queue' }));
    const sent: SubmitLeadBody[] = [];
    expect(await flushQueue(111, async (b) => void sent.push(b), neverUpload)).toBe(1);
    expect(sent).toEqual([body('old')]);
    expect(queued()).toEqual([]);
  });
});

describe('a queued lead with a photo picked offline', () => {
  it('keeps the photo in IndexedDB (never in localStorage), uploads it first, sends the lead with its file_id and deletes it only once accepted', async () => {
    await enqueueLead(photoLead('p1'), photoBlobs());
    const stored = localStorage.getItem('pmw_team_queue') ?? '';
    expect(queued()[0]?.files).toEqual([{ input_id: 5, file_name: 'shop.png', type: 'image/png', size: 8 }]);
    expect(stored).not.toContain('blob');
    const kept = await deviceFile(deviceFileKey('p1', 5));
    expect(kept).toMatchObject({ name: 'shop.png', type: 'image/png' });
    expect(new Uint8Array(await kept!.blob.arrayBuffer())).toEqual(PHOTO);

    // The upload finds no network: the lead and its photo wait, nothing is sent.
    const send = vi.fn(async (_b: SubmitLeadBody) => undefined);
    await flushQueue(
      111,
      send,
      vi.fn(async () => {
        throw offline();
      }),
    );
    expect(send).not.toHaveBeenCalled();
    expect(queued()).toMatchObject([{ key: 'p1', state: 'waiting' }]);
    expect(await deviceFile(deviceFileKey('p1', 5))).toBeDefined();

    // The photo uploads, then the lead's send loses its signal: the file_id is kept, the photo too.
    const upload = vi.fn<UploadKept>(async (blob) => {
      expect(new Uint8Array(await blob.arrayBuffer())).toEqual(PHOTO);
      return { file_id: 77 };
    });
    await flushQueue(
      111,
      async () => {
        throw offline();
      },
      upload,
    );
    expect(upload).toHaveBeenCalledWith(expect.anything(), 'shop.png');
    expect(queued()).toMatchObject([{ key: 'p1', state: 'waiting', files: [{ input_id: 5, file_id: 77 }] }]);
    expect(await deviceFile(deviceFileKey('p1', 5))).toBeDefined();

    // Back online: not uploaded twice, the lead goes with the photo's file_id, and the photo leaves the phone.
    expect(await flushQueue(111, send, upload)).toBe(1);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({
      form_id: 251,
      input: [
        { input_id: 1, value: '9811100009' },
        { input_id: 5, value: '77' },
      ],
      idempotency_key: 'p1',
    });
    expect(queued()).toEqual([]);
    expect(await deviceFile(deviceFileKey('p1', 5))).toBeUndefined();
  });

  it('a photo the server refuses is named with the reason, not retried, and opens back in the form with its bytes to replace', async () => {
    await enqueueLead(photoLead('p2'), photoBlobs());
    const reason = 'File size is 16.20MB, It should be less than 15MB';
    const send = vi.fn(async (_b: SubmitLeadBody) => undefined);
    const refuse = vi.fn<UploadKept>(async () => {
      throw new ApiError(reason, 'BAD_REQUEST', 400);
    });
    await flushQueue(111, send, refuse);
    expect(send).not.toHaveBeenCalled();
    expect(queued()).toMatchObject([{ key: 'p2', state: 'failed', files: [{ input_id: 5, problem: reason }] }]);
    await flushQueue(111, send, refuse);
    expect(refuse).toHaveBeenCalledTimes(1);

    // Fix: the form gets the lead as filled, the photo with its bytes and why it was refused.
    const taken = await queuedLeadWithFiles('p2');
    const values = valuesOfQueued(taken!.lead, taken!.blobs);
    expect(values[1]).toBe('9811100009');
    expect(values[5]).toMatchObject({ kept: true, file_name: 'shop.png', problem: reason });
    await saveDraft(draftId(111, 251), { key: 'p2', values });
    await discardLead('p2');
    expect(await deviceFile(deviceFileKey('p2', 5))).toBeUndefined();
    const draft = await loadDraft(draftId(111, 251));
    expect(draft?.key).toBe('p2');
    const photo = draft?.values[5];
    expect(photo).toMatchObject({ kept: true, file_name: 'shop.png', problem: reason });
    expect(photo && typeof photo === 'object' && 'blob' in photo ? new Uint8Array(await photo.blob.arrayBuffer()) : undefined).toEqual(
      PHOTO,
    );
  });

  it('a photo gone from the phone asks to be picked again instead of sending the lead without it', async () => {
    await enqueueLead(photoLead('p3'));
    const send = vi.fn(async (_b: SubmitLeadBody) => undefined);
    await flushQueue(111, send, neverUpload);
    expect(send).not.toHaveBeenCalled();
    expect(queued()).toMatchObject([{ key: 'p3', state: 'failed', files: [{ input_id: 5, missing: true }] }]);
  });
});
