import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { notificationSettingsRoutes } from '@pmw/contract/notifications';
import { api } from '../../shared/api-client';
import { showError } from '../../shared/message-bar';
import { pushSupported, subscribeThisBrowser } from '../../shared/notification-settings';
import { t } from './messages';

/** The team app's service worker, which shows the pushes. */
export const TEAM_SERVICE_WORKER = { url: '/mt/sw.js', scope: '/mt' } as const;

/**
 * Where the offer stands for a member on this phone: `due` once a lead of
 * theirs was sent from it, `dismissed` after Not now, `done` once alerts are
 * on. Nothing is kept before the first lead: a first visit is never asked.
 */
type OfferState = 'due' | 'dismissed' | 'done';
const storageKey = (userId: number) => `pmw.team.push-offer.${userId}`;
const CHANGED = 'pmw-team-push-offer';

function readState(userId: number): OfferState | null {
  try {
    const v = localStorage.getItem(storageKey(userId));
    return v === 'due' || v === 'dismissed' || v === 'done' ? v : null;
  } catch {
    return null;
  }
}
function writeState(userId: number, state: OfferState) {
  try {
    localStorage.setItem(storageKey(userId), state);
  } catch {
    // A phone that keeps nothing is asked again next time: no harm.
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** A lead of the member's was sent from this phone: alerts may be offered now (once; a Not now stays). */
export function noteLeadSent(userId: number) {
  if (readState(userId) === null) writeState(userId, 'due');
}

/**
 * After the member's first lead from this phone: an offer of alerts on this
 * phone, through the same web push path as Message settings. The browser asks
 * for permission only when the member taps Turn on alerts; Not now is
 * remembered on the phone. Not shown when the server has no push, the
 * browser cannot push, alerts are blocked or already on.
 */
export function PushOffer({ userId }: { userId: number }) {
  const [state, setState] = useState<OfferState | null>(() => readState(userId));
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const reread = () => setState(readState(userId));
    reread();
    window.addEventListener(CHANGED, reread);
    return () => window.removeEventListener(CHANGED, reread);
  }, [userId]);
  const due = state === 'due' && pushSupported() && Notification.permission !== 'denied';
  const key = useQuery({
    queryKey: ['push-key', notificationSettingsRoutes.team.pushKey.path],
    queryFn: () => api(notificationSettingsRoutes.team.pushKey),
    staleTime: Infinity,
    enabled: due,
  });
  // A phone already subscribed (from Message settings) is not asked again.
  useEffect(() => {
    if (!due) return;
    let live = true;
    void navigator.serviceWorker
      .getRegistration(TEAM_SERVICE_WORKER.scope)
      .then((r) => r?.pushManager.getSubscription())
      .then((sub) => {
        if (!live) return;
        if (sub) writeState(userId, 'done');
        setSubscribed(!!sub);
      })
      .catch(() => live && setSubscribed(false));
    return () => {
      live = false;
    };
  }, [due, userId]);
  const publicKey = key.data?.public_key;
  if (!due || !publicKey || subscribed !== false) return null;

  async function turnOn(publicKey: string) {
    setBusy(true);
    try {
      const answer = await subscribeThisBrowser(notificationSettingsRoutes.team, TEAM_SERVICE_WORKER, publicKey);
      // Allowed, or refused in the browser's own prompt: either way the offer is answered.
      writeState(userId, answer === 'on' ? 'done' : 'dismissed');
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <aside className="card push-offer" aria-labelledby="push-offer-title" aria-describedby="push-offer-text">
      <h2 id="push-offer-title">{t('pushOfferTitle')}</h2>
      <p id="push-offer-text" className="muted">
        {t('pushOfferText')}
      </p>
      <div className="push-offer__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={busy}
          onClick={() => writeState(userId, 'dismissed')}
        >
          {t('notNow')}
        </button>
        <button type="button" className="button button--small" disabled={busy} onClick={() => void turnOn(publicKey)}>
          {t('pushOfferYes')}
        </button>
      </div>
    </aside>
  );
}
