import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REFERRER_PARAM } from '@pmw/contract/constants';
import { VISITOR_COOKIE, VISIT_SOURCE_PATTERN, dashboardRoutes } from '@pmw/contract/dashboard';
import { route, type RouteContext } from '../../http/route';
import { opsDashboardRoutes } from '@pmw/contract/ops-dashboard';
import type { TeamManagerService } from '../team/team-manager.service';
import type { DashboardService } from './dashboard.service';
import type { OpsDashboardService } from './ops-dashboard.service';

/** The partner's and the team manager's dashboards under /api/v2/partner, the ops console's under /api/v2/ops. */
export function registerDashboardRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  deps: { dashboard: DashboardService; manager: Pick<TeamManagerService, 'roster'>; ops: OpsDashboardService },
) {
  route(app, ctx, dashboardRoutes.partnerDashboard, async ({ session, query }) =>
    deps.dashboard.partnerDashboard(session.subjectId, query),
  );
  // Only the team's manager: anyone else is refused by roster(), as on the Team page.
  route(app, ctx, dashboardRoutes.teamDashboard, async ({ session, query }) =>
    deps.dashboard.teamDashboard(await deps.manager.roster(session.subjectId), query),
  );
  route(app, ctx, opsDashboardRoutes.opsDashboard, async ({ query }) => deps.ops.day(query));
}

// Crawlers, link previews (WhatsApp, Facebook...) and monitors fetch pages no person opened.
const NOT_A_PERSON =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|telegram|skype|curl|wget|python|java\/|go-http|headless|lighthouse|monitor/i;
const YEAR_SECONDS = 365 * 86_400;

/** The page's product (or the campaign page itself) and its partner, looked up only when the visit counts. */
export type VisitRecorder = (
  req: FastifyRequest,
  reply: FastifyReply,
  page: { job_id: number; partner: () => Promise<number> | number },
) => void;

/**
 * Counts a partner page's visit while the server renders it: no script on the
 * phone, and the page never waits for it (the write runs after, its failure is
 * only logged). A browser prefetch and a crawler are not counted; a first visit
 * gets the random visitor cookie, so a device counts once a day.
 */
export function createVisitRecorder(deps: { dashboard: DashboardService; secure: (req: FastifyRequest) => boolean }): VisitRecorder {
  return (req, reply, page) => {
    if (req.method !== 'GET') return;
    const purpose = `${req.headers['sec-purpose'] ?? ''} ${req.headers['purpose'] ?? ''} ${req.headers['x-moz'] ?? ''}`;
    if (/prefetch|prerender/i.test(purpose)) return;
    if (NOT_A_PERSON.test(req.headers['user-agent'] ?? '') || !req.headers['user-agent']) return;
    let visitor = req.cookies[VISITOR_COOKIE];
    if (!visitor || !/^[A-Za-z0-9_-]{16,64}$/.test(visitor)) {
      visitor = randomBytes(16).toString('base64url');
      reply.setCookie(VISITOR_COOKIE, visitor, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.secure(req),
        maxAge: YEAR_SECONDS,
      });
    }
    const raw = (req.query as Record<string, unknown> | undefined)?.[REFERRER_PARAM];
    const source = typeof raw === 'string' && VISIT_SOURCE_PATTERN.test(raw) ? raw : '';
    void Promise.resolve()
      .then(page.partner)
      .then((partner_user_id) => deps.dashboard.recordVisit({ partner_user_id, job_id: page.job_id, source, visitor }))
      .catch((err: unknown) => req.log.warn({ err }, 'a visit was not counted'));
  };
}
