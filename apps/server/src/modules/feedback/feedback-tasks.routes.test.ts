import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { opsFeedbackTaskListSchema, opsFeedbackTaskSchema, parseFeedbackLink } from '@pmw/contract/feedback';
import { opsProjectSchema } from '@pmw/contract/ops-projects';
import { jobTasks, jobs, mobileLocales } from '../../db/schema/index';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { insertLead, loginSupportAgent, validProject } from '../ops/ops-fixtures.test-helper';
import { makePageBuild } from '../../../test/web-build';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  // The /fb page needs a web build; the unit tests run before the web app is built.
  t = await createTestApp({ WEB_DIST_DIR: makePageBuild('fb') });
  admin = await loginOps(t);
  await t.database.db.update(jobs).set({ asks_merchant_feedback: true }).where(eq(jobs.job_id, 201));
});
afterAll(async () => t.close());

const post = (url: string, payload?: object, cookie = admin) =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const get = (url: string, cookie = admin) => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: { cookie } });
const outbox = async (mobile: string) => body<{ text: string }[]>(await get(`/dev/outbox?mobile=${mobile}`)).data;
const tasksOf = async () => opsFeedbackTaskListSchema.parse(body(await get('/ops/feedback/tasks?limit=100')).data).rows;
const mobileOf = async (leadId: number) =>
  (await t.database.db.query.formResponses.findFirst({ where: (f, { eq: e }) => e(f.form_response_id, leadId) }))!.customer_mobile!;

describe('feedback tasks from approved leads', () => {
  it('keeps the project setting asks_merchant_feedback', async () => {
    const res = await post('/ops/projects', validProject({ job_title: 'Feedback Asking Project', asks_merchant_feedback: true }));
    expect(res.statusCode).toBe(200);
    expect(opsProjectSchema.parse(body(res).data).asks_merchant_feedback).toBe(true);
  });

  it('approval makes one task and texts the merchant the /fb link, which opens and takes a rating; re-approval makes no second one', async () => {
    const lead = await insertLead(t);
    const merchant = await mobileOf(lead);
    expect((await post('/ops/leads/approve', { form_response_ids: [lead] })).statusCode).toBe(200);
    const mine = (await tasksOf()).filter((x) => x.form_response_id === lead);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ merchant_mobile: merchant, user_id: 101, state: 'SENT', sms_count: 1, rating: null });

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
    expect((await tasksOf()).filter((x) => x.form_response_id === lead)).toHaveLength(1);
    expect(await outbox(merchant)).toHaveLength(1);
  });

  it('texts in the merchant’s language when known', async () => {
    const lead = await insertLead(t);
    const merchant = await mobileOf(lead);
    await t.database.db.insert(mobileLocales).values({ mobile: merchant, locale: 'hi' });
    await post('/ops/leads/approve', { form_response_ids: [lead] });
    expect((await outbox(merchant))[0]!.text).toContain('कृपया उनके काम को रेटिंग दें');
  });

  it('makes no task on a project that does not ask', async () => {
    const lead = await insertLead(t, { job_id: 202 });
    await post('/ops/leads/approve', { form_response_ids: [lead] });
    expect((await tasksOf()).filter((x) => x.form_response_id === lead)).toHaveLength(0);
  });

  it('a failed send shows as not sent, and Send again texts it, rate limited and audited', async () => {
    const lead = await insertLead(t);
    const merchant = await mobileOf(lead);
    const realSend = t.services.providers.sms.send;
    t.services.providers.sms.send = async () => {
      throw new Error('SMS gateway answered 503');
    };
    try {
      await post('/ops/leads/approve', { form_response_ids: [lead] });
    } finally {
      t.services.providers.sms.send = realSend;
    }
    const failed = (await tasksOf()).find((x) => x.form_response_id === lead)!;
    expect(failed).toMatchObject({ state: 'NOT_SENT', sms_error: 'SMS gateway answered 503', sms_sent_at: null });

    const res = await post(`/ops/feedback/tasks/${failed.job_task_id}/send`);
    expect(res.statusCode).toBe(200);
    expect(opsFeedbackTaskSchema.parse(body(res).data)).toMatchObject({ state: 'SENT', sms_error: null, sms_count: 2 });
    expect(await outbox(merchant)).toHaveLength(1);

    const again = await post(`/ops/feedback/tasks/${failed.job_task_id}/send`);
    expect(again.statusCode).toBe(429);
    expect(body(again).message).toBe('This link was sent a few minutes ago. Please wait before sending it again.');

    const audit = body<{ rows: { action: string }[] }>(await get(`/ops/audit?entity_type=job_task&entity_id=${failed.job_task_id}`)).data
      .rows;
    expect(audit.map((a) => a.action)).toEqual(['feedback_task.resend']);
  });

  it('two clicks on Send again at once text the merchant once', async () => {
    const lead = await insertLead(t);
    const merchant = await mobileOf(lead);
    const realSend = t.services.providers.sms.send;
    t.services.providers.sms.send = async () => {
      throw new Error('SMS gateway answered 503');
    };
    try {
      await post('/ops/leads/approve', { form_response_ids: [lead] });
    } finally {
      t.services.providers.sms.send = realSend;
    }
    const task = (await tasksOf()).find((x) => x.form_response_id === lead)!;
    const codes = (
      await Promise.all([post(`/ops/feedback/tasks/${task.job_task_id}/send`), post(`/ops/feedback/tasks/${task.job_task_id}/send`)])
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 429]);
    expect(await outbox(merchant)).toHaveLength(1);
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
