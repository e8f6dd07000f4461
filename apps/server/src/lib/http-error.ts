/** Thrown anywhere in a handler; the error handler turns it into the JSON error body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** Keys the answer carries beside status, message and errors (e.g. the record a duplicate is on). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message)
  }
}
