import { and, count, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { otpRequests } from '../../db/schema/auth';
import { AppError } from '../../errors';
import type { LimitStore } from '../../lib/limit-store';
import { say } from '@pmw/contract/texts/said';

/** An address that logged this mobile in within this many days is taken as the owner's. */
const KNOWN_ADDRESS_DAYS = 30;
/** Wrong codes for one mobile from one address, and from one address for any mobile, in the window. */
export const OTP_MAX_WRONG_PER_MOBILE_ADDRESS = 10;
export const OTP_MAX_WRONG_PER_ADDRESS = 30;

/**
 * How many OTPs a mobile may be sent, so a stranger cannot spend the owner's
 * budget and lock them out of login:
 * - each (mobile, address) pair has its own share, `maxPerMobile` a window;
 * - the mobile has a hard cap over every address, `maxPerMobileTotal`, which
 *   bounds the SMS a number receives;
 * - an address that has logged the mobile in before (a consumed code in the
 *   last 30 days) is the owner's and keeps its share even past the hard cap.
 * Counted in otp_requests, so every process sees the same numbers.
 */
export async function assertSendBudget(
  db: Db,
  limits: { maxPerMobile: number; maxPerMobileTotal: number; windowMinutes: number },
  mobile: string,
  ip: string,
) {
  const since = new Date(Date.now() - limits.windowMinutes * 60_000);
  const [row] = await db
    .select({ total: count(), fromHere: sql<number>`count(*) filter (where ${otpRequests.client_ip} = ${ip})` })
    .from(otpRequests)
    .where(and(eq(otpRequests.mobile, mobile), gt(otpRequests.created_on, since)));
  if (Number(row?.fromHere ?? 0) >= limits.maxPerMobile) throw new AppError('RATE_LIMITED', say('common.otpRateLimited'));
  if (Number(row?.total ?? 0) < limits.maxPerMobileTotal) return;
  const [known] = await db
    .select({ id: otpRequests.request_id })
    .from(otpRequests)
    .where(
      and(
        eq(otpRequests.mobile, mobile),
        eq(otpRequests.client_ip, ip),
        isNotNull(otpRequests.consumed_at),
        gt(otpRequests.created_on, new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000)),
      ),
    )
    .limit(1);
  if (!known) throw new AppError('RATE_LIMITED', say('common.otpRateLimited'));
}

/**
 * Wrong codes across requests: an address that types OTP_MAX_WRONG_PER_MOBILE_ADDRESS
 * wrong codes for one mobile (or OTP_MAX_WRONG_PER_ADDRESS for any) in the window
 * is refused for the rest of it. The owner on another address is not affected.
 */
export function createWrongCodeGuard(store: LimitStore, windowMinutes: number) {
  const windowMs = windowMinutes * 60_000;
  const keys = (mobile: string, ip: string) => [`otp:wrong:${mobile}:${ip}`, `otp:wrong:${ip}`] as const;
  return {
    async assertOpen(mobile: string, ip: string | undefined) {
      if (!ip) return;
      const [pair, address] = keys(mobile, ip);
      if ((await store.count(pair)) >= OTP_MAX_WRONG_PER_MOBILE_ADDRESS || (await store.count(address)) >= OTP_MAX_WRONG_PER_ADDRESS) {
        throw new AppError('OTP_TOO_MANY_TRIES', say('common.otpWrongTooOften'));
      }
    },
    async wrong(mobile: string, ip: string | undefined) {
      if (!ip) return;
      const [pair, address] = keys(mobile, ip);
      await Promise.all([store.hit(pair, windowMs), store.hit(address, windowMs)]);
    },
  };
}
export type WrongCodeGuard = ReturnType<typeof createWrongCodeGuard>;
