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

/** "TKT: 157 7830 831534     NAME: JAMES/KAMOLI" opens each *TE display. */
export const TRAVELPORT_MARK = /^[ \t]*TKT:[ \t]*\d{3} ?\d{4} ?\d{6}[ \t]+NAME:/m
const OPENING = /^\s*TKT:\s*(\d{3})\s?(\d{4})\s?(\d{6})\s+NAME:\s*(.*)$/
const COUPON =
  /^\s*([A-Z]{4})\s+([A-Z0-9]{2})\s+(\d{1,4})\s+[A-Z]\s+(\d{1,2}[A-Z]{3})\s+([A-Z]{3})([A-Z]{3})\b/

const readDisplay = (lines: readonly string[]): ReadTicket | null => {
  const open = OPENING.exec(lines[0] ?? '')
  if (!open) return null
  const text = lines.join('\n')
  const issue = gdsFullDate(/\bISSUED:\s*(\d{1,2}[A-Z]{3}\d{2})/.exec(text)?.[1] ?? '')
  const segments: ReadSegment[] = []
  const coupons: string[] = []
  for (const line of lines) {
    const c = COUPON.exec(line)
    if (!c) continue
    segments.push({
      carrier: c[2],
      flight: flightNumber(c[3]),
      from: c[5],
      to: c[6],
      date: gdsShortDate(c[4], issue),
    })
    coupons.push(c[1])
  }
  const money = (label: string) => {
    const m = new RegExp(`^[ \\t]*${label}\\s+([A-Z]{3})\\s+(\\d+(?:\\.\\d+)?)`, 'm').exec(text)
    return m ? { currency: m[1], amount: Number(m[2]) } : null
  }
  const taxes = [...text.matchAll(/\bTAX\s+(\d+(?:\.\d+)?)\s?([A-Z][A-Z0-9])\b/g)].map((m) => ({
    code: m[2],
    amount: amountOf(m[1]) ?? 0,
  }))
  const ticket_number = `${open[1]}${open[2]}${open[3]}`
  const plating = /PLATING CARRIER:\s*([A-Z0-9]{2})\b/.exec(text)?.[1]
  return {
    ticket_number,
    pnr: /\bRLOC\s+[A-Z0-9]{2}\s+([A-Z0-9]{6})\b/.exec(text)?.[1] ?? null,
    passenger: splitName(open[4].trim()),
    segments,
    issue_date: issue,
    fare: money('FARE'),
    total: money('TOTAL'),
    taxes,
    validating_carrier: validatingCarrier(plating, ticket_number, segments),
    status: statusOfCoupons(coupons),
  }
}

/** Travelport (Galileo, Apollo) *TE ticket displays; an *HTE list before them is skipped. */
export const readTravelport = (text: string): LayoutRead => readEachDisplay(text, OPENING, readDisplay)
