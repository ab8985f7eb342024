import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_PREFIX, type OpsRole, type RouteDef, type SessionKind } from '@pmw/contract/api';
import type { OpsAgent } from '@pmw/contract/ops-auth';
import { say } from '@pmw/contract/texts/said';
import { issueSaid, validationMessage } from '@pmw/contract/validation';
import { AppError, type Spoken } from '../errors';
import type { SessionInfo, SessionResolver } from '../modules/sessions/session';
import { speak } from '../modules/locale/locale';

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerInput<T extends RouteDef> {
  params: Parsed<T['params']>;
  query: Parsed<T['query']>;
  body: Parsed<T['body']>;
  /** Present for every route that is not public. */
  session: T['auth'] extends SessionKind ? SessionInfo : undefined;
  /** On ops routes: the agent behind the session, whose role the route allows. */
  agent: T['auth'] extends 'ops' ? OpsAgent : undefined;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** A handler may answer with a message of its own for the message bar. */
export class Answer<D> {
  constructor(
    readonly data: D,
    readonly message: Spoken,
  ) {}
}
export const answer = <D>(data: D, message: Spoken) => new Answer(data, message);

export type Handler<T extends RouteDef> = (
  input: HandlerInput<T>,
) => Promise<z.input<T['response']> | Answer<z.input<T['response']>> | FastifyReply>;

export interface RouteOptions {
  /** Body limit for this route in bytes (default: the server's). */
  bodyLimit?: number;
  /** Per-route rate limit, as @fastify/rate-limit takes it. */
  rateLimit?: { max: number; timeWindow: string | number };
  /** Per-route compression settings, as @fastify/compress takes them (merged over the server's). */
  compress?: { brotliOptions?: { params: Record<number, number> }; zlibOptions?: { level: number } };
}

/** Turns the first zod issue into a message that names the field. */

function parse<S extends z.ZodType | undefined>(schema: S, value: unknown): Parsed<S> {
  if (!schema) return undefined as Parsed<S>;
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const err = new AppError('VALIDATION', validationMessage(result.error));
    err.fields = result.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: issueSaid(i) }));
    throw err;
  }
  return result.data as Parsed<S>;
}

export interface RouteContext {
  sessions: SessionResolver;
  /** Check answers against the contract (on outside production). */
  checkResponses: boolean;
  /** The agent behind an ops session; refused (403) unless their role allows `role`. */
  opsRole: (session: SessionInfo, role: OpsRole) => Promise<OpsAgent>;
}

/** The session (and ops agent) the onRequest check resolved, for the handler of the same request. */
const resolved = new WeakMap<FastifyRequest, { session: SessionInfo; agent?: OpsAgent }>();

/**
 * Registers one contract route: resolves the session the route needs and, on
 * ops routes, checks the agent's role, both at onRequest, before the body is
 * read, so a caller without the right never learns what the route validates;
 * then parses params, query and body with the contract's schemas and wraps the
 * answer in the envelope.
 */
export function route<T extends RouteDef>(
  app: FastifyInstance,
  ctx: RouteContext,
  def: T,
  handler: Handler<T>,
  options: RouteOptions = {},
): void {
  app.route({
    method: def.method,
    url: API_PREFIX + def.path,
    // Each HEAD route would also be a second route to build at every start.
    exposeHeadRoute: def.answersHead === true,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
    ...(options.compress ? { compress: options.compress } : {}),
    ...(def.auth === 'public'
      ? {}
      : {
          onRequest: async (req: FastifyRequest) => {
            const auth = def.auth as SessionKind;
            const session = await ctx.sessions.require(req, auth);
            const agent = auth === 'ops' ? await ctx.opsRole(session, def.role ?? 'admin') : undefined;
            resolved.set(req, { session, ...(agent ? { agent } : {}) });
          },
        }),
    handler: async (req, reply) => {
      const checked = resolved.get(req);
      if (def.auth !== 'public' && !checked) throw new AppError('UNAUTHORIZED', say('common.notLoggedIn'));
      const input = {
        params: parse(def.params, req.params),
        query: parse(def.query, req.query),
        body: parse(def.body, req.body),
        session: checked?.session,
        agent: checked?.agent,
        req,
        reply,
      } as HandlerInput<T>;
      const result = await handler(input);
      if (reply.sent || result === reply) return reply;
      const [data, message] = result instanceof Answer ? [result.data, result.message] : [result, say('common.success')];
      if (ctx.checkResponses) {
        const checked = def.response.safeParse(data);
        if (!checked.success) {
          req.log.error({ issues: checked.error.issues, path: def.path }, 'response does not match the contract');
          throw new AppError('INTERNAL', 'Response does not match the contract');
        }
      }
      return reply.send({ status: true, message: speak(req, message), data: data ?? null });
    },
  });
}
