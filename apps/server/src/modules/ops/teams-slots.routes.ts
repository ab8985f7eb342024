import type { FastifyInstance } from 'fastify';
import { istInstant, opsTeamRoutes } from '@pmw/contract/ops-teams';
import { answer, route, type RouteContext } from '../../http/route';
import { notFound } from '../../errors';
import type { HiringService } from '../hiring/hiring.service';
import type { TeamService } from '../team/team.service';
import type { UsersService } from '../users/users.service';
import type { AuditService } from './audit.service';
import { say } from '@pmw/contract/texts/said';

/** Interview slots per project, and teams with their members: admin only, audited. */
export function registerOpsTeamsSlotsRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  deps: { hiring: HiringService; team: TeamService; users: UsersService; audit: AuditService },
) {
  const { hiring, team, audit } = deps;

  route(app, ctx, opsTeamRoutes.slots, async ({ params }) => {
    return hiring.opsSlots(params.job_id);
  });
  route(app, ctx, opsTeamRoutes.addSlots, async ({ agent, params, body }) => {
    const slots = body.start_times.map((time) => {
      const start = istInstant(body.date, time);
      return { start_time: start, end_time: new Date(start.getTime() + body.duration_minutes * 60_000), capacity: body.capacity };
    });
    const r = await hiring.opsAddSlots({ job_id: params.job_id, job_location_id: body.job_location_id, slots });
    await audit.record({
      actor_user_id: agent.user_id,
      action: 'slots.add',
      entity_type: 'project',
      entity_id: params.job_id,
      after: { ...body, ...r },
    });
    return answer(
      r,
      r.skipped ? say('ops.slotsAddedSkipped', { added: r.added, skipped: r.skipped }) : say('ops.slotsAdded', { added: r.added }),
    );
  });

  route(app, ctx, opsTeamRoutes.teams, async () => {
    return team.opsTeams();
  });
  route(app, ctx, opsTeamRoutes.createTeam, async ({ agent, body }) => {
    if (!(await deps.users.byId(body.manager_user_id))) throw notFound(say('ops.managerNotFound'));
    const row = await team.opsCreateTeam(body);
    await audit.record({ actor_user_id: agent.user_id, action: 'team.create', entity_type: 'team', entity_id: row.team_id, after: row });
    return answer(
      {
        team_id: row.team_id,
        team_code: row.team_code,
        manager_user_id: row.manager_user_id,
        join_policy: row.join_policy,
        members: 0,
        created_on: row.created_on.toISOString(),
      },
      say('ops.teamCreated'),
    );
  });
  route(app, ctx, opsTeamRoutes.setJoinPolicy, async ({ agent, params, body }) => {
    const { before, after } = await team.opsSetJoinPolicy(params.team_id, body.join_policy);
    await audit.record({
      actor_user_id: agent.user_id,
      action: 'team.join_policy',
      entity_type: 'team',
      entity_id: params.team_id,
      before: { join_policy: before.join_policy },
      after: { join_policy: after.join_policy },
    });
    const row = (await team.opsTeams()).find((x) => x.team_id === params.team_id)!;
    return answer(row, after.join_policy === 'open' ? say('ops.joinOpen') : say('ops.joinInvite'));
  });
  route(app, ctx, opsTeamRoutes.members, async ({ params }) => {
    const members = await team.opsMembers(params.team_id);
    const people = await deps.users.contacts(members.map((m) => m.user_id));
    return members.map((m) => {
      const p = people.get(m.user_id);
      return {
        user_id: m.user_id,
        first_name: p?.first_name ?? null,
        mobile: p?.mobile ?? '',
        blocked: m.blocked,
        created_on: m.created_on.toISOString(),
      };
    });
  });
  route(app, ctx, opsTeamRoutes.addMember, async ({ agent, params, body }) => {
    const r = await team.opsAddMember(params.team_id, body);
    await audit.record({
      actor_user_id: agent.user_id,
      action: 'team.member_add',
      entity_type: 'team',
      entity_id: params.team_id,
      after: { user_id: r.user_id },
    });
    return answer(r, say('partnerTeam.memberAdded'));
  });
  for (const [def, blocked] of [
    [opsTeamRoutes.blockMember, true],
    [opsTeamRoutes.unblockMember, false],
  ] as const) {
    route(app, ctx, def, async ({ agent, params }) => {
      const r = await team.opsSetMemberBlocked(params.team_id, params.user_id, blocked);
      await audit.record({
        actor_user_id: agent.user_id,
        action: blocked ? 'team.member_block' : 'team.member_unblock',
        entity_type: 'team',
        entity_id: params.team_id,
        before: { user_id: params.user_id, blocked: !blocked },
        after: r,
      });
      // A member blocked in one team is refused in every team, so every team session of theirs ends now.
      if (blocked) await ctx.sessions.destroyAllFor('team', params.user_id);
      return answer(r, blocked ? say('partnerTeam.memberBlocked') : say('partnerTeam.memberUnblocked'));
    });
  }
}
