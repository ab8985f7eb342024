import type { FastifyInstance } from 'fastify';
import { parseFeedbackLink, type FeedbackPageData } from '@pmw/contract/feedback-rules';
import { AppError } from '../../errors';
import { localize, requestLocale } from '../../http/locale';
import type { PublicPages } from '../../http/public-pages';
import type { LinkOrigin } from '../../http/link-origin';
import type { FeedbackService } from './feedback.service';

/**
 * The feedback page, /fb/{job_task_id}/{ref_value}/{user_id}/{otp}, rendered
 * on the server with the partner, the OTP and the stars. The task is looked
 * up through the same service as the API (wrong links count the same), and
 * the page is private: never indexed.
 */
export function registerFeedbackPage(
  app: FastifyInstance,
  deps: { feedback: FeedbackService; pages: PublicPages; linkOrigin: LinkOrigin; rateLimit: { max: number; timeWindow: string } },
) {
  const { feedback, pages } = deps;
  app.get<{ Params: { a: string; b: string; c: string; d: string } }>('/fb/:a/:b/:c/:d', { config: { rateLimit: deps.rateLimit } }, async (req, reply) => {
    if (!pages.available('fb')) return reply.callNotFound();
    const link = parseFeedbackLink({ jobTaskId: req.params.a, refValue: req.params.b, userId: req.params.c, otp: req.params.d });
    const data: FeedbackPageData = { link, task: null, problem: null };
    let status = 200;
    if (!link) {
      data.problem = { kind: 'invalid', message: '' };
      status = 404;
    } else {
      try {
        data.task = await feedback.taskForMerchant(link, req.ip);
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode >= 500) {
          req.log.error({ err }, 'feedback page data failed; the app page fetches it itself');
          return pages.sendApp(req, reply);
        }
        status = err.statusCode;
        data.problem = { kind: err.statusCode === 429 ? 'locked' : 'invalid', message: localize(err.message, requestLocale(req)) };
      }
    }
    const html = await pages.render(req, 'fb', data, {
      title: 'Partner Feedback | PickMyWork',
      description: 'Rate the PickMyWork partner who served you.',
      url: deps.linkOrigin(req) + '/fb',
      robots: 'noindex, nofollow',
    });
    return pages.send(reply, html, status);
  });
}
