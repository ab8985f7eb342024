// The page policy allows no eval: zod is set jitless before this chunk's schemas parse.
import '../../zod-config';
import { feedbackRoutes, type FeedbackLink } from '@pmw/contract/feedback';
import { api } from '../../shared/api-client';

/** The feedback page's calls, loaded when first needed (they carry the schemas). */
export const fetchTask = (link: FeedbackLink) =>
  api(feedbackRoutes.fetchTask, {
    query: {
      entity_type: 'JOB_TASK',
      entity_id: link.job_task_id,
      ref_type: 'MERCHANT_MOBILE',
      ref_value: link.ref_value,
      user_id: link.user_id,
      otp: link.otp,
    },
  });

export const sendFeedback = (
  link: FeedbackLink,
  answer: { rating: number; comment: string; location: { lat: number; lng: number } | null },
) =>
  api(feedbackRoutes.addResponse, {
    body: {
      ...answer,
      entity_type: 'JOB_TASK',
      entity_id: link.job_task_id,
      ref_type: 'MERCHANT_MOBILE',
      ref_value: link.ref_value,
      otp: link.otp,
    },
  });
