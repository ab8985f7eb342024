import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api-client';
import { discardLead, enqueueLead, flushQueue, resetInterrupted } from './offline-queue';
import type { SubmitLeadBody } from './team-api';

const body = (key: string): SubmitLeadBody => ({ form_id: 201, input: [{ input_id: 1, value: '9811100001' }], idempotency_key: key });
const queued = () => JSON.parse(localStorage.getItem('pmw_team_queue') ?? '[]') as { key: string; state: string; error?: string }[];

beforeEach(() => {
  for (const q of queued()) discardLead(q.key);
});

describe('offline lead queue', () => {
  it('keeps leads on the device and sends each once, with its own key', async () => {
    enqueueLead({ key: 'a', user_id: 111, job_title: 'P', customer: '9811100001', body: body('a') });
    enqueueLead({ key: 'b', user_id: 111, job_title: 'P', customer: '9811100002', body: body('b') });
    enqueueLead({ key: 'c', user_id: 999, job_title: 'P', customer: '9811100003', body: body('c') });
    const sent: string[] = [];
    const send = async (b: SubmitLeadBody) => {
      sent.push(b.idempotency_key);
      await new Promise((r) => setTimeout(r, 5));
    };
    // Two flushes at once (the 'online' event and the retry timer) still send each lead once.
    const [n1, n2] = await Promise.all([flushQueue(111, send), flushQueue(111, send)]);
    expect(sent).toEqual(['a', 'b']);
    expect(n1).toBe(2);
    expect(n2).toBe(2);
    // Another member's lead on the same phone is left alone.
    expect(queued().map((q) => q.key)).toEqual(['c']);
  });

  it('keeps a lead waiting when there is no network, and marks it failed when the server refuses it', async () => {
    enqueueLead({ key: 'net', user_id: 111, job_title: 'P', customer: 'x', body: body('net') });
    await flushQueue(111, async () => {
      throw new ApiError('Network error, please check your connection', 'NETWORK', 0);
    });
    expect(queued()).toMatchObject([{ key: 'net', state: 'waiting' }]);

    await flushQueue(111, async () => {
      throw new ApiError('A lead for 9811100001 was already added', 'CONFLICT', 409);
    });
    expect(queued()).toMatchObject([{ key: 'net', state: 'failed', error: 'A lead for 9811100001 was already added' }]);
    // A failed lead is not retried by itself: the person reads why and discards it.
    let called = false;
    await flushQueue(111, async () => {
      called = true;
    });
    expect(called).toBe(false);
  });

  it('puts a lead left sending by a closed tab back to waiting', () => {
    localStorage.setItem('pmw_team_queue', JSON.stringify([{ key: 's', user_id: 111, job_title: 'P', customer: 'x', body: body('s'), queued_at: new Date().toISOString(), state: 'sending' }]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'pmw_team_queue' }));
    resetInterrupted();
    expect(queued()).toMatchObject([{ key: 's', state: 'waiting' }]);
  });
});
