import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FEEDBACK_COMMENT_MAX, feedbackRoutes } from '@pmw/contract/feedback';
import {
  FEEDBACK_DEFAULT_RATING,
  feedbackComment,
  feedbackLinkPath,
  feedbackReasonsFor,
  parseFeedbackLink,
  type FeedbackFormField,
  type FeedbackFormState,
  type FeedbackLink,
  type FeedbackPageData,
} from '@pmw/contract/feedback-rules';
import { AppError } from '../../errors';
import { localize, requestLocale } from '../locale/locale';
import type { PublicPages } from '../../http/public-pages';
import type { LinkOrigin } from '../../http/link-origin';
import { registerFormPosts } from '../../http/form-post';
import { route, type RouteContext } from '../../http/route';
import type { FeedbackService } from './feedback.service';
import { PUBLIC_LIMIT } from './feedback.routes';
import { say } from '@pmw/contract/texts/said';

const pageMeta = (linkOrigin: LinkOrigin, req: FastifyRequest) => ({
  title: 'Partner Feedback | PickMyWork',
  description: 'Rate the PickMyWork partner who served you.',
  url: linkOrigin(req) + '/fb',
  robots: 'noindex, nofollow',
});

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
  app.get<{ Params: { a: string; b: string; c: string; d: string } }>(
    '/fb/:a/:b/:c/:d',
    { config: { rateLimit: deps.rateLimit } },
    async (req, reply) => {
      if (!pages.available('fb')) return reply.callNotFound();
      const link = parseFeedbackLink({ jobTaskId: req.params.a, refValue: req.params.b, userId: req.params.c, otp: req.params.d });
      const data: FeedbackPageData = { link, task: null, problem: null };
      let status = 200;
      if (!link) {
        data.problem = { kind: 'invalid', message: '' };
        status = 404;
      } else {
        try {
          data.task = await feedback.taskForMerchant(link, req.ip, requestLocale(req));
        } catch (err) {
          if (!(err instanceof AppError) || err.statusCode >= 500) {
            req.log.error({ err }, 'feedback page data failed; the app page fetches it itself');
            return pages.sendApp(req, reply);
          }
          status = err.statusCode;
          data.problem = {
            kind: err.statusCode === 429 ? 'locked' : 'invalid',
            message: localize(err.said, requestLocale(req)),
          };
        }
      }
      const html = await pages.render(req, 'fb', data, pageMeta(deps.linkOrigin, req));
      return pages.send(reply, html, status);
    },
  );
}

/** The field of the form an error of the body's schema belongs to; link parts have none (the link is wrong). */
const FORM_FIELDS: Record<string, FeedbackFormField> = { rating: 'rating', reason: 'reason', other: 'other' };

/** What the merchant posted, as the form shows it again (raw: it may be what the schema refused). */
function postedState(body: unknown): Omit<FeedbackFormState, 'errors'> {
  const raw = (body ?? {}) as Record<string, unknown>;
  const one = (v: unknown) => (typeof v === 'string' ? v : '');
  const rating = Number(one(raw.rating));
  const reasons = (Array.isArray(raw.reason) ? raw.reason : [raw.reason]).filter(
    (r): r is string => typeof r === 'string' && !r.includes('\u0000'),
  );
  return {
    rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : FEEDBACK_DEFAULT_RATING,
    reasons,
    other: one(raw.other).replaceAll('\u0000', ''),
  };
}

/** The link the hidden fields name, or null when they do not make one. */
function postedLink(body: unknown): FeedbackLink | null {
  const raw = (body ?? {}) as Record<string, unknown>;
  const n = (v: unknown) => (typeof v === 'string' && /^[0-9]{1,9}$/.test(v) ? Number(v) : null);
  const entity = n(raw.entity_id);
  const user = n(raw.user_id);
  const ref = typeof raw.ref_value === 'string' && /^[0-9]{10}$/.test(raw.ref_value) ? raw.ref_value : null;
  const otp = typeof raw.otp === 'string' && /^[0-9]{4,6}$/.test(raw.otp) ? raw.otp : null;
  return entity && user && ref && otp ? { job_task_id: entity, user_id: user, ref_value: ref, otp } : null;
}

/**
 * The feedback page's form without script: a plain `POST` of the form to
 * `/api/v2/feedback/response/form` (a contract route, so the cross-site guard,
 * the limits and the API sweeps cover it). It checks what the JSON call checks,
 * through the same service; a stored answer redirects to the link (which now
 * shows the thank-you), a refused one answers the page again with the
 * merchant's choices and the message at its field, in the reader's language.
 */
export function registerFeedbackForm(
  app: FastifyInstance,
  ctx: RouteContext,
  deps: { feedback: FeedbackService; pages: PublicPages; linkOrigin: LinkOrigin },
) {
  const { feedback, pages } = deps;

  /** The page again for a refused post: the form with the error at its field, or the link's problem. */
  async function refused(req: FastifyRequest, reply: FastifyReply, error: FastifyError | AppError | Error): Promise<FastifyReply> {
    const locale = requestLocale(req);
    const link = postedLink(req.body);
    const data: FeedbackPageData = { link, task: null, problem: null };
    const status = (error as FastifyError).statusCode ?? 500;
    // A failure of ours is not the merchant's to fix: the app's answer, which never shows its details.
    if (status >= 500) throw error;
    const fields = (error instanceof AppError ? error.fields : undefined) ?? [];
    const atField = fields.map((f) => [FORM_FIELDS[f.field.split('.')[0]!], f.message] as const).filter(([field]) => field);
    if (!link || (error instanceof AppError && error.code === 'NOT_FOUND')) {
      data.problem = { kind: 'invalid', message: '' };
    } else if (status === 429) {
      data.problem = {
        kind: 'locked',
        message: localize(error instanceof AppError ? error.said : say('common.tooManyRequests'), locale),
      };
    } else if (status === 400 && atField.length > 0) {
      try {
        data.task = await feedback.taskForMerchant(link, req.ip, requestLocale(req));
      } catch (err) {
        return refused(req, reply, err as Error);
      }
      data.form = {
        ...postedState(req.body),
        errors: Object.fromEntries(atField.map(([field, message]) => [field, localize(message, locale)])),
      };
    } else {
      // Anything else (a body too large, a bad content type) answers the app's envelope.
      throw error;
    }
    const html = await pages.render(req, 'fb', data, pageMeta(deps.linkOrigin, req));
    return pages.send(reply, html, status);
  }

  registerFormPosts(
    app,
    async (req, reply, error) => {
      if (!pages.available('fb')) throw error;
      return refused(req, reply, error);
    },
    (scope) => {
      route(
        scope,
        ctx,
        feedbackRoutes.submitForm,
        async ({ body, req, reply }) => {
          const link = { job_task_id: body.entity_id, ref_value: body.ref_value, user_id: body.user_id, otp: body.otp };
          // The ticked reasons of the chosen stars only (without script both sets were on the page).
          const reasons = body.reason.filter((r) => feedbackReasonsFor(body.rating).includes(r));
          const comment = feedbackComment(reasons, body.other);
          if (comment.length > FEEDBACK_COMMENT_MAX) {
            const message = say('support.commentTooLong', { n: FEEDBACK_COMMENT_MAX });
            throw Object.assign(new AppError('VALIDATION', message), { fields: [{ field: 'other', message }] });
          }
          await feedback.respond(
            {
              rating: body.rating,
              comment,
              location: null,
              entity_type: 'JOB_TASK',
              entity_id: link.job_task_id,
              ref_type: 'MERCHANT_MOBILE',
              ref_value: link.ref_value,
              otp: link.otp,
            },
            req.ip,
            link.user_id,
          );
          return reply.redirect(feedbackLinkPath(link), 303);
        },
        { rateLimit: PUBLIC_LIMIT },
      );
    },
  );
}
