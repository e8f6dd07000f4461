import {
  amountOf,
  flightNumber,
  gdsShortDate,
  linesOf,
  splitName,
  validatingCarrier,
  yymmdd,
} from './text.ts'
import type { LayoutRead, ReadSegment, ReadTicket, TicketStatus } from './types.ts'

/** AIR interface files open with "AIR-BLK". */
export const AIR_MARK = /^[ \t]*AIR-BLK\d*/m
/** "H-001;002OLHR;LONDON LHR1 ;BOM;MUMBAI ;AI    0130 G G 05JUL0945 ..." */
const H_LINE =
  /^H-\d+;\d{3}[A-Z]([A-Z]{3});[^;]*;([A-Z]{3});[^;]*;([A-Z0-9]{2})\s*(\d{1,4})\s+[A-Z]\s+[A-Z]\s+(\d{2}[A-Z]{3})/
const MONEY = /([A-Z]{3})(\d+(?:\.\d+)?)/
const TAX = /([A-Z]{3})(\d+(?:\.\d+)?)\s+([A-Z0-9]{2})\b/g

/** Amadeus AIR files: one I-/T- pair per passenger, itinerary and fare shared by all. */
export const readAmadeusAir = (text: string): LayoutRead => {
  const lines = linesOf(text).map((l) => l.trimEnd())
  const warnings: string[] = []
  const find = (re: RegExp) => lines.map((l) => re.exec(l)).find((m) => m) ?? null
  const amd = find(/^AMD\s/)?.input ?? ''
  const voided = /;VOID\d{1,2}[A-Z]{3}/.test(amd)
  const refunded = lines.some((l) => /^B-TRF|^RFD/.test(l))
  const status: TicketStatus = voided ? 'VOID' : refunded ? 'REFUNDED' : 'ISSUED'
  const dLine = find(/^D-(\d{6});(\d{6});(\d{6})/)
  const issue = dLine ? yymmdd(dLine[3]) : null
  const segments: ReadSegment[] = []
  for (const line of lines) {
    const h = H_LINE.exec(line)
    if (!h) continue
    segments.push({
      carrier: h[3],
      flight: flightNumber(h[4]),
      from: h[1],
      to: h[2],
      date: gdsShortDate(h[5], issue),
    })
  }
  const pnr = find(/^MUC1A\s+([A-Z0-9]{6})/)?.[1] ?? null
  // K-: fare first, the total last (its other fields are blank or equivalents).
  const k = find(/^K-[A-Z]?(.*)$/)
  let fare: ReadTicket['fare'] = null
  let total: ReadTicket['total'] = null
  if (k) {
    const fields = k[1]
      .split(';')
      .map((f) => MONEY.exec(f.trim()))
      .filter((m) => m !== null)
    if (fields[0]) fare = { currency: fields[0][1], amount: Number(fields[0][2]) }
    const last = fields[fields.length - 1]
    if (last && fields.length > 1) total = { currency: last[1], amount: Number(last[2]) }
  }
  const taxLine = find(/^KFTB(.*)$/) ?? find(/^TAX-(.*)$/)
  const taxes = taxLine
    ? [...taxLine[1].matchAll(TAX)].map((m) => ({ code: m[3], amount: amountOf(m[2]) ?? 0 }))
    : []
  const tickets: ReadTicket[] = []
  let name: string | null = null
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]
    const i = /^I-\d+;\d{2}([^;]+);/.exec(line)
    if (i) {
      name = i[1]
      continue
    }
    const t = /^T-[A-Z]?(\d{3})-(\d{10})/.exec(line)
    if (!t || name === null) continue
    const ticket_number = `${t[1]}${t[2]}`
    // The FV line after this passenger's T- line names the validating carrier.
    const fv = lines.slice(n + 1, n + 40).find((l) => /^FV[A-Z0-9]{2}/.test(l) || /^I-/.test(l))
    const stated = fv && /^FV/.test(fv) ? fv.slice(2, 4) : null
    tickets.push({
      ticket_number,
      pnr,
      passenger: splitName(name),
      segments: segments.map((s) => ({ ...s })),
      issue_date: issue,
      fare,
      total,
      taxes,
      validating_carrier: validatingCarrier(stated, ticket_number, segments),
      status,
    })
    name = null
  }
  if (tickets.length > 0 && segments.length === 0) warnings.push('The file holds no itinerary (H- lines)')
  return { tickets, warnings }
}
