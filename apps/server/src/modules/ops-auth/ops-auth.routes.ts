import { RESEND_COUNTDOWN } from '@pmw/contract/constants';
import type { FastifyInstance } from 'fastify';
import { opsAuthRoutes } from '@pmw/contract/ops-auth';
import { answer, route, type RouteContext } from '../../http/route';
import { AppError } from '../../errors';
import { sentMessage, type OtpService } from '../auth/otp.service';
import type { OpsAuthService } from './ops-auth.service';
import { say } from '@pmw/contract/texts/said';

export function registerOpsAuthRoutes(app: FastifyInstance, ctx: RouteContext, deps: { otp: OtpService; opsAuth: OpsAuthService }) {
  const { otp, opsAuth } = deps;

  route(app, ctx, opsAuthRoutes.sendOtp, async ({ body, req }) => {
    // Only agents get a code, but every mobile gets the same answer under the same limits,
    // so the console does not tell a stranger (or a removed or blocked agent) who its agents are.
    const agent = await opsAuth.agentByMobile(body.mobile);
    const sent = await otp.send({
      mobile: body.mobile,
      purpose: 'OPS_LOGIN',
      ip: req.ip,
      deliver: !!agent,
      resendSeconds: RESEND_COUNTDOWN.partnerLogin,
    });
    return answer({ mobile: body.mobile, ...sent }, sentMessage(sent));
  });

  route(app, ctx, opsAuthRoutes.login, async ({ body, req, reply }) => {
    await otp.verify({ mobile: body.mobile, purpose: 'OPS_LOGIN', otp: body.otp, ip: req.ip });
    // Removed or blocked between the code and the login: the code is spent and says no more than a wrong one.
    const agent = await opsAuth.agentByMobile(body.mobile);
    if (!agent) throw new AppError('OTP_INVALID', say('common.otpWrong'));
    await ctx.sessions.create(reply, 'ops', agent.user_id);
    return answer(agent, say('common.loginSuccess'));
  });

  route(app, ctx, opsAuthRoutes.me, async ({ session }) => {
    const agent = await opsAuth.agent(session.subjectId);
    if (!agent) throw new AppError('UNAUTHORIZED', say('common.notLoggedIn'));
    return agent;
  });

  route(app, ctx, opsAuthRoutes.logout, async ({ req, reply }) => {
    await ctx.sessions.destroy(req, reply, 'ops');
    return answer(null, say('common.logoutSuccess'));
  });
}
