import { z } from 'zod';
import { atMostChars, text, int, coerceInt } from './base';
import { defineRoute } from './api';
import { normalisedMobileSchema } from './mobile';
import { TEAM_JOIN_POLICIES } from './team';
import { saidIn } from './texts/said';
import { teamCatalogue } from './texts/team';

/** This file's validation messages, said by code (see `saidIn`). */
const teamSaid = saidIn(teamCatalogue);

/** Said when a join policy is neither of the two. */
export const joinPolicyMessage = teamSaid('ops.joinPolicy');

/** Interview slots per project and the teams of field agents, for the ops console. */

const positiveId = coerceInt().positive();
const hhmm = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use times like 10:30');

export const slotsAddBodySchema = z.object({
  job_location_id: int().positive('Choose a location'),
  /** The day at +05:30. */
  date: text().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31'),
  start_times: z.array(hhmm).min(1, 'Add at least one start time').max(48),
  duration_minutes: int().min(5).max(480).default(30),
  capacity: int().min(1, 'Capacity must be at least 1').max(1000),
});

/** The instant a +05:30 day and time start at. */
export const istInstant = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);

export const opsSlotSchema = z.object({
  slot_id: int(),
  job_location_id: int(),
  date: text(),
  start_time: text(),
  end_time: text(),
  capacity: int(),
  booked: int(),
  bookings: z.array(z.object({ booking_id: int(), user_id: int(), booking_date: text(), created_on: text() })),
});
export type OpsSlot = z.infer<typeof opsSlotSchema>;

export const opsTeamSchema = z.object({
  team_id: int(),
  team_code: text(),
  manager_user_id: int(),
  join_policy: z.enum(TEAM_JOIN_POLICIES),
  members: int(),
  created_on: text(),
});
export const teamCreateBodySchema = z.object({
  team_code: text()
    .trim()
    .regex(/^[A-Za-z0-9]{3,20}$/, 'Team code: 3 to 20 letters or digits'),
  manager_user_id: int().positive('Give the manager’s PMW id'),
  join_policy: z.enum(TEAM_JOIN_POLICIES, { error: joinPolicyMessage }).default('invite_only'),
});
export const teamJoinPolicyBodySchema = z.object({ join_policy: z.enum(TEAM_JOIN_POLICIES, { error: joinPolicyMessage }) });
export const teamMemberAddBodySchema = z.object({
  mobile: normalisedMobileSchema,
  first_name: text().trim().min(1, 'Write the member’s name').max(60, atMostChars('Name', 60)),
});
export const opsTeamMemberSchema = z.object({
  user_id: int(),
  first_name: text().nullable(),
  mobile: text(),
  blocked: z.boolean(),
  created_on: text(),
});

export const opsTeamRoutes = {
  slots: defineRoute({
    method: 'GET',
    path: '/ops/projects/:job_id/slots',
    summary: "A hiring project's interview slots with their bookings",
    auth: 'ops',
    params: z.object({ job_id: positiveId }),
    response: z.array(opsSlotSchema),
  }),
  addSlots: defineRoute({
    method: 'POST',
    path: '/ops/projects/:job_id/slots',
    summary: 'Adds interview slots to a hiring project per date and start time',
    auth: 'ops',
    params: z.object({ job_id: positiveId }),
    body: slotsAddBodySchema,
    response: z.object({ added: int(), skipped: int() }),
  }),
  teams: defineRoute({
    method: 'GET',
    path: '/ops/teams',
    summary: 'Field teams with their code, manager and member count',
    auth: 'ops',
    response: z.array(opsTeamSchema),
  }),
  createTeam: defineRoute({
    method: 'POST',
    path: '/ops/teams',
    summary: 'Creates a field team with a code and a managing partner',
    auth: 'ops',
    body: teamCreateBodySchema,
    response: opsTeamSchema,
  }),
  setJoinPolicy: defineRoute({
    method: 'PUT',
    path: '/ops/teams/:team_id/join-policy',
    summary: 'Makes a team open to anyone with its code, or invite only',
    auth: 'ops',
    params: z.object({ team_id: positiveId }),
    body: teamJoinPolicyBodySchema,
    response: opsTeamSchema,
  }),
  members: defineRoute({
    method: 'GET',
    path: '/ops/teams/:team_id/members',
    summary: 'The members of a team',
    auth: 'ops',
    params: z.object({ team_id: positiveId }),
    response: z.array(opsTeamMemberSchema),
  }),
  addMember: defineRoute({
    method: 'POST',
    path: '/ops/teams/:team_id/members',
    summary: 'Adds a person to a team by mobile',
    auth: 'ops',
    params: z.object({ team_id: positiveId }),
    body: teamMemberAddBodySchema,
    response: z.object({ user_id: int() }),
  }),
  blockMember: defineRoute({
    method: 'POST',
    path: '/ops/teams/:team_id/members/:user_id/block',
    summary: 'Blocks a team member from the team area',
    auth: 'ops',
    params: z.object({ team_id: positiveId, user_id: positiveId }),
    response: z.object({ user_id: int(), blocked: z.boolean() }),
  }),
  unblockMember: defineRoute({
    method: 'POST',
    path: '/ops/teams/:team_id/members/:user_id/unblock',
    summary: 'Lets a blocked team member back into the team area',
    auth: 'ops',
    params: z.object({ team_id: positiveId, user_id: positiveId }),
    response: z.object({ user_id: int(), blocked: z.boolean() }),
  }),
};
