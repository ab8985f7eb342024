// The page policy allows no eval: zod is set jitless before this chunk's schemas parse.
import '../../zod-config';
import { mobileSchema } from '@pmw/contract/mobile';
import { otpSchema } from '@pmw/contract/auth';
import { teamFirstNameSchema } from '@pmw/contract/team';

/**
 * The login's checks and calls, with their schemas: loaded when the browser
 * is idle or on the first press, so the login screen itself loads no zod.
 */
export { loginTeam, sendTeamOtp } from './team-api';
export const checkName = (name: string) => teamFirstNameSchema.safeParse(name);
export const checkMobile = (mobile: string) => mobileSchema.safeParse(mobile);
export const checkOtp = (otp: string) => otpSchema.safeParse(otp);
