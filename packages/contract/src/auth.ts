import { z } from 'zod';
import { AREA_LOGIN_FORM_PATHS } from './area-pages';
import { text, int } from './base';
import { defineRoute, type RouteAuth } from './api';
import { mobileSchema } from './mobile';
import { COUNTRY_CODES } from './mobile';
import { saidIn } from './texts/said';
import { commonCatalogue } from './texts/common';

/** This file's validation messages, said by code (see `saidIn`). */
const commonSaid = saidIn(commonCatalogue);

export const otpSchema = text({ error: commonSaid('common.otpRequired') })
  .trim()
  .min(1, commonSaid('common.otpRequired'))
  .regex(/^[0-9]{4}$/, commonSaid('common.otpInvalidFormat'));

/** The signed-in person as every area sees them. */
export const sessionUserSchema = z.object({
  user_id: int(),
  pmw_id: text(),
  mobile: text(),
  first_name: text().nullable(),
  email: text().nullable(),
  profile_picture_url: text().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const otpSendBodySchema = z.object({ mobile: mobileSchema });
export const otpSentSchema = z.object({
  mobile: text(),
  /** Seconds until another OTP may be asked for. */
  resend_after: int(),
  request_id: text(),
  /** True when no new code went out: the one sent inside the resend window is still the one to type. */
  already_sent: z.boolean(),
});

export const otpLoginBodySchema = z.object({ mobile: mobileSchema, otp: otpSchema });

/**
 * Login with the OTP, the signed-in user and logout: the same calls under the
 * partner host's `/partner/user/...` and the user module's `/user/...`.
 */
function workerSessionRoutes(prefix: '' | '/partner', who: 'partner' | 'worker') {
  return {
    login: defineRoute({
      method: 'POST',
      path: `${prefix}/user/login/otp`,
      auth: 'public',
      summary: `Signs a ${who} in with the OTP, creating the account on first login`,
      body: otpLoginBodySchema,
      response: sessionUserSchema,
    }),
    // Public: a visitor who is not signed in gets 200 with null, not a 401 in the console.
    me: defineRoute({
      method: 'GET',
      path: `${prefix}/user/get`,
      summary: `The signed-in ${who}, or null`,
      auth: 'public',
      response: sessionUserSchema.nullable(),
    }),
    logout: defineRoute({
      method: 'POST',
      path: `${prefix}/user/logout`,
      summary: `Signs the ${who} out`,
      auth: 'public',
      response: z.null(),
    }),
  };
}

/**
 * A server-drawn login's plain form as a browser posts it before the page's
 * script has arrived: raw text, checked by the handler through the same
 * schemas as the JSON calls, so a refusal is drawn again at its field.
 * Without `request_id` it asks for the OTP; with it, it signs in.
 */
export const areaLoginFormBodySchema = z.object({
  mobile: text().max(20).default(''),
  otp: text().max(10).optional(),
  request_id: text().max(100).optional(),
});

/** The partner host's login calls. */
export const partnerAuthRoutes = {
  loginForm: defineRoute({
    method: 'POST',
    path: AREA_LOGIN_FORM_PATHS.partner,
    auth: 'public',
    summary: "The partner login's plain form (mobile, then OTP) posted before the page's script arrived; answers the page",
    body: areaLoginFormBodySchema,
    response: z.null(),
    produces: ['text/html'],
  }),
  sendOtp: defineRoute({
    method: 'POST',
    path: '/partner/otp/send',
    auth: 'public',
    summary: 'Sends a partner a 4-digit login OTP by SMS',
    body: otpSendBodySchema,
    response: otpSentSchema,
  }),
  ...workerSessionRoutes('/partner', 'partner'),
};

export const userOtpSendBodySchema = z.object({
  mobile: mobileSchema,
  countryCode: z.enum(COUNTRY_CODES).optional(),
  /** The area asking: MT (team) or UTM (campaign); others leave it out. */
  feature: z.enum(['MT', 'UTM']).optional(),
  project_name: text().max(200).optional(),
});

/** The user module used by the candidate, support and other worker areas. */
export const userAuthRoutes = {
  sendOtp: defineRoute({
    method: 'POST',
    path: '/user/otp/send',
    auth: 'public',
    summary: 'Sends a worker (candidate, team member, customer) a login OTP by SMS',
    body: userOtpSendBodySchema,
    response: otpSentSchema,
  }),
  retryOtp: defineRoute({
    method: 'POST',
    path: '/user/otp/retry',
    auth: 'public',
    summary: 'Sends the login OTP again once the resend countdown is over',
    body: otpSendBodySchema,
    response: otpSentSchema,
  }),
  ...workerSessionRoutes('', 'worker'),
};

/** Cookie that carries each kind of session. Kinds never share a cookie. */
export const SESSION_COOKIE: Record<Exclude<RouteAuth, 'public'>, string> = {
  worker: 'pmw_worker',
  team: 'pmw_team',
  customer: 'pmw_customer',
  ops: 'pmw_ops',
};
