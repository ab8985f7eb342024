import { commonCatalogue } from '@pmw/contract/texts/common';

/** A text of the common catalogue, by its code: what a failure the browser finds itself says. */
export type CommonCode = keyof typeof commonCatalogue.en;

/**
 * The one error every failed call becomes. A server's refusal keeps the
 * server's `message` (already in the reader's language); a failure the
 * browser finds itself (no network, an unreadable answer) carries its text by
 * code, `text`, which the message bar says in the page's language, and its
 * English as `message`.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly httpStatus: number,
    /** The fields a validation refusal is about, with the message for each (already in the reader's language). */
    readonly fields?: readonly { field: string; message: string }[],
    /** The text of a failure the browser found itself, by its code. */
    readonly text?: CommonCode,
  ) {
    super(message);
  }

  /** A failure the browser found itself, said by its code of the common texts. */
  static said(text: CommonCode, code: string, httpStatus: number): ApiError {
    return new ApiError(commonCatalogue.en[text], code, httpStatus, undefined, text);
  }
}

/**
 * The server answered and refused (4xx): asking again changes nothing. A call
 * that never reached it (no network, status 0) or a server failure (5xx) is
 * not a refusal: it is worth retrying, and never means "this does not exist".
 */
export const isRefusal = (err: unknown): err is ApiError => err instanceof ApiError && err.httpStatus >= 400 && err.httpStatus < 500;

/** The call never reached the server (no network): nothing was decided, so what the person did can wait on the phone. */
export const isUnreachable = (err: unknown): err is ApiError => err instanceof ApiError && err.code === 'NETWORK';
