import { afterAll, beforeAll, expect, it } from 'vitest';
import { body, createTestApp, latestOtp, type TestApp } from '../../../test/test-app';
import { statementsDuring } from '../../../test/statements';

let t: TestApp;
beforeAll(async () => {
  // Risk signals are computed after the answer; here only once the test asks, so they are not counted among the lead's.
  t = await createTestApp({ RISK_SETTINGS: JSON.stringify({ assess_delay_ms: 600_000 }) });
});
afterAll(async () => t.close());

it("a remembered customer's lead costs 2 statements, its session's included", async () => {
  const mobile = '9811100061';
  const post = (url: string, payload: object, cookie = '') =>
    t.app.inject({ method: 'POST', url: `/api/v2/utm${url}`, payload, headers: cookie ? { cookie } : {} });
  await post('/customer/otp/send', { mobile, utm_code: 'asha01', purpose: 'LOGIN' });
  const login = await post('/customer/login', { mobile, otp: await latestOtp(t, mobile), utm_code: 'asha01', name: 'Six Statements' });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const lead = (form: number, key: string) =>
    post(
      '/task/response',
      {
        form_id: form,
        utm_code: 'asha01',
        idempotency_key: key,
        input: [
          { input_id: 1, value: mobile },
          { input_id: 2, value: 'Six Statements' },
          { input_id: 3, value: 'ABCPS1234K' },
          { input_id: 4, value: 'Pune' },
        ],
      },
      cookie,
    );
  // The first lead warms the code's session path; the form comes from the catalogue cache.
  expect((await lead(401, 'k-six-000061-a')).statusCode).toBe(200);
  await t.services.leads.formById(402);
  let res: Awaited<ReturnType<typeof lead>> | undefined;
  const statements = await statementsDuring(async () => (res = await lead(402, 'k-six-000061-b')));
  expect(res!.statusCode, JSON.stringify(body(res!))).toBe(200);
  // The session with the code's owner and the customer, then the submit.
  expect(statements.length, statements.join('\n---\n')).toBe(2);
  // The lead's risk follows.
  await t.services.risk.idle();
  expect((await t.services.risk.riskOf(body<{ form_response_id: number }>(res!).data.form_response_id)).level).toBe('none');
});

it("a campaign lead's risk assessment costs 11 statements: its origin, one read per signal, its level", async () => {
  const mobile = '9811100062';
  const post = (url: string, payload: object, cookie = '') =>
    t.app.inject({ method: 'POST', url: `/api/v2/utm${url}`, payload, headers: cookie ? { cookie } : {} });
  await post('/customer/otp/send', { mobile, utm_code: 'asha01', purpose: 'LOGIN' });
  const login = await post('/customer/login', { mobile, otp: await latestOtp(t, mobile), utm_code: 'asha01', name: 'Risk Statements' });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const res = await post(
    '/task/response',
    {
      form_id: 403,
      utm_code: 'asha01',
      idempotency_key: 'k-risk-000062-a',
      input: [
        { input_id: 1, value: mobile },
        { input_id: 2, value: 'Risk Statements' },
        { input_id: 3, value: 'ABCPS1234K' },
        { input_id: 4, value: 'Pune' },
      ],
    },
    cookie,
  );
  expect(res.statusCode, JSON.stringify(body(res))).toBe(200);
  const statements = await statementsDuring(() => t.services.risk.idle());
  // Who else holds the customer's mobile and PAN, the same customer on another lead, the device's and the address's
  // bursts, the partner's approval rate and hold; then the level, in a transaction.
  expect(statements.length, statements.join('\n---\n')).toBe(11);
  expect((await t.services.risk.riskOf(body<{ form_response_id: number }>(res).data.form_response_id)).level).toBe('none');
});
