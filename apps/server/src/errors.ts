import type { ErrorCode } from '@pmw/contract/api';
import { messages } from '@pmw/contract/messages';
import { englishTexts } from '@pmw/contract/texts/english';
import { readSaid, renderSaid, Said } from '@pmw/contract/texts/said';

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  OTP_INVALID: 400,
  OTP_EXPIRED: 400,
  OTP_TOO_MANY_TRIES: 429,
  BLOCKED: 403,
  SELF_REFERRAL: 409,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/**
 * A failure a person should read; the error handler turns it into the
 * envelope. Given a said text, the handler answers it in the reader's
 * language by its code; `message` is its English (for logs and tests).
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly said: Said | undefined;
  constructor(
    readonly code: ErrorCode,
    message: string | Said,
    statusCode?: number,
  ) {
    // A validation message said by code (a lead form's refusal) is a said text too.
    const said = message instanceof Said ? message : readSaid(message)?.said;
    super(said ? renderSaid(said, englishTexts, englishTexts) : (message as string));
    this.said = said;
    this.statusCode = statusCode ?? STATUS[code];
  }
  /** A refusal of a request's fields, each said at its field (a form shows them there). */
  fields?: FieldRefusal[];
}

/** A field's refusal: the field's path (`mobile`, `input.3`) and what is wrong with it. */
export interface FieldRefusal {
  field: string;
  message: string | Said;
}

type Message = string | Said;
export const badRequest = (message: Message) => new AppError('BAD_REQUEST', message);
export const notFound = (message: Message = messages.notFound) => new AppError('NOT_FOUND', message);
export const forbidden = (message: Message = messages.forbidden) => new AppError('FORBIDDEN', message);
export const unauthorized = (message: Message = messages.notLoggedIn) => new AppError('UNAUTHORIZED', message);
export const conflict = (message: Message) => new AppError('CONFLICT', message);

/** Drizzle wraps driver errors; the PostgreSQL code sits on the cause. */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';
