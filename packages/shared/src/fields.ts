import { z } from 'zod'

/** Required text with the spec's message for both "missing" and "empty". */
export const requiredText = (message: string, max = 500) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`)

/** Optional text: missing/null become ''. */
export const optionalText = (max = 2000) =>
  z
    .union([z.string(), z.null(), z.undefined()], { error: 'Must be text' })
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(max, `At most ${max} characters`))
    // zod 4 only lets optional-typed schemas be omitted; prefault makes a missing key read as empty.
    .prefault(null)

/**
 * A decimal written out: digits, an optional point and digits, an optional sign. No exponent, no
 * 0x/0b/0o prefixes, no Infinity: Number() would read "0x10" as 16 and "1e3" as 1000.
 */
export const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/

/**
 * Number inputs and older clients send '', null or numeric strings. A decimal string (surrounding
 * whitespace allowed, as a pasted " 12 ") becomes its number; any other string is left as it is,
 * so the number check refuses it with the field's message.
 */
const toNumberish = (v: unknown) => {
  if (v === '' || v === null) return undefined
  if (typeof v === 'string') {
    const text = v.trim()
    return DECIMAL_TEXT.test(text) ? Number(text) : v
  }
  return v
}

/**
 * At most two decimals, judged on the number's shortest decimal text (what JSON carried), not on
 * v * 100 with a float tolerance: 134217728.02 passes exactly; 0.1 + 0.2 (0.30000000000000004) and
 * 1e-7 do not.
 */
export const hasAtMostTwoDecimals = (v: number) =>
  /^-?\d+(\.\d{1,2})?$/.test(
    String(v)
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, ''),
  )

/**
 * The most any one amount of a record may be (decision 041): under Rs 100 crore, far beyond an
 * agency's largest booking, and 90,000 times below the books' exact limit (2^53 − 1 paisa), so no
 * one can fill the books with a few hundred records and stop every money write.
 */
export const MAX_AMOUNT = 999_999_999.99
export const AMOUNT_TOO_LARGE = 'Amount cannot be more than 999,999,999.99'
export const AMOUNT_TOO_SMALL = 'Amount cannot be less than -999,999,999.99'

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
  num = num.min(-MAX_AMOUNT, AMOUNT_TOO_SMALL).max(MAX_AMOUNT, AMOUNT_TOO_LARGE)
  const checked = num
    .refine(hasAtMostTwoDecimals, 'At most 2 decimal places')
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
