import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@pmw/contract/locale';

/** A notification as a WhatsApp template message: the template's key (its approved name is in configuration), language and body parameters. */
export interface WhatsAppMessage {
  mobile: string;
  /** The template's key in WHATSAPP_TEMPLATES (see `whatsappTemplateKey` in the contract). */
  template: string;
  locale: Locale;
  params: string[];
  /** The text as the person reads it (the local provider keeps it; the platform fills its own template). */
  text: string;
  /** Ours, echoed back in the platform's status webhooks. */
  reference?: string | undefined;
}

/** What the platform answered: its id of the message (its status webhooks name it) and the answer to keep. */
export interface WhatsAppSent {
  message_id: string;
  answer: string;
}

/** A message status from the platform's webhook. */
export interface WhatsAppStatus {
  message_id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** Why it failed (the platform's error code and title), when it did. */
  error: string | null;
}

/** WhatsApp, like SMS and web push, behind one interface: `local` writes to the log and dev outbox; `http` is the WhatsApp Business Cloud API. */
export interface WhatsAppProvider {
  readonly name: string;
  send(message: WhatsAppMessage): Promise<WhatsAppSent>;
  /** Whether a webhook body carries our app's signature (X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body>). */
  verifySignature(rawBody: string, signature: string | undefined): boolean;
  /** The token the platform's GET check must bring. */
  readonly verifyToken: string;
}

/**
 * The platform refused the message for good (a number not on WhatsApp, a
 * template not approved, a bad token): not worth a retry, the notification
 * goes by SMS instead.
 */
export class WhatsAppRefusedError extends Error {}

/** X-Hub-Signature-256's value for a body. */
export function signWhatsAppWebhook(rawBody: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;
}

function signatureMatches(rawBody: string, signature: string | undefined, appSecret: string): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signWhatsAppWebhook(rawBody, appSecret), 'utf8');
  const given = Buffer.from(signature.trim(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The statuses in a webhook body (`entry[].changes[].value.statuses[]`); anything else in it is ignored. */
export function parseWhatsAppStatuses(body: unknown): WhatsAppStatus[] {
  const out: WhatsAppStatus[] = [];
  const entries = (body as { entry?: unknown } | null)?.entry;
  if (!Array.isArray(entries)) return out;
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown } | null)?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const statuses = (change as { value?: { statuses?: unknown } } | null)?.value?.statuses;
      if (!Array.isArray(statuses)) continue;
      for (const s of statuses as { id?: unknown; status?: unknown; errors?: unknown }[]) {
        if (typeof s?.id !== 'string' || !['sent', 'delivered', 'read', 'failed'].includes(String(s.status))) continue;
        const errors = Array.isArray(s.errors) ? (s.errors as { code?: unknown; title?: unknown; message?: unknown }[]) : [];
        const error = errors.length
          ? errors
              .map((e) => [e.code, e.title ?? e.message].filter((v) => v !== undefined && v !== null && v !== '').join(' '))
              .join('; ')
              .slice(0, 300)
          : null;
        out.push({ message_id: s.id.slice(0, 200), status: s.status as WhatsAppStatus['status'], error });
      }
    }
  }
  return out;
}

/** Writes each message to the log and the dev outbox, as the console SMS does, and answers a made-up message id. */
export function createLocalWhatsApp(
  logger: Pick<FastifyBaseLogger, 'info'>,
  outbox: (entry: { mobile: string; otp: string; text: string }) => Promise<void>,
  appSecret: string,
  verifyToken: string,
): WhatsAppProvider & { sent: WhatsAppMessage[] } {
  const sent: WhatsAppMessage[] = [];
  return {
    name: 'local',
    sent,
    verifyToken,
    async send(message) {
      logger.info(
        { mobile: message.mobile, template: message.template, params: message.params },
        `WhatsApp to ${message.mobile}: ${message.text}`,
      );
      await outbox({ mobile: message.mobile, otp: '', text: message.text });
      sent.push(message);
      if (sent.length > 1000) sent.shift();
      const id = `wamid.local-${randomUUID()}`;
      return { message_id: id, answer: id };
    },
    verifySignature: (rawBody, signature) => signatureMatches(rawBody, signature, appSecret),
  };
}

export interface CloudApiOptions {
  /** The Graph API's base with its version, e.g. https://graph.facebook.com/v21.0. */
  url: string;
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  /** Approved template name by template key. */
  templates: Readonly<Record<string, string>>;
  logger?: Pick<FastifyBaseLogger, 'warn'> | undefined;
}

/** The part of an answer kept with a message. */
const ANSWER_MAX = 500;
/** Graph error codes that mean "too many, try later" even though the HTTP status is 4xx. */
const THROTTLED = new Set([4, 80007, 130429, 131048, 131056]);

/** Indian 10-digit mobiles get the country code; the platform wants digits only. */
const waNumber = (mobile: string) => {
  const digits = mobile.replace(/\D/g, '');
  return digits.length === 10 ? `91${digits}` : digits;
};

/**
 * The WhatsApp Business Cloud API: `POST {url}/{phone-number-id}/messages`
 * with a bearer token and a template message (its approved name, the language
 * code, the body's parameters). A 4xx answer (other than throttling) is a
 * refusal for good; a 5xx, a throttle or a network error throws to be retried.
 */
export function createCloudApiWhatsApp(options: CloudApiOptions): WhatsAppProvider {
  const base = options.url.replace(/\/+$/, '');
  return {
    name: 'http',
    verifyToken: options.verifyToken,
    verifySignature: (rawBody, signature) => signatureMatches(rawBody, signature, options.appSecret),
    async send(message) {
      const name = options.templates[message.template];
      // Production refuses to start without every name (config.ts); elsewhere the key stands in, with a warning.
      if (!name)
        options.logger?.warn({ template: message.template }, `WhatsApp template ${message.template} has no approved name: sent by its key`);
      const res = await fetch(`${base}/${encodeURIComponent(options.phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.accessToken}` },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: waNumber(message.mobile),
          type: 'template',
          template: {
            name: name ?? message.template.replace(/\./g, '_'),
            language: { code: message.locale },
            components: message.params.length ? [{ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) }] : [],
          },
          ...(message.reference ? { biz_opaque_callback_data: message.reference } : {}),
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const raw = await res.text().catch(() => '');
      let parsed: { messages?: { id?: unknown }[]; error?: { code?: unknown; message?: unknown } } = {};
      try {
        parsed = JSON.parse(raw) as typeof parsed;
      } catch {
        // A proxy's HTML page: kept as the answer below.
      }
      if (!res.ok) {
        const code = typeof parsed.error?.code === 'number' ? parsed.error.code : undefined;
        const what = `WhatsApp answered ${res.status}${code !== undefined ? ` (${code})` : ''}: ${typeof parsed.error?.message === 'string' ? parsed.error.message : raw}`;
        const retry = res.status >= 500 || res.status === 429 || (code !== undefined && THROTTLED.has(code));
        throw retry ? new Error(what.slice(0, ANSWER_MAX)) : new WhatsAppRefusedError(what.slice(0, ANSWER_MAX));
      }
      const id = parsed.messages?.[0]?.id;
      if (typeof id !== 'string' || !id) throw new Error(`WhatsApp answered ${res.status} without a message id`);
      return { message_id: id, answer: id };
    },
  };
}
