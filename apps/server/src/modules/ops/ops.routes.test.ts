import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  auditEntrySchema,
  kycDocumentSchema,
  leadActionResultSchema,
  opsLeadDetailSchema,
  opsLeadSchema,
  opsUserSchema,
} from '@pmw/contract/ops';
import { z } from 'zod';
import { documents, formResponses, jobs, scheduledJobs, walletTransactions } from '../../db/schema/index';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { insertLead, loginSupportAgent, validForm, validProject, walletOf } from './ops-fixtures.test-helper';
import { createLeadExpiryJob } from './lead-expiry.job';
import { say } from '@pmw/contract/texts/said';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginOps(t);
});
afterAll(async () => t.close());

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: { cookie } });
const results = (res: Awaited<ReturnType<typeof post>>) => leadActionResultSchema.parse(body(res).data).results;

describe('permissions', () => {
  const calls: [string, string, object?][] = [
    ['GET', '/ops/leads'],
    ['GET', '/ops/leads/100000'],
    ['POST', '/ops/leads/approve', { form_response_ids: [1] }],
    ['POST', '/ops/leads/reject', { form_response_ids: [1], comment: 'no good' }],
    ['POST', '/ops/leads/needs-details', { form_response_ids: [1], comment: 'need pan' }],
    ['GET', '/ops/review/file?file_id=1'],
    ['GET', '/ops/jobs'],
    ['POST', '/ops/jobs/lead-expiry/run'],
    ['GET', '/ops/kyc'],
    ['POST', '/ops/kyc/1/status', { status: 1 }],
    ['GET', '/ops/users?q=asha'],
    ['POST', '/ops/users/102/block'],
    ['POST', '/ops/users/102/unblock'],
    ['GET', '/ops/audit'],
    ['GET', '/ops/projects'],
    ['GET', '/ops/projects/meta'],
    ['GET', '/ops/projects/201'],
    ['POST', '/ops/projects', validProject()],
    ['PUT', '/ops/projects/201', validProject()],
    ['PUT', '/ops/projects/201/form', validForm()],
    ['POST', '/ops/employers', { employer_name: 'X Ltd' }],
  ];
  it('the support role is refused every admin route (403)', async () => {
    const support = await loginSupportAgent(t);
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({
        method: method as 'GET',
        url: `/api/v2${url}`,
        headers: { cookie: support },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(body(res).code).toBe('FORBIDDEN');
    }
  });
  it('a partner session, or none, is refused everything (401)', async () => {
    const partner = await loginWorker(t, '9876500001');
    for (const cookie of [partner, '']) {
      for (const [method, url, payload] of calls) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: `/api/v2${url}`,
          headers: { cookie },
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    }
  });
});

describe('lead verification', () => {
  it('lists the queue with filters and shows a lead with its inputs', async () => {
    const id = await insertLead(t, { payout_paise: 12_300 });
    const res = await get('/ops/leads?status=0&job_id=201&partner_user_id=101', admin);
    const data = z.object({ count: z.number(), rows: z.array(opsLeadSchema) }).parse(body(res).data);
    expect(data.rows.map((r) => r.form_response_id)).toContain(id);
    expect(data.rows.every((r) => r.status === 0 && r.job_id === 201)).toBe(true);
    const one = opsLeadDetailSchema.parse(body(await get(`/ops/leads/${id}`, admin)).data);
    expect(one).toMatchObject({ form_response_id: id, partner_name: 'Asha Verma', payout_paise: 12_300 });
    expect(one.inputs.length).toBeGreaterThan(0);
    expect((await get('/ops/leads/99999999', admin)).statusCode).toBe(404);
    expect((await get('/ops/leads?from=21-11-2026', admin)).statusCode).toBe(400);
  });

  it('approving credits the partner once, however often it is asked', async () => {
    const before = await walletOf(t, 101);
    const id = await insertLead(t, { payout_paise: 50_000 });
    const first = results(await post('/ops/leads/approve', admin, { form_response_ids: [id] }));
    expect(first).toEqual([{ form_response_id: id, ok: true, changed: true, message: 'Approved' }]);
    const again = results(await post('/ops/leads/approve', admin, { form_response_ids: [id, id] }));
    expect(again).toEqual([{ form_response_id: id, ok: true, changed: false, message: 'Already approved' }]);
    const after = await walletOf(t, 101);
    expect(after.balance - before.balance).toBe(50_000);
    expect(after.earned - before.earned).toBe(50_000);
    const [credit] = await t.database.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.idempotency_key, `lead:${id}:credit:1`));
    expect(credit).toMatchObject({ user_id: 101, type: 1, amount_paise: 50_000, ref_type: 'LEAD', ref_id: String(id), created_by: 100 });
  });

  it('parallel approvals by two admins credit once', async () => {
    const second = await loginOps(t);
    const before = await walletOf(t, 101);
    const ids = await Promise.all([1, 2, 3, 4].map(() => insertLead(t, { payout_paise: 10_000 })));
    const answers = await Promise.all(
      [admin, second, admin, second, admin, second].map((cookie) => post('/ops/leads/approve', cookie, { form_response_ids: ids })),
    );
    const changed = answers.flatMap((a) => results(a)).filter((r) => r.changed).length;
    expect(changed).toBe(4);
    expect((await walletOf(t, 101)).balance - before.balance).toBe(40_000);
    expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
  });

  it('credits the team member when the lead has no partner', async () => {
    const id = await insertLead(t, { partner_user_id: null, team_member_user_id: 102, payout_paise: 7_000 });
    const before = await walletOf(t, 102);
    results(await post('/ops/leads/approve', admin, { form_response_ids: [id] }));
    expect((await walletOf(t, 102)).balance - before.balance).toBe(7_000);
  });

  it("names the field agent of a team lead, in the queue and the lead's details", async () => {
    const id = await insertLead(t, { partner_user_id: null, team_member_user_id: 102, payout_paise: 7_000 });
    const queue = z.object({ rows: z.array(opsLeadSchema) }).parse(body(await get('/ops/leads?limit=100', admin)).data);
    expect(queue.rows.find((r) => r.form_response_id === id)?.team_member_name).toBe('Ravi Kumar');
    expect(opsLeadDetailSchema.parse(body(await get(`/ops/leads/${id}`, admin)).data).team_member_name).toBe('Ravi Kumar');
  });

  it('rejecting an approved lead reverses the credit; approving again credits with the next key', async () => {
    const id = await insertLead(t, { payout_paise: 20_000 });
    const start = await walletOf(t, 101);
    await post('/ops/leads/approve', admin, { form_response_ids: [id] });
    const rej = await post('/ops/leads/reject', admin, { form_response_ids: [id], comment: 'Customer did not complete KYC' });
    expect(results(rej)[0]).toMatchObject({ ok: true, changed: true, message: 'Rejected; the credit was reversed' });
    const mid = await walletOf(t, 101);
    expect(mid).toEqual(start);
    const [lead] = await t.database.db.select().from(formResponses).where(eq(formResponses.form_response_id, id));
    expect(lead).toMatchObject({ status: 2, status_comment: 'Customer did not complete KYC' });
    await post('/ops/leads/approve', admin, { form_response_ids: [id] });
    expect((await walletOf(t, 101)).balance - start.balance).toBe(20_000);
    const keys = (
      await t.database.db
        .select()
        .from(walletTransactions)
        .where(eq(walletTransactions.ref_id, String(id)))
    )
      .map((r) => r.idempotency_key)
      .sort();
    expect(keys).toEqual([`lead:${id}:credit:1`, `lead:${id}:credit:2`, `lead:${id}:reversal:1`]);
    const detail = opsLeadDetailSchema.parse(body(await get(`/ops/leads/${id}`, admin)).data);
    expect(detail.postings).toHaveLength(3);
  });

  it("the wallet's entries for an approval and its reversal name the project", async () => {
    const id = await insertLead(t, { payout_paise: 15_000 });
    const [job] = await t.database.db.select({ title: jobs.job_title }).from(jobs).where(eq(jobs.job_id, 201));
    await post('/ops/leads/approve', admin, { form_response_ids: [id] });
    await post('/ops/leads/reject', admin, { form_response_ids: [id], comment: 'Customer withdrew' });
    const reasons = (
      await t.database.db
        .select()
        .from(walletTransactions)
        .where(eq(walletTransactions.ref_id, String(id)))
        .orderBy(walletTransactions.wallet_transaction_id)
    ).map((r) => r.reason);
    expect(reasons).toEqual([`Lead approved: ${job!.title}`, `Lead rejected after approval: ${job!.title}`]);
  });

  it('rejecting a pending lead posts nothing; a comment is required', async () => {
    const id = await insertLead(t);
    expect((await post('/ops/leads/reject', admin, { form_response_ids: [id], comment: '' })).statusCode).toBe(400);
    expect(results(await post('/ops/leads/reject', admin, { form_response_ids: [id], comment: 'Duplicate customer' }))[0]!.message).toBe(
      'Rejected',
    );
    expect(
      await t.database.db
        .select()
        .from(walletTransactions)
        .where(eq(walletTransactions.ref_id, String(id))),
    ).toEqual([]);
  });

  it('needs details sets sub_status 1 on pending leads only; bulk reports each lead', async () => {
    const pending = await insertLead(t);
    const approved = await insertLead(t);
    await post('/ops/leads/approve', admin, { form_response_ids: [approved] });
    const res = await post('/ops/leads/needs-details', admin, {
      form_response_ids: [pending, approved, 99999999],
      comment: 'Add the PAN photo',
    });
    expect(body(res).message).toBe('1 sent back for details, 2 could not be changed');
    expect(results(res)).toEqual([
      { form_response_id: pending, ok: true, changed: true, message: 'Sent back for details' },
      { form_response_id: approved, ok: false, changed: false, message: 'Only a pending lead can be sent back for details' },
      { form_response_id: 99999999, ok: false, changed: false, message: 'Lead not found' },
    ]);
    const [lead] = await t.database.db.select().from(formResponses).where(eq(formResponses.form_response_id, pending));
    expect(lead).toMatchObject({ status: 0, sub_status: 1, status_comment: 'Add the PAN photo' });
  });

  it('refuses a reversal that would take the wallet below zero and leaves the lead approved', async () => {
    const id = await insertLead(t, { partner_user_id: 102, payout_paise: 5_000 });
    await post('/ops/leads/approve', admin, { form_response_ids: [id] });
    const bal = (await walletOf(t, 102)).balance;
    await t.services.wallet.post({
      user_id: 102,
      type: 2,
      amount_paise: bal,
      reason: say('wallet.payout'),
      idempotency_key: `test:drain:${id}`,
    });
    const res = results(await post('/ops/leads/reject', admin, { form_response_ids: [id], comment: 'Fraudulent lead' }));
    expect(res[0]).toMatchObject({ ok: false, message: 'Insufficient wallet balance' });
    const [lead] = await t.database.db.select().from(formResponses).where(eq(formResponses.form_response_id, id));
    expect(lead!.status).toBe(1);
  });

  it('writes the audit log, which admins filter', async () => {
    const id = await insertLead(t);
    await post('/ops/leads/approve', admin, { form_response_ids: [id] });
    const res = await get(`/ops/audit?entity_type=lead&entity_id=${id}`, admin);
    const rows = z.array(auditEntrySchema).parse((body(res).data as { rows: unknown }).rows);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_user_id: 100,
      actor_name: 'Priya',
      action: 'lead.approve',
      before: { status: 0 },
      after: { status: 1, credited_paise: 50_000, payee_user_id: 101 },
    });
  });
});

describe('lead expiry', () => {
  it('expires pending leads older than the project validity, once, and keeps its schedule in the database', async () => {
    await t.database.db.update(jobs).set({ validity_days: 10 }).where(eq(jobs.job_id, 202));
    const old = await insertLead(t, { job_id: 202, created_on: new Date(Date.now() - 11 * 86_400_000) });
    const young = await insertLead(t, { job_id: 202, created_on: new Date(Date.now() - 9 * 86_400_000) });
    const oldApproved = await insertLead(t, { job_id: 202, created_on: new Date(Date.now() - 40 * 86_400_000), status: 1 });
    // Two "processes" (job instances) at once: one runs, the other finds it done or locked.
    const a = createLeadExpiryJob({ db: t.database.db, audit: t.services.ops.audit, intervalMs: 3_600_000 });
    const b = createLeadExpiryJob({ db: t.database.db, audit: t.services.ops.audit, intervalMs: 3_600_000 });
    const runs = await Promise.all([a.runIfDue(), b.runIfDue()]);
    expect(runs.filter((r) => r.ran)).toHaveLength(1);
    const status = async (id: number) =>
      (await t.database.db.select().from(formResponses).where(eq(formResponses.form_response_id, id)))[0]!.archive_status;
    expect([await status(old), await status(young), await status(oldApproved)]).toEqual([1, 0, 0]);
    // A "restarted" job reads the schedule and does not run before it is due.
    const restarted = createLeadExpiryJob({ db: t.database.db, audit: t.services.ops.audit, intervalMs: 3_600_000 });
    expect(await restarted.runIfDue()).toEqual({ ran: false, expired: 0 });
    const [state] = await t.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'lead-expiry'));
    expect(state!.next_run_at.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
    // An admin can run it now.
    const forced = await post('/ops/jobs/lead-expiry/run', admin);
    expect(body(forced).data).toEqual({ ran: true, expired: 0 });
    const jobsList = await get('/ops/jobs', admin);
    expect((body(jobsList).data as { name: string }[]).map((j) => j.name)).toContain('lead-expiry');
  });

  it('runs on its own in a server that listens (the job starts with listening, once the database is migrated)', async () => {
    const listening = await createTestApp({ LEAD_EXPIRY_INTERVAL_MINUTES: '60' });
    try {
      const lead = await insertLead(listening, { job_id: 202, created_on: new Date(Date.now() - 400 * 86_400_000) });
      await listening.app.listen({ port: 0, host: '127.0.0.1' });
      await vi.waitFor(
        async () => {
          const [row] = await listening.database.db.select().from(formResponses).where(eq(formResponses.form_response_id, lead));
          expect(row!.archive_status).toBe(1);
        },
        { timeout: 15_000, interval: 100 },
      );
    } finally {
      await listening.close();
    }
  });
});

describe('people', () => {
  it('KYC review: verify, or reject with a reason the owner sees', async () => {
    await t.database.db.update(documents).set({ status: 0 }).where(eq(documents.user_id, 101));
    const queue = body<{ rows: unknown[] }>(await get('/ops/kyc?status=0', admin)).data.rows.map((r) => kycDocumentSchema.parse(r));
    const pan = queue.find((d) => d.user_id === 101 && d.type === 'PAN')!;
    expect(pan).toMatchObject({ first_name: 'Asha', mobile: '9876500001', number: 'XXXXXX821M' });
    expect((await post(`/ops/kyc/${pan.document_id}/status`, admin, { status: 2 })).statusCode).toBe(400);
    const rejected = await post(`/ops/kyc/${pan.document_id}/status`, admin, { status: 2, reason: 'Photo is blurred' });
    expect(kycDocumentSchema.parse(body(rejected).data)).toMatchObject({ status: 2, reject_reason: 'Photo is blurred' });
    expect((await t.services.documents.list(101)).find((d) => d.type === 'PAN')).toMatchObject({
      status: 2,
      reject_reason: 'Photo is blurred',
    });
    const verified = await post(`/ops/kyc/${pan.document_id}/status`, admin, { status: 1 });
    expect(kycDocumentSchema.parse(body(verified).data)).toMatchObject({ status: 1, reject_reason: null });
    expect((await post('/ops/kyc/99999999/status', admin, { status: 1 })).statusCode).toBe(404);
  });

  it('searches users by mobile, name or PMW id', async () => {
    const find = async (q: string) =>
      z.array(opsUserSchema).parse(body<{ rows: unknown }>(await get(`/ops/users?q=${encodeURIComponent(q)}`, admin)).data.rows);
    expect((await find('9876500001')).map((u) => u.user_id)).toEqual([101]);
    expect((await find('asha')).map((u) => u.user_id)).toContain(101);
    expect((await find('PMW102')).map((u) => u.user_id)).toContain(102);
    expect((await find('Priya'))[0]).toMatchObject({ user_id: 100, is_ops: true, pmw_id: 'PMW100' });
  });

  it('blocking ends the person’s sessions; unblocking lets them log in again', async () => {
    const ravi = await loginWorker(t, '9876500002');
    expect((await get('/partner/user/get', ravi)).statusCode).toBe(200);
    const blocked = await post('/ops/users/102/block', admin);
    expect(opsUserSchema.parse(body(blocked).data).blocked).toBe(true);
    // Signed out: who-am-I answers nobody, and signed-in calls a 401.
    expect(body(await get('/partner/user/get', ravi)).data).toBeNull();
    expect((await get('/partner/wallet/amount/fetch', ravi)).statusCode).toBe(401);
    expect(body(await post('/ops/users/100/block', admin)).message).toBe('You cannot block yourself');
    const unblocked = await post('/ops/users/102/unblock', admin);
    expect(opsUserSchema.parse(body(unblocked).data).blocked).toBe(false);
    const again = await loginWorker(t, '9876500002');
    expect((await get('/partner/user/get', again)).statusCode).toBe(200);
    const audit = body<{ rows: { action: string }[] }>(await get('/ops/audit?entity_type=user&entity_id=102', admin)).data.rows.map(
      (r) => r.action,
    );
    expect(audit).toEqual(['user.unblock', 'user.block']);
  });
});
