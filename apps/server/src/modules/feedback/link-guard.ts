import {
  FEEDBACK_LINK_LOCK_HOURS,
  FEEDBACK_MAX_WRONG,
  FEEDBACK_MAX_WRONG_PER_ADDRESS,
  FEEDBACK_WRONG_WINDOW_MINUTES,
} from '@pmw/contract/feedback';
import { AppError } from '../../errors';
import type { LimitStore } from '../../lib/limit-store';
import { say } from '@pmw/contract/texts/said';

/**
 * Counts wrong feedback links per task and per client address. The fifth wrong
 * code for a task in the window locks that task's link for a day (the merchant
 * is asked for a new link); the tenth wrong link from one address in the
 * window locks that address for the window, whatever task it tries.
 */
export function createFeedbackLinkGuard(store: LimitStore) {
  const windowMs = FEEDBACK_WRONG_WINDOW_MINUTES * 60_000;
  const lockMs = FEEDBACK_LINK_LOCK_HOURS * 3_600_000;
  const keys = (taskId: number, address: string) => ({
    taskWrong: `fb:wrong:task:${taskId}`,
    taskLock: `fb:lock:task:${taskId}`,
    addressWrong: `fb:wrong:addr:${address}`,
  });
  return {
    /** Throws when the task's link or the address is locked; call before checking the link. */
    async assertOpen(taskId: number, address: string): Promise<void> {
      const k = keys(taskId, address);
      if ((await store.count(k.taskLock)) > 0) throw new AppError('OTP_TOO_MANY_TRIES', say('feedback.linkLocked'));
      if ((await store.count(k.addressWrong)) >= FEEDBACK_MAX_WRONG_PER_ADDRESS)
        throw new AppError('OTP_TOO_MANY_TRIES', say('feedback.addressLocked'));
    },
    /** Whether wrong codes have locked the task's link (what ops see). */
    async isLocked(taskId: number): Promise<boolean> {
      return (await store.count(`fb:lock:task:${taskId}`)) > 0;
    },
    /** Counts one wrong code for an existing task; answers the error to throw. */
    async wrong(taskId: number, address: string): Promise<AppError | null> {
      const k = keys(taskId, address);
      const [forTask, forAddress] = await Promise.all([store.hit(k.taskWrong, windowMs), store.hit(k.addressWrong, windowMs)]);
      if (forTask >= FEEDBACK_MAX_WRONG) {
        await store.hit(k.taskLock, lockMs);
        await store.clear(k.taskWrong);
        return new AppError('OTP_TOO_MANY_TRIES', say('feedback.linkLocked'));
      }
      if (forAddress >= FEEDBACK_MAX_WRONG_PER_ADDRESS) return new AppError('OTP_TOO_MANY_TRIES', say('feedback.addressLocked'));
      return null;
    },
    /** A wrong link that names no task still counts against the address. */
    async wrongAddress(address: string): Promise<AppError | null> {
      const n = await store.hit(`fb:wrong:addr:${address}`, windowMs);
      return n >= FEEDBACK_MAX_WRONG_PER_ADDRESS ? new AppError('OTP_TOO_MANY_TRIES', say('feedback.addressLocked')) : null;
    },
  };
}
export type FeedbackLinkGuard = ReturnType<typeof createFeedbackLinkGuard>;
