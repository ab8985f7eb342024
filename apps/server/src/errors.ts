import type { ErrorCode } from '@pmw/contract/api';
import { englishTexts } from '@pmw/contract/texts/english';
import { renderSaid, Said, say, Typed } from '@pmw/contract/texts/said';

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
 * What a person reads: a text of ours, said by its code (a validation message
 * said by code is one too: `saidOf(message)`), or words that are not ours,
 * marked as such (`asTyped(job.application_archive_message)`).
 */
export type Spoken = Said | Typed;

/**
 * A failure a person should read; the error handler turns it into the
 * envelope and answers it in the reader's language by its code; `message` is
 * its English (for logs and tests).
 */
export class AppError extends Error {
  readonly statusCode: number;
  /** What the person reads. */
  readonly said: Spoken;
  /** A failure of ours (500) may be described in English for the log: the person reads "Something went wrong". */
  constructor(code: 'INTERNAL', message: string | Spoken, statusCode?: number);
  constructor(code: ErrorCode, message: Spoken, statusCode?: number);
  constructor(
    readonly code: ErrorCode,
    message: string | Spoken,
    statusCode?: number,
  ) {
    super(message instanceof Typed ? message.text : message instanceof Said ? renderSaid(message, englishTexts, englishTexts) : message);
    this.said = typeof message === 'string' ? say('common.somethingWentWrong') : message;
    this.statusCode = statusCode ?? STATUS[code];
  }
  /** A refusal of a request's fields, each said at its field (a form shows them there). */
  fields?: FieldRefusal[];
}

/** A field's refusal: the field's path (`mobile`, `input.3`) and what is wrong with it. */
export interface FieldRefusal {
  field: string;
  message: Spoken;
}

export const badRequest = (message: Spoken) => new AppError('BAD_REQUEST', message);
export const notFound = (message: Spoken = say('common.notFound')) => new AppError('NOT_FOUND', message);
export const forbidden = (message: Spoken = say('common.forbidden')) => new AppError('FORBIDDEN', message);
export const unauthorized = (message: Spoken = say('common.notLoggedIn')) => new AppError('UNAUTHORIZED', message);
export const conflict = (message: Spoken) => new AppError('CONFLICT', message);

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
