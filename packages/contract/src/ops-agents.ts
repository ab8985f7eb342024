import { z } from 'zod';
import { coerceInt, int, text } from './base';
import { defineRoute } from './api';
import { normalisedMobileSchema } from './mobile';
import { opsRoles } from './ops-auth';

/** One person who may use the ops console, as the Agents page lists them. */
export const opsAgentRowSchema = z.object({
  user_id: int(),
  mobile: text(),
  first_name: text().nullable(),
  last_name: text().nullable(),
  role: z.enum(opsRoles),
  blocked: z.boolean(),
  created_on: text(),
});
export type OpsAgentRow = z.infer<typeof opsAgentRowSchema>;

export const addAgentBodySchema = z.object({
  mobile: normalisedMobileSchema,
  role: z.enum(opsRoles),
  /** Used only when the mobile has no account yet. */
  first_name: text().trim().max(60).optional(),
});
export const agentRoleBodySchema = z.object({ role: z.enum(opsRoles) });
const agentParams = z.object({ user_id: coerceInt().positive() });

export const opsAgentMessages = {
  added: 'Agent added',
  roleChanged: 'Role changed',
  removed: 'Agent removed',
  alreadyAgent: 'This mobile number is already an agent; change their role instead',
  blocked: 'This person is blocked; unblock them under Users first',
  notAgent: 'Agent not found',
  lastAdmin: 'The last admin cannot be removed or made support; make another agent admin first',
} as const;

/** Ops agents and their roles, managed by admins; every change is audited and ends the agent's sessions. */
export const opsAgentRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/ops/agents',
    summary: 'Everyone who may use the ops console, with their role',
    auth: 'ops',
    response: z.array(opsAgentRowSchema),
  }),
  add: defineRoute({
    method: 'POST',
    path: '/ops/agents',
    summary: 'Makes a mobile number an ops agent with a role, creating the account if needed',
    auth: 'ops',
    body: addAgentBodySchema,
    response: opsAgentRowSchema,
  }),
  setRole: defineRoute({
    method: 'PUT',
    path: '/ops/agents/:user_id/role',
    summary: "Changes an agent's role; their console sessions end",
    auth: 'ops',
    params: agentParams,
    body: agentRoleBodySchema,
    response: opsAgentRowSchema,
  }),
  remove: defineRoute({
    method: 'POST',
    path: '/ops/agents/:user_id/remove',
    summary: 'Takes away ops console access; the account itself stays',
    auth: 'ops',
    params: agentParams,
    response: z.null(),
  }),
};
