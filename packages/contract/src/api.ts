import { z } from 'zod';

/** The envelope every answer of the API is wrapped in (DESIGN.md, API conventions). */
export const okEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(true), message: z.string(), data });

export const errorEnvelopeSchema = z.object({
  status: z.literal(false),
  message: z.string(),
  code: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Stable error codes programs can rely on; `message` is for people. */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'OTP_INVALID',
  'OTP_EXPIRED',
  'OTP_TOO_MANY_TRIES',
  'BLOCKED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Who may call a route: the kind of session it needs, or none. */
export type SessionKind = 'worker' | 'team' | 'customer' | 'ops';
export type RouteAuth = SessionKind | 'public';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RouteDef {
  method: HttpMethod;
  /** Path under /api/v2, may hold `:name` parameters. */
  path: string;
  auth: RouteAuth;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of `data` in the success envelope. */
  response: z.ZodType;
}

/** Keeps the literal types of a route definition for the server and the web client. */
export function defineRoute<const T extends RouteDef>(def: T): T {
  return def;
}

export type RouteQuery<T extends RouteDef> = T['query'] extends z.ZodType ? z.input<T['query']> : undefined;
export type RouteBody<T extends RouteDef> = T['body'] extends z.ZodType ? z.input<T['body']> : undefined;
export type RouteParams<T extends RouteDef> = T['params'] extends z.ZodType ? z.input<T['params']> : undefined;
export type RouteData<T extends RouteDef> = z.output<T['response']>;

export { API_PREFIX, buildPath } from './paths';

/** Query values arrive as strings; these coerce them the way forms send them. */
export const queryInt = z.coerce.number().int();
export const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
/** `a,b,c` or repeated keys, as numbers. */
export const queryIntList = z
  .union([z.string(), z.array(z.string()), z.number(), z.array(z.number())])
  .transform((v) => (Array.isArray(v) ? v : String(v).split(',')).filter((s) => String(s) !== '').map(Number))
  .pipe(z.array(z.number().int()));
