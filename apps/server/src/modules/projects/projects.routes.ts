import type { FastifyInstance } from 'fastify';
import { opsProjectRoutes } from '@pmw/contract/ops-projects';
import { answer, route, type RouteContext } from '../../http/route';
import type { OpsAuthService } from '../ops-auth/ops-auth.service';
import type { ProjectsService } from './projects.service';

/** Project create/edit for ops admins. */
export function registerProjectRoutes(app: FastifyInstance, ctx: RouteContext, deps: { opsAuth: OpsAuthService; projects: ProjectsService }) {
  const { opsAuth, projects } = deps;
  route(app, ctx, opsProjectRoutes.list, async ({ session, query }) => {
    await opsAuth.requireRole(session, 'admin');
    return projects.list(query);
  });
  route(app, ctx, opsProjectRoutes.meta, async ({ session }) => {
    await opsAuth.requireRole(session, 'admin');
    return projects.meta();
  });
  route(app, ctx, opsProjectRoutes.addEmployer, async ({ session, body }) => {
    const agent = await opsAuth.requireRole(session, 'admin');
    return answer(await projects.addEmployer(agent.user_id, body.employer_name), 'Employer added');
  });
  route(app, ctx, opsProjectRoutes.get, async ({ session, params }) => {
    await opsAuth.requireRole(session, 'admin');
    return projects.load(params.job_id);
  });
  route(app, ctx, opsProjectRoutes.create, async ({ session, body }) => {
    const agent = await opsAuth.requireRole(session, 'admin');
    return answer(await projects.create(agent.user_id, body), 'Project created');
  });
  route(app, ctx, opsProjectRoutes.update, async ({ session, params, body }) => {
    const agent = await opsAuth.requireRole(session, 'admin');
    return answer(await projects.update(agent.user_id, params.job_id, body), 'Project saved');
  });
  route(app, ctx, opsProjectRoutes.saveForm, async ({ session, params, body }) => {
    const agent = await opsAuth.requireRole(session, 'admin');
    return answer(await projects.saveForm(agent.user_id, params.job_id, body), 'Form saved');
  });
}
