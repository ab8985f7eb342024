import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppError } from '../errors';

/** A browser's plain form post, which wants a page back (a program posting JSON gets the envelope). */
export const wantsPage = (req: FastifyRequest) =>
  (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') && (req.headers.accept ?? '').includes('text/html');

/** `a=1&b=2&b=3` as `{a: '1', b: ['2', '3']}`, on an object with no prototype (a `__proto__` key is only a key). */
export function formFields(body: string): Record<string, string | string[]> {
  const out = Object.create(null) as Record<string, string | string[]>;
  for (const [k, v] of new URLSearchParams(body)) {
    const now = out[k];
    out[k] = now === undefined ? v : Array.isArray(now) ? [...now, v] : [now, v];
  }
  return out;
}

/**
 * A scope for the routes a server-drawn page's plain form posts to (the form
 * works before, or without, the page's script): it reads form bodies, and a
 * refusal before the handler (the schema, a limit) is answered by `refused`
 * with the page again when a browser posted it, or the app's envelope to a
 * program.
 */
export function registerFormPosts(
  app: FastifyInstance,
  refused: (req: FastifyRequest, reply: FastifyReply, error: FastifyError | AppError | Error) => Promise<FastifyReply>,
  routes: (scope: FastifyInstance) => void,
) {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
      done(null, formFields(body as string));
    });
    scope.setErrorHandler(async (error: FastifyError | AppError | Error, req, reply) => {
      if (!wantsPage(req)) throw error;
      return refused(req, reply, error);
    });
    routes(scope);
  });
}
