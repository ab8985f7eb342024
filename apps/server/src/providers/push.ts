import type { Agent } from 'node:https';
import webpush from 'web-push';

/** A browser's push subscription: its push service address and the keys its payloads are encrypted to. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a notification shows when pushed: the text, and where a tap takes the person. */
export interface PushMessage {
  title: string;
  body: string;
  url: string | null;
  tag: string;
}

/** The push service's answer; `gone` means the browser dropped the subscription (HTTP 404 or 410), which is then forgotten. */
export interface PushResult {
  gone: boolean;
  answer: string;
}

/** Web push, like SMS, behind one interface: `local` records what it would send; `webpush` sends through the browsers' push services. */
export interface PushProvider {
  readonly name: string;
  /** The VAPID public key browsers subscribe with; null when push is off. */
  readonly publicKey: string | null;
  send(target: PushTarget, message: PushMessage): Promise<PushResult>;
}

/** Sends nothing: keeps each message in memory (newest last) so tests and the dev server can see what would have gone. */
export function createLocalPush(): PushProvider & { sent: { target: PushTarget; message: PushMessage }[] } {
  const sent: { target: PushTarget; message: PushMessage }[] = [];
  return {
    name: 'local',
    publicKey: null,
    sent,
    async send(target, message) {
      sent.push({ target, message });
      if (sent.length > 1000) sent.shift();
      return { gone: false, answer: 'local' };
    },
  };
}

export interface VapidKeys {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** The web-push package: payloads encrypted to the browser's keys (RFC 8291), signed with our VAPID keys (RFC 8292). */
export function createWebPush(vapid: VapidKeys, opts: { ttlSeconds?: number; timeoutMs?: number; agent?: Agent } = {}): PushProvider {
  return {
    name: 'webpush',
    publicKey: vapid.publicKey,
    async send(target, message) {
      try {
        const res = await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          {
            vapidDetails: vapid,
            // A day: a phone that is off for the night still gets it in the morning.
            TTL: opts.ttlSeconds ?? 86_400,
            timeout: opts.timeoutMs ?? 10_000,
            urgency: 'normal',
            ...(opts.agent ? { agent: opts.agent } : {}),
            topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
          },
        );
        return { gone: false, answer: `${res.statusCode}` };
      } catch (err) {
        if (err instanceof webpush.WebPushError && (err.statusCode === 404 || err.statusCode === 410)) {
          return { gone: true, answer: `${err.statusCode} ${err.body}`.trim() };
        }
        throw err;
      }
    },
  };
}

/** A new VAPID key pair (operators make theirs once with `npx web-push generate-vapid-keys`). */
export const generateVapidKeys = () => webpush.generateVAPIDKeys();
