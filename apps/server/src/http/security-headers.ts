import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import { isHttps, requestOrigin, type OriginPolicy } from './origin';

/** The origin of a URL, or undefined for a path on this host or a bad value. */
function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  // Tile URLs may name a subdomain per tile ({s}.tile.example): any subdomain then.
  const host = url
    .replace(/^https?:\/\//i, '')
    .split('/')[0]!
    .replace(/\{[a-z]+\}/gi, '*');
  return `${url.slice(0, url.indexOf('://'))}://${host}`.toLowerCase();
}

/** Where signed storage URLs point: the S3 endpoint, or AWS's own host for the bucket. */
function storageOrigin(s3: Config['s3']): string | undefined {
  if (!s3) return undefined;
  if (s3.endpoint) return originOf(s3.endpoint);
  return s3.forcePathStyle ? `https://s3.${s3.region}.amazonaws.com` : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}

const defined = (...values: (string | undefined)[]) => values.filter((v): v is string => !!v);

/** The page policy, as directives; exported for the docs' test and the browser test. */
export function cspDirectives(config: Config, origins: OriginPolicy, trustProxy: boolean) {
  const storage = storageOrigin(config.s3);
  const tiles = originOf(config.map.tileUrl);
  const http = config.env === 'production' ? [] : ['http:'];
  // The support chat's socket: the app's own origin as ws:/wss: ('self' does not cover ws: everywhere).
  const socketOrigin = (req: Parameters<typeof requestOrigin>[0]) => {
    const own = origins.publicOrigin ?? requestOrigin(req, trustProxy) ?? '';
    return own.replace(/^http/, 'ws');
  };
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // React sets style attributes through the DOM; the stylesheets are the app's own files.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Project logos are web addresses ops enter; photos and documents are signed storage URLs.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...http, ...defined(storage, tiles)],
    mediaSrc: ["'self'", 'blob:', ...defined(storage, originOf(config.supportIntroVideoUrl))],
    connectSrc: ["'self'", (req: Parameters<typeof requestOrigin>[0]) => socketOrigin(req), ...defined(storage)],
    fontSrc: ["'self'", 'data:'],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
}

/**
 * Helmet's headers on every answer: the page policy (no inline script, no
 * framing), nosniff, a referrer policy, and HSTS only on answers that went
 * out over https (a plain-http development server must not pin https).
 * The API reference at /api/docs sets a policy of its own, which wins.
 * The middleware is built once: building it per request (what the Fastify
 * plugin does) re-reads and checks every directive on every answer.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config, origins: OriginPolicy, trustProxy: boolean): void {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, origins, trustProxy) },
    hsts: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Signed storage URLs and tiles are other origins; the app's own files stay same-origin.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (req, reply, done) => setHeaders(req.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined)));
  app.addHook('onSend', async (req, reply, payload) => {
    if (isHttps(req.raw, trustProxy)) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
