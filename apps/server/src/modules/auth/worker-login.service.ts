import { RESEND_COUNTDOWN } from '@pmw/contract/constants';
import { say } from '@pmw/contract/texts/said';
import { AppError } from '../../errors';
import type { UsersService } from '../users/users.service';
import type { OtpService, SmsLocale } from './otp.service';

/**
 * A worker's login (partners, candidates, support), the same for the JSON
 * calls and the portal's plain form: the OTP, then the account, made on the
 * first login (the caller makes the session).
 */
export function createWorkerLoginService(deps: { otp: OtpService; users: UsersService }) {
  const { otp, users } = deps;
  return {
    sendOtp: (input: { mobile: string; ip: string; locale: SmsLocale | undefined }) =>
      otp.send({ ...input, purpose: 'LOGIN', resendSeconds: RESEND_COUNTDOWN.partnerLogin }),

    async login(input: { mobile: string; otp: string; ip: string }) {
      await otp.verify({ mobile: input.mobile, purpose: 'LOGIN', otp: input.otp, ip: input.ip });
      const user = await users.findOrCreateByMobile(input.mobile);
      if (user.blocked) throw new AppError('BLOCKED', say('common.accountRemoved'));
      return user;
    },
  };
}
export type WorkerLoginService = ReturnType<typeof createWorkerLoginService>;
