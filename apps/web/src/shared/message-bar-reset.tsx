import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { clearMessage } from './message-bar';

// Apart from the message bar: the public pages show the bar without a router.
/**
 * Inside the router: a refusal never outlives its page (a stale "Incorrect
 * OTP" over the next screen). A success stays: it says what the step that
 * led to the new page did ("Lead added successfully").
 */
export function MessageBarReset() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    clearMessage('error');
  }, [pathname]);
  return null;
}
