import type { LayoutRead, PassengerType, ReadTicket, TicketStatus } from './types.ts'

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']
const pad = (n: number) => String(n).padStart(2, '0')
const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toUpperCase()) + 1

const validDay = (y: number, m: number, d: number) => {
  if (m < 1 || m > 12 || d < 1) return false
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate()
}
const iso = (y: number, m: number, d: number) => (validDay(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null)
/** Two-digit years are this century: tickets are issued for trips now, not in 1925. */
const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y))

/** "14SEP18" (GDS issue dates) -> 2018-09-14. */
export const gdsFullDate = (text: string): string | null => {
  const m = /^(\d{1,2})([A-Z]{3})(\d{2}|\d{4})$/i.exec(text.trim())
  return m ? iso(fullYear(m[3]), monthOf(m[2]), Number(m[1])) : null
}

/**
 * "24JAN" without a year: the first such day on or after `after` (the issue date, issue 22 §2).
 * Without a reference day it cannot be placed, so null.
 */
export const gdsShortDate = (text: string, after: string | null): string | null => {
  const m = /^(\d{1,2})([A-Z]{3})$/i.exec(text.trim())
  if (!m || !after) return null
  const month = monthOf(m[2])
  const day = Number(m[1])
  const from = Number(after.slice(0, 4))
  for (let y = from; y <= from + 8; y++) {
    const d = iso(y, month, day)
    if (d && d >= after) return d
  }
  return null
}

/** yymmdd (Amadeus AIR D- line) -> yyyy-mm-dd. */
export const yymmdd = (text: string): string | null => {
  const m = /^(\d\d)(\d\d)(\d\d)$/.exec(text.trim())
  return m ? iso(2000 + Number(m[1]), Number(m[2]), Number(m[3])) : null
}

/** A written date: 19-Mar-2025, 18-APR-23, 21Dec2024, 24 JAN 2026, 2024-12-16, 24/01/2026. */
export const DATE_PATTERN =
  /\b(?:(\d{4})-(\d\d)-(\d\d)|(\d{1,2})[- ]?([A-Za-z]{3})[A-Za-z]*[- ,]?(\d{4}|\d{2})|(\d{1,2})\/(\d{1,2})\/(\d{4}))\b/g
export const writtenDate = (m: RegExpExecArray | RegExpMatchArray): string | null => {
  if (m[1]) return iso(Number(m[1]), Number(m[2]), Number(m[3]))
  if (m[4]) {
    const month = monthOf(m[5])
    return month ? iso(fullYear(m[6]), month, Number(m[4])) : null
  }
  if (m[7]) return iso(Number(m[9]), Number(m[8]), Number(m[7]))
  return null
}

/** "79,171" or "280.50" -> a number as written (no float arithmetic happens on it). */
export const amountOf = (text: string): number | null => {
  const clean = text.replace(/,/g, '')
  return /^\d+(\.\d+)?$/.test(clean) ? Number(clean) : null
}

/** Flight numbers lose their leading zeros (EK0976 is flight 976). */
export const flightNumber = (text: string) => String(Number(text))

const TITLES = ['MR', 'MRS', 'MS', 'MISS', 'MSTR', 'MASTER', 'DR', 'PROF', 'ENGR', 'HAJI', 'INF', 'CHD']
const TITLE_AT_END = new RegExp(`\\s+(${TITLES.join('|')})\\.?$`, 'i')
const TITLE_AT_START = new RegExp(`^(${TITLES.join('|')})\\.?\\s+`, 'i')

export interface NameParts {
  title: string | null
  first_name: string
  last_name: string
  type: PassengerType
}

const typeOf = (title: string | null, marks: string): PassengerType => {
  if (/\bINF/i.test(marks) || title === 'INF') return 'INF'
  if (/\bCHD|\bCNN|\bCH\b/i.test(marks) || title === 'CHD' || title === 'MSTR') return 'CHD'
  return 'ADT'
}

/**
 * A passenger name as GDS and receipts print it: "LAST/FIRST MIDDLE MR", "MR. FIRST LAST",
 * "LAST/FIRST MSTR(CHD)(ID05MAR03)". Without a slash the last word is taken as the surname.
 */
export const splitName = (raw: string, typeHint = ''): NameParts => {
  let marks = typeHint
  // "(CHD)", "(ID05MAR03)": each bracket to the first ")" after it, found with indexOf (a regular
  // expression here was quadratic on a paste of "(" without a closing one, issue 33).
  let text = ''
  let i = 0
  for (;;) {
    const open = raw.indexOf('(', i)
    const close = open < 0 ? -1 : raw.indexOf(')', open)
    if (close < 0) break
    marks += ` ${raw.slice(open + 1, close)}`
    text += `${raw.slice(i, open)} `
    i = close + 1
  }
  text += raw.slice(i)
  text = text.replace(/\s+/g, ' ').trim()
  let title: string | null = null
  const end = TITLE_AT_END.exec(text)
  if (end) {
    title = end[1].toUpperCase()
    text = text.slice(0, end.index).trim()
  } else {
    const start = TITLE_AT_START.exec(text)
    if (start) {
      title = start[1].toUpperCase()
      text = text.slice(start[0].length).trim()
    }
  }
  if (title === 'MASTER') title = 'MSTR'
  let first: string
  let last: string
  if (text.includes('/')) {
    const at = text.indexOf('/')
    last = text.slice(0, at).trim()
    first = text.slice(at + 1).trim()
    const again = TITLE_AT_END.exec(first)
    if (!title && again) {
      title = again[1].toUpperCase()
      first = first.slice(0, again.index).trim()
    }
  } else {
    const words = text.split(' ')
    last = words.length > 1 ? (words.pop() ?? '') : (words[0] ?? '')
    first = words.length > 0 && words[0] !== last ? words.join(' ') : ''
  }
  return { title, first_name: first.toUpperCase(), last_name: last.toUpperCase(), type: typeOf(title, marks) }
}

/** Ticket status from its coupons: every coupon VOID is a void ticket, and so on; else ISSUED. */
export const statusOfCoupons = (coupons: readonly string[]): TicketStatus => {
  const all = (test: RegExp) => coupons.length > 0 && coupons.every((c) => test.test(c))
  if (all(/^(VOID|V)$/)) return 'VOID'
  if (all(/^(RFND|REFUNDED|REFD|R)$/)) return 'REFUNDED'
  if (all(/^(EXCH|EXCHANGED|E)$/)) return 'EXCHANGED'
  return 'ISSUED'
}

/** The airline of a ticket's three-digit prefix, for the airlines Pakistani agencies issue most. */
const PREFIX_CARRIER: Record<string, string> = {
  '214': 'PK',
  '176': 'EK',
  '065': 'SV',
  '157': 'QR',
  '141': 'FZ',
  '607': 'EY',
  '235': 'TK',
  '072': 'GF',
  '229': 'KU',
  '910': 'WY',
  '673': 'PF',
  '514': 'G9',
  '125': 'BA',
  '098': 'AI',
  '131': 'JL',
  '057': 'AF',
  '001': 'AA',
  '071': 'ET',
}
export const carrierOfPrefix = (ticketNumber: string): string | null =>
  PREFIX_CARRIER[ticketNumber.slice(0, 3)] ?? null

/** Validating carrier: stated, else the ticket prefix's airline, else the first coupon's. */
export const validatingCarrier = (
  stated: string | null | undefined,
  ticketNumber: string,
  segments: ReadTicket['segments'],
) => stated || carrierOfPrefix(ticketNumber) || segments[0]?.carrier || null

/** Lines of a paste: CRLF and terminal page marks ()><, ><) removed. */
export const linesOf = (text: string) => text.replace(/\r\n?/g, '\n').replace(/\)?></g, '\n').split('\n')

/** A GDS paste of one or more displays: each starts on a line `opening` matches and runs to the next. */
export const readEachDisplay = (
  text: string,
  opening: RegExp,
  read: (lines: string[]) => ReadTicket | null,
): LayoutRead => {
  const lines = linesOf(text)
  const starts = lines.flatMap((l, i) => (opening.test(l) ? [i] : []))
  const tickets = starts
    .map((s, k) => read(lines.slice(s, starts[k + 1] ?? lines.length)))
    .filter((t): t is ReadTicket => t !== null)
  return { tickets, warnings: [] }
}
