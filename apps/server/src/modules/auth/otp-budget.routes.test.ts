import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, latestOtp, type TestApp } from '../../../test/test-app';

/**
 * A stranger must not lock a person out of login by spending their OTP
 * budget, nor guess their code from one address.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OTP_MAX_PER_MOBILE: '3', OTP_MAX_PER_MOBILE_TOTAL: '6', OTP_MAX_PER_IP: '100', OTP_RESEND_SECONDS: '0' });
});
afterAll(async () => t.close());

const send = (mobile: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/v2/partner/otp/send', payload: { mobile }, remoteAddress: ip });
const login = (mobile: string, otp: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/v2/partner/user/login/otp', payload: { mobile, otp }, remoteAddress: ip });
const OWNER = '10.20.0.1';

describe('the OTP send budget of a mobile', () => {
  it('gives each address its own share: a stranger spending theirs leaves the owner theirs', async () => {
    const victim = '9876571001';
    for (let i = 0; i < 3; i++) expect((await send(victim, '10.20.1.1')).statusCode).toBe(200);
    const refused = await send(victim, '10.20.1.1');
    expect(refused.statusCode).toBe(429);
    expect(body(refused).message).toBe('Too many OTP requests, please try again later');
    // The owner, on their own phone, still gets a code and logs in.
    expect((await send(victim, OWNER)).statusCode).toBe(200);
    expect((await login(victim, await latestOtp(t, victim), OWNER)).statusCode).toBe(200);
  });

  it('has a hard cap over every address, past which only an address that logged the mobile in before gets codes', async () => {
    const victim = '9876571002';
    // The owner logged in from their phone earlier.
    expect((await send(victim, OWNER)).statusCode).toBe(200);
    expect((await login(victim, await latestOtp(t, victim), OWNER)).statusCode).toBe(200);
    // Strangers on other addresses spend the rest of the cap (6 in all).
    for (const ip of ['10.20.2.1', '10.20.2.1', '10.20.2.1', '10.20.2.2', '10.20.2.2'])
      expect((await send(victim, ip)).statusCode).toBe(200);
    expect((await send(victim, '10.20.2.3')).statusCode).toBe(429);
    // The owner's known address keeps its own share.
    expect((await send(victim, OWNER)).statusCode).toBe(200);
    expect((await login(victim, await latestOtp(t, victim), OWNER)).statusCode).toBe(200);
  });
});

describe('wrong codes across requests', () => {
  it('refuse an address after 10 wrong codes for one mobile; the owner elsewhere still logs in', async () => {
    const victim = '9876571003';
    const attacker = '10.20.3.1';
    let wrong = 0;
    while (wrong < 10) {
      expect((await send(victim, attacker)).statusCode).toBe(200);
      const code = await latestOtp(t, victim);
      for (let i = 0; i < 5 && wrong < 10; i++, wrong++) {
        const guess = String((Number(code) + 1 + i) % 10_000).padStart(4, '0');
        expect((await login(victim, guess, attacker)).statusCode).toBeGreaterThanOrEqual(400);
      }
      // A new window for the attacker's next send share.
      if (wrong < 10)
        await t.database.db.execute(`update otp_requests set created_on = now() - interval '1 hour' where client_ip = '${attacker}'`);
    }
    await t.database.db.execute(`update otp_requests set created_on = now() - interval '1 hour' where client_ip = '${attacker}'`);
    expect((await send(victim, attacker)).statusCode).toBe(200);
    const rightCode = await login(victim, await latestOtp(t, victim), attacker);
    expect(rightCode.statusCode).toBe(429);
    expect(body(rightCode).message).toBe('Too many wrong OTPs from this network, please try again in 15 minutes');
    expect((await send(victim, OWNER)).statusCode).toBe(200);
    expect((await login(victim, await latestOtp(t, victim), OWNER)).statusCode).toBe(200);
  });
});
