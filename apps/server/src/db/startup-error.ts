/**
 * A reason the server cannot start that the person running it can fix (a path, a permission, a
 * damaged file). main.ts prints its message as one line and exits, without a stack trace.
 */
export class StartupError extends Error {
  override name = 'StartupError'
}

/** An operating-system or SQLite error code, when the error carries one. */
export const errorCode = (err: unknown): string | undefined =>
  typeof err === 'object' && err !== null && 'code' in err
    ? String((err as { code: unknown }).code)
    : undefined
