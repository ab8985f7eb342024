import { randomInt, randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { OTP_MAX_TRIES, OTP_TTL_SECONDS } from '@pmw/contract/constants';
import type { Db } from '../../db/client';
import { otpRequests } from '../../db/schema/auth';
import { localize } from '../locale/locale';
import { hmac, safeEqual } from '../../lib/crypto';
import { AppError } from '../../errors';
import type { SmsProvider } from '../../providers/sms';
import { DIRECT_SMS, smsTemplateKey } from '@pmw/contract/notifications';
import { smsLocaleFor, type SmsLocale } from '../locale/sms-locale';
import { assertSendBudget, type WrongCodeGuard } from './otp-budget';
import { say, type Said } from '@pmw/contract/texts/said';

/** What an OTP is for; a code sent for one purpose never verifies another. */
export type OtpPurpose = 'LOGIN' | 'TEAM_LOGIN' | 'OPS_LOGIN' | 'CUSTOMER_LOGIN' | 'LEAD' | 'CREDIT';

export interface OtpLimits {
  /** Sends per mobile from one address (see otp-budget). */
  maxPerMobile: number;
  /** Sends per mobile from every address together; 3 × maxPerMobile when unset. */
  maxPerMobileTotal?: number;
  maxPerIp: number;
  windowMinutes: number;
  resendSeconds: number;
}

export type { SmsLocale } from '../locale/sms-locale';

export interface OtpService {
  /**
   * Sends a new code, or, inside the resend window of a code still usable,
   * sends nothing and answers that code's request with the seconds left
   * (`already_sent`): asking twice (two tabs, a reload, Cancel then Submit)
   * never strands the person, and the code on their phone still verifies.
   * `deliver: false` does everything a send does (limits, resend wait, the
   * answer) but texts nothing: for mobiles that must not learn, nor let a
   * caller learn, that they may not log in. `resendSeconds` is the flow's
   * own countdown (RESEND_COUNTDOWN, the one its page shows); the configured
   * wait is for a flow without one, and 0 there turns the wait off.
   */
  send(input: {
    mobile: string;
    purpose: OtpPurpose;
    ip: string;
    locale?: SmsLocale;
    text?: (otp: string) => Said;
    deliver?: boolean;
    resendSeconds?: number;
  }): Promise<OtpSent>;
  /** Consumes the code or throws an AppError that says what is wrong. */
  verify(input: { mobile: string; purpose: OtpPurpose; otp: string; request_id?: string; ip?: string }): Promise<void>;
}

export interface OtpSent {
  request_id: string;
  /** Seconds until another OTP may be asked for. */
  resend_after: number;
  /** True when no new code went out: the one sent before is still the one to type. */
  already_sent: boolean;
}

/** The message bar's words for a send: a new code, or the one already on the phone. */
export const sentMessage = (sent: OtpSent) => (sent.already_sent ? say('common.otpAlreadySent') : say('common.otpSent'));

export function createOtpService(deps: {
  db: Db;
  sms: SmsProvider;
  secretKey: string;
  limits: OtpLimits;
  wrongCodes?: WrongCodeGuard;
}): OtpService {
  const { db, sms, secretKey, limits, wrongCodes } = deps;
  const hashCode = (requestId: string, otp: string) => hmac(secretKey, `otp:${requestId}:${otp}`);

  const smsLocale = (mobile: string, pref: SmsLocale | undefined) => smsLocaleFor(db, mobile, pref);

  return {
    async send({ mobile, purpose, ip, text, locale, deliver = true, resendSeconds: flowSeconds }) {
      const resendSeconds = limits.resendSeconds > 0 ? (flowSeconds ?? limits.resendSeconds) : 0;
      if (resendSeconds > 0) {
        const [last] = await db
          .select({
            request_id: otpRequests.request_id,
            created_on: otpRequests.created_on,
            consumed_at: otpRequests.consumed_at,
            attempts: otpRequests.attempts,
          })
          .from(otpRequests)
          .where(and(eq(otpRequests.mobile, mobile), eq(otpRequests.purpose, purpose)))
          .orderBy(desc(otpRequests.created_on))
          .limit(1);
        const waited = last ? (Date.now() - last.created_on.getTime()) / 1000 : Infinity;
        // A code already used (the person logged in and out again) does not hold the next one back.
        if (last && !last.consumed_at && waited < resendSeconds) {
          const wait = Math.ceil(resendSeconds - waited);
          if (last.attempts >= OTP_MAX_TRIES) throw new AppError('RATE_LIMITED', say('common.otpWait', { seconds: wait }));
          return { request_id: last.request_id, resend_after: wait, already_sent: true };
        }
      }
      const since = new Date(Date.now() - limits.windowMinutes * 60_000);
      const [perIp] = await db
        .select({ n: count() })
        .from(otpRequests)
        .where(and(eq(otpRequests.client_ip, ip), gt(otpRequests.created_on, since)));
      if ((perIp?.n ?? 0) >= limits.maxPerIp) throw new AppError('RATE_LIMITED', say('common.otpRateLimited'));
      await assertSendBudget(db, { ...limits, maxPerMobileTotal: limits.maxPerMobileTotal ?? 3 * limits.maxPerMobile }, mobile, ip);
      const otp = String(randomInt(0, 10_000)).padStart(4, '0');
      const requestId = randomUUID();
      await db.insert(otpRequests).values({
        request_id: requestId,
        mobile,
        purpose,
        code_hash: hashCode(requestId, otp),
        client_ip: ip,
        expires_at: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
      });
      if (deliver) {
        const said = text ? text(otp) : say('sms.otp', { otp });
        const lang = await smsLocale(mobile, locale);
        await sms.sendOtp({
          mobile,
          otp,
          text: localize(said, lang),
          template: smsTemplateKey(purpose === 'CREDIT' ? DIRECT_SMS.otpCreditConsent : DIRECT_SMS.otp, lang),
        });
      }
      return { request_id: requestId, resend_after: resendSeconds, already_sent: false };
    },

    async verify({ mobile, purpose, otp, request_id, ip }) {
      await wrongCodes?.assertOpen(mobile, ip);
      const where = request_id
        ? and(eq(otpRequests.request_id, request_id), eq(otpRequests.mobile, mobile), eq(otpRequests.purpose, purpose))
        : and(eq(otpRequests.mobile, mobile), eq(otpRequests.purpose, purpose));
      const [row] = await db.select().from(otpRequests).where(where).orderBy(desc(otpRequests.created_on)).limit(1);
      if (!row) throw new AppError('OTP_INVALID', say('common.otpNotRequested'));
      if (row.consumed_at) throw new AppError('OTP_EXPIRED', say('common.otpUsed'));
      if (row.expires_at.getTime() < Date.now()) throw new AppError('OTP_EXPIRED', say('common.otpExpired'));
      if (row.attempts >= OTP_MAX_TRIES) throw new AppError('OTP_TOO_MANY_TRIES', say('common.otpTooManyTries'));
      if (!safeEqual(hashCode(row.request_id, otp), row.code_hash)) {
        await wrongCodes?.wrong(mobile, ip);
        // Counted atomically so parallel guesses cannot exceed the limit.
        const [updated] = await db
          .update(otpRequests)
          .set({ attempts: sql`${otpRequests.attempts} + 1` })
          .where(eq(otpRequests.request_id, row.request_id))
          .returning({ attempts: otpRequests.attempts });
        const left = OTP_MAX_TRIES - (updated?.attempts ?? OTP_MAX_TRIES);
        if (left <= 0) throw new AppError('OTP_TOO_MANY_TRIES', say('common.otpTooManyTries'));
        throw new AppError('OTP_INVALID', left === 1 ? say('common.otpWrongOneLeft') : say('common.otpWrongLeft', { left }));
      }
      const consumed = await db
        .update(otpRequests)
        .set({ consumed_at: new Date() })
        .where(
          and(eq(otpRequests.request_id, row.request_id), isNull(otpRequests.consumed_at), sql`${otpRequests.attempts} < ${OTP_MAX_TRIES}`),
        )
        .returning({ id: otpRequests.request_id });
      if (consumed.length === 0) throw new AppError('OTP_EXPIRED', say('common.otpUsed'));
    },
  };
}
