import type { FastifyBaseLogger } from 'fastify';

/** Sends text messages. The console provider is the default; a gateway plugs in by SMS_PROVIDER. */
export interface SmsProvider {
  readonly name: string;
  sendOtp(message: { mobile: string; otp: string; text: string }): Promise<void>;
  /** A text that carries no code (an interview moved, for example). */
  send(message: { mobile: string; text: string }): Promise<void>;
}

/** Prints each OTP to the log and hands it to the dev outbox. */
export function createConsoleSms(
  logger: Pick<FastifyBaseLogger, 'info'>,
  outbox: (entry: { mobile: string; otp: string; text: string }) => Promise<void>,
): SmsProvider {
  return {
    name: 'console',
    async sendOtp(message) {
      logger.info({ mobile: message.mobile, otp: message.otp }, `OTP for ${message.mobile}: ${message.otp}`);
      await outbox(message);
    },
    async send(message) {
      logger.info({ mobile: message.mobile }, `SMS to ${message.mobile}: ${message.text}`);
      await outbox({ ...message, otp: '' });
    },
  };
}

/** A generic HTTP gateway: POSTs {mobile, text} as JSON to SMS_HTTP_URL. */
export function createHttpSms(url: string): SmsProvider {
  async function post(message: { mobile: string; text: string }) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: message.mobile, text: message.text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
  return { name: 'http', sendOtp: post, send: post };
}
