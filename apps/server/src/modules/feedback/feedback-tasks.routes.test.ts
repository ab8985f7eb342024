import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { opsFeedbackTaskListSchema, opsFeedbackTaskSchema, parseFeedbackLink } from '@pmw/contract/feedback';
import { opsProjectSchema } from '@pmw/contract/ops-projects';
import { jobTasks, jobs, mobileLocales } from '../../db/schema/index';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { insertLead, loginSupportAgent, pastUndoWindow, validProject } from '../ops/ops-fixtures.test-helper';
import { makePageBuild } from '../../../test/web-build';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  // The /fb page needs a web build; the unit tests run before the web app is built.
  // The link goes through the notification outbox: sent at once when the worker looks, given up after one try.
  t = await createTestApp({ WEB_DIST_DIR: makePageBuild('fb'), NOTIFY_MERGE_SECONDS: '0', NOTIFY_MAX_ATTEMPTS: '1' });
  admin = await loginOps(t);
  await t.database.db.update(jobs).set({ asks_merchant_feedback: true }).where(eq(jobs.job_id, 201));
});
afterAll(async () => t.close());

const post = (url: string, payload?: object, cookie = admin) =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const get = (url: string, cookie = admin) => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: { cookie } });
const outbox = async (mobile: string) => body<{ text: string }[]>(await get(`/dev/outbox?mobile=${mobile}`)).data;
const tasksOf = async () => opsFeedbackTaskListSchema.parse(body(await get('/ops/feedback/tasks?limit=100')).data).rows;
const opsOutbox = async (mobile: string) =>
  body<{ rows: { outbox_id: number; mobile: string; kind: string; state: string; gateway_answer: string | null }[] }>(
    await get('/ops/notifications?kind=merchant_feedback_link&limit=100'),
  ).data.rows.filter((r) => r.mobile === mobile);
/** Runs the outbox until nothing is due (a failure given up queues nothing more), once the approvals' undo window has passed. */
const drain = async () => {
  while ((await t.services.outbox.runOnce(pastUndoWindow())) > 0);
};
async function failingSms<T>(fn: () => Promise<T>): Promise<T> {
  const realSend = t.services.providers.sms.send;
  t.services.providers.sms.send = async () => {
    throw new Error('SMS gateway answered 503');
  };
  try {
    return await fn();
  } finally {
    t.services.providers.sms.send = realSend;
  }
}
const mobileOf = async (leadId: number) =>
  (await t.database.db.query.formResponses.findFirst({ where: (f, { eq: e }) => e(f.form_response_id, leadId) }))!.customer_mobile!;

describe('feedback tasks from approved leads', () => {
  it('keeps the project setting asks_merchant_feedback', async () => {
    const res = await post('/ops/projects', validProject({ job_title: 'Feedback Asking Project', asks_merchant_feedback: true }));
    expect(res.statusCode).toBe(200);
    expect(opsProjectSchema.parse(body(res).data).asks_merchant_feedback).toBe(true);
  });

  it('approval makes one task and queues the /fb link with it; the outbox texts it once, and it opens and takes a rating; re-approval makes no second one', async () => {
    const lead = await insertLead(t);
    const merchant = await mobileOf(lead);
    expect((await post('/ops/leads/approve', { form_response_ids: [lead] })).statusCode).toBe(200);
    // Queued with the approval, not yet sent.
    expect((await tasksOf()).filter((x) => x.form_response_id === lead)).toMatchObject([
      { state: 'NOT_SENT', sms_count: 1, sms_error: null },
    ]);
    expect(await opsOutbox(merchant)).toMatchObject([{ kind: 'merchant_feedback_link', state: 'queued' }]);
    expect(await outbox(merchant)).toHaveLength(0);
    await drain();
    const mine = (await tasksOf()).filter((x) => x.form_response_id === lead);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ merchant_mobile: merchant, user_id: 101, state: 'SENT', sms_count: 1, rating: null });
    expect(await opsOutbox(merchant)).toMatchObject([{ state: 'sent' }]);

    const sms = await outbox(merchant);
    expect(sms).toHaveLength(1);
    const path = /(\/fb\/\S+)/.exec(sms[0]!.text)![1]!;
    expect(sms[0]!.text).toContain('Please rate their work');
    const [, , taskId, refValue, userId, otp] = path.split('/');
    const link = parseFeedbackLink({
      jobTaskId: taskId,
      refValue: decodeURIComponent(refValue!),
      userId: decodeURIComponent(userId!),
      otp: decodeURIComponent(otp!),
    })!;
    expect(link).toMatchObject({ job_task_id: mine[0]!.job_task_id, ref_value: merchant, user_id: 101 });

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect((await tasksOf()).find((x) => x.form_response_id === lead)!.state).toBe('OPENED');
    const rated = await post(
      '/feedback/response/add',
      { rating: 5, entity_type: 'JOB_TASK', entity_id: link.job_task_id, ref_type: 'MERCHANT_MOBILE', ref_value: merchant, otp: link.otp },
      '',
    );
    expect(rated.statusCode).toBe(200);
    expect((await tasksOf()).find((x) => x.form_response_id === lead)).toMatchObject({ state: 'RATED', rating: 5 });

    expect((await post('/ops/leads/reject', { form_response_ids: [lead], comment: 'Customer cancelled' })).statusCode).toBe(200);
    expect((await post('/ops/leads/approve', { form_response_ids: [lead] })).statusCode).toBe(200);
    await drain();
    expect((await tasksOf()).filter((x) => x.form_response_id === lead)).toHaveLength(1);
    expect(await outbox(merchant)).toHaveLength(1);
    expect(await opsOutbox(merchant)).toHaveLength(1);
  });

  it('texts in the merchant’s language when known', async () => {
    const lead = await insertLead(t);
    const merchant = await mobileOf(lead);
    await t.database.db.insert(mobileLocales).values({ mobile: merchant, locale: 'hi' });
    await post('/ops/leads/approve', { form_response_ids: [lead] });
    await drain();
    expect((await outbox(merchant))[0]!.text).toContain('कृपया उनके काम को रेटिंग दें');
  });

  it('makes no task on a project that does not ask', async () => {
    const lead = await insertLead(t, { job_id: 202 });
    await post('/ops/leads/approve', { form_response_ids: [lead] });
    expect((await tasksOf()).filter((x) => x.form_response_id === lead)).toHaveLength(0);
  });

  it('a failed send shows as not sent with the gateway’s answer; the Notifications page sends it again, once', async () => {
    const lead = await insertLead(t);
    const merchant = await mobileOf(lead);
    await post('/ops/leads/approve', { form_response_ids: [lead] });
    await failingSms(drain);
    const failed = (await tasksOf()).find((x) => x.form_response_id === lead)!;
    expect(failed).toMatchObject({ state: 'NOT_SENT', sms_error: 'SMS gateway answered 503', sms_sent_at: null });
    const [row] = await opsOutbox(merchant);
    expect(row).toMatchObject({ state: 'failed', gateway_answer: 'SMS gateway answered 503' });

    expect((await post(`/ops/notifications/${row!.outbox_id}/resend`)).statusCode).toBe(200);
    await drain();
    expect((await tasksOf()).find((x) => x.form_response_id === lead)).toMatchObject({ state: 'SENT', sms_error: null, sms_count: 1 });
    expect(await outbox(merchant)).toHaveLength(1);
    expect(await opsOutbox(merchant)).toMatchObject([{ state: 'sent' }]);
    expect((await post(`/ops/notifications/${row!.outbox_id}/resend`)).statusCode).toBe(409);
  });

  it('Send again on the feedback page queues the link again, rate limited and audited', async () => {
    const lead = await insertLead(t);
    const merchant = await mobileOf(lead);
    await post('/ops/leads/approve', { form_response_ids: [lead] });
    await failingSms(drain);
    const failed = (await tasksOf()).find((x) => x.form_response_id === lead)!;
    // The first send was queued with the approval just now: Send again waits its minutes.
    const tooSoon = await post(`/ops/feedback/tasks/${failed.job_task_id}/send`);
    expect(tooSoon.statusCode).toBe(429);
    expect(body(tooSoon).message).toBe('This link was sent a few minutes ago. Please wait before sending it again.');
    await t.database.db
      .update(jobTasks)
      .set({ sms_queued_at: new Date(Date.now() - 3_600_000) })
      .where(eq(jobTasks.job_task_id, failed.job_task_id));

    const res = await post(`/ops/feedback/tasks/${failed.job_task_id}/send`);
    expect(res.statusCode).toBe(200);
    expect(opsFeedbackTaskSchema.parse(body(res).data)).toMatchObject({ state: 'NOT_SENT', sms_error: null, sms_count: 2 });
    await drain();
    expect((await tasksOf()).find((x) => x.form_response_id === lead)).toMatchObject({ state: 'SENT', sms_error: null, sms_count: 2 });
    expect(await outbox(merchant)).toHaveLength(1);
    expect((await opsOutbox(merchant)).map((r) => r.state)).toEqual(['sent', 'failed']);

    const again = await post(`/ops/feedback/tasks/${failed.job_task_id}/send`);
    expect(again.statusCode).toBe(429);
    const audit = body<{ rows: { action: string }[] }>(await get(`/ops/audit?entity_type=job_task&entity_id=${failed.job_task_id}`)).data
      .rows;
    expect(audit.map((a) => a.action)).toEqual(['feedback_task.resend']);
  });

  it('two clicks on Send again at once queue the link once', async () => {
    const lead = await insertLead(t);
    const merchant = await mobileOf(lead);
    await post('/ops/leads/approve', { form_response_ids: [lead] });
    await failingSms(drain);
    const task = (await tasksOf()).find((x) => x.form_response_id === lead)!;
    await t.database.db.update(jobTasks).set({ sms_queued_at: null }).where(eq(jobTasks.job_task_id, task.job_task_id));
    const codes = (
      await Promise.all([post(`/ops/feedback/tasks/${task.job_task_id}/send`), post(`/ops/feedback/tasks/${task.job_task_id}/send`)])
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 429]);
    await drain();
    expect(await outbox(merchant)).toHaveLength(1);
    expect(await opsOutbox(merchant)).toHaveLength(2);
  });

  it('answers 404 for an unknown task and refuses support agents and partners', async () => {
    expect((await post('/ops/feedback/tasks/99999999/send')).statusCode).toBe(404);
    expect((await post('/ops/feedback/tasks/abc/send')).statusCode).toBe(400);
    const support = await loginSupportAgent(t);
    expect((await post('/ops/feedback/tasks/5001/send', undefined, support)).statusCode).toBe(403);
    expect((await get('/ops/feedback/tasks', support)).statusCode).toBe(403);
    expect((await get('/ops/feedback/tasks', await loginWorker(t, '9876500001'))).statusCode).toBe(401);
  });

  it('lists demo tasks too', async () => {
    const demo = (await tasksOf()).find((x) => x.job_task_id === 5002);
    expect(demo).toMatchObject({ state: 'RATED', form_response_id: null });
    expect(await t.database.db.select().from(jobTasks).where(eq(jobTasks.job_task_id, 5001))).toHaveLength(1);
  });
});
