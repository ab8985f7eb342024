import { requestLocale } from '../locale/locale';
import type { FastifyInstance } from 'fastify';
import { feedbackRoutes } from '@pmw/contract/feedback';
import { answer, route, type RouteContext } from '../../http/route';
import type { FeedbackService } from './feedback.service';
import type { FeedbackTasksService } from './feedback-tasks.service';
import { say } from '@pmw/contract/texts/said';

/** A public page hit by merchants: generous for people, tight for scripts guessing links. */
export const PUBLIC_LIMIT = { max: 60, timeWindow: '1 minute' };

export function registerFeedbackRoutes(app: FastifyInstance, ctx: RouteContext, feedback: FeedbackService, tasks: FeedbackTasksService) {
  route(
    app,
    ctx,
    feedbackRoutes.fetchTask,
    async ({ query, req }) =>
      feedback.taskForMerchant(
        { job_task_id: query.entity_id, ref_value: query.ref_value, user_id: query.user_id, otp: query.otp },
        req.ip,
        requestLocale(req),
      ),
    { rateLimit: PUBLIC_LIMIT },
  );
  route(
    app,
    ctx,
    feedbackRoutes.addResponse,
    async ({ body, req }) => answer(await feedback.respond(body, req.ip), say('feedback.thankYou')),
    {
      rateLimit: PUBLIC_LIMIT,
    },
  );
  route(app, ctx, feedbackRoutes.partnerSummary, async ({ session }) => feedback.summaryFor(session.subjectId));
  route(app, ctx, feedbackRoutes.opsList, async ({ query }) => feedback.listForOps(query));
  route(app, ctx, feedbackRoutes.opsTasks, async ({ query }) => tasks.listForOps(query));
  route(app, ctx, feedbackRoutes.opsResend, async ({ agent, params }) => {
    const task = await tasks.resend(agent.user_id, params.job_task_id);
    return answer(task, say('ops.feedbackResent'));
  });
}
