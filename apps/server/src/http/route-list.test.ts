import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@pmw/contract/api';
import { allRoutes } from '@pmw/contract/routes';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const served: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  for (const { def } of allRoutes()) {
    if (t.app.hasRoute({ method: def.method, url: `${API_PREFIX}${def.path}` })) served.push(`${def.method} ${def.path}`);
  }
});
afterAll(async () => t.close());

describe('the contract route list', () => {
  it('names only routes the server serves', () => {
    const missing = allRoutes()
      .map(({ def }) => `${def.method} ${def.path}`)
      .filter((k) => !served.includes(k));
    expect(missing).toEqual([]);
  });
});
