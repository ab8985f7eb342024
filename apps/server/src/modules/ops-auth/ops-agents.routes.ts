import type { FastifyInstance } from 'fastify';
import { opsAgentRoutes } from '@pmw/contract/ops-agents';
import { say } from '@pmw/contract/texts/said';
import { answer, route, type RouteContext } from '../../http/route';
import type { OpsAgentsService } from './ops-agents.service';

/** /ops/agents: admins manage who may use the console (the role check runs before the body is read). */
export function registerOpsAgentRoutes(app: FastifyInstance, ctx: RouteContext, deps: { agents: OpsAgentsService }) {
  const { agents } = deps;
  route(app, ctx, opsAgentRoutes.list, async () => {
    return agents.list();
  });
  route(app, ctx, opsAgentRoutes.add, async ({ agent: admin, body }) => {
    const { agent } = await agents.add({ actor: admin.user_id }, body);
    return answer(agent, say('ops.agentAdded'));
  });
  route(app, ctx, opsAgentRoutes.setRole, async ({ agent: admin, params, body }) => {
    return answer(await agents.setRole({ actor: admin.user_id }, params.user_id, body.role), say('ops.agentRoleChanged'));
  });
  route(app, ctx, opsAgentRoutes.remove, async ({ agent: admin, params }) => {
    await agents.remove({ actor: admin.user_id }, params.user_id);
    return answer(null, say('ops.agentRemoved'));
  });
}
