import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerLoginPageData, TeamLoginPageData } from '@pmw/contract/area-pages';
import { body, createTestApp, latestOtp, type TestApp } from '../../test/test-app';
import { makeWebBuild, PAGE_MODULE_STAND_IN, PAGE_SHELL } from '../../test/web-build';

/**
 * The logins the server draws (`/partner/`, `/mt/{team_code}`) work before
 * their script arrives: the form posts as a browser posts it, the server
 * answers the page at the OTP step (or with the refusal at its field, in the
 * reader's language), and the OTP step signs in and goes to the area's home.
 * The page module is a stand-in that prints the data the page renders from.
 */
const dist = makeWebBuild({
  'pages/partner.html': PAGE_SHELL,
  '.ssr/partner.js': PAGE_MODULE_STAND_IN,
  'pages/team.html': PAGE_SHELL,
  '.ssr/team.js': PAGE_MODULE_STAND_IN,
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => t.close());

const browser = {
  'content-type': 'application/x-www-form-urlencoded',
  accept: 'text/html,application/xhtml+xml',
  host: 'localhost:3000',
  origin: 'http://localhost:3000',
};
let address = 0;
const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { ...browser, ...headers },
    // Each test from its own network, so the OTP budgets of one do not meet another's.
    remoteAddress: `10.9.${Math.floor(++address / 200)}.${address % 200}`,
  });
const pageData = <T>(html: string) => JSON.parse(/id="pmw-page-data">(.*?)<\/script>/s.exec(html)![1]!) as { locale: string; data: T };
const sessionCookie = (setCookie: string | string[] | undefined, name: string) =>
  [setCookie ?? []].flat().find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));

const PARTNER = '/api/v2/partner/user/login/form';
const TEAM = '/api/v2/team/login/form';

describe('the partner login without script', () => {
  it('sends the OTP and answers the page at the OTP step; the OTP signs in and goes to the portal', async () => {
    const mobile = '9876543301';
    const sent = await post(PARTNER, { mobile });
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['content-type']).toContain('text/html');
    const login = pageData<PartnerLoginPageData>(sent.body).data.login!;
    expect(login).toMatchObject({ mobile, errors: {}, already_sent: false });
    expect(login.request_id).toBeTruthy();

    const wrong = await post(PARTNER, {
      mobile,
      request_id: login.request_id!,
      otp: '0000' === (await latestOtp(t, mobile)) ? '1111' : '0000',
    });
    expect(wrong.statusCode).toBe(400);
    const refused = pageData<PartnerLoginPageData>(wrong.body).data.login!;
    expect(refused.errors.otp).toMatch(/Incorrect OTP/);
    expect(refused.request_id).toBe(login.request_id);

    const done = await post(PARTNER, { mobile, request_id: login.request_id!, otp: await latestOtp(t, mobile) });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/partner/');
    const cookie = sessionCookie(done.headers['set-cookie'], 'pmw_worker');
    expect(cookie).toBeTruthy();
    const me = await t.app.inject({ method: 'GET', url: '/api/v2/partner/user/get', headers: { cookie: cookie!.split(';')[0]! } });
    expect(body<{ mobile: string }>(me).data.mobile).toBe(mobile);
  });

  it('says a wrong number at the number field, in Hindi for a Hindi reader, with what was typed kept', async () => {
    const res = await post(PARTNER, { mobile: '12345' }, { 'accept-language': 'hi-IN,hi;q=0.9' });
    expect(res.statusCode).toBe(400);
    const page = pageData<PartnerLoginPageData>(res.body);
    expect(page.locale).toBe('hi');
    expect(page.data.login).toMatchObject({ mobile: '12345', request_id: null });
    expect(page.data.login!.errors.mobile).toMatch(/[\u0900-\u097F]/);
    expect(page.data.login!.errors.otp).toBeUndefined();
  });

  it('refuses an OTP that is not four digits at the OTP field without spending a try', async () => {
    const res = await post(PARTNER, { mobile: '9876543302', request_id: 'x', otp: '12' });
    expect(res.statusCode).toBe(400);
    expect(pageData<PartnerLoginPageData>(res.body).data.login!.errors.otp).toBe('OTP must be 4 digits');
  });

  it('answers the page for a NUL in a field, and the envelope to a program', async () => {
    const page = await post(PARTNER, { mobile: '98765\u000043303' });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toContain('text/html');
    expect(pageData<PartnerLoginPageData>(page.body).data.login!.errors.mobile).toBeTruthy();
    const program = await post(PARTNER, { mobile: '98765\u000043303' }, { accept: 'application/json' });
    expect(program.statusCode).toBe(400);
    expect(body(program).status).toBe(false);
  });

  it('refuses a post from another site', async () => {
    const res = await post(PARTNER, { mobile: '9876543304' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });
});

describe('the team login without script', () => {
  it('sends the OTP for name and number, then signs the member in under the team and goes to its home', async () => {
    const mobile = '9876543311';
    const sent = await post(TEAM, { team_code: 'team01', first_name: 'Meena', mobile });
    expect(sent.statusCode).toBe(200);
    const page = pageData<TeamLoginPageData>(sent.body).data;
    expect(page.code).toBe('TEAM01');
    expect(page.team.team_code).toBe('TEAM01');
    expect(page.login).toMatchObject({ mobile, first_name: 'Meena', errors: {} });
    const requestId = page.login!.request_id!;
    expect(requestId).toBeTruthy();

    const done = await post(TEAM, {
      team_code: 'TEAM01',
      first_name: 'Meena',
      mobile,
      request_id: requestId,
      otp: await latestOtp(t, mobile),
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/mt/TEAM01');
    const cookie = sessionCookie(done.headers['set-cookie'], 'pmw_team');
    const me = await t.app.inject({ method: 'GET', url: '/api/v2/team/user/get', headers: { cookie: cookie!.split(';')[0]! } });
    expect(body<{ team_code: string; first_name: string }>(me).data).toMatchObject({ team_code: 'TEAM01', first_name: 'Meena' });
  });

  it('says a missing name and a wrong number each at its field', async () => {
    const res = await post(TEAM, { team_code: 'TEAM01', first_name: '', mobile: '99' });
    expect(res.statusCode).toBe(400);
    const errors = pageData<TeamLoginPageData>(res.body).data.login!.errors;
    expect(errors.first_name).toBeTruthy();
    expect(errors.mobile).toBeTruthy();
  });

  it('tells a stranger to an invite-only team so before an OTP is spent', async () => {
    const mobile = '9876543312';
    const res = await post(TEAM, { team_code: 'TEAM02', first_name: 'Stranger', mobile });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(pageData<TeamLoginPageData>(res.body).data.login!.errors.mobile).toBeTruthy();
    await expect(latestOtp(t, mobile)).rejects.toThrow();
  });

  it('answers a team code that names no team as the JSON login does', async () => {
    const res = await post(TEAM, { team_code: 'NOPE99', first_name: 'Meena', mobile: '9876543313' });
    expect(res.statusCode).toBe(404);
  });

  it('says a team code that names no team in Hindi to a Hindi reader', async () => {
    const res = await post(TEAM, { team_code: 'NOPE99', first_name: 'Meena', mobile: '9876543314' }, { 'accept-language': 'hi' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('URL सही नहीं है');
    expect(res.body).not.toContain('Invalid URL');
  });
});
