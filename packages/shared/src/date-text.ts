import { businessDayOf, businessToday } from './business-day.ts'

// Dates as text, without zod: what a phone's screen needs (formatDate, todayIso, the date box)
// loads without the schema library (decision 118). dates.ts re-exports all of it.

export const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** True for a real calendar day in yyyy-mm-dd. */
export const isIsoDate = (value: string): boolean => {
  const m = ISO_DATE.exec(value)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  )
}

/** An instant with its zone ("2026-11-25T19:30:00.000Z", "…+05:00"): a moment, not a calendar day. */
const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/

/**
 * The server's date values become yyyy-mm-dd; empty, 0000-00-00, 1970-01-01 and junk become ''.
 * An instant (a created_at) becomes the agency's business day it fell on (issue 23.4, decision
 * 019): 00:30 in Karachi is 19:30 UTC the evening before, and every screen shows the Karachi day.
 */
export const toIsoDate = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return ''
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return ''
    if (value.toISOString().startsWith('1970-01-01')) return ''
    return businessDayOf(value)
  }
  const s = String(value).trim()
  if (s.startsWith('0000-00-00') || s.startsWith('1970-01-01')) return ''
  if (INSTANT.test(s)) return businessDayOf(s)
  const dmy = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s)
  if (dmy) {
    const iso = `${dmy[3]}-${dmy[2]}-${dmy[1]}`
    return isIsoDate(iso) ? iso : ''
  }
  const head = s.slice(0, 10)
  return isIsoDate(head) ? head : ''
}

/** dd/mm/yyyy (en-GB) for display; '' where the value is not a date. */
export const formatDate = (value: unknown): string => {
  const iso = toIsoDate(value)
  if (!iso) return ''
  const [y, m, d] = iso.split('-')
  return `${d}/${m}/${y}`
}

/**
 * Today as the forms fill their date boxes: the agency's business day (AGENCY_TZ, Asia/Karachi by
 * default), not the browser's or server's own zone, so a form's money date is the day the money moved
 * (decision 019).
 */
export const todayIso = (): string => businessToday()

/**
 * What a person typed in a date box -> the yyyy-mm-dd the API takes. Accepts dd/mm/yyyy (also
 * with - or . and one-digit day/month) and yyyy-mm-dd; out-of-range parts are kept so the form
 * rule can say "Invalid date values"; anything else is returned as typed for the format message.
 */
export const dateInputToIso = (typed: string): string => {
  const s = typed.trim()
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s)
  if (dmy) return `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}`
  return s
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** A month "yyyy-mm" as staff read it on a screen or a paper: "November 2026". */
export const monthName = (month: string): string => {
  const [y, m] = month.split('-')
  return `${MONTH_NAMES[Number(m) - 1] ?? m} ${y}`
}
