import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@pmw/contract/api';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeWebBuild } from '../../test/web-build';

describe('bad input gets a clear answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('malformed JSON is a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/partner/otp/send',
      headers: { 'content-type': 'application/json' },
      payload: '{"mobile":',
    });
    expect(res.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(res.json())).toEqual({
      status: false,
      message: 'The request body is not valid JSON',
      code: 'BAD_REQUEST',
    });
  });

  it('an unknown /api path is a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(res.json()).code).toBe('NOT_FOUND');
  });

  it('an oversized body is a 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/partner/otp/send',
      payload: { mobile: '9876500001', pad: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(errorEnvelopeSchema.parse(res.json()).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a missing session is a 401 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/partner/wallet/amount/fetch' });
    expect(res.statusCode).toBe(401);
    expect(errorEnvelopeSchema.parse(res.json()).code).toBe('UNAUTHORIZED');
  });

  it("a field that fails validation is named, in the spec's words where it has them", async () => {
    const otp = await t.app.inject({
      method: 'POST',
      url: '/api/v2/partner/user/login/otp',
      payload: { mobile: '9876500001', otp: 'abcd' },
    });
    expect(otp.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(otp.json())).toMatchObject({ message: 'OTP must be 4 digits', code: 'VALIDATION' });
    const query = await t.app.inject({ method: 'GET', url: '/api/v2/dev/outbox?mobile=12' });
    expect(errorEnvelopeSchema.parse(query.json()).message).toBe('Invalid Mobile Number');
    const typed = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/otp/send',
      payload: { mobile: '9876500001', countryCode: '+44' },
    });
    // Named in words for a person; programs find the API name in `errors`.
    expect(errorEnvelopeSchema.parse(typed.json()).message).toMatch(/^Check country code: /);
    expect(typed.json().errors[0].field).toBe('countryCode');
  });

  it('health (liveness) answers while the process runs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/health' });
    expect(res.json()).toMatchObject({ status: true, data: { uptime_s: expect.any(Number) } });
  });

  it('answers HEAD on the health check only: the other API routes answer the methods the contract declares', async () => {
    const health = await t.app.inject({ method: 'HEAD', url: '/api/v2/health' });
    expect(health.statusCode).toBe(200);
    expect(health.body).toBe('');
    const wallet = await t.app.inject({ method: 'HEAD', url: '/api/v2/partner/wallet/amount/fetch' });
    expect(wallet.statusCode).toBe(404);
  });
});

describe('HEAD on the site', () => {
  let dist: string;
  let site: TestApp;
  beforeAll(async () => {
    // A page and a file.
    dist = makeWebBuild({ 'assets/app.js': 'export {};' });
    site = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await site.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('still answers for pages and files (link checkers, monitors of the site)', async () => {
    for (const url of ['/partner/', '/assets/app.js']) {
      const res = await site.app.inject({ method: 'HEAD', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('');
    }
  });
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A route that fails unexpectedly, to see what a caller is told.
    t = await createTestApp(
      { NODE_ENV: 'production' },
      {
        beforeReady: ({ app }) =>
          app.get('/api/v2/__boom', async () => {
            throw new Error('secret detail at /srv/app/db.ts:42');
          }),
      },
    );
  });
  afterAll(async () => t.close());

  it('never sends a stack trace or an internal message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/__boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: false, message: 'Something went wrong', code: 'INTERNAL' });
    expect(res.body).not.toContain('db.ts');
  });

  it('has no dev outbox', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/dev/outbox?mobile=9876500001' });
    expect(res.statusCode).toBe(404);
  });
});
