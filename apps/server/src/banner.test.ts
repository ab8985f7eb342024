import { expect, it } from 'vitest';
import { bannerLines, type BannerInfo } from './banner';
import { DEMO } from './seed/demo-ids';
import { testConfig } from '../test/test-config';

const info = (over: Partial<BannerInfo> & { env?: Record<string, string> }): BannerInfo => ({
  config: testConfig({ PUBLIC_URL: 'https://pmw.example', ...over.env }),
  port: 3000,
  database: 'postgres',
  seeded: false,
  demo: false,
  opsAgents: 0,
  startupMs: 900,
  ...over,
});
const text = (i: BannerInfo) => bannerLines(i).join('\n');

it('production with no demo data lists no demo login and says how the first admin is made', () => {
  const out = text(info({ env: { NODE_ENV: 'production' } }));
  expect(out).toContain('https://pmw.example');
  expect(out).not.toContain(DEMO.opsAgent.mobile);
  expect(out).not.toContain(DEMO.asha.mobile);
  expect(out).not.toContain('Demo logins');
  expect(out).toContain('npm run create-admin -- <mobile>');
  expect(out).toContain('https://pmw.example/ops/');
  expect(out).toContain('OTPs are texted through the http SMS provider');
  expect(out).not.toContain('dev outbox');
  expect(out).toContain('docs/operating.md');
});

it('once an admin exists it says how many agents may sign in instead', () => {
  const out = text(info({ env: { NODE_ENV: 'production' }, opsAgents: 2 }));
  expect(out).not.toContain('create-admin');
  expect(out).toContain('2 ops agents may sign in');
});

it('lists the demo logins only when the demo data is there', () => {
  expect(text(info({ demo: true }))).toContain(`Ops agent (admin)    ${DEMO.opsAgent.mobile}`);
  expect(text(info({ demo: true }))).toContain('dev outbox');
  expect(text(info({ demo: false, env: { SEED_DEMO: 'never' } }))).not.toContain(DEMO.opsAgent.mobile);
});
