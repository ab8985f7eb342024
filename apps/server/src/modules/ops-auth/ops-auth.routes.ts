import type { FastifyInstance } from 'fastify';
import { opsAuthRoutes } from '@pmw/contract/ops-auth';
import { messages } from '@pmw/contract/messages';
import { answer, route, type RouteContext } from '../../http/route';
import { AppError } from '../../errors';
import { sentMessage, type OtpService } from '../auth/otp.service';
import type { OpsAuthService } from './ops-auth.service';

export function registerOpsAuthRoutes(app: FastifyInstance, ctx: RouteContext, deps: { otp: OtpService; opsAuth: OpsAuthService }) {
  const { otp, opsAuth } = deps;
  const notAnAgent = () => new AppError('FORBIDDEN', 'This mobile number is not registered for the ops console');

  route(app, ctx, opsAuthRoutes.sendOtp, async ({ body, req }) => {
    // Only agents get a code; the answer does not reveal more than that.
    if (!(await opsAuth.agentByMobile(body.mobile))) throw notAnAgent();
    const sent = await otp.send({ mobile: body.mobile, purpose: 'OPS_LOGIN', ip: req.ip });
    return answer({ mobile: body.mobile, ...sent }, sentMessage(sent));
  });

  route(app, ctx, opsAuthRoutes.login, async ({ body, req, reply }) => {
    const agent = await opsAuth.agentByMobile(body.mobile);
    if (!agent) throw notAnAgent();
    await otp.verify({ mobile: body.mobile, purpose: 'OPS_LOGIN', otp: body.otp, ip: req.ip });
    await ctx.sessions.create(reply, 'ops', agent.user_id);
    return answer(agent, messages.loginSuccess);
  });

  route(app, ctx, opsAuthRoutes.me, async ({ session }) => {
    const agent = await opsAuth.agent(session.subjectId);
    if (!agent) throw new AppError('UNAUTHORIZED', messages.notLoggedIn);
    return agent;
  });

  route(app, ctx, opsAuthRoutes.logout, async ({ req, reply }) => {
    await ctx.sessions.destroy(req, reply, 'ops');
    return answer(null, messages.logoutSuccess);
  });
}
