import { afterAll, beforeAll, expect, it } from 'vitest';
import { opsAgentSchema } from '@pmw/contract/ops-auth';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('logs the demo agent in as admin', async () => {
  const cookie = await loginOps(t);
  const me = await t.app.inject({ method: 'GET', url: '/api/v2/ops/user/get', headers: { cookie } });
  expect(opsAgentSchema.parse(body(me).data)).toMatchObject({ user_id: 100, role: 'admin' });
});

it('refuses a mobile that is not an agent', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/v2/ops/otp/send', payload: { mobile: '9876500001' } });
  expect(res.statusCode).toBe(403);
});

it('an ops session is not a partner session, and a partner session is not an ops session', async () => {
  const ops = await loginOps(t);
  // To the partner's who-am-I, an ops session is nobody; the partner's signed-in calls refuse it.
  const me = await t.app.inject({ method: 'GET', url: '/api/v2/partner/user/get', headers: { cookie: ops } });
  expect(me.statusCode).toBe(200);
  expect(me.json().data).toBeNull();
  expect((await t.app.inject({ method: 'GET', url: '/api/v2/partner/wallet/amount/fetch', headers: { cookie: ops } })).statusCode).toBe(401);
  const partner = await loginWorker(t, '9876500001');
  expect((await t.app.inject({ method: 'GET', url: '/api/v2/ops/user/get', headers: { cookie: partner } })).statusCode).toBe(401);
});
