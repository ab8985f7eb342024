import { RESEND_COUNTDOWN } from '@pmw/contract/constants';
import { say } from '@pmw/contract/texts/said';
import { AppError } from '../../errors';
import type { OtpService, SmsLocale } from '../auth/otp.service';
import type { TeamService } from './team.service';

/**
 * A team member's login under the team's code, the same for the area's JSON
 * calls and its plain form: the OTP, then the member (the caller makes the session).
 */
export function createTeamLoginService(deps: { otp: OtpService; team: TeamService }) {
  const { otp, team } = deps;
  return {
    /** A stranger to an invite-only team is told so before an OTP is spent; a blocked member only after the OTP. */
    async sendOtp(input: { mobile: string; team_code?: string | undefined; ip: string; locale: SmsLocale | undefined }) {
      await team.assertMayAskOtp(input.mobile, input.team_code);
      return otp.send({
        mobile: input.mobile,
        purpose: 'TEAM_LOGIN',
        ip: input.ip,
        locale: input.locale,
        resendSeconds: RESEND_COUNTDOWN.teamLogin,
      });
    },

    async login(input: { request_id: string; team_code: string; first_name: string; mobile: string; otp: string; ip: string }) {
      if (!(await team.teamByCode(input.team_code))) throw new AppError('NOT_FOUND', say('team.invalidUrl'));
      await otp.verify({ mobile: input.mobile, purpose: 'TEAM_LOGIN', otp: input.otp, request_id: input.request_id, ip: input.ip });
      return team.login(input);
    },
  };
}
export type TeamLoginService = ReturnType<typeof createTeamLoginService>;
