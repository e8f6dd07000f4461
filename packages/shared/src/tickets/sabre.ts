import {
  amountOf,
  flightNumber,
  gdsFullDate,
  gdsShortDate,
  readEachDisplay,
  splitName,
  statusOfCoupons,
  validatingCarrier,
} from './text.ts'
import type { LayoutRead, ReadSegment, ReadTicket } from './types.ts'

export const SABRE_MARK = /ELECTRONIC TICKET RECORD/

const COUPON =
  /^\s*\d{1,2}\s+([A-Z0-9]{2})\s+(\d{1,4})\s+[A-Z]\s+(\d{1,2}[A-Z]{3})\s+([A-Z]{3})([A-Z]{3})\b.*?\b([A-Z]{4,9})$/
const TAX = /\bTAX\s+(\d+(?:\.\d+)?)([A-Z][A-Z0-9])\b/g
const MONEY = (label: string) => new RegExp(`^\\s*${label}\\s+([A-Z]{3})(\\d+(?:\\.\\d+)?)`)

/** One Sabre electronic ticket record (WETR, *T): the text from its title to the next one. */
const readRecord = (lines: readonly string[]): ReadTicket | null => {
  const text = lines.join('\n')
  const number = /\bTKT:\s*(\d{13})\b/.exec(text)
  if (!number) return null
  const issue = gdsFullDate(/\bISSUED:\s*(\d{1,2}[A-Z]{3}\d{2})/.exec(text)?.[1] ?? '')
  const name = (/\bNAME:[ \t]*([^\n]*)/.exec(text)?.[1] ?? '').trim()
  const segments: ReadSegment[] = []
  const coupons: string[] = []
  let fare: ReadTicket['fare'] = null
  let total: ReadTicket['total'] = null
  for (const line of lines) {
    const c = COUPON.exec(line.trimEnd())
    if (c) {
      segments.push({
        carrier: c[1],
        flight: flightNumber(c[2]),
        from: c[4],
        to: c[5],
        date: gdsShortDate(c[3], issue),
      })
      coupons.push(c[6])
      continue
    }
    const f = MONEY('FARE').exec(line)
    if (f) fare = { currency: f[1], amount: Number(f[2]) }
    const t = MONEY('TOTAL').exec(line)
    if (t) total = { currency: t[1], amount: Number(t[2]) }
  }
  const taxes = [...text.matchAll(TAX)].map((m) => ({ code: m[2], amount: amountOf(m[1]) ?? 0 }))
  const ticket_number = number[1]
  return {
    ticket_number,
    pnr: /\bPNR:([A-Z0-9]{6})\b/.exec(text)?.[1] ?? null,
    passenger: splitName(name),
    segments,
    issue_date: issue,
    fare,
    total,
    taxes,
    validating_carrier: validatingCarrier(null, ticket_number, segments),
    status: statusOfCoupons(coupons),
  }
}

/** Sabre WETR / *T displays, one or more pasted one after another. */
export const readSabre = (text: string): LayoutRead => readEachDisplay(text, SABRE_MARK, readRecord)
