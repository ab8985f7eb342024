import type { FastifyInstance } from 'fastify';
import { otpSchema, partnerAuthRoutes } from '@pmw/contract/auth';
import { say } from '@pmw/contract/texts/said';
import { mobileSchema } from '@pmw/contract/mobile';
import { AppError } from '../../errors';
import { firstRefusal, postedLogin, refusalAtField, type AreaLogins } from '../../http/area-logins';
import { registerFormPosts } from '../../http/form-post';
import { smsLocaleOf } from '../locale/locale';
import { route, type RouteContext } from '../../http/route';
import type { WorkerLoginService } from './worker-login.service';

/**
 * The partner login's plain form (`/partner/` drawn by the server), for a
 * tap that came before the page's script: the number step sends the OTP and
 * answers the page at the OTP step; the OTP step signs in, as the JSON calls
 * do and through the same services, and goes to the portal. A refusal
 * answers the page again with the message at its field.
 */
export function registerPartnerLoginForm(app: FastifyInstance, ctx: RouteContext, deps: { login: WorkerLoginService; logins: AreaLogins }) {
  const { logins } = deps;
  registerFormPosts(
    app,
    async (req, reply, error) => {
      if (!logins.available('partner')) throw error;
      const login = postedLogin(req.body);
      const status = refusalAtField(req, login, error);
      return logins.send(reply, await logins.partnerPage(req, login), status);
    },
    (scope) =>
      route(scope, ctx, partnerAuthRoutes.loginForm, async ({ body, req, reply }) => {
        if (!logins.available('partner')) throw new AppError('NOT_FOUND', say('common.notFound'));
        const login = postedLogin(body);
        const page = async (status: number) => logins.send(reply, await logins.partnerPage(req, login), status);
        try {
          if (!login.request_id) {
            const mobile = mobileSchema.safeParse(body.mobile);
            if (!mobile.success) {
              login.errors = { mobile: firstRefusal(req, mobile.error) };
              return page(400);
            }
            const sent = await deps.login.sendOtp({ mobile: mobile.data, ip: req.ip, locale: smsLocaleOf(req) });
            Object.assign(login, { request_id: sent.request_id, resend_after: sent.resend_after, already_sent: sent.already_sent });
            return page(200);
          }
          const code = otpSchema.safeParse(body.otp ?? '');
          if (!code.success) {
            login.errors = { otp: firstRefusal(req, code.error) };
            return page(400);
          }
          const user = await deps.login.login({ mobile: login.mobile, otp: code.data, ip: req.ip });
          await ctx.sessions.create(reply, 'worker', user.user_id);
          return reply.redirect('/partner/', 303);
        } catch (err) {
          const status = refusalAtField(req, login, err as Error);
          return page(status);
        }
      }),
  );
}
