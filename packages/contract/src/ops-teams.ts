import { z } from 'zod';
import { defineRoute } from './api';
import { normalisedMobileSchema } from './mobile';

/** Interview slots per project and the teams of field agents, for the ops console. */

const positiveId = z.coerce.number().int().positive();
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use times like 10:30');

export const slotsAddBodySchema = z.object({
  job_location_id: z.number().int().positive('Choose a location'),
  /** The day at +05:30. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31'),
  start_times: z.array(hhmm).min(1, 'Add at least one start time').max(48),
  duration_minutes: z.number().int().min(5).max(480).default(30),
  capacity: z.number().int().min(1, 'Capacity must be at least 1').max(1000),
});

/** The instant a +05:30 day and time start at. */
export const istInstant = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);

export const opsSlotSchema = z.object({
  slot_id: z.number().int(),
  job_location_id: z.number().int(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  bookings: z.array(z.object({ booking_id: z.number().int(), user_id: z.number().int(), booking_date: z.string(), created_on: z.string() })),
});
export type OpsSlot = z.infer<typeof opsSlotSchema>;

export const opsTeamSchema = z.object({ team_id: z.number().int(), team_code: z.string(), manager_user_id: z.number().int(), members: z.number().int(), created_on: z.string() });
export const teamCreateBodySchema = z.object({
  team_code: z.string().trim().regex(/^[A-Za-z0-9]{3,20}$/, 'Team code: 3 to 20 letters or digits'),
  manager_user_id: z.number().int().positive('Give the manager’s PMW id'),
});
export const teamMemberAddBodySchema = z.object({ mobile: normalisedMobileSchema, first_name: z.string().trim().min(1, 'Write the member’s name').max(60) });
export const opsTeamMemberSchema = z.object({ user_id: z.number().int(), first_name: z.string().nullable(), mobile: z.string(), blocked: z.boolean(), created_on: z.string() });

export const opsTeamRoutes = {
  slots: defineRoute({ method: 'GET', path: '/ops/projects/:job_id/slots', auth: 'ops', params: z.object({ job_id: positiveId }), response: z.array(opsSlotSchema) }),
  addSlots: defineRoute({ method: 'POST', path: '/ops/projects/:job_id/slots', auth: 'ops', params: z.object({ job_id: positiveId }), body: slotsAddBodySchema, response: z.object({ added: z.number().int(), skipped: z.number().int() }) }),
  teams: defineRoute({ method: 'GET', path: '/ops/teams', auth: 'ops', response: z.array(opsTeamSchema) }),
  createTeam: defineRoute({ method: 'POST', path: '/ops/teams', auth: 'ops', body: teamCreateBodySchema, response: opsTeamSchema }),
  members: defineRoute({ method: 'GET', path: '/ops/teams/:team_id/members', auth: 'ops', params: z.object({ team_id: positiveId }), response: z.array(opsTeamMemberSchema) }),
  addMember: defineRoute({ method: 'POST', path: '/ops/teams/:team_id/members', auth: 'ops', params: z.object({ team_id: positiveId }), body: teamMemberAddBodySchema, response: z.object({ user_id: z.number().int() }) }),
  blockMember: defineRoute({ method: 'POST', path: '/ops/teams/:team_id/members/:user_id/block', auth: 'ops', params: z.object({ team_id: positiveId, user_id: positiveId }), response: z.object({ user_id: z.number().int(), blocked: z.boolean() }) }),
  unblockMember: defineRoute({ method: 'POST', path: '/ops/teams/:team_id/members/:user_id/unblock', auth: 'ops', params: z.object({ team_id: positiveId, user_id: positiveId }), response: z.object({ user_id: z.number().int(), blocked: z.boolean() }) }),
};
