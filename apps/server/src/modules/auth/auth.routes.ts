import type { FastifyInstance, FastifyRequest } from 'fastify';
import { partnerAuthRoutes, userAuthRoutes } from '@pmw/contract/auth';
import { answer, route, type RouteContext } from '../../http/route';
import { sentMessage } from './otp.service';
import type { WorkerLoginService } from './worker-login.service';
import type { UsersService } from '../users/users.service';
import { smsLocaleOf } from '../locale/locale';
import { say } from '@pmw/contract/texts/said';

/**
 * Worker login, shared by the partner portal (/partner/...) and the user module
 * (/user/...) that candidates and support use. Both make the same session.
 */
export function registerAuthRoutes(app: FastifyInstance, ctx: RouteContext, deps: { login: WorkerLoginService; users: UsersService }) {
  const { login, users } = deps;
  const sendOtp = async ({ body, req }: { body: { mobile: string }; req: FastifyRequest }) => {
    const sent = await login.sendOtp({ mobile: body.mobile, ip: req.ip, locale: smsLocaleOf(req) });
    return answer({ mobile: body.mobile, ...sent }, sentMessage(sent));
  };

  for (const routes of [partnerAuthRoutes, userAuthRoutes]) {
    route(app, ctx, routes.sendOtp, sendOtp);

    route(app, ctx, routes.login, async ({ body, req, reply }) => {
      const user = await login.login({ ...body, ip: req.ip });
      await ctx.sessions.create(reply, 'worker', user.user_id);
      return answer(await users.toSessionUser(user), say('common.loginSuccess'));
    });

    route(app, ctx, routes.me, async ({ req }) => {
      const session = await ctx.sessions.optional(req, 'worker');
      return session ? users.sessionUser(session.subjectId) : null;
    });

    route(app, ctx, routes.logout, async ({ req, reply }) => {
      await ctx.sessions.destroy(req, reply, 'worker');
      return answer(null, say('common.logoutSuccess'));
    });
  }

  route(app, ctx, userAuthRoutes.retryOtp, sendOtp);
}
