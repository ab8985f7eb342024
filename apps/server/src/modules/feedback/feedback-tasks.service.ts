import { NOTIFY_AUDIENCE, NOTIFY_EVENT } from '@pmw/contract/notifications';
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import {
  FEEDBACK_ENTITY_TYPE,
  FEEDBACK_LINK_STATE,
  FEEDBACK_MAX_SENDS,
  FEEDBACK_RESEND_MINUTES,
  feedbackLinkPath,
  type FeedbackLinkState,
  type OpsFeedbackTask,
} from '@pmw/contract/feedback';
import { isValidMobile, normaliseMobile } from '@pmw/contract/mobile';
import { pmwId } from '@pmw/contract/ops';
import type { Db, Tx } from '../../db/client';
import { feedbackResponses, jobTasks } from '../../db/schema/feedback';
import type { LeadRow } from '../leads/leads.service';
import { jobAsksMerchantFeedback, jobTitles } from '../projects/job-reads';
import { userContacts } from '../users/user-reads';
import { AppError, notFound } from '../../errors';
import type { NotificationsService, Withdrawn } from '../notifications/notifications.service';
import type { AuditService } from '../ops/audit.service';
import type { FeedbackLinkGuard } from './link-guard';
import { say } from '@pmw/contract/texts/said';

type TaskRow = typeof jobTasks.$inferSelect;

/**
 * Feedback tasks made from real work: approving a lead on a project that asks
 * its merchants for feedback makes the lead's task and queues the /fb link to
 * the merchant as a notification, both in the approval's transaction, once per
 * lead. The notification outbox sends it, retries it and keeps its state; a
 * link that failed for good shows "not sent" with the reason, for ops to send
 * again (here, or from the Notifications page).
 */
export function createFeedbackTasksService(deps: {
  db: Db;
  notifications: Pick<NotificationsService, 'notify' | 'deliveryOf' | 'withdraw'>;
  guard: FeedbackLinkGuard;
  audit: AuditService;
  publicUrl: string;
  now?: () => number;
}) {
  const { db, guard, audit } = deps;
  const now = deps.now ?? Date.now;
  const origin = deps.publicUrl.replace(/\/+$/, '');

  function stateOf(t: Pick<TaskRow, 'opened_at'>, sentOn: Date | null, rated: boolean, locked: boolean): FeedbackLinkState {
    if (rated) return FEEDBACK_LINK_STATE.rated;
    if (locked) return FEEDBACK_LINK_STATE.locked;
    if (t.opened_at) return FEEDBACK_LINK_STATE.opened;
    if (sentOn) return FEEDBACK_LINK_STATE.sent;
    return FEEDBACK_LINK_STATE.notSent;
  }

  async function view(ids: number[]): Promise<OpsFeedbackTask[]> {
    if (!ids.length) return [];
    const rows = await db
      .select({ task: jobTasks, rating: feedbackResponses.rating })
      .from(jobTasks)
      .leftJoin(
        feedbackResponses,
        and(eq(feedbackResponses.entity_type, FEEDBACK_ENTITY_TYPE), eq(feedbackResponses.entity_id, jobTasks.job_task_id)),
      )
      .where(inArray(jobTasks.job_task_id, ids))
      .orderBy(desc(jobTasks.created_on), desc(jobTasks.job_task_id));
    // Whether each link went is the notification outbox's to say.
    const delivery = await deps.notifications.deliveryOf(rows.map((r) => subjectOf(r.task.job_task_id)));
    const titles = await jobTitles(db, [...new Set(rows.flatMap((r) => (r.task.job_id === null ? [] : [r.task.job_id])))]);
    const partners = await userContacts(db, [...new Set(rows.map((r) => r.task.user_id))]);
    return Promise.all(
      rows.map(async (r) => {
        const locked = await guard.isLocked(r.task.job_task_id);
        const sent = delivery.get(subjectOf(r.task.job_task_id));
        return {
          job_task_id: r.task.job_task_id,
          form_response_id: r.task.form_response_id,
          job_id: r.task.job_id,
          job_title: r.task.job_id === null ? null : (titles.get(r.task.job_id) ?? null),
          user_id: r.task.user_id,
          first_name: partners.get(r.task.user_id)?.first_name ?? null,
          pmw_id: pmwId(r.task.user_id),
          merchant_mobile: r.task.merchant_mobile,
          state: stateOf(r.task, sent?.sent_on ?? null, r.rating !== null, locked),
          sms_sent_at: sent?.sent_on?.toISOString() ?? null,
          sms_error: sent?.error ?? null,
          sms_count: r.task.sms_count,
          opened_at: r.task.opened_at?.toISOString() ?? null,
          rating: r.rating,
          locked,
          created_on: r.task.created_on.toISOString(),
        };
      }),
    );
  }

  const subjectOf = (taskId: number) => `job_task:${taskId}`;

  /**
   * Queues the link to the merchant as a notification, in the caller's
   * transaction: the outbox sends it (in the merchant's language when known),
   * retries it, and keeps whether it went.
   */
  async function queue(tx: Tx, task: TaskRow, holdSeconds?: number): Promise<void> {
    const partner = (await userContacts(tx, [task.user_id])).get(task.user_id);
    const job = task.job_id ? { title: (await jobTitles(tx, [task.job_id])).get(task.job_id) } : undefined;
    const link =
      origin + feedbackLinkPath({ job_task_id: task.job_task_id, ref_value: task.merchant_mobile, user_id: task.user_id, otp: task.otp });
    await deps.notifications.notify(tx, {
      event: NOTIFY_EVENT.merchantFeedbackLink,
      audience: NOTIFY_AUDIENCE.merchant,
      mobile: task.merchant_mobile,
      data: { job_task_id: task.job_task_id, partner: partner?.first_name || pmwId(task.user_id), job: job?.title ?? 'PickMyWork', link },
      subject: subjectOf(task.job_task_id),
      hold_seconds: holdSeconds,
    });
  }

  return {
    /**
     * Inside the approval's transaction: makes the lead's task when its project
     * asks for feedback. The unique lead key keeps it to one task per lead,
     * whatever re-approvals follow.
     */
    async createForApprovedLead(tx: Tx, lead: LeadRow, opts: { holdSeconds?: number } = {}): Promise<void> {
      const asks = await jobAsksMerchantFeedback(tx, lead.job_id);
      const partner = lead.partner_user_id ?? lead.team_member_user_id;
      const mobile = normaliseMobile(lead.customer_mobile ?? '');
      if (!asks || partner === null || !isValidMobile(mobile)) return;
      const [task] = await tx
        .insert(jobTasks)
        .values({
          user_id: partner,
          job_id: lead.job_id,
          merchant_mobile: mobile,
          otp: String(randomInt(0, 10_000)).padStart(4, '0'),
          form_response_id: lead.form_response_id,
          sms_count: 1,
          sms_queued_at: new Date(now()),
        })
        .onConflictDoNothing({ target: jobTasks.form_response_id })
        .returning();
      // The link is queued with the approval, once: a re-approval finds the task and queues nothing.
      if (task) await queue(tx, task, opts.holdSeconds);
    },

    /**
     * Inside the undo's transaction: the task an approval made at `since` goes
     * with it, and its link is taken back before it is texted, so the /fb link of
     * an undone approval never works. A task made by an earlier approval stays.
     * Answers what became of the link's texts (none gone when there was no task).
     */
    async removeForUndoneApproval(tx: Tx, leadId: number, since: Date): Promise<Withdrawn> {
      const [task] = await tx
        .select({ id: jobTasks.job_task_id })
        .from(jobTasks)
        .where(and(eq(jobTasks.form_response_id, leadId), gte(jobTasks.created_on, since)))
        .for('update');
      if (!task) return { withdrawn: 0, gone: 0 };
      const texts = await deps.notifications.withdraw(tx, {
        subject: subjectOf(task.id),
        reason: 'Withdrawn: the approval was undone',
        inApp: false,
      });
      if (texts.gone) return texts;
      // No merchant can have rated a link that was never sent; a rating, if any, keeps its task.
      await tx
        .delete(jobTasks)
        .where(
          and(
            eq(jobTasks.job_task_id, task.id),
            sql`not exists (select 1 from ${feedbackResponses} where ${feedbackResponses.entity_type} = ${FEEDBACK_ENTITY_TYPE} and ${feedbackResponses.entity_id} = ${jobTasks.job_task_id})`,
          ),
        );
      return texts;
    },

    /** The merchant opened the page of a whole, valid link. */
    async markOpened(taskId: number): Promise<void> {
      await db
        .update(jobTasks)
        .set({ opened_at: new Date(now()) })
        .where(and(eq(jobTasks.job_task_id, taskId), isNull(jobTasks.opened_at)));
    },

    async listForOps(q: {
      limit: number;
      offset: number;
      job_id?: number | undefined;
    }): Promise<{ count: number; rows: OpsFeedbackTask[] }> {
      const where = q.job_id ? eq(jobTasks.job_id, q.job_id) : undefined;
      const [total] = await db.select({ n: count() }).from(jobTasks).where(where);
      const ids = await db
        .select({ id: jobTasks.job_task_id })
        .from(jobTasks)
        .where(where)
        .orderBy(desc(jobTasks.created_on), desc(jobTasks.job_task_id))
        .limit(q.limit)
        .offset(q.offset);
      return { count: total?.n ?? 0, rows: await view(ids.map((r) => r.id)) };
    },

    /** Ops send the link again: not within minutes of the last send, and a few times at most. */
    async resend(actor: number, taskId: number): Promise<OpsFeedbackTask> {
      const [task] = await db.select().from(jobTasks).where(eq(jobTasks.job_task_id, taskId)).limit(1);
      if (!task) throw notFound(say('feedback.taskNotFound'));
      if (task.sms_count >= FEEDBACK_MAX_SENDS) throw new AppError('RATE_LIMITED', say('feedback.resendLimit'));
      if (task.sms_queued_at && now() - task.sms_queued_at.getTime() < FEEDBACK_RESEND_MINUTES * 60_000)
        throw new AppError('RATE_LIMITED', say('feedback.resendTooSoon'));
      const [before] = await view([taskId]);
      await db.transaction(async (tx) => {
        // Claims the send (counting it), so a second click at once finds the count moved; the text
        // is queued in the same transaction and the outbox sends it.
        const [claimed] = await tx
          .update(jobTasks)
          .set({ sms_count: sql`${jobTasks.sms_count} + 1`, sms_queued_at: new Date(now()) })
          .where(and(eq(jobTasks.job_task_id, taskId), eq(jobTasks.sms_count, task.sms_count)))
          .returning();
        if (!claimed) throw new AppError('RATE_LIMITED', say('feedback.resendTooSoon'));
        await queue(tx, claimed);
        await audit.record(
          {
            actor_user_id: actor,
            action: 'feedback_task.resend',
            entity_type: 'job_task',
            entity_id: taskId,
            before: { sms_sent_at: before!.sms_sent_at, sms_count: task.sms_count, sms_error: before!.sms_error },
            after: { sms_count: claimed.sms_count },
          },
          tx,
        );
      });
      const [after] = await view([taskId]);
      return after!;
    },
  };
}
export type FeedbackTasksService = ReturnType<typeof createFeedbackTasksService>;
