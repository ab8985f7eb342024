import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The campaign page's device id cookie: a random id and nothing else, so many leads from one phone can be seen as such. */
export const DEVICE_COOKIE = 'pmw_device';
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const YEAR_S = 365 * 86_400;

/** This device's id, set now (httpOnly, first party) when it has none or a malformed one. */
export function deviceId(req: FastifyRequest, reply: FastifyReply): string {
  const sent = req.cookies[DEVICE_COOKIE];
  if (sent && DEVICE_ID.test(sent)) return sent;
  const id = randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https', maxAge: YEAR_S });
  return id;
}
