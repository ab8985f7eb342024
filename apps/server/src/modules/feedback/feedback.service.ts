import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { type FeedbackTask } from '@pmw/contract/feedback';
import { projectIn } from '@pmw/contract/content-language';
import type { Locale } from '@pmw/contract/locale';
import type { z } from 'zod';
import type { feedbackResponseBodySchema, opsFeedbackQuerySchema } from '@pmw/contract/feedback';
import { istDayStart } from '@pmw/contract/time';
import type { Db } from '../../db/client';
import { feedbackResponses, jobTasks } from '../../db/schema/feedback';
import { jobTexts, jobTitles } from '../projects/job-reads';
import { AppError, isUniqueViolation } from '../../errors';
import { pmwId, type UsersService } from '../users/users.service';
import type { FeedbackLinkGuard } from './link-guard';
import { sanitiseInstruction } from './sanitise';
import { say } from '@pmw/contract/texts/said';

type ResponseBody = z.output<typeof feedbackResponseBodySchema>;
type OpsQuery = z.output<typeof opsFeedbackQuerySchema>;

export interface FeedbackLinkProof {
  job_task_id: number;
  ref_value: string;
  otp: string;
  /** The partner the link names; checked when the link carries one. */
  user_id?: number;
}

/** One answer for every way a link can be wrong, so a guess learns nothing. */
const invalidLink = () => new AppError('NOT_FOUND', say('feedback.linkInvalid'));

export function createFeedbackService(deps: {
  db: Db;
  users: UsersService;
  supportPhone: string;
  joinUrl: string;
  guard: FeedbackLinkGuard;
  onOpened?: (jobTaskId: number) => Promise<void>;
}) {
  const { db, guard } = deps;

  /** The task a whole link names; wrong links are counted per task and per address (see link-guard). */
  async function taskForLink(link: FeedbackLinkProof, address: string) {
    await guard.assertOpen(link.job_task_id, address);
    const [task] = await db.select().from(jobTasks).where(eq(jobTasks.job_task_id, link.job_task_id)).limit(1);
    if (!task) throw (await guard.wrongAddress(address)) ?? invalidLink();
    const matches =
      task.merchant_mobile === link.ref_value && task.otp === link.otp && (link.user_id === undefined || task.user_id === link.user_id);
    if (!matches) throw (await guard.wrong(task.job_task_id, address)) ?? invalidLink();
    return task;
  }

  async function existing(taskId: number, refValue: string) {
    const [row] = await db
      .select()
      .from(feedbackResponses)
      .where(
        and(
          eq(feedbackResponses.entity_type, 'JOB_TASK'),
          eq(feedbackResponses.entity_id, taskId),
          eq(feedbackResponses.ref_type, 'MERCHANT_MOBILE'),
          eq(feedbackResponses.ref_value, refValue),
        ),
      )
      .limit(1);
    return row;
  }

  return {
    /** What the feedback page shows; only for the holder of a whole, untampered link. */
    async taskForMerchant(link: FeedbackLinkProof & { user_id: number }, address: string, locale: Locale = 'en'): Promise<FeedbackTask> {
      const task = await taskForLink(link, address);
      await deps.onOpened?.(task.job_task_id);
      const partner = await deps.users.byId(task.user_id);
      if (!partner) throw invalidLink();
      const person = await deps.users.toSessionUser(partner);
      const stored = task.job_id ? await jobTexts(db, task.job_id) : undefined;
      const job = stored ? projectIn(stored, stored.translations, locale) : undefined;
      return {
        job_task_id: task.job_task_id,
        User: {
          user_id: partner.user_id,
          first_name: partner.first_name,
          pmw_id: person.pmw_id,
          mobile: partner.mobile,
          profile_picture_url: person.profile_picture_url,
        },
        // A task's own instructions, else its project's (in the merchant's language where ops wrote it).
        consumer_instruction: sanitiseInstruction(task.consumer_instruction ?? job?.consumer_instruction ?? null),
        job_title: job?.job_title ?? null,
        submitted: !!(await existing(task.job_task_id, link.ref_value)),
        support_phone: deps.supportPhone,
        join_url: deps.joinUrl,
      };
    },

    /**
     * Stores the merchant's rating once. A repeat (double tap, reopened link)
     * answers the stored row instead of adding a second one. `partnerId`, when
     * the caller's link names the partner (the page's form), must match too.
     */
    async respond(body: ResponseBody, address: string, partnerId?: number) {
      const task = await taskForLink(
        { job_task_id: body.entity_id, ref_value: body.ref_value, otp: body.otp, user_id: partnerId },
        address,
      );
      const before = await existing(task.job_task_id, body.ref_value);
      if (before) return { feedback_id: before.feedback_id, rating: before.rating, comment: before.comment, created: false };
      try {
        const [row] = await db
          .insert(feedbackResponses)
          .values({
            entity_type: body.entity_type,
            entity_id: task.job_task_id,
            ref_type: body.ref_type,
            ref_value: body.ref_value,
            user_id: task.user_id,
            rating: body.rating,
            comment: body.comment,
            location: body.location ?? null,
          })
          .returning();
        return { feedback_id: row!.feedback_id, rating: row!.rating, comment: row!.comment, created: true };
      } catch (err) {
        // Two submits at once: the other one won; answer its row.
        if (!isUniqueViolation(err)) throw err;
        const winner = await existing(task.job_task_id, body.ref_value);
        if (!winner) throw err;
        return { feedback_id: winner.feedback_id, rating: winner.rating, comment: winner.comment, created: false };
      }
    },

    async summaryFor(userId: number) {
      const [row] = await db
        .select({ average: sql<string | null>`avg(${feedbackResponses.rating})`, total: count() })
        .from(feedbackResponses)
        .where(eq(feedbackResponses.user_id, userId));
      const total = Number(row?.total ?? 0);
      const average = row?.average == null ? null : Math.round(Number(row.average) * 10) / 10;
      return { average_rating: total === 0 ? null : average, rating_count: total };
    },

    async listForOps(query: OpsQuery) {
      const where: SQL[] = [];
      if (query.user_id) where.push(eq(feedbackResponses.user_id, query.user_id));
      if (query.rating) where.push(eq(feedbackResponses.rating, query.rating));
      if (query.job_id) where.push(eq(jobTasks.job_id, query.job_id));
      if (query.start_date) where.push(gte(feedbackResponses.created_on, istDayStart(query.start_date)));
      if (query.end_date) {
        where.push(lt(feedbackResponses.created_on, new Date(istDayStart(query.end_date).getTime() + 86_400_000)));
      }
      const filter = where.length ? and(...where) : undefined;
      const [totals] = await db
        .select({ total: count() })
        .from(feedbackResponses)
        .innerJoin(jobTasks, eq(jobTasks.job_task_id, feedbackResponses.entity_id))
        .where(filter);
      const rows = await db
        .select({
          feedback_id: feedbackResponses.feedback_id,
          job_task_id: feedbackResponses.entity_id,
          job_id: jobTasks.job_id,
          user_id: feedbackResponses.user_id,
          ref_value: feedbackResponses.ref_value,
          rating: feedbackResponses.rating,
          comment: feedbackResponses.comment,
          location: feedbackResponses.location,
          created_on: feedbackResponses.created_on,
        })
        .from(feedbackResponses)
        .innerJoin(jobTasks, eq(jobTasks.job_task_id, feedbackResponses.entity_id))
        .where(filter)
        .orderBy(desc(feedbackResponses.created_on), desc(feedbackResponses.feedback_id))
        .limit(query.limit)
        .offset(query.offset);
      const titles = await jobTitles(db, [...new Set(rows.flatMap((r) => (r.job_id === null ? [] : [r.job_id])))]);
      const people = await deps.users.contacts([...new Set(rows.map((r) => r.user_id))]);
      return {
        count: Number(totals?.total ?? 0),
        rows: rows.map(({ job_id, user_id, ...r }) => ({
          feedback_id: r.feedback_id,
          job_task_id: r.job_task_id,
          job_id,
          job_title: (job_id === null ? undefined : titles.get(job_id)) ?? null,
          user_id,
          first_name: people.get(user_id)?.first_name ?? null,
          ref_value: r.ref_value,
          rating: r.rating,
          comment: r.comment,
          location: r.location,
          created_on: r.created_on.toISOString(),
          pmw_id: pmwId(user_id),
        })),
      };
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
