import type { FastifyInstance } from 'fastify';
import { opsProjectRoutes } from '@pmw/contract/ops-projects';
import { answer, route, type RouteContext } from '../../http/route';
import type { ProjectsService } from './projects.service';

/** Project create/edit for ops admins. */
export function registerProjectRoutes(app: FastifyInstance, ctx: RouteContext, deps: { projects: ProjectsService }) {
  const { projects } = deps;
  route(app, ctx, opsProjectRoutes.list, async ({ query }) => {
    return projects.list(query);
  });
  route(app, ctx, opsProjectRoutes.meta, async () => {
    return projects.meta();
  });
  route(app, ctx, opsProjectRoutes.addEmployer, async ({ agent, body }) => {
    return answer(await projects.addEmployer(agent.user_id, body.employer_name), 'Employer added');
  });
  route(app, ctx, opsProjectRoutes.get, async ({ params }) => {
    return projects.load(params.job_id);
  });
  route(app, ctx, opsProjectRoutes.create, async ({ agent, body }) => {
    return answer(await projects.create(agent.user_id, body), 'Project created');
  });
  route(app, ctx, opsProjectRoutes.update, async ({ agent, params, body }) => {
    return answer(await projects.update(agent.user_id, params.job_id, body), 'Project saved');
  });
  route(app, ctx, opsProjectRoutes.saveForm, async ({ agent, params, body }) => {
    return answer(await projects.saveForm(agent.user_id, params.job_id, body), 'Form saved');
  });
}
