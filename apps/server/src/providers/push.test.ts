import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebPush, generateVapidKeys, type PushMessage } from './push';

/**
 * A browser as the push service sees it: a P-256 key pair and an auth secret
 * (what `PushSubscription.toJSON()` gives the server), and the decryption a
 * browser does on a push it receives (RFC 8291, aes128gcm).
 */
function browser() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const hmac = (key: Buffer, ...data: Buffer[]) => createHmac('sha256', key).update(Buffer.concat(data)).digest();
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idlen = body[20]!;
      const serverKey = body.subarray(21, 21 + idlen);
      const record = body.subarray(21 + idlen);
      const secret = ecdh.computeSecret(serverKey);
      const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
      const ikm = hmac(hmac(auth, secret), info, Buffer.from([1]));
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 2 and zero padding.
      let end = plain.length - 1;
      while (end >= 0 && plain[end] === 0) end--;
      expect(plain[end]).toBe(2);
      return plain.subarray(0, end).toString('utf8');
    },
  };
}

/** Checks the VAPID header as a push service does: an ES256 token for our origin, signed by the key it names. */
function vapidClaims(headers: IncomingHttpHeaders, publicKey: string): { aud: string; sub: string; exp: number } {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(headers.authorization ?? '');
  expect(m, headers.authorization).not.toBeNull();
  const [token, key] = [m![1]!, m![2]!];
  expect(key).toBe(publicKey);
  const raw = Buffer.from(key, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') };
  const [head, claims, sig] = token.split('.') as [string, string, string];
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  );
  expect(ok).toBe(true);
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; sub: string; exp: number };
}

/**
 * A stand-in push service on a local port, over TLS as push services are (a
 * certificate made for 127.0.0.1 now, trusted by the provider's agent): keeps
 * what it is sent; a path ending /gone answers 410 as for an unsubscribed
 * browser, /busy 503.
 */
let server: Server;
let origin = '';
let agent: Agent;
const received: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pmw-push-'));
  const [keyFile, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  const [key, cert] = [readFileSync(keyFile), readFileSync(certFile)];
  rmSync(dir, { recursive: true, force: true });
  agent = new Agent({ ca: cert });
  server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      if (req.url?.endsWith('/gone')) res.writeHead(410).end('push subscription has unsubscribed or expired');
      else if (req.url?.endsWith('/busy')) res.writeHead(503).end('try later');
      else res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  agent.destroy();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('web push through the web-push package', () => {
  const vapid = { subject: 'mailto:ops@example.com', ...generateVapidKeys() };
  const push = () => createWebPush(vapid, { agent });
  const message: PushMessage = {
    title: 'PickMyWork',
    body: 'लीड स्वीकृत: Zenith Credit Card के लिए Kiran। ₹500 आपके वॉलेट में जोड़े गए। - PickMyWork',
    url: '/partner/report?search=501',
    tag: 'lead_approved',
  };

  it('delivers an encrypted payload only the browser can read, signed with our VAPID key', async () => {
    const b = browser();
    const result = await push().send({ endpoint: `${origin}/push/abc`, ...b.keys }, message);
    expect(result).toEqual({ gone: false, answer: '201' });
    const got = received.at(-1)!;
    expect(got.path).toBe('/push/abc');
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(got.headers.ttl)).toBe(86_400);
    const claims = vapidClaims(got.headers, vapid.publicKey);
    expect(claims.aud).toBe(origin);
    expect(claims.sub).toBe('mailto:ops@example.com');
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    // The body on the wire is not the text; the browser's keys open it.
    expect(got.body.toString('utf8')).not.toContain('PickMyWork');
    expect(JSON.parse(b.decrypt(got.body))).toEqual(message);
    // Another browser's keys cannot.
    expect(() => browser().decrypt(got.body)).toThrow();
  });

  it('says a browser is gone when its push service answers 410, and fails (to be retried) when it is busy', async () => {
    const b = browser();
    const gone = await push().send({ endpoint: `${origin}/push/gone`, ...b.keys }, message);
    expect(gone.gone).toBe(true);
    expect(gone.answer).toMatch(/^410/);
    await expect(push().send({ endpoint: `${origin}/push/busy`, ...b.keys }, message)).rejects.toThrow();
  });
});
