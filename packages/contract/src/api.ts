import { z } from 'zod';
import { text } from './base';

/** The envelope every answer of the API is wrapped in (DESIGN.md, API conventions). */
export const okEnvelope = <T extends z.ZodType>(data: T) => z.object({ status: z.literal(true), message: text(), data });

export const errorEnvelopeSchema = z.object({
  status: z.literal(false),
  message: text(),
  code: text(),
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
  /** A lead for the mobile of the partner or team member who would be paid for it. */
  'SELF_REFERRAL',
  'INTERNAL',
  /** A dependency (the database, Redis) does not answer: readiness says which. */
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The refusals of an OTP itself: a page says them under the OTP field. */
export const OTP_REFUSAL_CODES: readonly ErrorCode[] = ['OTP_INVALID', 'OTP_EXPIRED', 'OTP_TOO_MANY_TRIES'];
export const isOtpRefusal = (code: string): boolean => (OTP_REFUSAL_CODES as readonly string[]).includes(code);

/** Who may call a route: the kind of session it needs, or none. */
export type SessionKind = 'worker' | 'team' | 'customer' | 'ops';
export type RouteAuth = SessionKind | 'public';

/** Roles of the ops console: 'support' sees the support inbox, 'admin' everything. */
export type OpsRole = 'support' | 'admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RouteDef {
  method: HttpMethod;
  /** Path under /api/v2, may hold `:name` parameters. */
  path: string;
  /** What the route is for, in one line of the domain's words (the API reference's summary). */
  summary?: string;
  auth: RouteAuth;
  /**
   * For `auth: 'ops'` routes: the least role that may call it, checked before
   * the body is read. Unset means admin, so a new ops route is closed to the
   * support role until it says otherwise.
   */
  role?: OpsRole;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of `data` in the success envelope. */
  response: z.ZodType;
  /**
   * Media types of a route that answers a file or a document as it is,
   * without the envelope (downloads); `response` then says nothing.
   */
  produces?: readonly string[];
  /**
   * A GET route that also answers HEAD (the health check, which monitors
   * probe). The others answer only the method they declare: a HEAD would run
   * the whole handler for nothing.
   */
  answersHead?: boolean;
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

/** Query values arrive as strings; the int4, NUL-free base schemas are in ./base. */
export { queryInt, queryIntList } from './base';
export const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
