import { z } from 'zod'
import { ISO_DATE, isIsoDate, toIsoDate } from './date-text.ts'

export { dateInputToIso, formatDate, isIsoDate, monthName, todayIso, toIsoDate } from './date-text.ts'

/**
 * The spec's yyyy-MM-dd rule used by Protector, Expense and Refunded:
 * wrong shape -> "Invalid date format (yyyy-MM-dd)", month/day out of range -> "Invalid date values".
 */
export const strictDate = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .superRefine((value, ctx) => {
      const m = ISO_DATE.exec(value)
      if (!m) {
        ctx.addIssue({ code: 'custom', message: 'Invalid date format (yyyy-MM-dd)' })
        return
      }
      const month = Number(m[2])
      const day = Number(m[3])
      if (month < 1 || month > 12 || day < 1 || day > 31 || !isIsoDate(value)) {
        ctx.addIssue({ code: 'custom', message: 'Invalid date values' })
      }
    })

/** Same rule for an optional date: empty or null is allowed and becomes null. */
export const optionalStrictDate = () =>
  z
    .string()
    .nullish()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()))
    .superRefine((value, ctx) => {
      if (value === null) return
      const m = ISO_DATE.exec(value)
      if (!m) {
        ctx.addIssue({ code: 'custom', message: 'Invalid date format (yyyy-MM-dd)' })
        return
      }
      if (!isIsoDate(value)) ctx.addIssue({ code: 'custom', message: 'Invalid date values' })
    })

/** A required date where the spec's type error is "Invalid date" (Ticket, Umrah, Services). */
export const requiredDate = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine((v) => isIsoDate(toIsoDate(v) || 'x'), 'Invalid date')
    .transform((v) => toIsoDate(v))

/** An optional, nullable date with the "Invalid date" type error. */
export const optionalDate = () =>
  z
    .string()
    .nullish()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()))
    .refine((v) => v === null || toIsoDate(v) !== '', 'Invalid date')
    .transform((v) => (v === null ? null : toIsoDate(v)))
