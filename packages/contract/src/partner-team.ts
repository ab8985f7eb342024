import { z } from 'zod';
import { int, text, coerceInt } from './base';
import { defineRoute, queryInt } from './api';
import { LEADS_PAGE_SIZE, dateOrder, leadCountsSchema, partnerProjectSchema, reportFilterObject, reportPageSchema } from './partner';
import { teamMemberAddBodySchema } from './ops-teams';
import { TEAM_JOIN_POLICIES } from './team';
import { saidIn } from './texts/said';
import { partnerCatalogue } from './texts/partner';

/** This file's validation messages, said by code (see `saidIn`). */
const partnerSaid = saidIn(partnerCatalogue);

/**
 * The partner portal's Team page, for a partner who manages a team: its share
 * link and join policy (ops set the policy), its members, and their leads
 * through the same report as the partner's own.
 */

export { partnerTeamMessages } from './partner-team-texts';

export const partnerTeamMemberSchema = z.object({
  user_id: int(),
  first_name: text().nullable(),
  mobile: text(),
  blocked: z.boolean(),
  created_on: text(),
});
export type PartnerTeamMember = z.infer<typeof partnerTeamMemberSchema>;

export const partnerTeamSchema = z.object({
  team_id: int(),
  team_code: text(),
  /** `/mt/{team_code}` on the team area's origin. */
  share_link: text(),
  join_policy: z.enum(TEAM_JOIN_POLICIES),
  members: z.array(partnerTeamMemberSchema),
  /** The projects the members have leads in, for the report's project filter. */
  projects: z.array(partnerProjectSchema),
});
export type PartnerTeam = z.infer<typeof partnerTeamSchema>;

const memberFilter = { member_user_id: queryInt.positive().optional() };
export const teamLeadsCountsQuerySchema = reportFilterObject
  .extend(memberFilter)
  .refine(dateOrder, { message: partnerSaid('partner.dateOrder'), path: ['end_date'] });
export const teamLeadsQuerySchema = reportFilterObject
  .extend({ ...memberFilter, limit: queryInt.min(1).max(100).default(LEADS_PAGE_SIZE), offset: queryInt.min(0).max(10_000_000).default(0) })
  .refine(dateOrder, { message: partnerSaid('partner.dateOrder'), path: ['end_date'] });

const memberParams = z.object({ user_id: coerceInt().positive() });
const blockedSchema = z.object({ user_id: int(), blocked: z.boolean() });

export const partnerTeamRoutes = {
  team: defineRoute({
    method: 'GET',
    path: '/partner/team',
    summary: 'The team the signed-in partner manages: share link, join policy, members',
    auth: 'worker',
    response: partnerTeamSchema,
  }),
  addMember: defineRoute({
    method: 'POST',
    path: '/partner/team/members',
    summary: "Adds a person to the manager's team by mobile and name",
    auth: 'worker',
    body: teamMemberAddBodySchema,
    response: z.object({ user_id: int() }),
  }),
  blockMember: defineRoute({
    method: 'POST',
    path: '/partner/team/members/:user_id/block',
    summary: "Blocks a member of the manager's team from the team area",
    auth: 'worker',
    params: memberParams,
    response: blockedSchema,
  }),
  unblockMember: defineRoute({
    method: 'POST',
    path: '/partner/team/members/:user_id/unblock',
    summary: "Lets a blocked member of the manager's team back in",
    auth: 'worker',
    params: memberParams,
    response: blockedSchema,
  }),
  leadCounts: defineRoute({
    method: 'GET',
    path: '/partner/team/leads/counts',
    summary: "Lead counts of the team's members (or one member), as the Leads Report's tiles",
    auth: 'worker',
    query: teamLeadsCountsQuerySchema,
    response: leadCountsSchema,
  }),
  leads: defineRoute({
    method: 'GET',
    path: '/partner/team/leads',
    summary: "A page of the team's members' leads (or one member's), with the Leads Report's filters",
    auth: 'worker',
    query: teamLeadsQuerySchema,
    response: reportPageSchema,
  }),
};
