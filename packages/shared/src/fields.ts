import { z } from 'zod'

/** Required text with the spec's message for both "missing" and "empty". */
export const requiredText = (message: string, max = 500) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`)

/** Optional text: missing/null become ''. */
export const optionalText = (max = 2000) =>
  z
    .union([z.string(), z.null(), z.undefined()])
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(max, `At most ${max} characters`))
    // zod 4 only lets optional-typed schemas be omitted; prefault makes a missing key read as empty.
    .prefault(null)

/** Number inputs and older clients send '', null or numeric strings; normalise before checking. */
const toNumberish = (v: unknown) => {
  if (v === '' || v === null) return undefined
  if (typeof v === 'string') {
    const n = Number(v.trim())
    return v.trim() !== '' && !Number.isNaN(n) ? n : v
  }
  return v
}

/**
 * A money amount in rupees (the API's unit), at most 2 decimals, bounded so paisa stay exact.
 * Missing gives `required` (or the default when optional); a non-number gives `typeError`.
 */
export const amount = (opts: {
  required?: string
  typeError?: string
  min?: { value: number; message: string }
  integer?: boolean
  defaultValue?: number
}) => {
  const typeError = opts.typeError ?? opts.required ?? 'Must be a number'
  let num = z.number({ error: (iss) => (iss.input === undefined ? (opts.required ?? typeError) : typeError) })
  if (opts.min) num = num.min(opts.min.value, opts.min.message)
  num = num.min(-1e11, 'Amount is too large').max(1e11, 'Amount is too large')
  const checked = num
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'At most 2 decimal places')
    .refine((v) => !opts.integer || Number.isInteger(v), 'Must be a whole number')
  if (opts.required) return z.preprocess(toNumberish, checked)
  return z.preprocess(toNumberish, checked.optional()).transform((v) => v ?? opts.defaultValue ?? 0)
}

/** One of a fixed list of options. */
export const oneOf = <T extends string>(options: readonly T[], required: string, invalid = required) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((v): v is T => (options as readonly string[]).includes(v), invalid)

/** Ids are PostgreSQL `integer`s: a larger one names no record (and would fail the query, not miss). */
export const MAX_ID = 2_147_483_647

export const idParam = z.object({
  id: z.coerce
    .number({ error: 'Invalid id' })
    .int('Invalid id')
    .positive('Invalid id')
    .max(MAX_ID, 'Invalid id'),
})
