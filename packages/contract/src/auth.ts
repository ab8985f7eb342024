import { z } from 'zod';
import { defineRoute, type RouteAuth } from './api';
import { mobileSchema } from './mobile';
import { messages } from './messages';
import { COUNTRY_CODES } from './mobile';

export const otpSchema = z
  .string({ error: messages.otpRequired })
  .trim()
  .min(1, messages.otpRequired)
  .regex(/^[0-9]{4}$/, messages.otpInvalidFormat);

/** The signed-in person as every area sees them. */
export const sessionUserSchema = z.object({
  user_id: z.number().int(),
  pmw_id: z.string(),
  mobile: z.string(),
  first_name: z.string().nullable(),
  email: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const otpSendBodySchema = z.object({ mobile: mobileSchema });
export const otpSentSchema = z.object({
  mobile: z.string(),
  /** Seconds until another OTP may be asked for. */
  resend_after: z.number().int(),
  request_id: z.string(),
});

export const otpLoginBodySchema = z.object({ mobile: mobileSchema, otp: otpSchema });

/** The partner host's login calls (spec 001, section 7). */
export const partnerAuthRoutes = {
  sendOtp: defineRoute({
    method: 'POST', path: '/partner/otp/send', auth: 'public',
    body: otpSendBodySchema, response: otpSentSchema,
  }),
  login: defineRoute({
    method: 'POST', path: '/partner/user/login/otp', auth: 'public',
    body: otpLoginBodySchema, response: sessionUserSchema,
  }),
  me: defineRoute({ method: 'GET', path: '/partner/user/get', auth: 'worker', response: sessionUserSchema }),
  logout: defineRoute({ method: 'GET', path: '/partner/user/logout', auth: 'public', response: z.null() }),
};

export const userOtpSendBodySchema = z.object({
  mobile: mobileSchema,
  countryCode: z.enum(COUNTRY_CODES).optional(),
  /** The area asking: MT (team) or UTM (campaign); others leave it out. */
  feature: z.enum(['MT', 'UTM']).optional(),
  project_name: z.string().max(200).optional(),
});

/** The user module used by the candidate, support and other worker areas (spec 000, section 7). */
export const userAuthRoutes = {
  sendOtp: defineRoute({
    method: 'POST', path: '/user/otp/send', auth: 'public',
    body: userOtpSendBodySchema, response: otpSentSchema,
  }),
  retryOtp: defineRoute({
    method: 'POST', path: '/user/otp/retry', auth: 'public',
    body: otpSendBodySchema, response: otpSentSchema,
  }),
  login: defineRoute({
    method: 'POST', path: '/user/login/otp', auth: 'public',
    body: otpLoginBodySchema, response: sessionUserSchema,
  }),
  me: defineRoute({ method: 'GET', path: '/user/get', auth: 'worker', response: sessionUserSchema }),
  logout: defineRoute({ method: 'GET', path: '/user/logout', auth: 'public', response: z.null() }),
};

/** Cookie that carries each kind of session. Kinds never share a cookie. */
export const SESSION_COOKIE: Record<Exclude<RouteAuth, 'public'>, string> = {
  worker: 'pmw_worker',
  team: 'pmw_team',
  customer: 'pmw_customer',
  ops: 'pmw_ops',
};
