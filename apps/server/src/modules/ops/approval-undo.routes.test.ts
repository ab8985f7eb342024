import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  APPROVAL_UNDO_GRACE_SECONDS,
  APPROVAL_UNDO_SECONDS,
  LEAD_ACTION_APPROVAL_UNDONE,
  leadActionResultSchema,
  payoutRunDetailSchema,
} from '@pmw/contract/ops';
import { LEAD_STATUS } from '@pmw/contract/lead-status';
import { FEEDBACK_ENTITY_TYPE, FEEDBACK_REF_TYPE } from '@pmw/contract/feedback';
import {
  auditLog,
  formResponses,
  jobTasks,
  jobs,
  notificationOutbox,
  notifications,
  users,
  walletTransactions,
} from '../../db/schema/index';
import { body, createTestApp, loginOps, type TestApp } from '../../../test/test-app';
import { insertLead, walletOf } from './ops-fixtures.test-helper';

let t: TestApp;
let ops: string;
/** A partner who is paid out: a PAN and a verified default bank. */
const PARTNER = 4501;

beforeAll(async () => {
  t = await createTestApp();
  ops = await loginOps(t);
  await t.database.db.insert(users).values({ user_id: PARTNER, mobile: '9876504501', first_name: 'Usha' });
  await t.services.documents.add({ kind: 'worker', id: PARTNER }, { user_id: PARTNER, type: 'PAN', number: 'ABCPU4501K' });
  const bank = await t.services.banks.add(PARTNER, { ifsc_code: 'HDFC0000001', account_no: '501009999904501' });
  await t.services.banks.setStatus(bank.bank_detail_id, 1);
  // Its leads' approvals text the merchant (the lead's customer) a feedback link too.
  await t.database.db.update(jobs).set({ asks_merchant_feedback: true }).where(eq(jobs.job_id, 201));
});
afterAll(async () => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { cookie: ops }, payload });
const approve = async (ids: number[]) =>
  leadActionResultSchema.parse(body(await post('/ops/leads/approve', { form_response_ids: ids })).data);
const undo = async (ids: number[]) => {
  const res = await post('/ops/leads/approve/undo', { form_response_ids: ids });
  return { status: res.statusCode, message: body(res).message, ...leadActionResultSchema.parse(body(res).data) };
};
const leadOf = async (id: number) => (await t.database.db.select().from(formResponses).where(eq(formResponses.form_response_id, id)))[0]!;
const ledger = async (id: number) =>
  (
    await t.database.db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.ref_type, 'LEAD'), eq(walletTransactions.ref_id, String(id))))
      .orderBy(walletTransactions.wallet_transaction_id)
  ).map((p) => `${p.type === 1 ? '+' : '-'}${p.amount_paise} ${p.reason}`);
/** Moves the lead's newest approval back in time, as if it had been made `seconds` ago. */
const approvedAgo = (id: number, seconds: number) =>
  t.database.db.execute(
    sql`update audit_log set created_on = now() - make_interval(secs => ${seconds}) where audit_id = (select max(audit_id) from audit_log where entity_type = 'lead' and entity_id = ${String(id)} and action = 'lead.approve')`,
  );

/** The texts an approval of the lead queued: the partner's notice (SMS, or WhatsApp, and push) and the merchant's link. */
const textsOf = async (id: number) => {
  const lead = await leadOf(id);
  const rows = await t.database.db.select().from(notificationOutbox).orderBy(notificationOutbox.outbox_id);
  return rows
    .filter(
      (r) =>
        (r.kind === 'lead_approved' && r.data.lead_id === id) || (r.kind === 'merchant_feedback_link' && r.mobile === lead.customer_mobile),
    )
    .map((r) => ({ kind: r.kind, state: r.state, gateway_answer: r.gateway_answer }))
    .sort((a, b) => a.kind.localeCompare(b.kind));
};
const bellOf = async (id: number) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.user_id, PARTNER))).filter(
    (n) => n.kind === 'lead_approved' && n.link?.endsWith(`search=${id}`),
  );
const taskOf = async (id: number) => (await t.database.db.select().from(jobTasks).where(eq(jobTasks.form_response_id, id)))[0];
/** The merchant opening the feedback link of the task. */
const openLink = async (task: typeof jobTasks.$inferSelect) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v2/feedback/task/fetch?entity_type=${FEEDBACK_ENTITY_TYPE}&entity_id=${task.job_task_id}&ref_type=${FEEDBACK_REF_TYPE}&ref_value=${task.merchant_mobile}&user_id=${task.user_id}&otp=${task.otp}`,
  });
/** One round of the outbox worker as if run `seconds` from now. */
const sendAfter = (seconds: number) => t.services.outbox.runOnce(new Date(Date.now() + seconds * 1000));

describe('what an approval tells people waits out the undo window', () => {
  it('the partner’s notice and the merchant’s link are not sent before the window and its grace have passed', async () => {
    const id = await insertLead(t, { partner_user_id: PARTNER, payout_paise: 15_000 });
    await approve([id]);
    expect(await bellOf(id)).toHaveLength(1);
    expect(await textsOf(id)).toEqual([
      { kind: 'lead_approved', state: 'queued', gateway_answer: null },
      { kind: 'merchant_feedback_link', state: 'queued', gateway_answer: null },
    ]);
    // Ten seconds and most of the grace later, still held.
    await sendAfter(APPROVAL_UNDO_SECONDS + APPROVAL_UNDO_GRACE_SECONDS - 2);
    expect((await textsOf(id)).map((x) => x.state)).toEqual(['queued', 'queued']);
    await sendAfter(APPROVAL_UNDO_SECONDS + APPROVAL_UNDO_GRACE_SECONDS + 2);
    expect((await textsOf(id)).map((x) => x.state)).toEqual(['sent', 'sent']);
  });

  it('an undo takes them back: nothing is sent, the bell forgets it, the feedback link no longer opens', async () => {
    const id = await insertLead(t, { partner_user_id: PARTNER, payout_paise: 15_000 });
    await approve([id]);
    const task = (await taskOf(id))!;
    expect((await openLink(task)).statusCode).toBe(200);

    expect((await undo([id])).results[0]).toMatchObject({ ok: true, changed: true });
    const withdrawn = { state: 'skipped', gateway_answer: 'Withdrawn: the approval was undone' };
    expect(await textsOf(id)).toEqual([
      { kind: 'lead_approved', ...withdrawn },
      { kind: 'merchant_feedback_link', ...withdrawn },
    ]);
    expect(await bellOf(id)).toEqual([]);
    expect(await taskOf(id)).toBeUndefined();
    const dead = await openLink(task);
    expect(dead.statusCode).toBe(404);
    expect(body(dead).message).toBe('This feedback link is not valid');
    await sendAfter(3_600);
    expect((await textsOf(id)).map((x) => x.state)).toEqual(['skipped', 'skipped']);

    // Approved again, it tells them again (a new task and link), held as before.
    await approve([id]);
    expect(await bellOf(id)).toHaveLength(1);
    expect((await textsOf(id)).map((x) => `${x.kind} ${x.state}`)).toEqual([
      'lead_approved skipped',
      'lead_approved queued',
      'merchant_feedback_link skipped',
      'merchant_feedback_link queued',
    ]);
    expect((await taskOf(id))?.job_task_id).not.toBe(task.job_task_id);
  });

  it('an undo is refused once the outbox has taken a held text (the window has just passed), and nothing moves', async () => {
    const id = await insertLead(t, { partner_user_id: PARTNER, payout_paise: 15_000 });
    await approve([id]);
    await sendAfter(APPROVAL_UNDO_SECONDS + APPROVAL_UNDO_GRACE_SECONDS + 1);
    const late = await undo([id]);
    expect(late.results[0]).toMatchObject({
      ok: false,
      message: 'Too late to undo this approval: reject the lead instead (its credit is reversed)',
    });
    expect((await leadOf(id)).status).toBe(LEAD_STATUS.approved);
    expect(await ledger(id)).toHaveLength(1);
    expect(await bellOf(id)).toHaveLength(1);
    expect(await taskOf(id)).toBeDefined();
  });

  it('a rejection within the window takes back the approval’s notice, so the partner is not told approved after rejected', async () => {
    const id = await insertLead(t, { partner_user_id: PARTNER, payout_paise: 15_000 });
    await approve([id]);
    await post('/ops/leads/reject', { form_response_ids: [id], comment: 'Wrong customer' });
    expect((await textsOf(id)).find((x) => x.kind === 'lead_approved')).toEqual({
      kind: 'lead_approved',
      state: 'skipped',
      gateway_answer: 'Withdrawn: the lead was rejected',
    });
    const rejected = (await t.database.db.select().from(notificationOutbox)).filter(
      (r) => r.kind === 'lead_rejected' && r.data.lead_id === id,
    );
    expect(rejected.map((r) => r.state)).toEqual(['queued']);
  });
});

describe('undoing an approval', () => {
  it("names the project in the partner's ledger line (not an object's text)", async () => {
    const id = await insertLead(t, { partner_user_id: PARTNER, payout_paise: 12_000 });
    await approve([id]);
    expect(await ledger(id)).toEqual(['+12000 Lead approved: Sahyog Platinum Credit Card']);
  });

  it('within the window puts the lead back as it was and reverses its credit once, through the ledger', async () => {
    const id = await insertLead(t, { partner_user_id: PARTNER, payout_paise: 50_000 });
    const before = await walletOf(t, PARTNER);
    await approve([id]);
    expect((await walletOf(t, PARTNER)).balance).toBe(before.balance + 50_000);

    const undone = await undo([id]);
    expect(undone.status).toBe(200);
    expect(undone.message).toBe('1 undone');
    expect(undone.results).toEqual([
      { form_response_id: id, ok: true, changed: true, message: 'Approval undone; the credit was reversed' },
    ]);
    expect(await leadOf(id)).toMatchObject({ status: LEAD_STATUS.pending, sub_status: 0, status_comment: null });
    expect(await walletOf(t, PARTNER)).toEqual(before);
    expect(await ledger(id)).toEqual([
      '+50000 Lead approved: Sahyog Platinum Credit Card',
      '-50000 Lead approval undone: Sahyog Platinum Credit Card',
    ]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(id)), eq(auditLog.action, LEAD_ACTION_APPROVAL_UNDONE)));
    expect(entry?.after).toMatchObject({ status: LEAD_STATUS.pending, reversed_paise: 50_000 });

    // Undoing again finds no approval; nothing moves.
    const again = await undo([id]);
    expect(again.results[0]).toMatchObject({
      ok: false,
      changed: false,
      message: 'This lead is not approved now: there is no approval to undo',
    });
    expect(await ledger(id)).toHaveLength(2);

    // Approved again, it is credited again, once; and that approval can be undone too.
    await approve([id]);
    await approve([id]);
    expect(await ledger(id)).toHaveLength(3);
    await undo([id]);
    expect(await ledger(id)).toHaveLength(4);
    expect(await walletOf(t, PARTNER)).toEqual(before);
  });

  it('puts a lead approved after a rejection back to rejected, with its comment', async () => {
    const id = await insertLead(t, { partner_user_id: PARTNER, payout_paise: 10_000 });
    await post('/ops/leads/reject', { form_response_ids: [id], comment: 'Blurred form photo' });
    await approve([id]);
    await undo([id]);
    expect(await leadOf(id)).toMatchObject({ status: LEAD_STATUS.rejected, status_comment: 'Blurred form photo' });
  });

  it('after the window is refused and points to rejecting the lead', async () => {
    const id = await insertLead(t, { partner_user_id: PARTNER, payout_paise: 20_000 });
    await approve([id]);
    await approvedAgo(id, 60);
    const late = await undo([id]);
    expect(late.message).toBe('0 undone, 1 could not be changed');
    expect(late.results[0]).toMatchObject({
      ok: false,
      message: 'Too late to undo this approval: reject the lead instead (its credit is reversed)',
    });
    expect((await leadOf(id)).status).toBe(LEAD_STATUS.approved);
    expect(await ledger(id)).toHaveLength(1);
  });

  it('is refused once a payout run has paid the credit out, and the lead stays approved', async () => {
    const id = await insertLead(t, { partner_user_id: PARTNER, payout_paise: 30_000 });
    await approve([id]);
    const run = payoutRunDetailSchema.parse(
      body(await post('/ops/payouts/runs', { request_key: `undo-paid-${id}`, user_ids: [PARTNER] })).data,
    );
    expect(run.paid_count).toBe(1);
    const refused = await undo([id]);
    expect(refused.results[0]).toMatchObject({
      ok: false,
      message: 'Its credit was already paid out in a payout run: it cannot be undone; reject the lead to take the money back',
    });
    expect((await leadOf(id)).status).toBe(LEAD_STATUS.approved);
    expect(await ledger(id)).toHaveLength(1);
    expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
  });

  it('answers each lead of a selection, in the order asked', async () => {
    const a = await insertLead(t, { partner_user_id: PARTNER, payout_paise: 5_000 });
    const b = await insertLead(t, { partner_user_id: PARTNER, payout_paise: 5_000 });
    await approve([a]);
    const r = await undo([b, a]);
    expect(r.results.map((x) => [x.form_response_id, x.ok])).toEqual([
      [b, false],
      [a, true],
    ]);
    expect((await post('/ops/leads/approve/undo', { form_response_ids: [] })).statusCode).toBe(400);
  });
});
