import { useCallback, useEffect, useRef, useState } from 'react';
import { TYPING_INDICATOR_MS, TYPING_MS_PER_CHAR } from '@pmw/contract/support';

export interface Typing {
  chatId: number;
  /** 'indicator' first (2000 ms), then the text appears a character every 20 ms. */
  phase: 'indicator' | 'typing';
  shown: number;
}

/**
 * Types out support messages that arrive live, one after another. While
 * anything is being typed `busy` is true (Reply and call are disabled).
 */
export function useTypewriter() {
  const [typing, setTyping] = useState<Typing | null>(null);
  const queue = useRef<{ chatId: number; length: number }[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const active = useRef(false);

  const runNext = useCallback(() => {
    const next = queue.current.shift();
    if (!next) {
      active.current = false;
      setTyping(null);
      return;
    }
    setTyping({ chatId: next.chatId, phase: 'indicator', shown: 0 });
    timer.current = setTimeout(() => {
      let shown = 0;
      const tick = () => {
        shown += 1;
        setTyping({ chatId: next.chatId, phase: 'typing', shown });
        if (shown >= next.length) runNext();
        else timer.current = setTimeout(tick, TYPING_MS_PER_CHAR);
      };
      tick();
    }, TYPING_INDICATOR_MS);
  }, []);

  const enqueue = useCallback(
    (chatId: number, length: number) => {
      if (queue.current.some((q) => q.chatId === chatId)) return;
      queue.current.push({ chatId, length: Math.max(1, length) });
      if (!active.current) {
        active.current = true;
        runNext();
      }
    },
    [runNext],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  return { typing, busy: typing !== null, enqueue };
}
