import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../test/test-app';

/** What a person reads when the server refuses what they typed. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload: Record<string, unknown>, cookie = 'pmw_lang=en') =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, payload, headers: { cookie } });

describe('validation messages', () => {
  it('say a name limit with its number, not "Name is required"', async () => {
    const base = { request_id: 'x', team_code: 'TEAM01', mobile: '9876500011', otp: '1234' };
    expect(body(await post('/team/login/otp', { ...base, first_name: 'x'.repeat(75) })).message).toBe(
      'Name can have at most 60 characters',
    );
    expect(body(await post('/team/login/otp', { ...base, first_name: 'x'.repeat(75) }, 'pmw_lang=hi')).message).toBe(
      'नाम में ज़्यादा से ज़्यादा 60 अक्षर हो सकते हैं',
    );
  });

  it('never start with the API name of a field', async () => {
    const answers = await Promise.all([
      post('/user/otp/send', { mobile: '9876500011', countryCode: '+999' }),
      post('/team/login/otp', { team_code: 'TEAM01', mobile: '9876500011', otp: '1234', first_name: 'Meena' }),
      post('/utm/credit/otp/send', { mobile: '9876500011', name: 'y'.repeat(101), pan_no: 'ABCPR7512F', utm_code: 'asha01' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(body(res).message).not.toMatch(/^[a-zA-Z_.]+: /);
    }
    expect(body(answers[2]!).message).toBe('Name can have at most 100 characters');
  });

  it('say a malformed feedback-link code in words, in English and Hindi', async () => {
    for (const otp of ['12a', '123']) {
      const url = `/api/v2/feedback/task/fetch?entity_type=JOB_TASK&entity_id=5001&ref_type=MERCHANT_MOBILE&ref_value=9876512345&user_id=101&otp=${otp}`;
      const en = await t.app.inject({ method: 'GET', url, headers: { cookie: 'pmw_lang=en' } });
      expect(en.statusCode).toBe(400);
      expect(body(en).message).toBe('The code in this link must be 4 to 6 digits');
      const hi = await t.app.inject({ method: 'GET', url, headers: { cookie: 'pmw_lang=hi' } });
      expect(body(hi).message).toBe('इस लिंक का कोड 4 से 6 अंकों का होना चाहिए');
    }
    const rated = await post('/feedback/response/add', {
      rating: 5,
      comment: 'x'.repeat(900),
      entity_type: 'JOB_TASK',
      entity_id: 5001,
      ref_type: 'MERCHANT_MOBILE',
      ref_value: '9876512345',
      otp: '4321',
    });
    expect(body(rated).message).toBe('Your feedback can have at most 750 characters');
  });
});
