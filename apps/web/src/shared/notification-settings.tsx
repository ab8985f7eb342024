import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettingBody, NotificationSettings, NotifyEvent, notificationSettingsRoutes } from '@pmw/contract/notifications';
import { api } from './api-client';
import { showError } from './message-bar';
import { QueryView } from './query-view';
import { t } from './messages';

export type AreaRoutes = (typeof notificationSettingsRoutes)['partner'] | (typeof notificationSettingsRoutes)['team'];

const KIND_WORDS: Record<NotifyEvent, Parameters<typeof t>[0]> = {
  lead_approved: 'notifyKindLeadApproved',
  lead_rejected: 'notifyKindLeadRejected',
  lead_needs_details: 'notifyKindLeadNeedsDetails',
  payout_sent: 'notifyKindPayoutSent',
  payout_failed: 'notifyKindPayoutFailed',
  kyc_verified: 'notifyKindKycVerified',
  kyc_rejected: 'notifyKindKycRejected',
  bank_verified: 'notifyKindBankVerified',
  bank_rejected: 'notifyKindBankRejected',
  candidate_joined: 'notifyKindCandidateJoined',
  support_answered: 'notifyKindSupportAnswered',
  support_resolved: 'notifyKindSupportResolved',
  interview_booked: 'notifyKindInterviewBooked',
  interview_reminder: 'notifyKindInterviewReminder',
  interview_rescheduled: 'notifyKindInterviewRescheduled',
  merchant_feedback_link: 'notifyKindMerchantFeedbackLink',
  invoice_approved: 'notifyKindInvoiceApproved',
  invoice_rejected: 'notifyKindInvoiceRejected',
};

/**
 * Which kinds of notification reach the person by SMS and push (the bell
 * lists them all), each a switch; money kinds are shown on and locked. Below,
 * alerts on this phone: permission is asked only when the person taps.
 */
export function NotificationSettingsPanel(props: { routes: AreaRoutes; queryKey: readonly string[]; serviceWorker: ServiceWorkerSpec }) {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: props.queryKey, queryFn: () => api(props.routes.settings) });
  // The switch moves at once; a refusal puts it back and says why.
  const change = useMutation({
    mutationFn: (v: NotificationSettingBody) => api(props.routes.setting, { body: v }),
    onMutate: (v) => {
      const before = queryClient.getQueryData<NotificationSettings>(props.queryKey);
      if (before) {
        queryClient.setQueryData<NotificationSettings>(
          props.queryKey,
          'whatsapp' in v
            ? { ...before, whatsapp: { ...before.whatsapp, on: v.whatsapp } }
            : { ...before, kinds: before.kinds.map((k) => (k.kind === v.kind ? { ...k, on: v.on } : k)) },
        );
      }
      return { before };
    },
    onSuccess: (answer) => queryClient.setQueryData<NotificationSettings>(props.queryKey, answer),
    onError: (err, _v, context) => {
      if (context?.before) queryClient.setQueryData(props.queryKey, context.before);
      showError(err);
    },
  });
  return (
    <section className="notify-settings" aria-labelledby="notify-settings-title">
      <h2 id="notify-settings-title">{t('notifySettingsTitle')}</h2>
      <p className="muted">{t('notifySettingsIntro')}</p>
      <QueryView
        query={settings}
        failed={t('notifySettingsLoadFailed')}
        isEmpty={(d) => d.kinds.length === 0}
        empty={<p className="muted">{t('empty')}</p>}
      >
        {(data) => (
          <>
            <ul className="notify-settings__list">
              {data.kinds.map((k) => {
                const id = `notify-kind-${k.kind}`;
                return (
                  <li key={k.kind} className="notify-settings__row">
                    <input
                      id={id}
                      type="checkbox"
                      checked={k.on}
                      disabled={k.locked}
                      aria-describedby={k.locked ? `${id}-locked` : undefined}
                      onChange={(e) => change.mutate({ kind: k.kind, on: e.target.checked })}
                    />
                    <label htmlFor={id}>{t(KIND_WORDS[k.kind])}</label>
                    {k.locked && (
                      <span id={`${id}-locked`} className="muted notify-settings__locked">
                        {t('notifyAlwaysOn')}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
            {data.whatsapp.available && (
              <div className="notify-settings__whatsapp">
                <h3>{t('whatsappTitle')}</h3>
                <div className="notify-settings__row">
                  <input
                    id="notify-whatsapp"
                    type="checkbox"
                    checked={data.whatsapp.on}
                    aria-describedby="notify-whatsapp-hint"
                    onChange={(e) => change.mutate({ whatsapp: e.target.checked })}
                  />
                  <label htmlFor="notify-whatsapp">{t('whatsappLabel')}</label>
                </div>
                <p id="notify-whatsapp-hint" className="muted">
                  {t('whatsappHint')}
                </p>
              </div>
            )}
          </>
        )}
      </QueryView>
      <PushSwitch routes={props.routes} serviceWorker={props.serviceWorker} />
    </section>
  );
}

/** The service worker that shows pushes for an area, and the part of the site it serves. */
export interface ServiceWorkerSpec {
  url: string;
  scope: string;
}

type PushState = 'unsupported' | 'off' | 'on' | 'blocked' | 'busy';

export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The VAPID key as the push manager takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/**
 * Asks the browser for permission (call it only from the person's tap),
 * subscribes it with the server's key and keeps the subscription for the
 * caller. Answers what the browser said: on, off (the person closed the
 * prompt) or blocked.
 */
export async function subscribeThisBrowser(
  routes: AreaRoutes,
  serviceWorker: ServiceWorkerSpec,
  publicKey: string,
): Promise<'on' | 'off' | 'blocked'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const registration = await navigator.serviceWorker.register(serviceWorker.url, { scope: serviceWorker.scope });
  await navigator.serviceWorker.ready;
  const sub =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = sub.toJSON();
  await api(routes.subscribe, {
    body: { endpoint: sub.endpoint, keys: { p256dh: json.keys?.['p256dh'] ?? '', auth: json.keys?.['auth'] ?? '' } },
  });
  return 'on';
}

/** Alerts on this phone: subscribes this browser after the person taps (never on its own), or stops them. */
function PushSwitch(props: { routes: AreaRoutes; serviceWorker: ServiceWorkerSpec }) {
  const key = useQuery({
    queryKey: ['push-key', props.routes.pushKey.path],
    queryFn: () => api(props.routes.pushKey),
    staleTime: Infinity,
  });
  const [state, setState] = useState<PushState>(() =>
    !pushSupported() ? 'unsupported' : Notification.permission === 'denied' ? 'blocked' : 'off',
  );
  const publicKey = key.data?.public_key;
  // A browser subscribed before shows as on.
  useEffect(() => {
    if (!pushSupported() || Notification.permission !== 'granted') return;
    let live = true;
    void navigator.serviceWorker
      .getRegistration(props.serviceWorker.scope)
      .then((r) => r?.pushManager.getSubscription())
      .then((sub) => {
        if (live && sub) setState('on');
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [props.serviceWorker.scope]);
  if (!publicKey || state === 'unsupported') return null;

  async function turnOn(publicKey: string) {
    setState('busy');
    try {
      setState(await subscribeThisBrowser(props.routes, props.serviceWorker, publicKey));
    } catch (err) {
      setState('off');
      showError(err);
    }
  }

  async function turnOff() {
    setState('busy');
    try {
      const registration = await navigator.serviceWorker.getRegistration(props.serviceWorker.scope);
      const sub = await registration?.pushManager.getSubscription();
      if (sub) {
        await api(props.routes.unsubscribe, { body: { endpoint: sub.endpoint } });
        await sub.unsubscribe();
      }
      setState('off');
    } catch (err) {
      setState('on');
      showError(err);
    }
  }

  return (
    <div className="notify-settings__push">
      <h3>{t('pushTitle')}</h3>
      {state === 'blocked' ? (
        <p className="muted" role="status">
          {t('pushBlocked')}
        </p>
      ) : state === 'on' ? (
        <button type="button" className="button button--ghost" onClick={() => void turnOff()}>
          {t('pushTurnOff')}
        </button>
      ) : (
        <button type="button" className="button" disabled={state === 'busy'} onClick={() => void turnOn(publicKey)}>
          {t('pushTurnOn')}
        </button>
      )}
    </div>
  );
}
