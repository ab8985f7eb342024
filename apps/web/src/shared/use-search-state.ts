import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The page's query string as state that shows a change at once. The router
 * changes the URL inside a transition, so a control drawn from the URL (a
 * checkbox, a select) would snap back to its old value until the transition
 * ends, which on a busy phone is long enough to click again. Here the change
 * shows first and the URL follows; the back button and links still set it.
 */
export function useSearchState(): [URLSearchParams, (change: (next: URLSearchParams) => void) => void] {
  const [url, setUrl] = useSearchParams();
  const urlKey = url.toString();
  const [local, setLocal] = useState(() => new URLSearchParams(urlKey));
  /** URLs this page asked for and the router has not shown yet. */
  const ours = useRef(new Set<string>());

  useEffect(() => {
    if (ours.current.delete(urlKey)) return;
    // Someone else moved the URL (back, forward, a link): it wins.
    ours.current.clear();
    setLocal(new URLSearchParams(urlKey));
  }, [urlKey]);

  const change = (edit: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(local);
    edit(next);
    setLocal(next);
    ours.current.add(next.toString());
    setUrl(next, { replace: true });
  };
  return [local, change];
}
