/** The one error every failed call becomes; the message bar shows `message`. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly httpStatus: number,
    /** The fields a validation refusal is about, with the message for each (already in the reader's language). */
    readonly fields?: readonly { field: string; message: string }[],
  ) {
    super(message);
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
