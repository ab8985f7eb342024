import { EARNING_REF_TYPE } from '@pmw/contract/invoices';
import type { RiskLevel } from '@pmw/contract/risk';
import type { z } from 'zod';
import { LEAD_STATUS, LEAD_SUB_STATUS } from '@pmw/contract/lead-status';
import {
  APPROVAL_UNDO_GRACE_SECONDS,
  APPROVAL_UNDO_SECONDS,
  LEAD_ACTION_APPROVAL_UNDONE,
  type leadQueueQuerySchema,
  type LeadActionResult,
  type OpsLead,
  type OpsLeadDetail,
} from '@pmw/contract/ops';
import { englishTexts } from '@pmw/contract/texts/english';
import type { Db, Tx } from '../../db/client';
import { leadFileIds, leadValues, lockLead, pendingLeadAges, updateLead } from '../leads/ops-lead-changes';
import type { LeadRow } from '../leads/leads.service';
import { formInputs, jobTexts } from '../projects/job-reads';
import { postingCountsByRef, postingsByRef } from '../wallet/ledger-reads';
import { leadQueuePage, leadQueueRow } from './lead-queue-read';
import type { RiskService } from '../risk/risk.service';
import { AppError, notFound } from '../../errors';
import { WALLET_CREDIT, WALLET_DEBIT, type WalletService } from '../wallet/wallet.service';
import type { AuditService } from './audit.service';
import type { FeedbackTasksService } from '../feedback/feedback-tasks.service';
import { NOTIFY_AUDIENCE, NOTIFY_EVENT } from '@pmw/contract/notifications';
import { LEAD_ACTIONS_DECIDED, PENDING_AGE_DAYS } from '@pmw/contract/ops-dashboard';
import type { NotificationsService } from '../notifications/notifications.service';
import { say } from '@pmw/contract/texts/said';

type Result = LeadActionResult['results'][number];

/** The ledger convention shared with the partner portal: one ref per lead. */
export const LEAD_REF_TYPE = EARNING_REF_TYPE.lead;
export const leadCreditKey = (leadId: number, n: number) => `lead:${leadId}:credit:${n}`;
export const leadReversalKey = (leadId: number, n: number) => `lead:${leadId}:reversal:${n}`;
/** What an approval's notices are about, so an undo (or a rejection) can take back those not yet sent. */
export const leadApprovalSubject = (leadId: number) => `lead:${leadId}:approved`;
/**
 * How long an approval's texts wait before they may go: the time ops have to
 * undo it, with its grace. An undo within it takes them back; after it they
 * may be sent, and an undo is refused.
 */
export const APPROVAL_NOTICE_HOLD_SECONDS = APPROVAL_UNDO_SECONDS + APPROVAL_UNDO_GRACE_SECONDS;

/** Who a lead's money goes to: its partner, or the team member when there is no partner. */
export const payee = (lead: Pick<LeadRow, 'partner_user_id' | 'team_member_user_id'>) => lead.partner_user_id ?? lead.team_member_user_id;

const auditView = (l: LeadRow) => ({
  status: l.status,
  sub_status: l.sub_status,
  archive_status: l.archive_status,
  status_comment: l.status_comment,
});

/**
 * Verifies leads. Approving credits the payee once whatever happens (twice,
 * two admins at once, a retry): the lead row is locked and its status changed
 * conditionally, and the wallet posting carries an idempotency key derived
 * from how many credits the lead has had.
 */
export function createLeadVerificationService(deps: {
  db: Db;
  wallet: WalletService;
  audit: AuditService;
  risk: Pick<RiskService, 'riskOf' | 'highRisk' | 'standing'>;
  feedbackTasks?: Pick<FeedbackTasksService, 'createForApprovedLead' | 'removeForUndoneApproval'> | undefined;
  notifications?: NotificationsService | undefined;
}) {
  const { db, wallet, audit } = deps;

  /**
   * Tells the people a lead belongs to what became of it, in the decision's
   * transaction: its partner in the portal, its team member in the team area.
   * An approval goes to whoever was paid, and its texts wait out the undo window.
   */
  async function tell(tx: Tx, lead: LeadRow, outcome: { approved: number } | { rejected: string } | { needsDetails: string }) {
    if (!deps.notifications) return;
    const base = { lead_id: lead.form_response_id, ...(await jobTitle(tx, lead.job_id)), customer: lead.customer_name ?? '' };
    const people = [
      { user_id: lead.partner_user_id, audience: NOTIFY_AUDIENCE.partner },
      { user_id: lead.team_member_user_id, audience: NOTIFY_AUDIENCE.team },
    ].filter((p): p is { user_id: number; audience: typeof p.audience } => p.user_id !== null);
    for (const p of people) {
      if ('approved' in outcome) {
        if (p.user_id !== payee(lead)) continue;
        await deps.notifications.notify(tx, {
          event: NOTIFY_EVENT.leadApproved,
          ...p,
          data: { ...base, amount_paise: outcome.approved },
          subject: leadApprovalSubject(lead.form_response_id),
          hold_seconds: APPROVAL_NOTICE_HOLD_SECONDS,
        });
      } else if ('rejected' in outcome) {
        await deps.notifications.notify(tx, { event: NOTIFY_EVENT.leadRejected, ...p, data: { ...base, reason: outcome.rejected } });
      } else {
        await deps.notifications.notify(tx, {
          event: NOTIFY_EVENT.leadNeedsDetails,
          ...p,
          data: { ...base, reason: outcome.needsDetails },
        });
      }
    }
  }

  async function lock(tx: Tx, id: number): Promise<LeadRow> {
    const row = await lockLead(tx, id);
    if (!row) throw notFound(say('common.leadNotFound'));
    return row;
  }

  /** How many credits (type 1) and reversals (type 2) the lead has in the ledger. */
  async function postingCounts(tx: Tx, id: number) {
    const { credits, debits } = await postingCountsByRef(tx, LEAD_REF_TYPE, String(id));
    return { credits, reversals: debits };
  }

  /** The project's title, and its Hindi where ops wrote one, for the person's own language. */
  async function jobTitle(tx: Tx, jobId: number): Promise<{ project: string; project_hi?: string }> {
    const row = await jobTexts(tx, jobId);
    const hi = row?.translations.hi?.job_title;
    return { project: row?.job_title ?? `Project ${jobId}`, ...(hi ? { project_hi: hi } : {}) };
  }

  async function approveOne(actor: number, id: number): Promise<Result> {
    return db.transaction(async (tx) => {
      const lead = await lock(tx, id);
      if (lead.status === LEAD_STATUS.approved)
        return { form_response_id: id, ok: true, changed: false, message: englishTexts['ops.leadAlreadyApproved'] };
      const to = payee(lead);
      const updated = await updateLead(
        tx,
        id,
        { status: LEAD_STATUS.approved, sub_status: LEAD_SUB_STATUS.none, status_comment: null },
        { unlessStatus: LEAD_STATUS.approved },
      );
      if (!updated) return { form_response_id: id, ok: true, changed: false, message: englishTexts['ops.leadAlreadyApproved'] };
      let credited = 0;
      if (to && lead.payout_paise > 0) {
        const { credits, reversals } = await postingCounts(tx, id);
        // Every earlier credit has been reversed, or the lead would still be approved.
        if (credits === reversals) {
          const posted = await wallet.post(
            {
              user_id: to,
              type: WALLET_CREDIT,
              amount_paise: lead.payout_paise,
              reason: say('wallet.leadApprovedFor', { project: (await jobTitle(tx, lead.job_id)).project }),
              remark: lead.customer_name,
              ref_type: LEAD_REF_TYPE,
              ref_id: String(id),
              idempotency_key: leadCreditKey(id, credits + 1),
              affects_earnings: true,
              created_by: actor,
            },
            tx,
          );
          if (posted.applied) credited = lead.payout_paise;
        }
      }
      // The merchant's feedback task and its link's text, queued with the approval (the outbox sends it).
      await deps.feedbackTasks?.createForApprovedLead(tx, updated, { holdSeconds: APPROVAL_NOTICE_HOLD_SECONDS });
      await tell(tx, lead, { approved: credited || lead.payout_paise });
      await audit.record(
        {
          actor_user_id: actor,
          action: LEAD_ACTIONS_DECIDED.approved,
          entity_type: 'lead',
          entity_id: id,
          before: auditView(lead),
          after: { ...auditView(updated), credited_paise: credited, payee_user_id: to },
        },
        tx,
      );
      return { form_response_id: id, ok: true, changed: true, message: englishTexts['ops.leadApproved'] };
    });
  }

  /**
   * Takes back an approval made moments ago (within APPROVAL_UNDO_SECONDS and
   * its grace): the lead goes back to what it was before it, and its credit is
   * reversed once, through the ledger. The lead is locked first, as approving
   * and rejecting lock it, so an undo and a second approval or rejection take
   * turns; the wallet is locked next, so an undo and a payout run take turns:
   * a credit a run has already paid out is not undone (rejecting takes it back).
   */
  async function undoApprovalOne(actor: number, id: number): Promise<Result> {
    return db.transaction(async (tx) => {
      const lead = await lock(tx, id);
      if (lead.status !== LEAD_STATUS.approved) throw new AppError('CONFLICT', say('ops.undoNotApproved'));
      const approval = await audit.latest('lead', id, LEAD_ACTIONS_DECIDED.approved, tx);
      if (!approval || approval.age_seconds > APPROVAL_UNDO_SECONDS + APPROVAL_UNDO_GRACE_SECONDS)
        throw new AppError('CONFLICT', say('ops.undoTooLate'));
      // What the approval told people goes with it: the partner's notice (from their list too) and the
      // merchant's feedback task and link. Those texts wait out this window; one the outbox has taken
      // already (the window has just passed) cannot be called back, so the undo is refused.
      const notices = deps.notifications
        ? await deps.notifications.withdraw(tx, {
            subject: leadApprovalSubject(id),
            since: approval.created_on,
            reason: 'Withdrawn: the approval was undone',
            inApp: true,
          })
        : { withdrawn: 0, gone: 0 };
      const task = (await deps.feedbackTasks?.removeForUndoneApproval(tx, id, approval.created_on)) ?? { withdrawn: 0, gone: 0 };
      if (notices.gone || task.gone) throw new AppError('CONFLICT', say('ops.undoTooLate'));
      const was = (approval.before ?? {}) as Partial<ReturnType<typeof auditView>>;
      // The lead (and with it its counters) changes before the wallet, as on approval and rejection.
      const updated = await updateLead(tx, id, {
        status: was.status ?? LEAD_STATUS.pending,
        sub_status: was.sub_status ?? LEAD_SUB_STATUS.none,
        status_comment: was.status_comment ?? null,
      });
      let reversed = 0;
      const { credits, reversals } = await postingCounts(tx, id);
      const credit = credits > reversals ? await wallet.byKey(leadCreditKey(id, credits), tx) : undefined;
      if (credit) {
        // Throwing rolls the lead back too: it stays approved, and rejecting it is the way back.
        if (await wallet.lockPaidOutSince(credit.user_id, credit.wallet_transaction_id, tx))
          throw new AppError('CONFLICT', say('ops.undoPaidOut'));
        const posted = await wallet.post(
          {
            user_id: credit.user_id,
            type: WALLET_DEBIT,
            amount_paise: credit.amount_paise,
            reason: say('wallet.leadApprovalUndone', { project: (await jobTitle(tx, lead.job_id)).project }),
            remark: lead.customer_name,
            ref_type: LEAD_REF_TYPE,
            ref_id: String(id),
            idempotency_key: leadReversalKey(id, credits),
            affects_earnings: true,
            created_by: actor,
          },
          tx,
        );
        if (posted.applied) reversed = credit.amount_paise;
      }
      await audit.record(
        {
          actor_user_id: actor,
          action: LEAD_ACTION_APPROVAL_UNDONE,
          entity_type: 'lead',
          entity_id: id,
          before: auditView(lead),
          after: { ...auditView(updated!), reversed_paise: reversed },
        },
        tx,
      );
      return {
        form_response_id: id,
        ok: true,
        changed: true,
        message: englishTexts[reversed ? 'ops.undoneReversed' : 'ops.undone'],
      };
    });
  }

  async function rejectOne(actor: number, id: number, comment: string): Promise<Result> {
    return db.transaction(async (tx) => {
      const lead = await lock(tx, id);
      if (lead.status === LEAD_STATUS.rejected)
        return { form_response_id: id, ok: true, changed: false, message: englishTexts['ops.leadAlreadyRejected'] };
      // The lead (and with it its counters) changes before the wallet, as on approval: two actions
      // on one partner's leads that took them in opposite orders deadlocked on PostgreSQL.
      const updated = await updateLead(tx, id, { status: LEAD_STATUS.rejected, sub_status: LEAD_SUB_STATUS.none, status_comment: comment });
      let reversed = 0;
      if (lead.status === LEAD_STATUS.approved) {
        // The approval's notice, if it is still waiting out the undo window, would now arrive after this rejection's.
        await deps.notifications?.withdraw(tx, {
          subject: leadApprovalSubject(id),
          reason: 'Withdrawn: the lead was rejected',
          inApp: false,
        });
        const { credits, reversals } = await postingCounts(tx, id);
        const to = payee(lead);
        if (to && credits > reversals) {
          const credit = await wallet.byKey(leadCreditKey(id, credits), tx);
          if (credit) {
            await wallet.post(
              {
                user_id: credit.user_id,
                type: WALLET_DEBIT,
                amount_paise: credit.amount_paise,
                reason: say('wallet.leadReversedFor', { project: (await jobTitle(tx, lead.job_id)).project }),
                remark: comment,
                ref_type: LEAD_REF_TYPE,
                ref_id: String(id),
                idempotency_key: leadReversalKey(id, credits),
                affects_earnings: true,
                created_by: actor,
              },
              tx,
            );
            reversed = credit.amount_paise;
          }
        }
      }
      await tell(tx, lead, { rejected: comment });
      await audit.record(
        {
          actor_user_id: actor,
          action: LEAD_ACTIONS_DECIDED.rejected,
          entity_type: 'lead',
          entity_id: id,
          before: auditView(lead),
          after: { ...auditView(updated!), reversed_paise: reversed },
        },
        tx,
      );
      return {
        form_response_id: id,
        ok: true,
        changed: true,
        message: englishTexts[reversed ? 'ops.leadRejectedReversed' : 'ops.leadRejected'],
      };
    });
  }

  async function needsDetailsOne(actor: number, id: number, comment: string): Promise<Result> {
    return db.transaction(async (tx) => {
      const lead = await lock(tx, id);
      if (lead.status !== LEAD_STATUS.pending) throw new AppError('CONFLICT', say('ops.onlyPendingSentBack'));
      const updated = await updateLead(tx, id, { sub_status: LEAD_SUB_STATUS.needsDetails, status_comment: comment });
      if (lead.sub_status !== LEAD_SUB_STATUS.needsDetails || lead.status_comment !== comment)
        await tell(tx, lead, { needsDetails: comment });
      await audit.record(
        {
          actor_user_id: actor,
          action: 'lead.needs_details',
          entity_type: 'lead',
          entity_id: id,
          before: auditView(lead),
          after: auditView(updated!),
        },
        tx,
      );
      return {
        form_response_id: id,
        ok: true,
        changed: lead.sub_status !== LEAD_SUB_STATUS.needsDetails || lead.status_comment !== comment,
        message: englishTexts['ops.leadSentBack'],
      };
    });
  }

  async function verifyByCallOne(actor: number, id: number): Promise<Result> {
    return db.transaction(async (tx) => {
      const lead = await lock(tx, id);
      if (lead.mobile_check === 'call')
        return { form_response_id: id, ok: true, changed: false, message: englishTexts['ops.leadAlreadyVerifiedByCall'] };
      if (lead.mobile_check !== 'unverified') throw new AppError('CONFLICT', say('ops.onlyUnverifiedByCall'));
      if (lead.status === LEAD_STATUS.rejected) throw new AppError('CONFLICT', say('ops.rejectedNotVerified'));
      const updated = await updateLead(tx, id, { mobile_check: 'call' });
      await audit.record(
        {
          actor_user_id: actor,
          action: 'lead.verified_by_call',
          entity_type: 'lead',
          entity_id: id,
          before: { ...auditView(lead), mobile_check: lead.mobile_check },
          after: { ...auditView(updated!), mobile_check: updated!.mobile_check },
        },
        tx,
      );
      return { form_response_id: id, ok: true, changed: true, message: englishTexts['ops.leadVerifiedByCall'] };
    });
  }

  /**
   * Runs one action per lead, each in its own transaction, in ascending id order (every
   * multi-lead action takes its leads in one order); a failure is reported, not thrown.
   */
  async function each(ids: number[], one: (id: number) => Promise<Result>): Promise<LeadActionResult> {
    const asked = [...new Set(ids)];
    const done = new Map<number, Result>();
    for (const id of [...asked].sort((a, b) => a - b)) {
      try {
        done.set(id, await one(id));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        done.set(id, { form_response_id: id, ok: false, changed: false, message: err.message });
      }
    }
    // Answered in the order asked, whatever order the locks were taken in.
    return { results: asked.map((id) => done.get(id)!) };
  }

  const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;
  const toView = (
    r: {
      lead: LeadRow;
      risk_level: RiskLevel;
      job_title: string;
      partner_first: string | null;
      partner_last: string | null;
      member_first: string | null;
      member_last: string | null;
    },
    signals: OpsLead['risk_signals'] = [],
  ): OpsLead => ({
    form_response_id: r.lead.form_response_id,
    job_id: r.lead.job_id,
    job_title: r.job_title,
    partner_user_id: r.lead.partner_user_id,
    partner_name: fullName(r.partner_first, r.partner_last),
    team_member_user_id: r.lead.team_member_user_id,
    team_member_name: fullName(r.member_first, r.member_last),
    team_id: r.lead.team_id,
    customer_name: r.lead.customer_name,
    customer_mobile: r.lead.customer_mobile,
    status: r.lead.status,
    sub_status: r.lead.sub_status,
    archive_status: r.lead.archive_status,
    status_comment: r.lead.status_comment,
    payout_paise: r.lead.payout_paise,
    mobile_check: r.lead.mobile_check,
    risk_level: r.risk_level,
    risk_signals: signals,
    created_on: r.lead.created_on.toISOString(),
  });

  return {
    /** Pending leads now, by how long they have waited (more than each of PENDING_AGE_DAYS), and when the oldest came in. */
    async pendingAges(now = new Date()) {
      const row = await pendingLeadAges(db, now, PENDING_AGE_DAYS);
      return {
        total: row?.total ?? 0,
        over_1_day: row?.over_1_day ?? 0,
        over_3_days: row?.over_3_days ?? 0,
        over_7_days: row?.over_7_days ?? 0,
        oldest_created_on: row?.oldest ? new Date(row.oldest).toISOString() : null,
      };
    },

    /** A selection with a high-risk lead is approved only with the second confirmation (409 otherwise). */
    async approve(actor: number, ids: number[], opts: { confirmHighRisk?: boolean | undefined } = {}) {
      if (!opts.confirmHighRisk) {
        const high = await deps.risk.highRisk([...new Set(ids)]);
        if (high.length)
          throw new AppError(
            'CONFLICT',
            high.length === 1 ? say('ops.riskConfirmHighRiskOne') : say('ops.riskConfirmHighRisk', { n: high.length }),
          );
      }
      return each(ids, (id) => approveOne(actor, id));
    },
    undoApproval: (actor: number, ids: number[]) => each(ids, (id) => undoApprovalOne(actor, id)),
    reject: (actor: number, ids: number[], comment: string) => each(ids, (id) => rejectOne(actor, id, comment)),
    verifyByCall: (actor: number, ids: number[]) => each(ids, (id) => verifyByCallOne(actor, id)),
    needsDetails: (actor: number, ids: number[], comment: string) => each(ids, (id) => needsDetailsOne(actor, id, comment)),

    async queue(q: z.output<typeof leadQueueQuerySchema>): Promise<{ count: number; rows: OpsLead[] }> {
      const { total, rows } = await leadQueuePage(db, q);
      const standing = await deps.risk.standing(rows.map((r) => r.lead.form_response_id));
      return { count: total?.n ?? 0, rows: rows.map((r) => toView(r, standing.get(r.lead.form_response_id))) };
    },

    async detail(id: number): Promise<OpsLeadDetail> {
      const row = await leadQueueRow(db, id);
      if (!row) throw notFound(say('common.leadNotFound'));
      const form = await formInputs(db, row.lead.form_id);
      const data = await leadValues(db, id);
      const postings = await postingsByRef(db, LEAD_REF_TYPE, String(id), `lead:${id}:`);
      const inputs = (form?.inputs ?? []).map((input) => {
        const value = data.find((d) => d.input_id === input.input_id);
        return {
          input_id: input.input_id,
          label: input.label,
          input_type: input.input_type,
          value: value?.value ?? null,
          file_id: value?.file_id ?? null,
        };
      });
      const risk = await deps.risk.riskOf(id);
      return {
        ...toView(
          row,
          risk.signals.filter((s) => !s.dismissed).map((s) => ({ kind: s.kind, reason: s.reason })),
        ),
        inputs,
        location: row.lead.location ?? null,
        postings: postings.map((p) => ({
          type: p.type,
          amount_paise: p.amount_paise,
          idempotency_key: p.idempotency_key,
          created_on: p.created_on.toISOString(),
        })),
        risk,
      };
    },

    /** The file ids a lead holds, so a reviewer may open them. */
    async leadFileIds(id: number): Promise<number[]> {
      return leadFileIds(db, id);
    },
  };
}
export type LeadVerificationService = ReturnType<typeof createLeadVerificationService>;
