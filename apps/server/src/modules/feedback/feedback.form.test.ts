import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackLinkPath, feedbackTaskSchema, type FeedbackPageData } from '@pmw/contract/feedback';
import { jobTasks } from '../../db/schema/index';
import { body, createTestApp, type TestApp } from '../../../test/test-app';
import { makePageBuild } from '../../../test/web-build';

/**
 * The feedback page's plain form (no script): posted as a browser posts a
 * form, it answers the page again. The web build's page module is a stand-in
 * that prints the data the page would render from (the real one is React's,
 * tested in the browser tests).
 */
const dist = makePageBuild('fb');

let t: TestApp;
const task = { job_task_id: 5801, user_id: 101, job_id: 251, merchant_mobile: '9876512801', otp: '3141' };
const other = { job_task_id: 5802, user_id: 101, job_id: 251, merchant_mobile: '9876512802', otp: '2718' };
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: dist });
  await t.database.db.insert(jobTasks).values([task, other]);
});
afterAll(async () => t.close());

const URL = '/api/v2/feedback/response/form';
const browser = {
  'content-type': 'application/x-www-form-urlencoded',
  accept: 'text/html,application/xhtml+xml',
  host: 'localhost:3000',
  origin: 'http://localhost:3000',
};
const fields = (x: typeof task, over: Record<string, string | string[]> = {}) => {
  const form = new URLSearchParams({
    entity_id: String(x.job_task_id),
    ref_value: x.merchant_mobile,
    user_id: String(x.user_id),
    otp: x.otp,
    rating: '4',
  });
  for (const [k, v] of Object.entries(over)) {
    form.delete(k);
    for (const item of Array.isArray(v) ? v : [v]) form.append(k, item);
  }
  return form.toString();
};
const post = (payload: string, headers: Record<string, string> = {}, remoteAddress = '10.7.0.1') =>
  t.app.inject({ method: 'POST', url: URL, payload, headers: { ...browser, ...headers }, remoteAddress });
const pageData = (html: string) =>
  JSON.parse(/id="pmw-page-data">(.*?)<\/script>/s.exec(html)![1]!) as { locale: string; data: FeedbackPageData };
const fetchTask = async (x: typeof task) =>
  feedbackTaskSchema.parse(
    body(
      await t.app.inject({
        method: 'GET',
        url: `/api/v2/feedback/task/fetch?entity_type=JOB_TASK&entity_id=${x.job_task_id}&ref_type=MERCHANT_MOBILE&ref_value=${x.merchant_mobile}&user_id=${x.user_id}&otp=${x.otp}`,
      }),
    ).data,
  );

describe('the feedback form without script', () => {
  it('a too long comment comes back at the Other box with the choices kept, in the reader’s language', async () => {
    const long = 'x'.repeat(745);
    const res = await post(fields(task, { rating: '2', reason: ['Was in hurry', 'Other'], other: long }), {
      'accept-language': 'hi-IN,hi;q=0.9',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    const { locale, data } = pageData(res.body);
    expect(locale).toBe('hi');
    expect(data.task?.User.first_name).toBe('Asha');
    expect(data.form).toMatchObject({ rating: 2, reasons: ['Was in hurry', 'Other'], other: long });
    expect(Object.keys(data.form!.errors)).toEqual(['other']);
    expect(data.form!.errors.other).toMatch(/750/);
    expect(data.form!.errors.other).not.toContain('Your feedback');
    expect((await fetchTask(task)).submitted).toBe(false);
  });

  it('a NUL in the Other box is refused at that field', async () => {
    const res = await post(fields(task, { rating: '2', reason: 'Other', other: 'a\u0000b' }));
    expect(res.statusCode).toBe(400);
    const { data } = pageData(res.body);
    expect(Object.keys(data.form!.errors)).toEqual(['other']);
    expect(data.form!.other).toBe('ab');
  });

  it('a wrong code answers the page saying the link is not valid, and counts as a wrong try', async () => {
    const res = await post(fields(task, { otp: '9999' }), {}, '10.7.0.2');
    expect(res.statusCode).toBe(404);
    expect(pageData(res.body).data).toMatchObject({ task: null, problem: { kind: 'invalid' } });
    // Another partner's id in an otherwise right link is wrong too.
    const otherPartner = await post(fields(task, { user_id: '102' }), {}, '10.7.0.2');
    expect(otherPartner.statusCode).toBe(404);
  });

  it('stores the answer with the reasons of the chosen stars and redirects to the link, which thanks', async () => {
    const res = await post(fields(task, { rating: '2', reason: ['Was in hurry', 'Great conversation', 'Other'], other: 'Left early' }));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      feedbackLinkPath({ job_task_id: task.job_task_id, ref_value: task.merchant_mobile, user_id: 101, otp: task.otp }),
    );
    expect((await fetchTask(task)).submitted).toBe(true);
    const [row] = await t.database.db.query.feedbackResponses.findMany({ where: (f, { eq }) => eq(f.entity_id, task.job_task_id) });
    expect(row).toMatchObject({ rating: 2, comment: 'Was in hurry, Left early', location: null });
  });

  it('a program posting JSON gets the envelope, not a page', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: { entity_id: other.job_task_id, ref_value: other.merchant_mobile, user_id: 101, otp: other.otp, rating: 9 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, code: 'VALIDATION' });
    expect(res.json().errors[0].field).toBe('rating');
  });

  it('refuses a post from another site', async () => {
    const res = await post(fields(other), { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect((await fetchTask(other)).submitted).toBe(false);
  });
});
