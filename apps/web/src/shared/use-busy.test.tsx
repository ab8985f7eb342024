import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { MessageBar } from './message-bar';
import { useBusy } from './use-busy';

describe('one action at a time', () => {
  it('is busy while the action runs and answers that it succeeded', async () => {
    const { result } = renderHook(() => useBusy());
    let finish!: () => void;
    let outcome!: Promise<boolean>;
    act(() => {
      outcome = result.current.run(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await outcome;
    });
    expect(await outcome).toBe(true);
    expect(result.current.busy).toBe(false);
  });

  it("shows a failure's message and answers that it failed", async () => {
    render(<MessageBar />);
    const { result } = renderHook(() => useBusy());
    let ok = true;
    await act(async () => {
      ok = await result.current.run(() => Promise.reject(new ApiError('Ticket is closed', 'CONFLICT', 409)));
    });
    expect(ok).toBe(false);
    expect(result.current.busy).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe('Ticket is closed');
  });
});
