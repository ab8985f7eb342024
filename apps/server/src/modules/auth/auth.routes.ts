import { RESEND_COUNTDOWN } from '@pmw/contract/constants';
import type { FastifyInstance } from 'fastify';
import { partnerAuthRoutes, userAuthRoutes } from '@pmw/contract/auth';
import { answer, route, type RouteContext } from '../../http/route';
import { AppError } from '../../errors';
import { sentMessage, type OtpService } from './otp.service';
import type { UsersService } from '../users/users.service';
import { smsLocaleOf } from '../locale/locale';
import { say } from '@pmw/contract/texts/said';

/**
 * Worker login, shared by the partner portal (/partner/...) and the user module
 * (/user/...) that candidates and support use. Both make the same session.
 */
export function registerAuthRoutes(app: FastifyInstance, ctx: RouteContext, deps: { otp: OtpService; users: UsersService }) {
  const { otp, users } = deps;

  for (const routes of [partnerAuthRoutes, userAuthRoutes]) {
    route(app, ctx, routes.sendOtp, async ({ body, req }) => {
      const sent = await otp.send({
        mobile: body.mobile,
        purpose: 'LOGIN',
        ip: req.ip,
        locale: smsLocaleOf(req),
        resendSeconds: RESEND_COUNTDOWN.partnerLogin,
      });
      return answer({ mobile: body.mobile, ...sent }, sentMessage(sent));
    });

    route(app, ctx, routes.login, async ({ body, req, reply }) => {
      await otp.verify({ mobile: body.mobile, purpose: 'LOGIN', otp: body.otp, ip: req.ip });
      const user = await users.findOrCreateByMobile(body.mobile);
      if (user.blocked) throw new AppError('BLOCKED', say('common.accountRemoved'));
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

  route(app, ctx, userAuthRoutes.retryOtp, async ({ body, req }) => {
    const sent = await otp.send({
      mobile: body.mobile,
      purpose: 'LOGIN',
      ip: req.ip,
      locale: smsLocaleOf(req),
      resendSeconds: RESEND_COUNTDOWN.partnerLogin,
    });
    return answer({ mobile: body.mobile, ...sent }, sentMessage(sent));
  });
}
