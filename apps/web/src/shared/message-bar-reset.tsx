import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { clearMessage } from './message-bar';

// Apart from the message bar: the public pages show the bar without a router.
/** Inside the router: a message never outlives its page (a stale refusal over the next screen). */
export function MessageBarReset() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    clearMessage();
  }, [pathname]);
  return null;
}
