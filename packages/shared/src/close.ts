import { z } from 'zod'
import { formatDate, strictDate } from './dates.ts'
import { amount, optionalText } from './fields.ts'
import { formatAmount, fromPaisa } from './money.ts'

/**
 * Issue 24 items 3-4 (decisions 065, 066): the day's cash count, the books' lock date and the
 * month-end checklist. One schema each drives the form, the server's validation and the docs.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date')

/** The 409 every write into a closed day answers. */
export const booksClosedMessage = (through: string) => `The books are closed through ${formatDate(through)}`

export const NOTE_NEEDED = 'Say why the cash is over or short'
/**
 * A count that differs with no reason: the refusal says which way and by how much (issue 37), so
 * the counter can recount or explain. Said only after the count is typed: the count stays blind.
 */
export const noteNeeded = (differencePaisa: number) =>
  `The cash is ${differencePaisa > 0 ? 'over' : 'short'} by Rs ${formatAmount(fromPaisa(Math.abs(differencePaisa)))}. ${NOTE_NEEDED}.`

/** POST /cash-counts: the cash counted in the drawer at the end of `date`. */
export const CashCountInput = z.object({
  date: strictDate('Date is required'),
  counted: amount({
    required: 'Counted cash is required',
    typeError: 'Counted cash must be a number',
    min: { value: 0, message: 'Counted cash cannot be negative' },
  }),
  /** The reason for a difference; required when the count differs from Cash in Office (NOTE_NEEDED). */
  note: optionalText(500),
})
export type CashCountInput = z.output<typeof CashCountInput>

/** A count as stored and answered, in rupees; difference = counted − expected (over > 0, short < 0). */
export interface CashCount {
  id: number
  date: string
  counted: number
  /** Cash in Office at the end of the day when the count was saved (before its own entry). */
  expected: number
  difference: number
  note: string
  employee: string
  created_at: string
  /** A later count of the same day replaced this one (its entry was reversed). */
  replaced: boolean
}

export const CashCountsQuery = z.object({ from: isoDate.optional(), to: isoDate.optional() })

/** PUT /admin/books/lock: close the books through a day. */
export const BooksLockInput = z.object({
  through: strictDate('Close through date is required'),
  /** Required when the date moves back (reopening closed days). */
  reason: optionalText(500),
  /**
   * Closing through a day that is not its month's last, or with month-end checklist items left,
   * is a 409 naming them until the body says true (issue 37, decision 094).
   */
  confirm: z.boolean().optional(),
})
export type BooksLockInput = z.output<typeof BooksLockInput>
/** The 409's message when a close needs confirmation; its `errors` name each thing left. */
export const CLOSE_NEEDS_CONFIRM = 'Closing the books here needs your confirmation'
export const REOPEN_REASON = 'A reason is required to reopen closed days'
export const LOCK_IN_FUTURE = 'The books cannot be closed past today'

export interface BooksLock {
  /** The last closed day, null when nothing is closed. */
  through: string | null
  reason: string
  by: string
  at: string | null
}

export const MonthEndQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be yyyy-mm')
    .optional(),
})

/** One line of the month-end checklist: what is left, `ok` when nothing is. */
export interface MonthEndItem {
  key: string
  label: string
  ok: boolean
  count: number
  /** Up to 20 things to look at ("05/11/2026", "UBL Account 1: 3 lines"). */
  details: string[]
}

const loose = z.looseObject({})
export const CashCountSavedAnswer = z.object({
  status: z.literal('success'),
  message: z.string(),
  cash_count: loose,
})
export const CashCountsAnswer = z.object({ status: z.literal('success'), cash_counts: z.array(loose) })
export const BooksLockAnswer = z.object({
  status: z.literal('success'),
  lock: z.object({
    through: z.string().nullable(),
    reason: z.string(),
    by: z.string(),
    at: z.string().nullable(),
  }),
})
export const MonthEndAnswer = z.object({
  status: z.literal('success'),
  month: z.string(),
  from: z.string(),
  to: z.string(),
  locked_through: z.string().nullable(),
  items: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      ok: z.boolean(),
      count: z.number().int(),
      details: z.array(z.string()),
    }),
  ),
})
