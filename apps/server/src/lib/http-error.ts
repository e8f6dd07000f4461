/** Thrown anywhere in a handler; the error handler turns it into the JSON error body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message)
  }
}

export const notFound = (what = 'Record') => new HttpError(404, `${what} not found`)
export const forbidden = (message = 'Only admins can do this') => new HttpError(403, message)
