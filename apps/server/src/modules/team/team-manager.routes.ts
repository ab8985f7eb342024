import { requestLocale } from '../locale/locale';
import type { FastifyInstance } from 'fastify';
import { partnerTeamRoutes } from '@pmw/contract/partner-team';
import type { LinkOrigin } from '../../http/link-origin';
import { answer, route, type RouteContext } from '../../http/route';
import type { AuditService } from '../ops/audit.service';
import type { PartnerReportService } from '../partner-report/partner-report.service';
import type { TeamManagerService } from './team-manager.service';
import { say } from '@pmw/contract/texts/said';

/** The partner portal's Team page under /api/v2/partner/team: only for the team's manager. */
export function registerTeamManagerRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  deps: {
    manager: TeamManagerService;
    report: PartnerReportService;
    audit: AuditService;
    linkOrigin: LinkOrigin;
    shareOrigin: string | undefined;
  },
) {
  const { manager, report, audit } = deps;

  /** The report's owner: the manager's team, narrowed to one of its members when asked. */
  async function owner(userId: number, memberId: number | undefined) {
    const t = await manager.managed(userId);
    if (memberId !== undefined) await manager.assertMember(t.team_id, memberId);
    return { team_id: t.team_id, member_user_id: memberId };
  }

  route(app, ctx, partnerTeamRoutes.team, async ({ session, req }) => {
    const team = await manager.view(session.subjectId, deps.shareOrigin ?? deps.linkOrigin(req));
    return { ...team, projects: await report.projects({ team_id: team.team_id }, requestLocale(req)) };
  });
  route(app, ctx, partnerTeamRoutes.addMember, async ({ session, body }) => {
    const r = await manager.addMember(session.subjectId, body);
    await audit.record({
      actor_user_id: session.subjectId,
      action: 'team.member_add',
      entity_type: 'team',
      entity_id: r.team_id,
      after: { user_id: r.user_id, by: 'manager' },
    });
    return answer({ user_id: r.user_id }, say('partnerTeam.memberAdded'));
  });
  for (const [def, blocked] of [
    [partnerTeamRoutes.blockMember, true],
    [partnerTeamRoutes.unblockMember, false],
  ] as const) {
    route(app, ctx, def, async ({ session, params }) => {
      const r = await manager.setBlocked(session.subjectId, params.user_id, blocked);
      await audit.record({
        actor_user_id: session.subjectId,
        action: blocked ? 'team.member_block' : 'team.member_unblock',
        entity_type: 'team',
        entity_id: r.team_id,
        before: { user_id: r.user_id, blocked: !blocked },
        after: { user_id: r.user_id, blocked, by: 'manager' },
      });
      // As when ops block: every team session of the member ends now.
      if (blocked) await ctx.sessions.destroyAllFor('team', r.user_id);
      return answer(
        { user_id: r.user_id, blocked: r.blocked },
        blocked ? say('partnerTeam.memberBlocked') : say('partnerTeam.memberUnblocked'),
      );
    });
  }
  route(app, ctx, partnerTeamRoutes.leadCounts, async ({ session, query }) => {
    const { member_user_id, ...filter } = query;
    return report.counts(await owner(session.subjectId, member_user_id), filter);
  });
  route(app, ctx, partnerTeamRoutes.leads, async ({ session, query, req }) => {
    const { member_user_id, ...filter } = query;
    return report.page(await owner(session.subjectId, member_user_id), filter, requestLocale(req));
  });
}
