/**
 * A link from data that the browser is about to open: kept only when it is
 * http(s) or a path on this site, so a stored `javascript:` or `data:` link
 * never runs. Answers the absolute URL, or null.
 */
/** On the server (no window) a stand-in origin: a path stays a path, as in the browser. */
const SERVER_BASE = 'http://localhost';

export function safeLink(raw: string | null | undefined, base: string = typeof window === 'undefined' ? SERVER_BASE : window.location.origin): string | null {
  if (!raw || raw.includes('\u0000')) return null;
  try {
    const url = new URL(raw, base);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    // A path on this site stays a path; anything else is the parsed, absolute URL.
    return url.origin === new URL(base).origin && /^\/(?![/\\])/.test(raw) ? raw : url.href;
  } catch {
    return null;
  }
}
