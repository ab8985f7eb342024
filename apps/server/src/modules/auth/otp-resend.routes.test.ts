import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESEND_COUNTDOWN } from '@pmw/contract/constants';
import { body, cookieHeader, createTestApp, latestOtp, type TestApp } from '../../../test/test-app';

/**
 * Asking for an OTP again inside the resend window: every OTP step answers
 * "OTP already sent" with the seconds left and the request of the code on the
 * phone, sends nothing new, and that code still verifies.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OTP_RESEND_SECONDS: '30' });
});
afterAll(async () => t.close());

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, payload, headers });
const outboxCount = async (mobile: string) =>
  body<unknown[]>(await t.app.inject({ method: 'GET', url: `/api/v2/dev/outbox?mobile=${mobile}` })).data.length;

interface Sent {
  request_id: string;
  resend_after: number;
  already_sent: boolean;
}

/** Each flow's window is the spec's countdown for it, the one its page counts down too. */
async function twice(
  url: string,
  payload: Record<string, unknown>,
  mobile: string,
  headers: Record<string, string> = {},
  window: number = RESEND_COUNTDOWN.partnerLogin,
) {
  const first = await post(url, payload, headers);
  expect(first.statusCode).toBe(200);
  expect(body(first).message).toBe('OTP sent to Mobile');
  const a = body<Sent>(first).data;
  expect(a).toMatchObject({ resend_after: window, already_sent: false });
  const sms = await outboxCount(mobile);
  const again = await post(url, payload, headers);
  expect(again.statusCode).toBe(200);
  expect(body(again).message).toBe('OTP already sent');
  const b = body<Sent>(again).data;
  expect(b.already_sent).toBe(true);
  expect(b.request_id).toBe(a.request_id);
  expect(b.resend_after).toBeGreaterThan(0);
  expect(b.resend_after).toBeLessThanOrEqual(window);
  expect(b.resend_after).toBeGreaterThan(window - 5);
  expect(await outboxCount(mobile)).toBe(sms);
  return { first: a, again: b, otp: await latestOtp(t, mobile) };
}

describe('an OTP asked for again inside the resend window', () => {
  it('partner login: Login pressed twice, the code on the phone logs in', async () => {
    const { otp } = await twice('/partner/otp/send', { mobile: '9876500001' }, '9876500001');
    expect((await post('/partner/user/login/otp', { mobile: '9876500001', otp })).statusCode).toBe(200);
  });

  it('applicant and support login (user module)', async () => {
    const { otp } = await twice('/user/otp/send', { mobile: '9876533001' }, '9876533001');
    expect((await post('/user/login/otp', { mobile: '9876533001', otp })).statusCode).toBe(200);
    // Once used, the next login may ask for a new code at once.
    const next = await post('/user/otp/send', { mobile: '9876533001' });
    expect(body<Sent>(next).data.already_sent).toBe(false);
  });

  it('team login: the request id answered again is the one the code verifies with', async () => {
    const { again, otp } = await twice(
      '/team/otp/send',
      { mobile: '9876533002', team_code: 'TEAM01', feature: 'MT' },
      '9876533002',
      {},
      RESEND_COUNTDOWN.teamLogin,
    );
    const res = await post('/team/login/otp', {
      request_id: again.request_id,
      team_code: 'TEAM01',
      first_name: 'Lata Singh',
      mobile: '9876533002',
      otp,
    });
    expect(res.statusCode).toBe(200);
  });

  it('ops login', async () => {
    const { otp } = await twice('/ops/otp/send', { mobile: '9876500100' }, '9876500100');
    expect((await post('/ops/login/otp', { mobile: '9876500100', otp })).statusCode).toBe(200);
  });

  it('campaign lead: Cancel then Submit asks again, the code still verifies the customer', async () => {
    const { otp } = await twice(
      '/utm/customer/otp/send',
      { mobile: '9876533003', utm_code: 'asha01', purpose: 'LOGIN' },
      '9876533003',
      {},
      RESEND_COUNTDOWN.campaign,
    );
    expect((await post('/utm/customer/login', { mobile: '9876533003', otp, utm_code: 'asha01', name: 'Kavya' })).statusCode).toBe(200);
  });

  it('campaign lead OTP (purpose LEAD): the answer carries the seconds left of the server window', async () => {
    await twice(
      '/utm/customer/otp/send',
      { mobile: '9876533007', utm_code: 'asha01', purpose: 'LEAD' },
      '9876533007',
      {},
      RESEND_COUNTDOWN.campaign,
    );
  });

  it("team lead: the customer's OTP asked again says so, with the seconds left", async () => {
    const sent = await post('/team/otp/send', { mobile: '9876500011', feature: 'MT', team_code: 'TEAM01' });
    const { request_id } = body<Sent>(sent).data;
    const login = await post('/team/login/otp', {
      request_id,
      team_code: 'TEAM01',
      first_name: 'Meena',
      mobile: '9876500011',
      otp: await latestOtp(t, '9876500011'),
    });
    const meena = cookieHeader(login);
    const { again } = await twice(
      '/team/lead/otp/send',
      { form_id: 202, mobile: '9811233008' },
      '9811233008',
      { cookie: meena },
      RESEND_COUNTDOWN.lead,
    );
    expect(again.resend_after).toBeLessThanOrEqual(RESEND_COUNTDOWN.lead);
  });

  it('credit consent: a second consent shares the code already sent', async () => {
    const payload = {
      mobile: '9876533004',
      name: 'Sunil Rao',
      pan_no: 'ABCPR7512F',
      feature: 'UTM',
      project_name: 'Nirmal Shopping Credit Card',
      utm_code: 'asha01',
    };
    const first = await post('/utm/credit/otp/send', payload);
    expect(body<Sent>(first).data.resend_after).toBe(RESEND_COUNTDOWN.campaign);
    const again = await post('/utm/credit/otp/send', payload);
    expect(body<Sent>(again).data.resend_after).toBeGreaterThan(RESEND_COUNTDOWN.campaign - 5);
    expect(body(again).message).toBe('OTP already sent');
    expect(body<{ already_sent: boolean }>(again).data.already_sent).toBe(true);
    expect(body<{ consentId: string }>(again).data.consentId).not.toBe(body<{ consentId: string }>(first).data.consentId);
    expect(await outboxCount('9876533004')).toBe(1);
  });

  it('says it in Hindi to a Hindi reader', async () => {
    await post('/partner/otp/send', { mobile: '9876533005' });
    const again = await post('/partner/otp/send', { mobile: '9876533005' }, { cookie: 'pmw_lang=hi' });
    expect(body(again).message).toBe('OTP पहले ही भेजा जा चुका है');
  });

  it('after too many wrong codes, asks to wait instead of pointing at a dead code', async () => {
    await post('/partner/otp/send', { mobile: '9876533006' });
    const otp = await latestOtp(t, '9876533006');
    const wrong = otp === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++) await post('/partner/user/login/otp', { mobile: '9876533006', otp: wrong });
    const again = await post('/partner/otp/send', { mobile: '9876533006' });
    expect(again.statusCode).toBe(429);
    expect(body(again).message).toMatch(/^Please wait \d+ seconds before asking for another OTP$/);
  });
});
