import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  feedbackSavedSchema,
  feedbackSummarySchema,
  feedbackTaskSchema,
  opsFeedbackListSchema,
  parseFeedbackLink,
  type FeedbackResponseBody,
} from '@pmw/contract/feedback';
import { jobTasks } from '../../db/schema/index';
import { DEMO_FEEDBACK, demoFeedbackPath } from '../../seed/feedback.seed';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const task = DEMO_FEEDBACK.task;
const fetchUrl = (over: Record<string, string | number> = {}) => {
  const q = new URLSearchParams(
    Object.entries({
      entity_type: 'JOB_TASK',
      entity_id: task.job_task_id,
      ref_type: 'MERCHANT_MOBILE',
      ref_value: task.merchant_mobile,
      user_id: task.user_id,
      otp: task.otp,
      ...over,
    }).map(([k, v]) => [k, String(v)]),
  );
  return `/api/v2/feedback/task/fetch?${q}`;
};
const response = (over: Partial<FeedbackResponseBody> = {}): FeedbackResponseBody => ({
  rating: 2,
  comment: 'Was in hurry, did not show the QR',
  location: { lat: 12.9352, lng: 77.6245 },
  entity_type: 'JOB_TASK',
  entity_id: task.job_task_id,
  ref_type: 'MERCHANT_MOBILE',
  ref_value: task.merchant_mobile,
  otp: task.otp,
  ...over,
});
const summary = async (cookie: string) =>
  feedbackSummarySchema.parse(
    body(await t.app.inject({ method: 'GET', url: '/api/v2/partner/feedback/summary', headers: { cookie } })).data,
  );

describe('the demo link', () => {
  it('decodes to task 5001 of partner 101, merchant 9876512345, OTP 4321', () => {
    const [, , jobTaskId, refValue, userId, otp] = demoFeedbackPath.split('/');
    expect(parseFeedbackLink({ jobTaskId, refValue, userId, otp })).toEqual({
      job_task_id: 5001,
      ref_value: '9876512345',
      user_id: 101,
      otp: '4321',
    });
  });
  it('a segment that is not base64 makes the link invalid', () => {
    expect(parseFeedbackLink({ jobTaskId: '5001', refValue: '%%%', userId: 'MTAx', otp: 'NDMyMQ==' })).toBeNull();
    expect(parseFeedbackLink({ jobTaskId: 'abc', refValue: 'OTg3NjUxMjM0NQ==', userId: 'MTAx', otp: 'NDMyMQ==' })).toBeNull();
  });
});

describe('GET /feedback/task/fetch', () => {
  it('shows the partner, the sanitised instruction and that nothing was submitted yet', async () => {
    const res = await t.app.inject({ method: 'GET', url: fetchUrl() });
    expect(res.statusCode).toBe(200);
    const data = feedbackTaskSchema.parse(body(res).data);
    expect(data.User).toMatchObject({ user_id: 101, first_name: 'Asha', pmw_id: 'PMW101', mobile: '9876500001' });
    expect(data.submitted).toBe(false);
    expect(data.consumer_instruction).toContain('<strong>Before you share the OTP</strong>');
    expect(data.job_title).toBe('PaySetu Merchant QR');
  });

  it('tampered links say the link is not valid, whatever part was changed', async () => {
    const tampered: Record<string, string | number>[] = [
      { user_id: 102 },
      { ref_value: '9876512399' },
      { otp: '1111' },
      { entity_id: 5003 },
      { entity_id: 999999 },
    ];
    for (const [i, over] of tampered.entries()) {
      const res = await t.app.inject({ method: 'GET', url: fetchUrl(over), remoteAddress: `10.3.0.${i + 1}` });
      expect(res.statusCode, JSON.stringify(over)).toBe(404);
      expect(body(res).message).toBe('This feedback link is not valid');
    }
  });

  it('rejects malformed queries naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: fetchUrl({ entity_type: 'LEAD' }) });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toMatch(/^Check entity type: /);
    expect(res.json().errors[0].field).toBe('entity_type');
    expect((await t.app.inject({ method: 'GET', url: fetchUrl({ ref_value: 'abc' }) })).statusCode).toBe(400);
  });

  it('never sends script, event handlers or javascript: links of the instruction', async () => {
    await t.database.db
      .update(jobTasks)
      .set({
        consumer_instruction:
          '<p onclick="steal()">Hi <script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>' +
          '<a href="https://ok.example/help" onmouseover="alert(4)">help</a><iframe src="https://evil.example"></iframe><style>p{}</style></p>',
      })
      .where(eq(jobTasks.job_task_id, DEMO_FEEDBACK.ravi.job_task_id));
    const r = DEMO_FEEDBACK.ravi;
    const res = await t.app.inject({
      method: 'GET',
      url: fetchUrl({ entity_id: r.job_task_id, ref_value: r.merchant_mobile, user_id: r.user_id, otp: r.otp }),
    });
    const html = feedbackTaskSchema.parse(body(res).data).consumer_instruction ?? '';
    expect(html).toContain('Hi');
    expect(html).toContain('href="https://ok.example/help"');
    expect(html).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|<iframe|<style|<img/i);
  });
});

describe('POST /feedback/response/add', () => {
  it('stores one rating; a second submit answers the first one and the average moves once', async () => {
    const asha = await loginWorker(t, '9876500001');
    expect(await summary(asha)).toEqual({ average_rating: 5, rating_count: 1 });

    const first = await t.app.inject({ method: 'POST', url: '/api/v2/feedback/response/add', payload: response() });
    expect(first.statusCode).toBe(200);
    expect(body(first).message).toBe('Thank you for your valuable feedback');
    const saved = feedbackSavedSchema.parse(body(first).data);
    expect(saved).toMatchObject({ rating: 2, comment: 'Was in hurry, did not show the QR', created: true });

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v2/feedback/response/add',
      payload: response({ rating: 5, comment: '' }),
    });
    expect(again.statusCode).toBe(200);
    expect(feedbackSavedSchema.parse(body(again).data)).toMatchObject({ feedback_id: saved.feedback_id, rating: 2, created: false });

    expect(await summary(asha)).toEqual({ average_rating: 3.5, rating_count: 2 });
    const page = feedbackTaskSchema.parse(body(await t.app.inject({ method: 'GET', url: fetchUrl() })).data);
    expect(page.submitted).toBe(true);
  });

  it('refuses a tampered link and bad values', async () => {
    const wrongOtp = await t.app.inject({
      method: 'POST',
      url: '/api/v2/feedback/response/add',
      payload: response({ otp: '0000' }),
      remoteAddress: '10.3.1.1',
    });
    expect(wrongOtp.statusCode).toBe(404);
    const otherTask = await t.app.inject({
      method: 'POST',
      url: '/api/v2/feedback/response/add',
      payload: response({ entity_id: DEMO_FEEDBACK.ravi.job_task_id }),
      remoteAddress: '10.3.1.2',
    });
    expect(otherTask.statusCode).toBe(404);
    for (const bad of [
      { rating: 0 },
      { rating: 6 },
      { comment: 'x'.repeat(751) },
      { location: { lat: 200, lng: 0 } },
      { ref_type: 'EMAIL' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/feedback/response/add',
        payload: response(bad as Partial<FeedbackResponseBody>),
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('works without a location (the merchant refused it)', async () => {
    const r = DEMO_FEEDBACK.ravi;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/feedback/response/add',
      payload: response({
        entity_id: r.job_task_id,
        ref_value: r.merchant_mobile,
        otp: r.otp,
        location: null,
        rating: 4,
        comment: 'Great conversation',
      }),
    });
    expect(res.statusCode).toBe(200);
    const ravi = await loginWorker(t, '9876500002');
    expect(await summary(ravi)).toEqual({ average_rating: 4, rating_count: 1 });
  });
});

describe('summary and ops list permissions', () => {
  it('the partner summary needs a partner session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/partner/feedback/summary' })).statusCode).toBe(401);
    const ops = await loginOps(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/partner/feedback/summary', headers: { cookie: ops } })).statusCode).toBe(401);
  });

  it('ops see every rating with filters; a partner may not', async () => {
    const partner = await loginWorker(t, '9876500001');
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/ops/feedback', headers: { cookie: partner } })).statusCode).toBe(401);
    const ops = await loginOps(t);
    const all = opsFeedbackListSchema.parse(
      body(await t.app.inject({ method: 'GET', url: '/api/v2/ops/feedback', headers: { cookie: ops } })).data,
    );
    expect(all.count).toBeGreaterThanOrEqual(3);
    const low = opsFeedbackListSchema.parse(
      body(await t.app.inject({ method: 'GET', url: '/api/v2/ops/feedback?rating=2&user_id=101', headers: { cookie: ops } })).data,
    );
    expect(low.rows.map((r) => [r.job_task_id, r.pmw_id, r.comment])).toEqual([[5001, 'PMW101', 'Was in hurry, did not show the QR']]);
    const paged = opsFeedbackListSchema.parse(
      body(await t.app.inject({ method: 'GET', url: '/api/v2/ops/feedback?limit=1&offset=1', headers: { cookie: ops } })).data,
    );
    expect(paged.rows).toHaveLength(1);
    expect(paged.count).toBe(all.count);
    const future = await t.app.inject({ method: 'GET', url: '/api/v2/ops/feedback?start_date=2099-01-01', headers: { cookie: ops } });
    expect(opsFeedbackListSchema.parse(body(future).data).count).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/ops/feedback?rating=9', headers: { cookie: ops } })).statusCode).toBe(400);
  });
});

describe('wrong codes', () => {
  const lockedTask = { job_task_id: 5901, user_id: 101, job_id: 251, merchant_mobile: '9876512901', otp: '2468' };
  const otherTask = { job_task_id: 5902, user_id: 101, job_id: 251, merchant_mobile: '9876512902', otp: '1357' };
  const linkOf = (x: typeof lockedTask, over: Record<string, string | number> = {}) =>
    fetchUrl({ entity_id: x.job_task_id, ref_value: x.merchant_mobile, user_id: x.user_id, otp: x.otp, ...over });
  beforeAll(async () => {
    await t.database.db.insert(jobTasks).values([lockedTask, otherTask]);
  });

  it('lock a task’s link after five in 15 minutes, from any address, telling the merchant to ask for a new link', async () => {
    for (let i = 1; i <= 4; i++) {
      const res = await t.app.inject({ method: 'GET', url: linkOf(lockedTask, { otp: String(1000 + i) }), remoteAddress: `10.4.0.${i}` });
      expect(res.statusCode).toBe(404);
    }
    const fifth = await t.app.inject({
      method: 'POST',
      url: '/api/v2/feedback/response/add',
      payload: response({ entity_id: lockedTask.job_task_id, ref_value: lockedTask.merchant_mobile, otp: '1005' }),
      remoteAddress: '10.4.0.5',
    });
    expect(fifth.statusCode).toBe(429);
    // The sixth try, even with the right code and from a new address, finds the link locked.
    const sixth = await t.app.inject({ method: 'GET', url: linkOf(lockedTask), remoteAddress: '10.4.0.6' });
    expect(sixth.statusCode).toBe(429);
    expect(body(sixth).message).toBe('This feedback link is locked after too many wrong codes. Please ask your partner for a new link.');
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/v2/feedback/response/add',
      payload: response({ entity_id: lockedTask.job_task_id, ref_value: lockedTask.merchant_mobile, otp: lockedTask.otp }),
      remoteAddress: '10.4.0.7',
    });
    expect(submit.statusCode).toBe(429);
    // Another task's link still works.
    expect((await t.app.inject({ method: 'GET', url: linkOf(otherTask), remoteAddress: '10.4.0.8' })).statusCode).toBe(200);
  });

  it('lock an address that tries ten wrong links, whatever the tasks', async () => {
    const attacker = '10.5.0.1';
    const tries = [linkOf(otherTask, { otp: '0001' }), ...Array.from({ length: 8 }, (_, i) => fetchUrl({ entity_id: 999980 + i }))];
    for (const url of tries) expect((await t.app.inject({ method: 'GET', url, remoteAddress: attacker })).statusCode).toBe(404);
    const tenth = await t.app.inject({ method: 'GET', url: fetchUrl({ entity_id: 999994 }), remoteAddress: attacker });
    expect(tenth.statusCode).toBe(429);
    expect(body(tenth).message).toBe('Too many wrong feedback links from this network. Please try again in 15 minutes.');
    expect((await t.app.inject({ method: 'GET', url: linkOf(otherTask), remoteAddress: attacker })).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'GET', url: linkOf(otherTask), remoteAddress: '10.5.0.2' })).statusCode).toBe(200);
  });
});
