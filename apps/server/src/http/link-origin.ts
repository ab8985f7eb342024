import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** Answers the origin for a link the server hands out in answer to a request. */
export type LinkOrigin = (req: FastifyRequest) => string;

/**
 * The origin of links the server hands out (share links, og:url): PUBLIC_URL;
 * without it, in production, the configured listen address, because the
 * request's Host header is whatever the client wrote; outside production the
 * request's own origin, so a phone on the same network gets working links.
 */
export function createLinkOrigin(config: Pick<Config, 'env' | 'publicUrl' | 'host' | 'port'>): LinkOrigin {
  if (config.publicUrl) {
    const fixed = config.publicUrl.replace(/\/+$/, '');
    return () => fixed;
  }
  if (config.env === 'production') {
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    const fixed = `http://${host}:${config.port}`;
    return () => fixed;
  }
  return (req) => `${req.protocol}://${req.host}`;
}
