import { useCallback, useState } from 'react';
import { showError } from './message-bar';

/**
 * A screen's one action at a time: `run` marks the screen busy while the
 * action runs, shows its error in the message bar, and answers whether it
 * succeeded.
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      return true;
    } catch (err) {
      showError(err);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
