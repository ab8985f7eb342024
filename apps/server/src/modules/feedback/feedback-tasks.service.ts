import { DIRECT_SMS, smsTemplateKey } from '@pmw/contract/notifications';
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  FEEDBACK_ENTITY_TYPE,
  FEEDBACK_LINK_STATE,
  FEEDBACK_MAX_SENDS,
  FEEDBACK_RESEND_MINUTES,
  feedbackLinkPath,
  feedbackMessages,
  type FeedbackLinkState,
  type OpsFeedbackTask,
} from '@pmw/contract/feedback';
import { isValidMobile, normaliseMobile } from '@pmw/contract/mobile';
import { fillText } from '@pmw/contract/texts';
import hiTexts from '@pmw/contract/texts.hi';
import { pmwId } from '@pmw/contract/ops';
import type { Db, Tx } from '../../db/client';
import { feedbackResponses, jobTasks } from '../../db/schema/feedback';
import type { LeadRow } from '../leads/leads.service';
import { jobAsksMerchantFeedback, jobTitles } from '../projects/job-reads';
import { userContacts } from '../users/user-reads';
import { AppError, notFound } from '../../errors';
import type { SmsProvider } from '../../providers/sms';
import { smsLocaleFor } from '../locale/sms-locale';
import type { AuditService } from '../ops/audit.service';
import type { FeedbackLinkGuard } from './link-guard';
import { say } from '@pmw/contract/texts/said';

type TaskRow = typeof jobTasks.$inferSelect;

/**
 * Feedback tasks made from real work: approving a lead on a project that asks
 * its merchants for feedback makes the lead's task (in the approval's
 * transaction, once per lead) and, after commit, texts the merchant the /fb
 * link. A send that fails leaves the task "not sent" with the reason, for ops
 * to send again.
 */
export function createFeedbackTasksService(deps: {
  db: Db;
  sms: SmsProvider;
  guard: FeedbackLinkGuard;
  audit: AuditService;
  publicUrl: string;
  now?: () => number;
}) {
  const { db, sms, guard, audit } = deps;
  const now = deps.now ?? Date.now;
  const origin = deps.publicUrl.replace(/\/+$/, '');

  function stateOf(t: Pick<TaskRow, 'sms_sent_at' | 'opened_at'>, rated: boolean, locked: boolean): FeedbackLinkState {
    if (rated) return FEEDBACK_LINK_STATE.rated;
    if (locked) return FEEDBACK_LINK_STATE.locked;
    if (t.opened_at) return FEEDBACK_LINK_STATE.opened;
    if (t.sms_sent_at) return FEEDBACK_LINK_STATE.sent;
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
    const titles = await jobTitles(db, [...new Set(rows.flatMap((r) => (r.task.job_id === null ? [] : [r.task.job_id])))]);
    const partners = await userContacts(db, [...new Set(rows.map((r) => r.task.user_id))]);
    return Promise.all(
      rows.map(async (r) => {
        const locked = await guard.isLocked(r.task.job_task_id);
        return {
          job_task_id: r.task.job_task_id,
          form_response_id: r.task.form_response_id,
          job_id: r.task.job_id,
          job_title: r.task.job_id === null ? null : (titles.get(r.task.job_id) ?? null),
          user_id: r.task.user_id,
          first_name: partners.get(r.task.user_id)?.first_name ?? null,
          pmw_id: pmwId(r.task.user_id),
          merchant_mobile: r.task.merchant_mobile,
          state: stateOf(r.task, r.rating !== null, locked),
          sms_sent_at: r.task.sms_sent_at?.toISOString() ?? null,
          sms_error: r.task.sms_error,
          sms_count: r.task.sms_count,
          opened_at: r.task.opened_at?.toISOString() ?? null,
          rating: r.rating,
          locked,
          created_on: r.task.created_on.toISOString(),
        };
      }),
    );
  }

  /** Texts the merchant the link, in their language when known; the outcome is stored either way. */
  /**
   * `claimed` is a resend that already counted itself and marked the link
   * sent (so a second click waits); its failure puts the last real send back.
   */
  async function send(task: TaskRow, claimed?: { previousSentAt: Date | null }): Promise<void> {
    const tries = claimed ? sql`${jobTasks.sms_count}` : sql`${jobTasks.sms_count} + 1`;
    const partner = (await userContacts(db, [task.user_id])).get(task.user_id);
    const job = task.job_id ? { title: (await jobTitles(db, [task.job_id])).get(task.job_id) } : undefined;
    const locale = await smsLocaleFor(db, task.merchant_mobile, undefined);
    const link =
      origin + feedbackLinkPath({ job_task_id: task.job_task_id, ref_value: task.merchant_mobile, user_id: task.user_id, otp: task.otp });
    const template = locale === 'hi' ? hiTexts['feedback.merchantSms'] : feedbackMessages.merchantSms;
    const text = fillText(template, { partner: partner?.first_name ?? pmwId(task.user_id), job: job?.title ?? 'PickMyWork', link });
    try {
      await sms.send({ mobile: task.merchant_mobile, text, template: smsTemplateKey(DIRECT_SMS.merchantFeedbackLink, locale) });
      await db
        .update(jobTasks)
        .set({ sms_sent_at: new Date(now()), sms_error: null, sms_count: tries })
        .where(eq(jobTasks.job_task_id, task.job_task_id));
    } catch (err) {
      const reason = err instanceof Error ? err.message.slice(0, 300) : 'The SMS provider refused the message';
      await db
        .update(jobTasks)
        .set({ sms_error: reason, sms_count: tries, ...(claimed ? { sms_sent_at: claimed.previousSentAt } : {}) })
        .where(eq(jobTasks.job_task_id, task.job_task_id));
    }
  }

  return {
    /**
     * Inside the approval's transaction: makes the lead's task when its project
     * asks for feedback. The unique lead key keeps it to one task per lead,
     * whatever re-approvals follow.
     */
    async createForApprovedLead(tx: Tx, lead: LeadRow): Promise<void> {
      const asks = await jobAsksMerchantFeedback(tx, lead.job_id);
      const partner = lead.partner_user_id ?? lead.team_member_user_id;
      const mobile = normaliseMobile(lead.customer_mobile ?? '');
      if (!asks || partner === null || !isValidMobile(mobile)) return;
      await tx
        .insert(jobTasks)
        .values({
          user_id: partner,
          job_id: lead.job_id,
          merchant_mobile: mobile,
          otp: String(randomInt(0, 10_000)).padStart(4, '0'),
          form_response_id: lead.form_response_id,
        })
        .onConflictDoNothing({ target: jobTasks.form_response_id });
    },

    /** After the approvals commit: texts the merchants of those leads' tasks never tried yet. */
    async sendNewForLeads(leadIds: number[]): Promise<void> {
      if (!leadIds.length) return;
      // Claimed by counting the first try, so a quick reject and re-approval never texts twice.
      const fresh = await db
        .update(jobTasks)
        .set({ sms_count: 1 })
        .where(and(inArray(jobTasks.form_response_id, leadIds), eq(jobTasks.sms_count, 0)))
        .returning();
      for (const task of fresh) await send(task, { previousSentAt: null });
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
      if (task.sms_sent_at && now() - task.sms_sent_at.getTime() < FEEDBACK_RESEND_MINUTES * 60_000)
        throw new AppError('RATE_LIMITED', say('feedback.resendTooSoon'));
      // Claims the send (counting it and marking it sent), so a second click, at once or while
      // the provider answers, finds the count moved or the link just sent.
      const [claimed] = await db
        .update(jobTasks)
        .set({ sms_count: sql`${jobTasks.sms_count} + 1`, sms_sent_at: new Date(now()) })
        .where(and(eq(jobTasks.job_task_id, taskId), eq(jobTasks.sms_count, task.sms_count)))
        .returning();
      if (!claimed) throw new AppError('RATE_LIMITED', say('feedback.resendTooSoon'));
      await send(claimed, { previousSentAt: task.sms_sent_at });
      const [after] = await view([taskId]);
      await audit.record({
        actor_user_id: actor,
        action: 'feedback_task.resend',
        entity_type: 'job_task',
        entity_id: taskId,
        before: { sms_sent_at: task.sms_sent_at?.toISOString() ?? null, sms_count: task.sms_count },
        after: { sms_sent_at: after!.sms_sent_at, sms_count: after!.sms_count, sms_error: after!.sms_error },
      });
      return after!;
    },
  };
}
export type FeedbackTasksService = ReturnType<typeof createFeedbackTasksService>;
