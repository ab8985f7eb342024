import type { FastifyInstance } from 'fastify';
import { APPLICATION_STATUS_LABEL, applicationRoutes } from '@pmw/contract/applications';
import { answer, route, type RouteContext } from '../../http/route';
import type { ApplicationOutcomesService } from './outcomes.service';
import { say } from '@pmw/contract/texts/said';

/** The console's Hiring page (admin, as interview slots are) and the partner's own candidates. */
export function registerApplicationOutcomeRoutes(app: FastifyInstance, ctx: RouteContext, deps: { outcomes: ApplicationOutcomesService }) {
  const { outcomes } = deps;

  route(app, ctx, applicationRoutes.opsList, async ({ query }) => outcomes.list(query));

  route(app, ctx, applicationRoutes.opsSetStatus, async ({ agent, body }) => {
    const r = await outcomes.setStatus(agent.user_id, body.application_ids, body.status);
    const changed = r.results.filter((x) => x.changed).length;
    const refused = r.results.filter((x) => !x.ok).length;
    const label = APPLICATION_STATUS_LABEL[body.status];
    return answer(
      r,
      refused ? say('ops.outcomesChangedRefused', { label, changed, refused }) : say('ops.outcomesChanged', { label, changed }),
    );
  });

  route(app, ctx, applicationRoutes.partnerCandidates, async ({ session, query }) => outcomes.partnerCandidates(session.subjectId, query));
}
