import { feedbackLinkPath } from '@pmw/contract/feedback';
import type { Services } from '../app';
import { feedbackResponses, jobTasks } from '../db/schema/index';
import { DEMO } from './demo-ids';

/** Merchant visits of the demo. Task 5001 is the one the README's feedback link opens. */
export const DEMO_FEEDBACK = {
  task: { job_task_id: 5001, user_id: DEMO.asha.user_id, job_id: 251, merchant_mobile: '9876512345', otp: '4321' },
  /** Already rated 5, so Asha's average starts at 5.0 from 1 rating. */
  rated: { job_task_id: 5002, user_id: DEMO.asha.user_id, job_id: 251, merchant_mobile: '9876512346', otp: '8642' },
  ravi: { job_task_id: 5003, user_id: DEMO.ravi.user_id, job_id: 252, merchant_mobile: '9876512347', otp: '7788' },
  /** Another of Ravi's visits, for the page without script. */
  raviShop: { job_task_id: 5004, user_id: DEMO.ravi.user_id, job_id: 252, merchant_mobile: '9876512348', otp: '5566' },
  /** A third, for the page tapped before its script arrives (it is never submitted). */
  raviKiosk: { job_task_id: 5005, user_id: DEMO.ravi.user_id, job_id: 252, merchant_mobile: '9876512349', otp: '2468' },
} as const;

export const demoFeedbackPath = feedbackLinkPath({
  job_task_id: DEMO_FEEDBACK.task.job_task_id,
  ref_value: DEMO_FEEDBACK.task.merchant_mobile,
  user_id: DEMO_FEEDBACK.task.user_id,
  otp: DEMO_FEEDBACK.task.otp,
});

export async function seedFeedback(services: Services): Promise<void> {
  const { db } = services;
  await db.insert(jobTasks).values(Object.values(DEMO_FEEDBACK)).onConflictDoNothing();
  await db
    .insert(feedbackResponses)
    .values({
      entity_type: 'JOB_TASK',
      entity_id: DEMO_FEEDBACK.rated.job_task_id,
      ref_type: 'MERCHANT_MOBILE',
      ref_value: DEMO_FEEDBACK.rated.merchant_mobile,
      user_id: DEMO_FEEDBACK.rated.user_id,
      rating: 5,
      comment: 'Good Sales Person, Explained the product clearly',
    })
    .onConflictDoNothing();
}
