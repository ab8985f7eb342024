import { EARNING_REF_TYPE } from '@pmw/contract/invoices';
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  APPLICATION_STATUS_LABEL,
  applicationStatusName,
  outcomeStep,
  type ApplicationOutcome,
  type ApplicationStatusResult,
  type OpsApplication,
  type PartnerCandidate,
  type opsApplicationsQuerySchema,
  type partnerCandidatesQuerySchema,
} from '@pmw/contract/applications';
import {
  APPLICATION_ATTEMPTED_MIN,
  APPLICATION_STATUS,
  levelPayoutPaise,
  partnerLevel,
  type ApplicationStatusName,
} from '@pmw/contract/hiring';
import { istDayStart } from '@pmw/contract/time';
import type { Db, Tx } from '../../db/client';
import { applications, interviewSlots, slotBookings } from '../../db/schema/hiring';
import { jobLocationCities, jobPayout, jobTitles } from '../projects/job-reads';
import { people } from '../users/user-reads';
import { netPaiseByRef, postingCountsByRef } from '../wallet/ledger-reads';
import { AppError } from '../../errors';
import { englishOf } from '../locale/locale';
import { say } from '@pmw/contract/texts/said';
import type { SaidCode } from '@pmw/contract/texts/english';
import { WALLET_CREDIT, WALLET_DEBIT, type WalletService } from '../wallet/wallet.service';
import type { AuditService } from '../ops/audit.service';
import { createPartnerStats } from './partner-stats';
import { NOTIFY_AUDIENCE, NOTIFY_EVENT } from '@pmw/contract/notifications';
import type { NotificationsService } from '../notifications/notifications.service';

type ApplicationRow = typeof applications.$inferSelect;

/** An application's status as the partner's wallet line names it. */
const APPLICATION_STATUS_CODE = {
  APPLIED: 'wallet.applicationApplied',
  SLOT_BOOKED: 'wallet.applicationSlotBooked',
  NO_SHOW: 'wallet.applicationNoShow',
  ATTENDED: 'wallet.applicationAttended',
  SELECTED: 'wallet.applicationSelected',
  JOINED: 'wallet.applicationJoined',
  REJECTED: 'wallet.applicationRejected',
} as const satisfies Record<ApplicationStatusName, SaidCode>;
type Result = ApplicationStatusResult['results'][number];

/** The ledger convention for hires, as leads have theirs: one ref per application, keys per credit generation. */
export const APPLICATION_REF_TYPE = EARNING_REF_TYPE.application;
export const applicationCreditKey = (applicationId: number, n: number) => `application:${applicationId}:credit:${n}`;
export const applicationReversalKey = (applicationId: number, n: number) => `application:${applicationId}:reversal:${n}`;

const DAY_MS = 86_400_000;

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
    const { credits, debits } = await postingCountsByRef(tx, APPLICATION_REF_TYPE, String(id));
    return { credits, reversals: debits };
  }

  async function jobOf(tx: Tx, jobId: number) {
    const row = await jobPayout(tx, jobId);
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
        reason: say('wallet.candidateJoined', { project: job.title }),
        remark: say('wallet.application', { id: app.application_id }),
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
    const candidate = { name: (await people(tx, [app.user_id])).get(app.user_id)?.first_name };
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
        reason: say('wallet.candidateNotJoined', { project: job.title }),
        remark: say('wallet.applicationNow', { id: app.application_id, status: say(APPLICATION_STATUS_CODE[to]) }),
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
      if (!app) return { application_id: id, ok: false, changed: false, message: englishOf(say('ops.applicationNotFound')), status: null };
      const step = outcomeStep(app.status, to);
      if (step.kind === 'same')
        return {
          application_id: id,
          ok: true,
          changed: false,
          message: englishOf(say('ops.outcomeAlready', { label: APPLICATION_STATUS_LABEL[to].toLowerCase() })),
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
      const said = credited
        ? say('ops.outcomeCredited', { label, rupees: credited / 100 })
        : reversed
          ? say('ops.outcomeReversed', { label, rupees: reversed / 100 })
          : undefined;
      return { application_id: id, ok: true, changed: true, message: said ? englishOf(said) : label, status: updated!.status };
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
            slot_start: interviewSlots.start_time,
          })
          .from(applications)
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
      const persons = await people(db, [...new Set(rows.flatMap((r) => [r.app.user_id, r.app.recruiter_id]))]);
      const titles = await jobTitles(db, [...new Set(rows.map((r) => r.app.job_id))]);
      const cities = await jobLocationCities(db, [...new Set(rows.map((r) => r.app.job_location_id))]);
      return {
        count: total?.n ?? 0,
        rows: rows.map((r) => ({
          application_id: r.app.application_id,
          user_id: r.app.user_id,
          candidate_name: name(persons.get(r.app.user_id)!.first_name, persons.get(r.app.user_id)!.last_name),
          mobile: persons.get(r.app.user_id)!.mobile,
          job_id: r.app.job_id,
          job_title: titles.get(r.app.job_id)!,
          job_location_id: r.app.job_location_id,
          city: cities.get(r.app.job_location_id)!,
          slot_start: r.slot_start?.toISOString() ?? null,
          recruiter_id: r.app.recruiter_id,
          recruiter_name: name(persons.get(r.app.recruiter_id)!.first_name, persons.get(r.app.recruiter_id)!.last_name),
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
      const rows = await db
        .select({
          app: applications,
          slot_start: interviewSlots.start_time,
        })
        .from(applications)
        .leftJoin(slotBookings, eq(slotBookings.application_id, applications.application_id))
        .leftJoin(interviewSlots, eq(interviewSlots.slot_id, slotBookings.slot_id))
        .where(eq(applications.recruiter_id, recruiterId))
        .orderBy(desc(applications.created_on), desc(applications.application_id))
        .limit(q.limit)
        .offset(q.offset);
      const [total] = await db.select({ n: count() }).from(applications).where(eq(applications.recruiter_id, recruiterId));
      const persons = await people(db, [...new Set(rows.map((r) => r.app.user_id))]);
      const titles = await jobTitles(db, [...new Set(rows.map((r) => r.app.job_id))]);
      const cities = await jobLocationCities(db, [...new Set(rows.map((r) => r.app.job_location_id))]);
      const earned = await netPaiseByRef(
        db,
        recruiterId,
        APPLICATION_REF_TYPE,
        rows.map((r) => String(r.app.application_id)),
      );
      return {
        count: total?.n ?? 0,
        rows: rows.map((r) => ({
          application_id: r.app.application_id,
          // The partner sees who applied by first name only: the mobile and documents stay with ops.
          candidate_name: persons.get(r.app.user_id)!.first_name,
          job_id: r.app.job_id,
          job_title: titles.get(r.app.job_id)!,
          city: cities.get(r.app.job_location_id)!,
          slot_start: r.slot_start?.toISOString() ?? null,
          status: r.app.status,
          status_name: applicationStatusName(r.app.status),
          earned_paise: earned.get(String(r.app.application_id)) ?? 0,
          created_on: r.app.created_on.toISOString(),
        })),
      };
    },
  };
}
export type ApplicationOutcomesService = ReturnType<typeof createApplicationOutcomesService>;
