// The page policy allows no eval: zod is set jitless before this chunk's schemas parse.
import '../zod-config';
import { mobileSchema } from '@pmw/contract/mobile';
import { otpSchema } from '@pmw/contract/auth';

/** The OTP login's checks, with their schemas: a chunk of their own, so a login screen loads no zod until it is used. */
export const checkMobile = (mobile: string) => mobileSchema.safeParse(mobile);
export const checkOtp = (otp: string) => otpSchema.safeParse(otp);
