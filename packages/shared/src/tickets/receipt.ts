import { placesIn } from './places.ts'
import { amountOf, DATE_PATTERN, linesOf, splitName, validatingCarrier, writtenDate } from './text.ts'
import type { LayoutRead, ReadSegment, ReadTicket, TicketMoney, TicketStatus } from './types.ts'

/** Carriers whose flights receipts print as PK303, PF 719, EK-623. */
const CARRIERS = [
  'PK',
  'PF',
  'PA',
  'ER',
  '9P',
  'EK',
  'SV',
  'QR',
  'FZ',
  'EY',
  'G9',
  'WY',
  'TK',
  'GF',
  'KU',
  'XY',
  'J9',
  'F3',
  'OV',
  'UL',
  'TG',
  'MH',
  'CZ',
  'BA',
  'LH',
  'AI',
  'KL',
  'AF',
  'FJ',
  'RJ',
  'MS',
  'ET',
  'KQ',
]
const FLIGHT = new RegExp(`\\b(${CARRIERS.join('|')})[ -]?(\\d{1,4})\\b`, 'g')
const TICKET_NO = /(?<![\d-])(\d{3})[ -]?(\d{10})(?![\d-])/g
const TIME = /\b\d{1,2}:\d{2}\b/
const PNR =
  /\b(?:PNR|Booking\s+Ref(?:erence)?|Reservation\s+(?:Code|Number)|Record\s+Locator|Airline\s+(?:PNR|Reference)|Booking\s+Code|Confirmation\s+(?:Number|Code))\b[^:\n]{0,40}?[:#]\s*([A-Z0-9]{6})\b/i
const ISSUED =
  /\b(?:Date\s+of\s+issue|Issue\s+date|Issued\s+on|Issuing\s+date|Date\s+issued)\b[^:\n]{0,40}?:\s*([^\n]{6,20})/i
const PASSENGER_LABEL =
  /\b(?:Passenger(?:\s+name)?|Name\s+of\s+passenger|Traveller(?:\s+name)?)\b[^:\n]{0,40}?:\s*([^\n]*)/gi
const MONEY = /\b([A-Z]{3})\s?(\d[\d,]*(?:\.\d{1,2})?)\b/g
const TAX_TOKEN = /\b([A-Z]{3})\s?(\d[\d,]*(?:\.\d{1,2})?)\s?([A-Z][A-Z0-9])\b/g

/** Where a flight token sits in the text, with the place, date and time next to it. */
interface FlightAt {
  line: number
  start: number
  end: number
  carrier: string
  flight: string
}

const datesIn = (text: string) =>
  [...text.matchAll(DATE_PATTERN)].flatMap((m) => {
    const d = writtenDate(m)
    return d ? [{ at: m.index ?? 0, date: d }] : []
  })

/** Flight tokens that stand on a line with a time or a date (so a tax "PK 1500" is not a flight). */
const flightsIn = (lines: readonly string[]): FlightAt[] =>
  lines.flatMap((line, n) => {
    if (!TIME.test(line) && datesIn(line).length === 0) return []
    return [...line.matchAll(FLIGHT)].map((m) => ({
      line: n,
      start: m.index ?? 0,
      end: (m.index ?? 0) + m[0].length,
      carrier: m[1],
      flight: String(Number(m[2])),
    }))
  })

/**
 * A flight's date: the nearest date before it on its line (after the previous flight), else the
 * next one: in the 300 characters after it, else on the next three lines. No date spans a line
 * break, so the next lines' first date is found once per line (`below`), not once per flight: a
 * line of 20,000 flights above a 200,000-character line took seconds (a fuzzed paste, 413 in CI).
 */
const dateOf = (
  lines: readonly string[],
  f: FlightAt,
  from: number,
  below: Map<number, string | null>,
): string | null => {
  const before = datesIn(lines[f.line].slice(from, f.start))
  if (before.length > 0) return before[before.length - 1].date
  const after = datesIn(lines[f.line].slice(f.end, f.end + 300))[0]?.date
  if (after) return after
  if (!below.has(f.line))
    below.set(f.line, datesIn(lines.slice(f.line + 1, f.line + 4).join('\n'))[0]?.date ?? null)
  return below.get(f.line) ?? null
}

/** A flight's places: codes like (LHE) or LHE-JED, else known city names, in its part of the line. */
const placesOf = (part: string): [string | null, string | null] => {
  const bracketed = [...part.matchAll(/\(([A-Z]{3})\)/g)].map((m) => m[1])
  if (bracketed.length >= 2) return [bracketed[0], bracketed[1]]
  const pair = /\b([A-Z]{3})\s*(?:-|–|to|>)\s*([A-Z]{3})\b/.exec(part)
  if (pair) return [pair[1], pair[2]]
  const named = placesIn(part)
  if (named.length >= 2) return [named[0], named[1]]
  return [null, null]
}

/** "Jeddah-Islamabad Islamabad-Jeddah": route headings, one per flight, in order. */
const routePairs = (text: string): Array<[string, string]> => {
  const pairs: Array<[string, string]> = []
  for (const line of linesOf(text)) {
    for (const m of line.matchAll(
      /([A-Za-z][A-Za-z .]{2,30}?)[ \t]{0,10}(?:\([^)]{0,10}\)[ \t]{0,10})?-[ \t]{0,10}([A-Za-z][A-Za-z]{2,30})/g,
    )) {
      const a = placesIn(m[1])
      const b = placesIn(m[2])
      if (a.length === 0 || b.length === 0) continue
      const pair: [string, string] = [a[a.length - 1], b[0]]
      if (!pairs.some((p) => p[0] === pair[0] && p[1] === pair[1])) pairs.push(pair)
    }
  }
  return pairs
}

const segmentsOf = (lines: readonly string[], text: string): ReadSegment[] => {
  const found = flightsIn(lines)
  const segments: ReadSegment[] = []
  const below = new Map<number, string | null>()
  // A flight printed twice (a receipt's summary and its detail) is one segment: the first kept.
  const seen = new Set<string>()
  found.forEach((f, k) => {
    const previous = found[k - 1]
    const from = previous && previous.line === f.line ? previous.end : 0
    const next = found[k + 1]
    const to = next && next.line === f.line ? next.start : lines[f.line].length
    const date = dateOf(lines, f, from, below)
    const key = `${f.carrier} ${f.flight} ${date}`
    if (seen.has(key)) return
    seen.add(key)
    const [a, b] = placesOf(lines[f.line].slice(from, to))
    segments.push({ carrier: f.carrier, flight: f.flight, from: a, to: b, date })
  })
  if (segments.some((s) => !s.from)) {
    const pairs = routePairs(text)
    if (pairs.length === segments.length)
      segments.forEach((s, k) => {
        s.from ??= pairs[k][0]
        s.to ??= pairs[k][1]
      })
  }
  return segments
}

const moneyIn = (text: string): TicketMoney[] =>
  [...text.matchAll(MONEY)].flatMap((m) => {
    const amount = amountOf(m[2])
    return amount === null || /^(PNR|PCS|KGS)$/.test(m[1]) ? [] : [{ currency: m[1], amount }]
  })

interface Charges {
  fare: TicketMoney | null
  total: TicketMoney | null
  taxes: ReadTicket['taxes']
}

/** "FARE SURCHARGE FEES TAXES TOTAL" over a line of as many amounts (AirSial's charges summary). */
const chargesTable = (lines: readonly string[]): Charges | null => {
  for (let n = 0; n < lines.length - 1; n++) {
    const heads = lines[n].trim().split(/\s+/)
    if (!heads.includes('FARE') || !heads.includes('TOTAL')) continue
    const values = moneyIn(lines[n + 1])
    if (values.length !== heads.length) continue
    const at = (h: string) => values[heads.indexOf(h)]
    const taxes = heads
      .map((h, k) => ({ code: h, amount: values[k].amount }))
      .filter((t) => t.code !== 'FARE' && t.code !== 'TOTAL')
    return { fare: at('FARE'), total: at('TOTAL'), taxes }
  }
  return null
}

/** Labelled lines: "Fare: PKR 95,000", "Taxes/Fees/Charges: PKR 1,660PK PKR 8,000YQ", "Total PKR 107,660". */
const chargesLabelled = (lines: readonly string[]): Charges => {
  const charges: Charges = { fare: null, total: null, taxes: [] }
  for (const line of lines) {
    const label =
      /^\s*(Grand\s+Total|Total(?:\s+(?:Amount|Fare|Price|Paid))?|(?:Base\s+|Air\s*)?Fare(?:\s+Amount)?|Tax(?:es)?\b[^:\d]{0,40}?)\s*:?\s*(.*)$/i.exec(
        line,
      )
    if (!label) continue
    const head = label[1].toLowerCase()
    const rest = label[2]
    if (head.startsWith('tax')) {
      const codes = [...rest.matchAll(TAX_TOKEN)].map((m) => ({ code: m[3], amount: amountOf(m[2]) ?? 0 }))
      const sum = moneyIn(rest)[0]
      if (codes.length > 0) charges.taxes.push(...codes)
      else if (sum) charges.taxes.push({ code: 'XT', amount: sum.amount })
      continue
    }
    const money = moneyIn(rest)[0]
    if (!money) continue
    if (head.includes('total')) charges.total ??= money
    else charges.fare ??= money
  }
  return charges
}

const statusOf = (text: string): TicketStatus => {
  const m = /\b(?:Ticket\s+status|Status)\b[ \t]*(?:[:-][ \t]*)?(VOID(?:ED)?|REFUNDED|EXCHANGED)\b/i.exec(
    text,
  )
  if (!m) return 'ISSUED'
  const s = m[1].toUpperCase()
  return s.startsWith('VOID') ? 'VOID' : (s as TicketStatus)
}

/** A name on a passenger row: the words before the ticket number, without a CNIC or row number. */
const rowName = (before: string) =>
  before
    .replace(/\d[\d-]{4,}/g, ' ')
    .replace(/^\s*\d+[.)]?\s+/, '')
    .replace(/[|:]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/** The passenger labelled "Passenger name: KHAN/IMRAN MR - ADT", cut before the next label. */
const labelledNames = (text: string) =>
  [...text.matchAll(PASSENGER_LABEL)].flatMap((m) => {
    const value =
      /^([A-Za-z][A-Za-z/ .'-]*?)(?:\s*[-(]\s*(ADT|CHD|INF|ADULT|CHILD|INFANT)\)?)?(?=\s{2,}|\s+[A-Z][a-z]|\s*$)/.exec(
        m[1].trim(),
      )
    return value && value[1].replace(/[^A-Za-z]/g, '').length >= 2
      ? [{ name: value[1], type: value[2] ?? '' }]
      : []
  })

/** The lines with something on them: a receipt's blank lines say nothing, and a paste of them costs. */
const filledLines = (text: string) => linesOf(text).filter((l) => /\S/.test(l))

/** Plain-text e-ticket and itinerary receipts airlines e-mail (PIA, Emirates, Saudia, AirSial, ...). */
export const readReceipt = (text: string): LayoutRead => {
  const lines = filledLines(text)
  const warnings: string[] = []
  const pnr = PNR.exec(text)?.[1]?.toUpperCase() ?? null
  const issuedText = ISSUED.exec(text)?.[1] ?? ''
  const issue = datesIn(issuedText)[0]?.date ?? null
  const segments = segmentsOf(lines, text)
  const charges = chargesTable(lines) ?? chargesLabelled(lines)
  const status = statusOf(text)
  const labelled = labelledNames(text)
  const tickets: ReadTicket[] = []
  let labelledUsed = 0
  for (const line of lines) {
    const numbers = [...line.matchAll(TICKET_NO)]
    if (numbers.length === 0) continue
    // A CNIC can stand before the ticket number on a passenger row: the ticket is the last.
    const m = numbers[numbers.length - 1]
    const ticket_number = `${m[1]}${m[2]}`
    if (tickets.some((t) => t.ticket_number === ticket_number)) continue
    const before = line.slice(0, m.index)
    const isLabel = /ticket|e-?tkt|number|\bno\.?\s*:?\s*$/i.test(before)
    let name = isLabel ? '' : rowName(before)
    let hint = /\b(CHD|CHILD)\b/i.test(line) ? 'CHD' : /\b(INF|INFANT)\b/i.test(line) ? 'INF' : ''
    if (!name || !/[A-Za-z]{2}/.test(name)) {
      const l = labelled[labelledUsed] ?? labelled[labelled.length - 1]
      labelledUsed++
      name = l?.name ?? ''
      hint ||= l?.type ?? ''
    }
    if (!name) continue
    const passenger = splitName(
      name,
      hint
        .replace(/ADULT/i, 'ADT')
        .replace(/CHILD/i, 'CHD')
        .replace(/INFANT/i, 'INF'),
    )
    tickets.push({
      ticket_number,
      pnr,
      passenger,
      segments: segments.map((s) => ({ ...s })),
      issue_date: issue,
      fare: charges.fare,
      total: charges.total,
      taxes: charges.taxes,
      validating_carrier: validatingCarrier(null, ticket_number, segments),
      status,
    })
  }
  if (tickets.length > 1 && charges.total)
    warnings.push(`Fare and total are printed once for all ${tickets.length} passengers on this receipt`)
  if (segments.some((s) => !s.from || !s.to))
    warnings.push('Some airports are named in words the reader does not know')
  return { tickets, warnings }
}

/** What a receipt-like text holds even without a ticket number, for the 400 message. */
export const receiptClues = (text: string) => ({
  pnr: PNR.exec(text)?.[1]?.toUpperCase() ?? null,
  flights: [...new Set(flightsIn(filledLines(text)).map((f) => `${f.carrier}${f.flight}`))],
})
