import type { FastifyInstance } from 'fastify';
import { opsRiskRoutes } from '@pmw/contract/risk';
import { answer, route, type RouteContext } from '../../http/route';
import type { RiskService } from './risk.service';
import { say } from '@pmw/contract/texts/said';

/** Lead risk in the ops console (admin only): marking a signal wrong, a partner's summary and hold. */
export function registerRiskRoutes(app: FastifyInstance, ctx: RouteContext, deps: { risk: RiskService }) {
  const { risk } = deps;
  route(app, ctx, opsRiskRoutes.dismissSignal, async ({ agent, params, body }) => {
    return answer(await risk.dismiss(agent.user_id, params.form_response_id, params.signal_id, body.note), say('ops.riskDismissed'));
  });
  route(app, ctx, opsRiskRoutes.partnerRisk, async ({ params }) => {
    return risk.partnerRisk(params.user_id);
  });
  route(app, ctx, opsRiskRoutes.partnerHold, async ({ agent, params, body }) => {
    return answer(
      await risk.setHold(agent.user_id, params.user_id, body.on_hold),
      body.on_hold ? say('ops.riskHoldOn') : say('ops.riskHoldOff'),
    );
  });
}
