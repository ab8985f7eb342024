import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { otpRequests, users } from '../../db/schema/index';
import { body, cookieHeader, createTestApp, latestOtp, loginWorker, type TestApp } from '../../../test/test-app';
import { errorEnvelopeSchema } from '@pmw/contract/api';
import { sessionUserSchema } from '@pmw/contract/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const send = (mobile: unknown, url = '/api/v2/partner/otp/send') => t.app.inject({ method: 'POST', url, payload: { mobile } });
const login = (mobile: string, otp: string) =>
  t.app.inject({ method: 'POST', url: '/api/v2/partner/user/login/otp', payload: { mobile, otp } });

describe('partner OTP login', () => {
  it('sends an OTP, logs in with it, knows the person, and logs out', async () => {
    const sent = await send('9876500001');
    expect(sent.statusCode).toBe(200);
    expect(body(sent).message).toBe('OTP sent to Mobile');
    const otp = await latestOtp(t, '9876500001');
    expect(otp).toMatch(/^[0-9]{4}$/);

    const res = await login('9876500001', otp);
    expect(res.statusCode).toBe(200);
    const user = sessionUserSchema.parse(body(res).data);
    expect(user).toMatchObject({ user_id: 101, first_name: 'Asha', pmw_id: 'PMW101' });
    const cookie = res.cookies.find((c) => c.name === 'pmw_worker');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');

    const me = await t.app.inject({ method: 'GET', url: '/api/v2/partner/user/get', headers: { cookie: cookieHeader(res) } });
    expect(body(me).data).toMatchObject({ user_id: 101 });

    const out = await t.app.inject({ method: 'POST', url: '/api/v2/partner/user/logout', headers: { cookie: cookieHeader(res) } });
    expect(out.statusCode).toBe(200);
    // Who am I, after logging out: nobody (200 with null, not a 401 in the console).
    const after = await t.app.inject({ method: 'GET', url: '/api/v2/partner/user/get', headers: { cookie: cookieHeader(res) } });
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toBeNull();
  });

  it('stores the OTP hashed, never in clear', async () => {
    await send('9876500002');
    const otp = await latestOtp(t, '9876500002');
    const rows = await t.database.db.select().from(otpRequests).where(eq(otpRequests.mobile, '9876500002'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.code_hash).not.toContain(otp);
  });

  it('says a wrong OTP is wrong and counts the try, then refuses after five', async () => {
    await send('9876511111');
    const otp = await latestOtp(t, '9876511111');
    const wrong = otp === '0000' ? '1111' : '0000';
    const first = await login('9876511111', wrong);
    expect(first.statusCode).toBe(400);
    expect(body(first)).toMatchObject({ status: false, code: 'OTP_INVALID' });
    expect(body(first).message).toContain('4 tries left');
    for (let i = 0; i < 3; i++) await login('9876511111', wrong);
    const fifth = await login('9876511111', wrong);
    expect(body(fifth).code).toBe('OTP_TOO_MANY_TRIES');
    // Even the right code no longer works.
    const right = await login('9876511111', otp);
    expect(body(right).code).toBe('OTP_TOO_MANY_TRIES');
  });

  it('says a used OTP was used', async () => {
    await send('9876522222');
    const otp = await latestOtp(t, '9876522222');
    expect((await login('9876522222', otp)).statusCode).toBe(200);
    const again = await login('9876522222', otp);
    expect(body(again)).toMatchObject({ code: 'OTP_EXPIRED', message: 'OTP has already been used, please request a new one' });
  });

  it('says an expired OTP expired', async () => {
    await send('9876533333');
    const otp = await latestOtp(t, '9876533333');
    await t.database.db
      .update(otpRequests)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(otpRequests.mobile, '9876533333'));
    const res = await login('9876533333', otp);
    expect(body(res)).toMatchObject({ code: 'OTP_EXPIRED', message: 'OTP has expired, please request a new one' });
  });

  it('asks for an OTP first when none was sent', async () => {
    const res = await login('9876544444', '1234');
    expect(body(res)).toMatchObject({ status: false, message: 'Please request an OTP first' });
  });

  it('validates the mobile with the spec messages', async () => {
    expect(body(await send('')).message).toBe('Mobile number is required');
    expect(body(await send('12345')).message).toBe('Invalid Mobile Number');
    expect(body(await send('98765abcde')).message).toBe('Invalid Mobile Number');
    // Not an Indian mobile: no OTP, on every OTP step.
    for (const url of ['/api/v2/partner/otp/send', '/api/v2/user/otp/send', '/api/v2/team/otp/send']) {
      const res = await send('1234567890', url);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe('Invalid Mobile Number');
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/v2/partner/otp/send', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(missing.json()).message).toBe('Mobile number is required');
  });

  it('creates a new partner on first login, with no first name', async () => {
    const cookie = await loginWorker(t, '9000000001');
    const me = await t.app.inject({ method: 'GET', url: '/api/v2/partner/user/get', headers: { cookie } });
    expect(body(me).data).toMatchObject({ mobile: '9000000001', first_name: null });
  });

  it('refuses a blocked person at login and on their next request', async () => {
    const cookie = await loginWorker(t, '9000000002');
    await t.database.db.update(users).set({ blocked: true }).where(eq(users.mobile, '9000000002'));
    const me = await t.app.inject({ method: 'GET', url: '/api/v2/partner/user/get', headers: { cookie } });
    expect(me.statusCode).toBe(403);
    expect(body(me).message).toBe('Your account has been removed, Please contact your Admin.');
    await send('9000000002');
    const res = await login('9000000002', await latestOtp(t, '9000000002'));
    expect(res.statusCode).toBe(403);
  });

  it('works the same through the user module', async () => {
    const sent = await send('9876500002', '/api/v2/user/otp/send');
    expect(sent.statusCode).toBe(200);
    const retry = await send('9876500002', '/api/v2/user/otp/retry');
    expect(retry.statusCode).toBe(200);
    const otp = await latestOtp(t, '9876500002');
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/user/login/otp', payload: { mobile: '9876500002', otp } });
    expect(body(res).data).toMatchObject({ user_id: 102 });
    const me = await t.app.inject({ method: 'GET', url: '/api/v2/user/get', headers: { cookie: cookieHeader(res) } });
    expect(body(me).data).toMatchObject({ first_name: 'Ravi' });
  });

  it('a session of one kind is not a session of another', async () => {
    const cookie = await loginWorker(t, '9876500001');
    const asTeam = cookie.replace('pmw_worker=', 'pmw_team=');
    const me = await t.app.inject({ method: 'GET', url: '/api/v2/partner/user/get', headers: { cookie: asTeam } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toBeNull();
  });
});

describe('OTP send limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ OTP_MAX_PER_MOBILE: '3', OTP_MAX_PER_IP: '5', OTP_RESEND_SECONDS: '0' });
  });
  afterAll(async () => limited.close());
  const sendTo = (mobile: string, ip = '10.0.0.1') =>
    limited.app.inject({ method: 'POST', url: '/api/v2/partner/otp/send', payload: { mobile }, remoteAddress: ip });

  it('limits sends per mobile from one address', async () => {
    for (let i = 0; i < 3; i++) expect((await sendTo('9111111111')).statusCode).toBe(200);
    const res = await sendTo('9111111111');
    expect(res.statusCode).toBe(429);
    expect(body(res)).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many OTP requests, please try again later' });
  });

  it('limits sends per client address', async () => {
    for (let i = 0; i < 5; i++) expect((await sendTo(`920000000${i}`, '10.0.0.9')).statusCode).toBe(200);
    expect((await sendTo('9200000009', '10.0.0.9')).statusCode).toBe(429);
  });
});
