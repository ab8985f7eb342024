import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@pmw/contract/api';
import { body, createTestApp, latestOtp, loginWorker, type TestApp } from '../../test/test-app';
import { testConfig } from '../../test/test-config';
import { makeWebBuild } from '../../test/web-build';
import { originPolicy } from './origin';
import { cspDirectives } from './security-headers';

// A built SPA stand-in, so the page answers carry the page policy.
const dist = makeWebBuild({
  'index.html':
    '<!doctype html><html lang="en"><head><title>PickMyWork</title></head><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>',
});

let t: TestApp;
let behindProxy: TestApp;
let published: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    WEB_DIST_DIR: dist,
    MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png',
    SUPPORT_INTRO_VIDEO_URL: 'https://videos.example/intro.mp4',
  });
  behindProxy = await createTestApp({ WEB_DIST_DIR: dist, TRUST_PROXY: '1' });
  published = await createTestApp({ PUBLIC_URL: 'https://app.pickmywork.example' });
});
afterAll(async () => Promise.all([t.close(), behindProxy.close(), published.close()]));

const send = (
  app: TestApp,
  headers: Record<string, string>,
  url = '/api/v2/partner/otp/send',
  payload: object = { mobile: '9876500001' },
) => app.app.inject({ method: 'POST', url, payload, headers: { host: 'localhost:3000', ...headers } });

describe('cross-site requests', () => {
  it('refuses a POST from another origin with 403 in the envelope', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'null']) {
      const res = await send(t, { origin });
      expect(res.statusCode, origin).toBe(403);
      expect(errorEnvelopeSchema.parse(res.json())).toMatchObject({ status: false, code: 'FORBIDDEN' });
    }
  });

  it('refuses a PUT, PATCH and DELETE from another origin too, before any route', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/v2/nothing-here',
        headers: { host: 'localhost:3000', origin: 'https://evil.example' },
      });
      expect(res.statusCode, method).toBe(403);
    }
  });

  it('refuses Sec-Fetch-Site: cross-site even without an Origin', async () => {
    const res = await send(t, { 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
  });

  it("lets the app's own origin, and callers with no Origin (scripts, callbacks), through", async () => {
    expect((await send(t, { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await send(t, {})).statusCode).toBe(200);
  });

  it('a logout from another site changes nothing', async () => {
    const cookie = await loginWorker(t, '9876500001');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v2/partner/user/logout',
      headers: { host: 'localhost:3000', origin: 'https://evil.example', cookie },
    });
    expect(out.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/partner/user/get', headers: { cookie } })).statusCode).toBe(200);
  });

  it('GET stays readable from anywhere (no state changes there)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/team/get?team_code=TEAM01',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('behind a proxy, the own origin is the one the client used', async () => {
    const res = await send(
      behindProxy,
      { host: 'internal:3000', 'x-forwarded-host': 'app.example', 'x-forwarded-proto': 'https', origin: 'https://app.example' },
      '/api/v2/partner/otp/send',
      { mobile: '9876500001' },
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it("with PUBLIC_URL, only its origin is the app's", async () => {
    expect((await send(published, { origin: 'https://app.pickmywork.example' })).statusCode).toBe(200);
    expect((await send(published, { host: 'evil.example', origin: 'http://evil.example' })).statusCode).toBe(403);
  });
});

describe('security headers', () => {
  it('the page carries a policy: own scripts only, no framing, storage and tiles allowed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/partner/', headers: { host: 'localhost:3000' } });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('connect-src')).toContain("'self'");
    expect(directive('connect-src')).toContain('ws://localhost:3000');
    expect(directive('img-src')).toContain('https://*.tiles.example');
    expect(directive('img-src')).toContain('data:');
    expect(directive('media-src')).toContain('https://videos.example');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('signed storage URLs may be fetched, shown and played', () => {
    const config = testConfig({
      S3_ENDPOINT: 'https://storage.example:9000',
      S3_BUCKET: 'pmw',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    const d = cspDirectives(config, originPolicy(config), false);
    for (const list of [d.connectSrc, d.imgSrc, d.mediaSrc]) expect(list).toContain('https://storage.example:9000');
    const aws = testConfig({
      S3_BUCKET: 'pmw',
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(cspDirectives(aws, originPolicy(aws), false).imgSrc).toContain('https://pmw.s3.ap-south-1.amazonaws.com');
  });

  it('the API answers carry the headers too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/team/get?team_code=TEAM01' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('no HSTS over plain http; HSTS over https (X-Forwarded-Proto from a trusted proxy)', async () => {
    const plain = await behindProxy.app.inject({ method: 'GET', url: '/partner/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const https = await behindProxy.app.inject({
      method: 'GET',
      url: '/partner/',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'app.example' },
    });
    expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(https.headers['content-security-policy'])).toContain('wss://app.example');
    // A client without a trusted proxy cannot claim https.
    const claimed = await t.app.inject({ method: 'GET', url: '/partner/', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('the API reference keeps its own policy and still loads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data:");
  });
});

describe('Secure cookies follow the request', () => {
  async function loginCookie(app: TestApp, headers: Record<string, string>) {
    await app.app.inject({ method: 'POST', url: '/api/v2/partner/otp/send', payload: { mobile: '9876500001' } });
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/v2/partner/user/login/otp',
      payload: { mobile: '9876500001', otp: await latestOtp(app, '9876500001') },
      headers,
    });
    expect(body(res).status, res.body).toBe(true);
    return res.cookies.find((c) => c.name === 'pmw_worker');
  }
  it('Secure over https (through a trusted proxy), not over plain http', async () => {
    expect((await loginCookie(behindProxy, { 'x-forwarded-proto': 'https' }))?.secure).toBe(true);
    expect((await loginCookie(behindProxy, {}))?.secure).toBeFalsy();
    expect((await loginCookie(t, { 'x-forwarded-proto': 'https' }))?.secure).toBeFalsy();
  });
});
