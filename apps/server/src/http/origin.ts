import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../errors';

/**
 * Which origins are the app's own. With PUBLIC_URL, its origin; without it,
 * the origin the request itself was made to. In development the request's
 * own origin is accepted beside PUBLIC_URL, so the Vite dev server (which
 * forwards the browser's Host) keeps working.
 */
export interface OriginPolicy {
  publicOrigin: string | undefined;
  development: boolean;
}

export function originPolicy(config: { publicUrl: string | undefined; env: string }): OriginPolicy {
  return { publicOrigin: config.publicUrl ? new URL(config.publicUrl).origin : undefined, development: config.env === 'development' };
}

/** Whether an Origin header names the app; `requestOrigin` is protocol://host of the request as it arrived. */
export function isOwnOrigin(origin: string, requestOrigin: string | undefined, policy: OriginPolicy): boolean {
  const own = (o: string | undefined) => !!o && o.toLowerCase() === origin.toLowerCase();
  if (policy.publicOrigin) return own(policy.publicOrigin) || (policy.development && own(requestOrigin));
  return own(requestOrigin);
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses a state-changing request another site's page made: one whose Origin
 * is not the app's, or that the browser marks Sec-Fetch-Site: cross-site.
 * Requests without either header (scripts, server-to-server callbacks) pass;
 * browsers always send Origin on these methods.
 */
export function registerCrossSiteGuard(app: FastifyInstance, policy: OriginPolicy, trustProxy: boolean): void {
  app.addHook('onRequest', async (req) => {
    if (!STATE_CHANGING.has(req.method)) return;
    if (req.headers['sec-fetch-site'] === 'cross-site') throw forbidden();
    const origin = req.headers.origin;
    if (origin !== undefined && !isOwnOrigin(origin, requestOrigin(req.raw, trustProxy), policy)) throw forbidden();
  });
}

/**
 * The origin a request was made to, as the client saw it: behind a trusted
 * proxy (any TRUST_PROXY but false) from X-Forwarded-Host and
 * X-Forwarded-Proto (the last value, the one the nearest proxy wrote).
 * Fastify ignores these with a hop count; here they are safe to read: a
 * browser cannot set them, and a client that claims https only earns
 * stricter answers (Secure cookies, HSTS).
 */
export function requestOrigin(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const last = (h: string | string[] | undefined) => (Array.isArray(h) ? h[h.length - 1] : h)?.split(',').pop()?.trim() || undefined;
  const host = (trustProxy && last(req.headers['x-forwarded-host'])) || req.headers.host;
  if (!host) return undefined;
  const encrypted = 'encrypted' in req.socket && !!req.socket.encrypted;
  const proto = (trustProxy && last(req.headers['x-forwarded-proto'])) || (encrypted ? 'https' : 'http');
  return `${proto}://${host}`;
}

export const isHttps = (req: IncomingMessage, trustProxy: boolean) => !!requestOrigin(req, trustProxy)?.startsWith('https://');
