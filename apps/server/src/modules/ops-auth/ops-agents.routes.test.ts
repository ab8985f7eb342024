import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { opsAgentRowSchema } from '@pmw/contract/ops-agents';
import { z } from 'zod';
import { auditLog, users } from '../../db/schema/index';
import { body, createTestApp, loginOps, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginOps(t);
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v2${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const list = async () => z.array(opsAgentRowSchema).parse(body(await call('GET', '/ops/agents', admin)).data);
const audits = (userId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entity_id, String(userId)));
const me = (cookie: string) => call('GET', '/ops/user/get', cookie);

it('lists the agents with their roles', async () => {
  expect(await list()).toContainEqual(expect.objectContaining({ user_id: 100, mobile: '9876500100', role: 'admin' }));
});

it('adds a new mobile as a support agent, creating the account, audited; the agent can sign in', async () => {
  const res = await call('POST', '/ops/agents', admin, { mobile: '98765 04300', role: 'support', first_name: 'Kiran' });
  expect(res.statusCode, res.body).toBe(200);
  const added = opsAgentRowSchema.parse(body(res).data);
  expect(added).toMatchObject({ mobile: '9876504300', first_name: 'Kiran', role: 'support' });
  expect((await audits(added.user_id)).map((a) => [a.action, a.actor_user_id])).toEqual([['agent.add', 100]]);
  const cookie = await loginOps(t, '9876504300');
  expect(body(await me(cookie)).data).toMatchObject({ role: 'support' });
  // Adding the same mobile again is a conflict, not a second row.
  expect((await call('POST', '/ops/agents', admin, { mobile: '9876504300', role: 'admin' })).statusCode).toBe(409);
});

it('adds an existing partner as an agent without touching their account', async () => {
  const res = await call('POST', '/ops/agents', admin, { mobile: '9876500002', role: 'support', first_name: 'Not Ravi' });
  expect(body(res).data).toMatchObject({ user_id: 102, first_name: 'Ravi' });
  expect((await call('POST', '/ops/agents/102/remove', admin)).statusCode).toBe(200);
  expect((await list()).some((a) => a.user_id === 102)).toBe(false);
  const [ravi] = await t.database.db.select().from(users).where(eq(users.user_id, 102));
  expect(ravi).toMatchObject({ first_name: 'Ravi', blocked: false });
});

it('a role change ends the agent’s sessions and is audited', async () => {
  const { user_id } = opsAgentRowSchema.parse(
    body(await call('POST', '/ops/agents', admin, { mobile: '9876504301', role: 'support' })).data,
  );
  const cookie = await loginOps(t, '9876504301');
  // Read once first: a session read a moment ago ends as surely as one never read.
  expect((await me(cookie)).statusCode).toBe(200);
  const res = await call('PUT', `/ops/agents/${user_id}/role`, admin, { role: 'admin' });
  expect(body(res).data).toMatchObject({ role: 'admin' });
  expect((await me(cookie)).statusCode).toBe(401);
  expect((await audits(user_id)).find((a) => a.action === 'agent.role')).toMatchObject({
    before: { role: 'support' },
    after: { role: 'admin' },
  });
  const again = await loginOps(t, '9876504301');
  expect(body(await me(again)).data).toMatchObject({ role: 'admin' });
});

it('removing an agent ends their sessions and their access; the OTP answer stays the same', async () => {
  const { user_id } = opsAgentRowSchema.parse(
    body(await call('POST', '/ops/agents', admin, { mobile: '9876504302', role: 'support' })).data,
  );
  const cookie = await loginOps(t, '9876504302');
  // The inbox takes the role the session's read brought (no read of its own), read a moment before the removal.
  const inbox = () => call('GET', '/ops/support/ticket/fetch', cookie);
  expect((await inbox()).statusCode).toBe(200);
  expect((await call('POST', `/ops/agents/${user_id}/remove`, admin)).statusCode).toBe(200);
  expect((await inbox()).statusCode).toBe(401);
  expect((await me(cookie)).statusCode).toBe(401);
  await expect(loginOps(t, '9876504302')).rejects.toThrow(/No OTP|failed/);
  expect((await audits(user_id)).map((a) => a.action)).toContain('agent.remove');
  expect((await call('POST', `/ops/agents/${user_id}/remove`, admin)).statusCode).toBe(404);
});

it('the last admin can be neither removed nor made support, even by two admins at once', async () => {
  const second = opsAgentRowSchema.parse(body(await call('POST', '/ops/agents', admin, { mobile: '9876504303', role: 'admin' })).data);
  const other = await loginOps(t, '9876504303');
  // Every other admin is made support first, so exactly 100 and the new one are admins.
  for (const a of await list())
    if (a.role === 'admin' && a.user_id !== 100 && a.user_id !== second.user_id)
      await call('PUT', `/ops/agents/${a.user_id}/role`, admin, { role: 'support' });
  // Each demotes the other at the same moment (both past the role check): one wins, the other is refused.
  const agents = t.services.ops.agents;
  const results = await Promise.allSettled([
    agents.setRole({ actor: 100 }, second.user_id, 'support'),
    agents.setRole({ actor: second.user_id }, 100, 'support'),
  ]);
  expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { statusCode: 409 } });
  // Through the API, the loser of the two is no longer an admin at all.
  const loserCookie = (await list()).find((x) => x.user_id === second.user_id)!.role === 'admin' ? await loginOps(t) : other;
  expect((await call('GET', '/ops/agents', loserCookie)).statusCode).toBeGreaterThanOrEqual(401);
  const admins = (await list()).filter((x) => x.role === 'admin');
  expect(admins).toHaveLength(1);
  const last = admins[0]!;
  const cookie = last.user_id === 100 ? await loginOps(t) : await loginOps(t, '9876504303');
  const remove = await call('POST', `/ops/agents/${last.user_id}/remove`, cookie);
  expect(remove.statusCode).toBe(409);
  expect(body(remove).message).toMatch(/last admin/);
  expect((await call('PUT', `/ops/agents/${last.user_id}/role`, cookie, { role: 'support' })).statusCode).toBe(409);
  // Restore the demo admin for the tests after this one.
  if (last.user_id !== 100) await call('PUT', '/ops/agents/100/role', cookie, { role: 'admin' });
});

it('refuses a mobile that is blocked', async () => {
  await t.database.db.insert(users).values({ mobile: '9876504304', blocked: true });
  const res = await call('POST', '/ops/agents', admin, { mobile: '9876504304', role: 'support' });
  expect(res.statusCode).toBe(409);
});
