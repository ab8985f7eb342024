import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { applicationPath } from '@pmw/contract/hiring';
import { sessions } from '../db/schema/index';
import { randomToken, sha256 } from '../lib/crypto';
import { body, createTestApp, type TestApp } from '../../test/test-app';
import { testConfig } from '../../test/test-config';
import { makeWebBuild, PAGE_SHELL } from '../../test/web-build';
import { createLinkOrigin } from './link-origin';

/** Links the server hands out never carry a Host header a client wrote (outside local use). */
const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
const jobPage = applicationPath({ job_id: 261, job_location_id: 2612, recruiter_id: 101 });
// The job page's template and a stand-in for its server module (the real one is React's).
const dist = makeWebBuild({
  'pages/application.html': PAGE_SHELL,
  '.ssr/application.js': 'export const render = async () => ({ html: "<h1>Job</h1>", dataScript: "" });\n',
});
const ogUrl = (html: string) => /<meta property="og:url" content="([^"]*)"/.exec(html)?.[1];

/** A team session for Meena (TEAM01) without an OTP: production has no dev outbox. */
async function teamCookie(t: TestApp): Promise<string> {
  const token = randomToken();
  await t.database.db.insert(sessions).values({
    session_hash: sha256(token),
    kind: 'team',
    subject_id: 111,
    context: { team_id: 1 },
    expires_at: new Date(Date.now() + 3_600_000),
  });
  return `pmw_team=${token}`;
}

it('picks PUBLIC_URL, else in production the listen address, else the request', () => {
  const req = { protocol: 'http', host: 'evil.example' } as FastifyRequest;
  expect(createLinkOrigin(testConfig({ PUBLIC_URL: 'https://pmw.example/' }))(req)).toBe('https://pmw.example');
  expect(createLinkOrigin(testConfig({ NODE_ENV: 'production', HOST: '10.0.0.5', PORT: '8080' }))(req)).toBe('http://10.0.0.5:8080');
  expect(createLinkOrigin(testConfig({ NODE_ENV: 'production', HOST: '::1', PORT: '8080' }))(req)).toBe('http://[::1]:8080');
  expect(createLinkOrigin(testConfig({}))(req)).toBe('http://evil.example');
});

describe.each([
  ['production without PUBLIC_URL', { NODE_ENV: 'production', HOST: '10.0.0.5', PORT: '8080' }, 'http://10.0.0.5:8080'],
  ['PUBLIC_URL set', { PUBLIC_URL: 'https://pmw.example' }, 'https://pmw.example'],
])('%s, with a forged Host', (_name, env, origin) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...env, WEB_DIST_DIR: dist });
  });
  afterAll(async () => t.close());

  it("the job page's og:url", async () => {
    const res = await t.app.inject({ method: 'GET', url: jobPage, headers: forged });
    expect(res.statusCode).toBe(200);
    expect(ogUrl(res.body)).toBe(origin + jobPage);
  });

  it('the team share link', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/team/utm/link?entity_type=JOB&entity_id=233',
      headers: { ...forged, cookie: await teamCookie(t) },
    });
    expect(body<{ utm_link: string }>(res).data.utm_link).toBe(`${origin}/utm/asha01/233`);
  });
});
