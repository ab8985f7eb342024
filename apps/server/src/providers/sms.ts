import type { FastifyBaseLogger } from 'fastify';

/**
 * What a text is, for the gateway: its DLT template's key in SMS_DLT_TEMPLATES
 * (see `smsTemplateKey` in the contract) and, for the outbox, a reference the
 * gateway can use to drop a repeat of one message.
 */
export interface SmsMessage {
  mobile: string;
  text: string;
  template: string;
  reference?: string | undefined;
}

/** Sends text messages. The console provider is the default; a gateway plugs in by SMS_PROVIDER. */
export interface SmsProvider {
  readonly name: string;
  sendOtp(message: SmsMessage & { otp: string }): Promise<string>;
  /** A text that carries no code (an interview moved, a notification); answers what the gateway said. */
  send(message: SmsMessage): Promise<string>;
}

/** Prints each text to the log and hands it to the dev outbox. */
export function createConsoleSms(
  logger: Pick<FastifyBaseLogger, 'info'>,
  outbox: (entry: { mobile: string; otp: string; text: string }) => Promise<void>,
): SmsProvider {
  return {
    name: 'console',
    async sendOtp(message) {
      logger.info({ mobile: message.mobile, otp: message.otp }, `OTP for ${message.mobile}: ${message.otp}`);
      await outbox({ mobile: message.mobile, otp: message.otp, text: message.text });
      return 'console';
    },
    async send(message) {
      logger.info({ mobile: message.mobile, template: message.template }, `SMS to ${message.mobile}: ${message.text}`);
      await outbox({ mobile: message.mobile, text: message.text, otp: '' });
      return 'console';
    },
  };
}

export interface HttpSmsOptions {
  /** The DLT-registered header (sender id). */
  senderId: string | undefined;
  /** DLT template id by template key. */
  templates: Readonly<Record<string, string>>;
  logger?: Pick<FastifyBaseLogger, 'warn'> | undefined;
}

/** The part of a gateway's answer kept with a message (enough to find it in the gateway's own logs). */
const ANSWER_MAX = 500;

/**
 * A generic HTTP gateway: POSTs `{ mobile, text, sender_id, dlt_template_id,
 * reference }` as JSON to SMS_HTTP_URL. Production refuses to start with a
 * template that has no id (config.ts); elsewhere such a text goes without one,
 * with a warning, so a test gateway works before the templates are registered.
 */
export function createHttpSms(url: string, options: HttpSmsOptions = { senderId: undefined, templates: {} }): SmsProvider {
  async function post(message: SmsMessage): Promise<string> {
    const templateId = options.templates[message.template];
    if (!templateId)
      options.logger?.warn({ template: message.template }, `SMS template ${message.template} has no DLT template id: sent as plain text`);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        mobile: message.mobile,
        text: message.text,
        sender_id: options.senderId ?? null,
        dlt_template_id: templateId ?? null,
        ...(message.reference ? { reference: message.reference } : {}),
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await res.text().catch(() => '')).slice(0, ANSWER_MAX);
    if (!res.ok) throw new SmsGatewayError(`SMS gateway answered ${res.status}${answer ? `: ${answer}` : ''}`);
    return answer || String(res.status);
  }
  return { name: 'http', sendOtp: ({ otp: _otp, ...message }) => post(message), send: post };
}

/** The gateway refused or failed a text; the message is what it answered. */
export class SmsGatewayError extends Error {}
