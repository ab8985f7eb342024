import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { opsAgentSchema } from '@pmw/contract/ops-auth';
import { opsAgents, users } from '../../db/schema/index';
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

const outbox = async (mobile: string) =>
  body<unknown[]>(await t.app.inject({ method: 'GET', url: `/api/v2/dev/outbox?mobile=${mobile}` })).data;
const shape = (res: LightMyRequestResponse) => {
  const b = body<Record<string, unknown>>(res);
  return { status: res.statusCode, message: b.message, keys: Object.keys(b.data ?? {}).sort(), resend_after: b.data?.resend_after };
};

it('answers a mobile that is not an agent exactly as an agent, and texts it nothing', async () => {
  const agent = await t.app.inject({ method: 'POST', url: '/api/v2/ops/otp/send', payload: { mobile: '9876500100' } });
  const stranger = await t.app.inject({ method: 'POST', url: '/api/v2/ops/otp/send', payload: { mobile: '9876500001' } });
  expect(shape(stranger)).toEqual(shape(agent));
  expect(await outbox('9876500001')).toEqual([]);
  // Guessing a code for it says no more than a wrong code does.
  const login = await t.app.inject({ method: 'POST', url: '/api/v2/ops/login/otp', payload: { mobile: '9876500001', otp: '1234' } });
  expect(login.statusCode).toBe(400);
  expect(body(login).code).toBe('OTP_INVALID');
});

it('tells a blocked agent nothing more than a stranger', async () => {
  await t.database.db.insert(users).values({ user_id: 4200, mobile: '9876504200', first_name: 'Bina', blocked: true });
  await t.database.db.insert(opsAgents).values({ user_id: 4200, role: 'support' });
  const blocked = await t.app.inject({ method: 'POST', url: '/api/v2/ops/otp/send', payload: { mobile: '9876504200' } });
  const stranger = await t.app.inject({ method: 'POST', url: '/api/v2/ops/otp/send', payload: { mobile: '9876500002' } });
  expect(shape(blocked)).toEqual(shape(stranger));
  expect(await outbox('9876504200')).toEqual([]);
});

it('the dev outbox shows one mobile at a time: without a mobile it is a 400', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v2/dev/outbox' });
  expect(res.statusCode).toBe(400);
  expect(body(res).code).toBe('VALIDATION');
});

it('an ops session is not a partner session, and a partner session is not an ops session', async () => {
  const ops = await loginOps(t);
  // To the partner's who-am-I, an ops session is nobody; the partner's signed-in calls refuse it.
  const me = await t.app.inject({ method: 'GET', url: '/api/v2/partner/user/get', headers: { cookie: ops } });
  expect(me.statusCode).toBe(200);
  expect(me.json().data).toBeNull();
  expect((await t.app.inject({ method: 'GET', url: '/api/v2/partner/wallet/amount/fetch', headers: { cookie: ops } })).statusCode).toBe(
    401,
  );
  const partner = await loginWorker(t, '9876500001');
  expect((await t.app.inject({ method: 'GET', url: '/api/v2/ops/user/get', headers: { cookie: partner } })).statusCode).toBe(401);
});
