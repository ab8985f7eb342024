import type { FastifyInstance } from 'fastify';
import { rechargeRoutes } from '@pmw/contract/recharges';
import { answer, route, type RouteContext } from '../../http/route';
import type { AuditService } from '../ops/audit.service';
import type { RechargeImportService } from './recharges-import.service';
import { say } from '@pmw/contract/texts/said';

/** The ops console's recharges import (admin only). */
export function registerRechargeImportRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  deps: { recharges: RechargeImportService; audit: AuditService },
) {
  route(app, ctx, rechargeRoutes.importRecharges, async ({ agent, body }) => {
    const result = await deps.recharges.importCsv(body.csv);
    await deps.audit.record({
      actor_user_id: agent.user_id,
      action: 'recharges.import',
      entity_type: 'service_purchase',
      entity_id: 'csv',
      after: { added: result.added, refused: result.refused.length },
    });
    return answer(result, say('ops.rechargesImported', { added: result.added, refused: result.refused.length }));
  });
}
