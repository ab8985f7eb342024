import type { FastifyInstance } from 'fastify';
import type { LinkOrigin } from '../../http/link-origin';
import { teamRoutes } from '@pmw/contract/team';
import { answer, route, type RouteContext } from '../../http/route';
import type { SessionInfo } from '../sessions/session';
import { sentMessage } from '../auth/otp.service';
import type { UsersService } from '../users/users.service';
import type { LeadIntakeService } from '../lead-intake/lead-intake.service';
import type { TeamService } from './team.service';
import type { TeamLoginService } from './team-login.service';
import { requestLocale, smsLocaleOf } from '../locale/locale';
import { say } from '@pmw/contract/texts/said';

/** The member a team session stands for: the user and the team they logged in under. */
const memberOf = (session: SessionInfo) => ({ userId: session.subjectId, teamId: Number(session.context.team_id) });

/** /api/v2/team/...: the calls of the team area. */
export function registerTeamRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  deps: {
    team: TeamService;
    teamLogin: TeamLoginService;
    linkOrigin: LinkOrigin;
    intake: LeadIntakeService;
    users: UsersService;
    map: { tileUrl: string | undefined; attribution: string | undefined };
  },
) {
  const { team } = deps;

  // Blocking takes effect on the member's next request, not only at login.
  ctx.sessions.addCheck('team', async (session) => team.assertActiveMember(Number(session.context.team_id), session.subjectId));

  route(app, ctx, teamRoutes.mapConfig, async () => ({ tile_url: deps.map.tileUrl ?? null, attribution: deps.map.attribution ?? null }));
  route(app, ctx, teamRoutes.team, async ({ query }) => team.publicTeam(query.team_code));

  route(app, ctx, teamRoutes.sendOtp, async ({ body, req }) => {
    const sent = await deps.teamLogin.sendOtp({ ...body, ip: req.ip, locale: smsLocaleOf(req) });
    return answer({ mobile: body.mobile, ...sent }, sentMessage(sent));
  });

  route(app, ctx, teamRoutes.login, async ({ body, req, reply }) => {
    const member = await deps.teamLogin.login({ ...body, ip: req.ip });
    await ctx.sessions.create(reply, 'team', member.user_id, { team_id: member.team_id });
    return answer(member, say('common.loginSuccess'));
  });

  route(app, ctx, teamRoutes.me, async ({ req }) => {
    const session = await ctx.sessions.optional(req, 'team');
    if (!session) return null;
    const m = memberOf(session);
    return team.member(m.userId, m.teamId);
  });

  route(app, ctx, teamRoutes.logout, async ({ req, reply }) => {
    await ctx.sessions.destroy(req, reply, 'team');
    return answer(null, say('common.logoutSuccess'));
  });

  route(app, ctx, teamRoutes.projects, async ({ req }) => team.projects(requestLocale(req)));
  route(app, ctx, teamRoutes.projectData, async ({ query, req }) => team.projectData(query.job_id, requestLocale(req)));
  route(app, ctx, teamRoutes.projectInfo, async ({ query, req }) => team.projectInfo(query.job_id, requestLocale(req)));
  route(app, ctx, teamRoutes.pincodeFilter, async ({ body }) => ({ job_ids: await team.filterByPincode(body.job_ids, body.pincode) }));

  route(app, ctx, teamRoutes.utmLink, async ({ query, session, req }) => ({
    utm_link: await team.shareLink(memberOf(session).teamId, query.entity_id, deps.linkOrigin(req)),
  }));

  route(app, ctx, teamRoutes.taskCount, async ({ query, session }) => team.taskCount(memberOf(session), query));
  route(app, ctx, teamRoutes.projectReport, async ({ query, session, req }) =>
    team.projectReport(memberOf(session), query, requestLocale(req)),
  );
  route(app, ctx, teamRoutes.reportData, async ({ query, session }) => team.reportData(memberOf(session), query));

  route(app, ctx, teamRoutes.leadOtp, async ({ body, req, session }) => {
    const sent = await deps.intake.teamLeadOtp(memberOf(session), {
      form_id: body.form_id,
      mobile: body.mobile,
      ip: req.ip,
      locale: smsLocaleOf(req),
    });
    return answer({ mobile: body.mobile, ...sent }, sentMessage(sent));
  });

  route(app, ctx, teamRoutes.submit, async ({ body, session, req }) => {
    const lead = await deps.intake.teamLead(memberOf(session), {
      form_id: body.form_id,
      values: body.input,
      location: body.location,
      idempotency_key: body.idempotency_key,
      otp: body.otp,
      offline_unverified: body.offline_unverified,
      ip: req.ip,
      locale: requestLocale(req),
    });
    return answer(lead, say('team.leadAdded'));
  });

  route(app, ctx, teamRoutes.complete, async ({ body, session, req }) => {
    const lead = await team.completeLead(memberOf(session), {
      form_response_id: body.form_response_id,
      values: body.input,
      location: body.location,
      locale: requestLocale(req),
    });
    return answer(lead, say('team.leadCompleted'));
  });

  route(app, ctx, teamRoutes.reverseGeocode, async ({ query }) => team.reverseGeocode(query.lat, query.lng));
}
