import { useCallback, useEffect, useState } from 'react';

/** Seconds left before an OTP may be sent again (from `startAt`, as a page the server drew after sending one says); `restart` starts it over. */
export function useCountdown(seconds: number, startAt = 0) {
  const [left, setLeft] = useState(startAt);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  const restart = useCallback((from?: number) => setLeft(from ?? seconds), [seconds]);
  return { left, done: left <= 0, restart, reset: () => setLeft(0) };
}
