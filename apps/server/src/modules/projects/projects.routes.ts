import type { FastifyInstance } from 'fastify';
import { opsProjectRoutes } from '@pmw/contract/ops-projects';
import { opsCatalogueRoutes } from '@pmw/contract/catalogue';
import { answer, route, type RouteContext } from '../../http/route';
import type { ProjectsService } from './projects.service';
import type { CatalogueService } from './catalogue.service';
import { say } from '@pmw/contract/texts/said';

/** Project create/edit, and the categories and employers projects are given, for ops admins. */
export function registerProjectRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  deps: { projects: ProjectsService; catalogue: CatalogueService },
) {
  const { projects, catalogue } = deps;
  route(app, ctx, opsCatalogueRoutes.categories, async () => catalogue.categories());
  route(app, ctx, opsCatalogueRoutes.addCategory, async ({ agent, body }) =>
    answer(await catalogue.addCategory(agent.user_id, body.title, body.translations), say('ops.categoryAdded')),
  );
  route(app, ctx, opsCatalogueRoutes.updateCategory, async ({ agent, params, body }) =>
    answer(await catalogue.updateCategory(agent.user_id, params.job_category_id, body), say('ops.categorySaved')),
  );
  route(app, ctx, opsCatalogueRoutes.employers, async () => catalogue.employers());
  route(app, ctx, opsCatalogueRoutes.addEmployer, async ({ agent, body }) =>
    answer(await catalogue.addEmployer(agent.user_id, body), say('ops.employerAdded')),
  );
  route(app, ctx, opsCatalogueRoutes.updateEmployer, async ({ agent, params, body }) =>
    answer(await catalogue.updateEmployer(agent.user_id, params.employer_id, body), say('ops.employerSaved')),
  );
  route(app, ctx, opsProjectRoutes.list, async ({ query }) => {
    return projects.list(query);
  });
  route(app, ctx, opsProjectRoutes.meta, async () => {
    return projects.meta();
  });
  route(app, ctx, opsProjectRoutes.missingHindi, async () => projects.missingHindi());
  route(app, ctx, opsProjectRoutes.get, async ({ params }) => {
    return projects.load(params.job_id);
  });
  route(app, ctx, opsProjectRoutes.create, async ({ agent, body }) => {
    return answer(await projects.create(agent.user_id, body), say('ops.projectCreated'));
  });
  route(app, ctx, opsProjectRoutes.update, async ({ agent, params, body }) => {
    return answer(await projects.update(agent.user_id, params.job_id, body), say('ops.projectSaved'));
  });
  route(app, ctx, opsProjectRoutes.saveForm, async ({ agent, params, body }) => {
    return answer(await projects.saveForm(agent.user_id, params.job_id, body), say('ops.formSaved'));
  });
}
