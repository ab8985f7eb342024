import { z } from 'zod';
import { text, int } from './base';
import { defineRoute } from './api';
import { otpLoginBodySchema, otpSendBodySchema, otpSentSchema } from './auth';

export const opsRoles = ['support', 'admin'] as const;
export type OpsRole = (typeof opsRoles)[number];

export const opsAgentSchema = z.object({
  user_id: int(),
  mobile: text(),
  first_name: text().nullable(),
  role: z.enum(opsRoles),
});
export type OpsAgent = z.infer<typeof opsAgentSchema>;

/** Ops agents log in by OTP into their own session kind; it grants nothing elsewhere. */
export const opsAuthRoutes = {
  sendOtp: defineRoute({
    method: 'POST',
    path: '/ops/otp/send',
    summary: 'Sends an ops agent a login OTP by SMS',
    auth: 'public',
    body: otpSendBodySchema,
    response: otpSentSchema,
  }),
  login: defineRoute({
    method: 'POST',
    path: '/ops/login/otp',
    summary: 'Signs an ops agent in to the console with the OTP',
    auth: 'public',
    body: otpLoginBodySchema,
    response: opsAgentSchema,
  }),
  me: defineRoute({
    method: 'GET',
    path: '/ops/user/get',
    summary: 'The signed-in ops agent and their role',
    auth: 'ops',
    role: 'support',
    response: opsAgentSchema,
  }),
  logout: defineRoute({ method: 'POST', path: '/ops/user/logout', summary: 'Signs the ops agent out', auth: 'public', response: z.null() }),
};

/** Whether a role may do what needs `needed` (admin may do everything). */
export const roleAllows = (role: OpsRole, needed: OpsRole) => role === 'admin' || role === needed;
