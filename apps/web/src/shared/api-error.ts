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
