import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * For a provider's signed webhook: the signature covers the body exactly as
 * it was sent, so JSON parsed and written again would not match it. In the
 * scope this is called on, a JSON body is kept as received (read it back
 * with `rawBodyOf`) and then parsed; a body that is not JSON parses to `{}`
 * so the signature check, not the parser, answers the sender.
 */
export function keepRawJsonBodies(scope: FastifyInstance, bodyLimit: number): void {
  scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (req, raw, done) => {
    const text = typeof raw === 'string' ? raw : raw.toString('utf8');
    rawBodies.set(req, text);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(null, {});
    }
  });
}

/** The body as received, in a scope that keeps raw bodies; '' elsewhere. */
export const rawBodyOf = (req: FastifyRequest): string => rawBodies.get(req) ?? '';

const rawBodies = new WeakMap<object, string>();
