import { EARNING_REF_TYPE } from '@pmw/contract/invoices';
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  APPLICATION_STATUS_LABEL,
  applicationOutcomeMessages,
  applicationStatusName,
  outcomeStep,
  type ApplicationOutcome,
  type ApplicationStatusResult,
  type OpsApplication,
  type PartnerCandidate,
  type opsApplicationsQuerySchema,
  type partnerCandidatesQuerySchema,
} from '@pmw/contract/applications';
import { APPLICATION_ATTEMPTED_MIN, APPLICATION_STATUS, levelPayoutPaise, partnerLevel } from '@pmw/contract/hiring';
import { istDayStart } from '@pmw/contract/time';
import type { Db, Tx } from '../../db/client';
import { applications, interviewSlots, slotBookings } from '../../db/schema/hiring';
import { jobLocations, jobs } from '../../db/schema/projects';
import { users } from '../../db/schema/users';
import { walletTransactions } from '../../db/schema/wallet';
import { AppError } from '../../errors';
import { WALLET_CREDIT, WALLET_DEBIT, type WalletService } from '../wallet/wallet.service';
import type { AuditService } from '../ops/audit.service';
import { createPartnerStats } from './partner-stats';
import { NOTIFY_AUDIENCE, NOTIFY_EVENT } from '@pmw/contract/notifications';
import type { NotificationsService } from '../notifications/notifications.service';

type ApplicationRow = typeof applications.$inferSelect;
type Result = ApplicationStatusResult['results'][number];

/** The ledger convention for hires, as leads have theirs: one ref per application, keys per credit generation. */
export const APPLICATION_REF_TYPE = EARNING_REF_TYPE.application;
export const applicationCreditKey = (applicationId: number, n: number) => `application:${applicationId}:credit:${n}`;
export const applicationReversalKey = (applicationId: number, n: number) => `application:${applicationId}:reversal:${n}`;

const DAY_MS = 86_400_000;
const recruiters = alias(users, 'recruiter');

/**
 * Candidates' outcomes. Joined credits the referring partner the project's
 * payout at their level (as Available Projects shows it per joining) once whatever happens (a retry, two agents at once, overlapping
 * bulk calls): the application row is locked and the posting's idempotency
 * key counts the credits it has had; moving away from joined posts the
 * reversal of the last credit, so joined again credits once more.
 */
export function createApplicationOutcomesService(deps: {
  db: Db;
  wallet: WalletService;
  audit: AuditService;
  notifications?: NotificationsService | undefined;
}) {
  const { db, wallet, audit } = deps;

  /** How many credits and reversals the application has in the ledger. */
  async function postingCounts(tx: Tx, id: number) {
    const rows = await tx
      .select({ type: walletTransactions.type, n: count() })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.ref_type, APPLICATION_REF_TYPE), eq(walletTransactions.ref_id, String(id))))
      .groupBy(walletTransactions.type);
    return {
      credits: rows.find((r) => r.type === WALLET_CREDIT)?.n ?? 0,
      reversals: rows.find((r) => r.type === WALLET_DEBIT)?.n ?? 0,
    };
  }

  async function jobOf(tx: Tx, jobId: number) {
    const [row] = await tx
      .select({ title: jobs.job_title, payout_paise: jobs.payout_paise })
      .from(jobs)
      .where(eq(jobs.job_id, jobId))
      .limit(1);
    return row ?? { title: `Project ${jobId}`, payout_paise: 0 };
  }

  async function credit(tx: Tx, actor: number, app: ApplicationRow): Promise<number> {
    const job = await jobOf(tx, app.job_id);
    if (job.payout_paise <= 0) return 0;
    const { credits, reversals } = await postingCounts(tx, app.application_id);
    // Every earlier credit was reversed when the candidate left joined, or there is nothing to add.
    if (credits !== reversals) return 0;
    // What Available Projects promised the partner 'per joining': the project's payout at their level when the candidate joins.
    const amount = levelPayoutPaise(job.payout_paise, partnerLevel(await createPartnerStats(tx).approvedCount(app.recruiter_id)));
    const posted = await wallet.post(
      {
        user_id: app.recruiter_id,
        type: WALLET_CREDIT,
        amount_paise: amount,
        reason: `Candidate joined: ${job.title}`,
        remark: `Application ${app.application_id}`,
        ref_type: APPLICATION_REF_TYPE,
        ref_id: String(app.application_id),
        idempotency_key: applicationCreditKey(app.application_id, credits + 1),
        affects_earnings: true,
        created_by: actor,
      },
      tx,
    );
    if (!posted.applied) return 0;
    // The partner hears of it with the credit, in its transaction: one notification per credit.
    const [candidate] = await tx.select({ name: users.first_name }).from(users).where(eq(users.user_id, app.user_id)).limit(1);
    await deps.notifications?.notify(tx, {
      event: NOTIFY_EVENT.candidateJoined,
      audience: NOTIFY_AUDIENCE.partner,
      user_id: app.recruiter_id,
      data: { application_id: app.application_id, project: job.title, candidate: candidate?.name ?? '', amount_paise: amount },
      dedupe_key: applicationCreditKey(app.application_id, credits + 1),
    });
    return amount;
  }

  async function reverse(tx: Tx, actor: number, app: ApplicationRow, to: ApplicationOutcome): Promise<number> {
    const { credits, reversals } = await postingCounts(tx, app.application_id);
    if (credits <= reversals) return 0;
    const last = await wallet.byKey(applicationCreditKey(app.application_id, credits), tx);
    if (!last) return 0;
    const job = await jobOf(tx, app.job_id);
    await wallet.post(
      {
        user_id: last.user_id,
        type: WALLET_DEBIT,
        amount_paise: last.amount_paise,
        reason: `Candidate no longer joined: ${job.title}`,
        remark: `Application ${app.application_id} is now ${APPLICATION_STATUS_LABEL[to].toLowerCase()}`,
        ref_type: APPLICATION_REF_TYPE,
        ref_id: String(app.application_id),
        idempotency_key: applicationReversalKey(app.application_id, credits),
        affects_earnings: true,
        created_by: actor,
      },
      tx,
    );
    return last.amount_paise;
  }

  async function setOne(actor: number, id: number, to: ApplicationOutcome): Promise<Result> {
    return db.transaction(async (tx) => {
      const [app] = await tx.select().from(applications).where(eq(applications.application_id, id)).for('update').limit(1);
      if (!app) return { application_id: id, ok: false, changed: false, message: applicationOutcomeMessages.notFound, status: null };
      const step = outcomeStep(app.status, to);
      if (step.kind === 'same')
        return {
          application_id: id,
          ok: true,
          changed: false,
          message: `Already ${APPLICATION_STATUS_LABEL[to].toLowerCase()}`,
          status: app.status,
        };
      if (step.kind === 'refused') return { application_id: id, ok: false, changed: false, message: step.message, status: app.status };
      const status = APPLICATION_STATUS[to];
      const reversed = app.status === APPLICATION_STATUS.JOINED ? await reverse(tx, actor, app, to) : 0;
      const credited = to === 'JOINED' ? await credit(tx, actor, app) : 0;
      const [updated] = await tx
        .update(applications)
        .set({
          status,
          modified_on: new Date(),
          // The first time the candidate attempted the interview; kept when the outcome changes later.
          attempted_on:
            status >= APPLICATION_ATTEMPTED_MIN ? sql`coalesce(${applications.attempted_on}, now())` : applications.attempted_on,
        })
        .where(eq(applications.application_id, id))
        .returning();
      await audit.record(
        {
          actor_user_id: actor,
          action: 'application.status',
          entity_type: 'application',
          entity_id: id,
          before: { status: app.status, status_name: applicationStatusName(app.status) },
          after: { status, status_name: to, recruiter_id: app.recruiter_id, credited_paise: credited, reversed_paise: reversed },
        },
        tx,
      );
      const label = APPLICATION_STATUS_LABEL[to];
      const money = credited
        ? `; the partner was credited ₹${credited / 100}`
        : reversed
          ? `; the partner's credit of ₹${reversed / 100} was reversed`
          : '';
      return { application_id: id, ok: true, changed: true, message: `${label}${money}`, status: updated!.status };
    });
  }

  return {
    /**
     * Records one outcome for each application, one transaction each, in
     * ascending id order: overlapping bulk calls take the row locks in the
     * same order, so they wait for each other instead of deadlocking.
     */
    async setStatus(actor: number, ids: number[], to: ApplicationOutcome): Promise<ApplicationStatusResult> {
      const results: Result[] = [];
      for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
        try {
          results.push(await setOne(actor, id, to));
        } catch (err) {
          // A reversal the partner's balance cannot cover (already paid out) refuses this row only.
          if (!(err instanceof AppError)) throw err;
          results.push({ application_id: id, ok: false, changed: false, message: err.message, status: null });
        }
      }
      return { results };
    },

    /** The console's list: applications with their candidate, project, location, booked slot and recruiter. */
    async list(q: z.output<typeof opsApplicationsQuerySchema>): Promise<{ count: number; rows: OpsApplication[] }> {
      const where: SQL[] = [];
      if (q.job_id !== undefined) where.push(eq(applications.job_id, q.job_id));
      if (q.job_location_id !== undefined) where.push(eq(applications.job_location_id, q.job_location_id));
      if (q.status !== undefined) where.push(eq(applications.status, APPLICATION_STATUS[q.status]));
      if (q.slot_from) where.push(gte(interviewSlots.start_time, istDayStart(q.slot_from)));
      if (q.slot_to) where.push(lt(interviewSlots.start_time, new Date(istDayStart(q.slot_to).getTime() + DAY_MS)));
      const cond = where.length ? and(...where) : undefined;
      const base = () =>
        db
          .select({
            app: applications,
            candidate_first: users.first_name,
            candidate_last: users.last_name,
            mobile: users.mobile,
            job_title: jobs.job_title,
            city: jobLocations.city,
            slot_start: interviewSlots.start_time,
            recruiter_first: recruiters.first_name,
            recruiter_last: recruiters.last_name,
          })
          .from(applications)
          .innerJoin(users, eq(users.user_id, applications.user_id))
          .innerJoin(recruiters, eq(recruiters.user_id, applications.recruiter_id))
          .innerJoin(jobs, eq(jobs.job_id, applications.job_id))
          .innerJoin(jobLocations, eq(jobLocations.job_location_id, applications.job_location_id))
          .leftJoin(slotBookings, eq(slotBookings.application_id, applications.application_id))
          .leftJoin(interviewSlots, eq(interviewSlots.slot_id, slotBookings.slot_id));
      const rows = await base()
        .where(cond)
        // The coming interviews first, then the ones without a slot; newest applications last.
        .orderBy(sql`${interviewSlots.start_time} asc nulls last`, asc(applications.application_id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      const [total] = await db
        .select({ n: count() })
        .from(applications)
        .leftJoin(slotBookings, eq(slotBookings.application_id, applications.application_id))
        .leftJoin(interviewSlots, eq(interviewSlots.slot_id, slotBookings.slot_id))
        .where(cond);
      const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;
      return {
        count: total?.n ?? 0,
        rows: rows.map((r) => ({
          application_id: r.app.application_id,
          user_id: r.app.user_id,
          candidate_name: name(r.candidate_first, r.candidate_last),
          mobile: r.mobile,
          job_id: r.app.job_id,
          job_title: r.job_title,
          job_location_id: r.app.job_location_id,
          city: r.city,
          slot_start: r.slot_start?.toISOString() ?? null,
          recruiter_id: r.app.recruiter_id,
          recruiter_name: name(r.recruiter_first, r.recruiter_last),
          status: r.app.status,
          status_name: applicationStatusName(r.app.status),
          modified_on: r.app.modified_on.toISOString(),
        })),
      };
    },

    /** The candidates a partner referred, newest first, with what each hire holds for them now. */
    async partnerCandidates(
      recruiterId: number,
      q: z.output<typeof partnerCandidatesQuerySchema>,
    ): Promise<{ count: number; rows: PartnerCandidate[] }> {
      const earned = sql<number>`coalesce((
        select sum(case when ${walletTransactions.type} = ${WALLET_CREDIT} then ${walletTransactions.amount_paise} else -${walletTransactions.amount_paise} end)
        from ${walletTransactions}
        where ${walletTransactions.ref_type} = ${APPLICATION_REF_TYPE}
          and ${walletTransactions.ref_id} = ${applications.application_id}::text
          and ${walletTransactions.user_id} = ${recruiterId}
      ), 0)::int`;
      const rows = await db
        .select({
          app: applications,
          first_name: users.first_name,
          job_title: jobs.job_title,
          city: jobLocations.city,
          slot_start: interviewSlots.start_time,
          earned,
        })
        .from(applications)
        .innerJoin(users, eq(users.user_id, applications.user_id))
        .innerJoin(jobs, eq(jobs.job_id, applications.job_id))
        .innerJoin(jobLocations, eq(jobLocations.job_location_id, applications.job_location_id))
        .leftJoin(slotBookings, eq(slotBookings.application_id, applications.application_id))
        .leftJoin(interviewSlots, eq(interviewSlots.slot_id, slotBookings.slot_id))
        .where(eq(applications.recruiter_id, recruiterId))
        .orderBy(desc(applications.created_on), desc(applications.application_id))
        .limit(q.limit)
        .offset(q.offset);
      const [total] = await db.select({ n: count() }).from(applications).where(eq(applications.recruiter_id, recruiterId));
      return {
        count: total?.n ?? 0,
        rows: rows.map((r) => ({
          application_id: r.app.application_id,
          // The partner sees who applied by first name only: the mobile and documents stay with ops.
          candidate_name: r.first_name,
          job_id: r.app.job_id,
          job_title: r.job_title,
          city: r.city,
          slot_start: r.slot_start?.toISOString() ?? null,
          status: r.app.status,
          status_name: applicationStatusName(r.app.status),
          earned_paise: Number(r.earned),
          created_on: r.app.created_on.toISOString(),
        })),
      };
    },
  };
}
export type ApplicationOutcomesService = ReturnType<typeof createApplicationOutcomesService>;
