import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_PREFIX } from '@pmw/contract/api';
import { allRoutes } from '@pmw/contract/routes';
import { body, createTestApp, type TestApp } from '../../test/test-app';
import { loginSupportAgent } from '../modules/ops/ops-fixtures.test-helper';

/**
 * Walks every ops route of the contract as a support agent with a body no
 * route accepts: outside the support inbox the answer is 403, never a 400
 * that would tell what the route validates. A new ops route is admin only
 * unless its contract entry says `role: 'support'`.
 */
let t: TestApp;
let support: string;
beforeAll(async () => {
  t = await createTestApp();
  support = await loginSupportAgent(t);
});
afterAll(async () => t.close());

const opsRoutes = allRoutes().filter((r) => r.def.auth === 'ops');
const url = (path: string) => API_PREFIX + path.replace(/:([A-Za-z_]+)/g, 'junk');

it('opens to the support role only its inbox and who they are', () => {
  const open = opsRoutes.filter((r) => r.def.role === 'support').map((r) => `${r.group}.${r.name}`);
  expect(open.filter((n) => !n.startsWith('agentSupport.'))).toEqual(['opsAuth.me']);
  expect(open.length).toBeGreaterThan(5);
  expect(opsRoutes.length).toBeGreaterThan(40);
});

it('answers a support agent 403 on every admin route, whatever the body', async () => {
  const wrong: string[] = [];
  for (const { group, name, def } of opsRoutes.filter((r) => r.def.role !== 'support')) {
    for (const payload of [{ junk: 'a\u0000b', n: 2 ** 40 }, '{not json']) {
      const res = await t.app.inject({
        method: def.method,
        url: `${url(def.path)}?junk=%00`,
        headers: { cookie: support, 'content-type': 'application/json' },
        ...(def.method === 'GET' ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
      });
      if (res.statusCode !== 403 || body(res).code !== 'FORBIDDEN')
        wrong.push(`${def.method} ${def.path} (${group}.${name}) → ${res.statusCode}`);
    }
  }
  expect(wrong).toEqual([]);
});

it('lets a support agent reach the support inbox routes (their answer is about the input, not the role)', async () => {
  for (const { def } of opsRoutes.filter((r) => r.def.role === 'support')) {
    const res = await t.app.inject({
      method: def.method,
      url: url(def.path),
      headers: { cookie: support },
      ...(def.method === 'GET' ? {} : { payload: {} }),
    });
    expect(res.statusCode, `${def.method} ${def.path}`).not.toBe(403);
  }
});

it('refuses /ops/feedback and the generic /ops/file routes to a support agent', async () => {
  for (const [method, path] of [
    ['GET', '/ops/feedback'],
    ['GET', '/ops/file/fetch/with/url?file_id=1'],
    ['POST', '/ops/file/add'],
    ['PUT', '/ops/file/s3/url/signed'],
  ] as const) {
    const res = await t.app.inject({
      method,
      url: API_PREFIX + path,
      headers: { cookie: support },
      ...(method === 'GET' ? {} : { payload: {} }),
    });
    expect(res.statusCode, path).toBe(403);
  }
});
