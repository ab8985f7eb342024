import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { draftId, loadDraft } from './lead-draft';
import { DRAFT_SAVE_MS, useLeadDraft } from './use-lead-draft';

afterEach(() => {
  vi.useRealTimers();
});

describe('the lead form’s draft on the phone', () => {
  it('is written once typing rests', async () => {
    const id = draftId(111, 251, 9001);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderHook(({ values }) => useLeadDraft(id, values, 'k1'), { initialProps: { values: { 1: '9811100001' } } });
    await act(async () => {
      vi.advanceTimersByTime(DRAFT_SAVE_MS + 10);
    });
    vi.useRealTimers();
    await vi.waitFor(async () => expect((await loadDraft(id))?.values[1]).toBe('9811100001'));
  });

  it('stays cleared once the lead is sent, even when the last keystroke’s save was still waiting', async () => {
    const id = draftId(111, 251, 9002);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { result, rerender } = renderHook(({ values }) => useLeadDraft(id, values, 'k2'), {
      initialProps: { values: { 1: '98111' } as Record<number, string> },
    });
    // The last keystroke: its save waits for typing to rest...
    rerender({ values: { 1: '9811100002' } });
    // ...and the lead is sent (and the draft cleared) before it does.
    await act(async () => {
      await result.current.clear();
    });
    await act(async () => {
      vi.advanceTimersByTime(DRAFT_SAVE_MS * 3);
    });
    vi.useRealTimers();
    // Whatever the waiting save did has reached the store by now (IndexedDB keeps the order of writes).
    await loadDraft(id);
    expect(await loadDraft(id)).toBeUndefined();
  });
});
