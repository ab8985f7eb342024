import { REFERRER_PARAM } from '@pmw/contract/constants';

const KEY = 'pmw_tracking_id';

/** The referrer query parameter at the root names a tracking id; it is kept and sent with applications and leads. */
export function captureTrackingId(): void {
  if (typeof window === 'undefined') return;
  const value = new URLSearchParams(window.location.search).get(REFERRER_PARAM);
  if (value && /^[A-Za-z0-9_.-]{1,64}$/.test(value)) {
    try {
      localStorage.setItem(KEY, value);
    } catch {
      // Private mode: the id is simply not kept.
    }
  }
}

export function trackingId(): string | undefined {
  try {
    return localStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
