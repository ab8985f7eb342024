import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AreaLoginState } from '@pmw/contract/area-pages';
import { otpSchema } from '@pmw/contract/auth';
import { say } from '@pmw/contract/texts/said';
import { mobileSchema } from '@pmw/contract/mobile';
import { teamFirstNameSchema, teamRoutes, type Team } from '@pmw/contract/team';
import { AppError } from '../../errors';
import { firstRefusal, postedLogin, refusalAtField, type AreaLogins } from '../../http/area-logins';
import { registerFormPosts } from '../../http/form-post';
import { smsLocaleOf } from '../locale/locale';
import { route, type RouteContext } from '../../http/route';
import type { TeamService } from './team.service';
import type { TeamLoginService } from './team-login.service';

/** The team code a form posted, as the area keys it (capitals). */
const postedCode = (body: unknown) => {
  const raw = (body ?? {}) as Record<string, unknown>;
  return typeof raw.team_code === 'string' ? raw.team_code.trim().toUpperCase().slice(0, 40) : '';
};

/**
 * The team login's plain form (`/mt/{team_code}` drawn by the server), for a
 * tap that came before the page's script: name and number send the OTP and
 * answer the page at the OTP step; the OTP step signs the member in under
 * the team, as the JSON calls do and through the same services, and goes to
 * the team's home. A refusal answers the page again with the message at its
 * field; a team code that does not exist answers as the JSON call does.
 */
export function registerTeamLoginForm(
  app: FastifyInstance,
  ctx: RouteContext,
  deps: { team: TeamService; teamLogin: TeamLoginService; logins: AreaLogins },
) {
  const { team, teamLogin, logins } = deps;
  const page = async (req: FastifyRequest, code: string, teamData: Team, login: AreaLoginState) =>
    logins.teamPage(req, code, teamData, login);

  registerFormPosts(
    app,
    async (req, reply, error) => {
      if (!logins.available('team')) throw error;
      const code = postedCode(req.body);
      const teamData = await team.publicTeam(code).catch(() => null);
      if (!teamData) throw error;
      const login = postedLogin(req.body);
      const status = refusalAtField(req, login, error);
      return logins.send(reply, await page(req, code, teamData, login), status);
    },
    (scope) =>
      route(scope, ctx, teamRoutes.loginForm, async ({ body, req, reply }) => {
        if (!logins.available('team')) throw new AppError('NOT_FOUND', say('common.notFound'));
        const code = postedCode(body);
        // Asked first, as the JSON login does: a code that names no team is not a form to draw again.
        if (!(await team.teamByCode(code))) throw new AppError('NOT_FOUND', say('team.invalidUrl'));
        const teamData = await team.publicTeam(code);
        const login = postedLogin(body);
        const answerPage = async (status: number) => logins.send(reply, await page(req, code, teamData, login), status);
        try {
          const name = teamFirstNameSchema.safeParse(body.first_name);
          const mobile = mobileSchema.safeParse(body.mobile);
          if (!login.request_id) {
            if (!name.success || !mobile.success) {
              login.errors = {
                ...(name.success ? {} : { first_name: firstRefusal(req, name.error) }),
                ...(mobile.success ? {} : { mobile: firstRefusal(req, mobile.error) }),
              };
              return answerPage(400);
            }
            const sent = await teamLogin.sendOtp({ mobile: mobile.data, team_code: code, ip: req.ip, locale: smsLocaleOf(req) });
            Object.assign(login, { request_id: sent.request_id, resend_after: sent.resend_after, already_sent: sent.already_sent });
            return answerPage(200);
          }
          const otpCode = otpSchema.safeParse(body.otp ?? '');
          if (!otpCode.success || !name.success || !mobile.success) {
            const refused = !otpCode.success ? otpCode.error : !name.success ? name.error : mobile.error;
            login.errors = { otp: firstRefusal(req, refused!) };
            return answerPage(400);
          }
          const member = await teamLogin.login({
            request_id: login.request_id,
            team_code: code,
            first_name: name.data,
            mobile: mobile.data,
            otp: otpCode.data,
            ip: req.ip,
          });
          await ctx.sessions.create(reply, 'team', member.user_id, { team_id: member.team_id });
          return reply.redirect(`/mt/${encodeURIComponent(code)}`, 303);
        } catch (err) {
          return answerPage(refusalAtField(req, login, err as Error));
        }
      }),
  );
}
