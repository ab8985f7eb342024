import { ApiError } from './api-error';

/**
 * A link from data that the browser is about to open: kept only when it is
 * http(s) or a path on this site, so a stored `javascript:` or `data:` link
 * never runs. Answers the absolute URL, or null.
 */
/** On the server (no window) a stand-in origin: a path stays a path, as in the browser. */
const SERVER_BASE = 'http://localhost';

export function safeLink(
  raw: string | null | undefined,
  base: string = typeof window === 'undefined' ? SERVER_BASE : window.location.origin,
): string | null {
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

/**
 * Opens a file's short-lived signed link in a new tab. The tab is opened
 * before the link is fetched, so the browser counts it as the click's own
 * window rather than a pop-up; when the link cannot be had or is not safe the
 * tab closes again and the error is thrown to the caller.
 */
export async function openInNewTab(fetchUrl: () => Promise<string | null | undefined>): Promise<void> {
  const win = window.open('', '_blank');
  try {
    const url = safeLink(await fetchUrl());
    if (!url) throw ApiError.said('common.somethingWentWrong', 'NO_LINK', 0);
    if (win) win.location.href = url;
    else window.location.assign(url);
  } catch (err) {
    win?.close();
    throw err;
  }
}
