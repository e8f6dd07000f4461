import { idParam } from '@booking/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
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

/**
 * The `:id` of a route: a positive integer that fits the databases' 32-bit keys, else 400
 * "Invalid <label> ID" (a bigger number would be a 500 on PostgreSQL, not a 404).
 */
export const parseIdParam = (params: unknown, label: string): number => {
  const parsed = idParam.safeParse(params)
  if (!parsed.success) throw new HttpError(400, `Invalid ${label} ID`)
  return parsed.data.id
}

export const UNSAFE_TEXT_MESSAGE = 'Text cannot contain NUL characters or broken Unicode'

// NUL ends a C string (PostgreSQL refuses it in text, SQLite's trigram search cuts at it); a lone
// surrogate cannot be encoded as UTF-8, so each database stores something other than what was sent.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const isUnsafe = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text)

/** The path of the first string (value or key) that no database would store as sent, or null. */
export const unsafeTextAt = (value: unknown, path: string[] = [], depth = 0): string | null => {
  if (typeof value === 'string') return isUnsafe(value) ? path.join('.') || '_' : null
  if (value === null || typeof value !== 'object') return null
  // No form nests this deep; refusing keeps the walk's stack bounded.
  if (depth > 64) return path.join('.')
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, key]
    if (isUnsafe(key)) return at.join('.')
    const found = unsafeTextAt(item, at, depth + 1)
    if (found !== null) return found
  }
  return null
}

const refuseUnsafeText = async (req: FastifyRequest) => {
  for (const part of [req.query, req.params, req.body]) {
    const at = unsafeTextAt(part)
    if (at !== null) throw new HttpError(400, UNSAFE_TEXT_MESSAGE, { [at]: UNSAFE_TEXT_MESSAGE })
  }
}

/**
 * Every /api body, query string and path parameter passes here before any handler, the public
 * login and sign-up included, so no route can hand such text to the database.
 */
export const registerTextGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', refuseUnsafeText)
}
