import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerCatalogue } from '@pmw/contract/texts/partner';
import { say } from '@pmw/contract/texts/said';
import { localize, localizeStored } from './locale';
import { body, cookieHeader, createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const sendOtp = (mobile: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v2/partner/otp/send', payload: { mobile }, headers });
const outbox = async (mobile: string) =>
  body<{ text: string }[]>(await t.app.inject({ method: 'GET', url: `/api/v2/dev/outbox?mobile=${mobile}` })).data[0]?.text;

describe("the server's messages in the request's language", () => {
  it('answers in Hindi for Accept-Language: hi, and in English without it', async () => {
    const hi = await sendOtp('9876500001', { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(hi.statusCode).toBe(200);
    expect(body(hi).message).toBe('मोबाइल पर OTP भेज दिया गया है');
    const en = await sendOtp('9876500001');
    expect(body(en).message).toBe('OTP sent to Mobile');
  });

  it('says what is wrong with a field in Hindi, naming the field in words', async () => {
    const res = await sendOtp('12345', { 'accept-language': 'hi' });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('मोबाइल नंबर सही नहीं है');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v2/partner/user/login/otp',
      payload: { mobile: '9876500001', otp: 'ab' },
      headers: { 'accept-language': 'hi' },
    });
    expect(body(wrong).message).toBe('OTP 4 अंकों का होना चाहिए');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v2/no/such/path', headers: { 'accept-language': 'hi' } });
    expect(body(unknown).message).toBe('यह API पाथ मौजूद नहीं है');
  });

  it('follows the cookie over Accept-Language, and keeps the ops console English', async () => {
    const chosenEnglish = await sendOtp('9876500002', { 'accept-language': 'hi', cookie: 'pmw_lang=en' });
    expect(body(chosenEnglish).message).toBe('OTP sent to Mobile');
    const chosenHindi = await sendOtp('9876500002', { 'accept-language': 'en-IN', cookie: 'pmw_lang=hi' });
    expect(body(chosenHindi).message).toBe('मोबाइल पर OTP भेज दिया गया है');
    const ops = await t.app.inject({
      method: 'POST',
      url: '/api/v2/ops/otp/send',
      payload: { mobile: '9876500100' },
      headers: { cookie: 'pmw_lang=hi' },
    });
    expect(body(ops).message).toBe('OTP sent to Mobile');
  });

  it('sends the SMS in the language the person chose, and remembers it for that mobile', async () => {
    await sendOtp('9876500011', { cookie: 'pmw_lang=hi' });
    expect(await outbox('9876500011')).toMatch(/^[0-9]{4} आपका PickMyWork OTP है।/);
    // Another device without a choice: the mobile's remembered language.
    await sendOtp('9876500011', { 'accept-language': 'en' });
    expect(await outbox('9876500011')).toMatch(/^[0-9]{4} आपका PickMyWork OTP है।/);
    await sendOtp('9876500011', { cookie: 'pmw_lang=en' });
    expect(await outbox('9876500011')).toMatch(/^[0-9]{4} is your PickMyWork OTP\./);
    // Nobody chose for this mobile: the browser's preference.
    await sendOtp('9876500019', { 'accept-language': 'hi' });
    expect(await outbox('9876500019')).toMatch(/आपका PickMyWork OTP/);
  });

  it('renders the page shell with <html lang> of the choice', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/support', headers: { cookie: 'pmw_lang=hi' } });
    if (res.statusCode === 200 && res.headers['content-type']?.toString().includes('html')) {
      expect(res.body).toContain('<html lang="hi">');
      const ops = await t.app.inject({ method: 'GET', url: '/ops', headers: { cookie: 'pmw_lang=hi' } });
      expect(ops.body).toContain('<html lang="en">');
    }
  });

  it('answers a logged-in partner in Hindi too', async () => {
    await sendOtp('9876500001');
    const otp = body<{ otp: string }[]>(await t.app.inject({ method: 'GET', url: '/api/v2/dev/outbox?mobile=9876500001' })).data[0]!.otp;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/partner/user/login/otp',
      payload: { mobile: '9876500001', otp },
      headers: { cookie: 'pmw_lang=hi' },
    });
    expect(body(login).message).toBe('लॉगिन हो गया');
    const bank = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/bank/detail/add',
      payload: { ifsc_code: 'SBIN0000001', account_number: '123', confirm_account_number: '123' },
      headers: { cookie: `${cookieHeader(login)}; pmw_lang=hi` },
    });
    expect(bank.statusCode).toBeGreaterThanOrEqual(400);
    expect(body(bank).message).toMatch(/[\u0900-\u097F]/);
  });
});

describe('a said text', () => {
  it("is rendered by its code in the reader's language, its parts too", () => {
    const level = say('partner.levelGold');
    const earn = say('partner.earnPerJoiningLevel', { amount: '₹500', level });
    expect(localize(earn, 'en')).toBe('Earn ₹500 per joining (Gold level)');
    expect(localize(earn, 'hi')).toBe(
      partnerCatalogue.hi['partner.earnPerJoiningLevel']
        .replace('{amount}', '₹500')
        .replace('{level}', partnerCatalogue.hi['partner.levelGold']),
    );
  });

  it('answers an ops console text in English, which has no Hindi side', () => {
    expect(localize(say('ops.leadsExpired', { n: 3 }), 'hi')).toBe('3 leads expired');
  });
  it("a row keeps beside its code is said in the reader's language by it; words without one as stored", () => {
    const returned = { code: 'wallet.returnedByBank', vars: {} };
    expect(localizeStored(returned, 'Returned by the bank', 'hi')).toBe('बैंक ने लौटा दिया');
    expect(localizeStored(returned, 'Returned by the bank', 'en')).toBe('Returned by the bank');
    expect(localizeStored({ code: null }, 'Account closed', 'hi')).toBe('Account closed');
  });
});
