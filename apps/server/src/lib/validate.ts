import type { z } from 'zod'
import { HttpError } from './http-error.ts'

/** Field path -> first message, the shape of `errors` in every 400 answer. */
export const fieldErrors = (issues: readonly z.core.$ZodIssue[]): Record<string, string> => {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.join('.') : '_'
    errors[key] ??= issue.message
  }
  return errors
}

/** Parses a body with a shared schema or throws a 400 carrying the spec's field messages. */
export const parseBody = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> => {
  const result = schema.safeParse(body ?? {})
  if (!result.success) {
    const errors = fieldErrors(result.error.issues)
    throw new HttpError(400, Object.values(errors)[0] ?? 'Invalid input', errors)
  }
  return result.data
}
