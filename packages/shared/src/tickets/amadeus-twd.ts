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

/** "TKT-0573325039259-260    RCI-" opens each TWD display. */
export const TWD_MARK = /^[ \t]*TKT-\d{13}/m
const OPENING = /^\s*TKT-(\d{13})/
/** " 2 XFCO AF9748AZ N 15MAR0910 OK NLSOEG        F   15MAR15MAR 1PC": coupon, board point, flight. */
const COUPON =
  /^\s*(\d{1,2})\s([OX ])([A-Z]{3})\s([A-Z0-9]{2})\s*(\d{1,4})[A-Z0-9]{0,2}\s+[A-Z]\s(\d{2}[A-Z]{3})\d{0,4}\s+[A-Z]{2}\s+\S+\s+([A-Z])\b/
/** " 3  CAN ARNK" (a surface sector) and the final "    CAI" line name a board point only. */
const POINT = /^\s*(?:\d{1,2}\s+)?([A-Z]{3})(?:\s+ARNK)?\s*$/
const PASSENGER = /^\s*\d+\.( ?\S+(?: \S+)*)\s{2,}(ADT|CHD|CNN|INF|YTH|SRC|STU)?\b/

const readDisplay = (lines: readonly string[]): ReadTicket | null => {
  const open = OPENING.exec(lines[0] ?? '')
  if (!open) return null
  const text = lines.join('\n')
  const issue = gdsFullDate(/\bDOI-(\d{1,2}[A-Z]{3}\d{2})/.exec(text)?.[1] ?? '')
  const pax = lines.map((l) => PASSENGER.exec(l)).find((m) => m)
  const segments: ReadSegment[] = []
  const coupons: string[] = []
  // A coupon's arrival is the next line's board point (a coupon, an ARNK, or the last point).
  let open_segment: ReadSegment | null = null
  for (const line of lines.slice(1)) {
    const c = COUPON.exec(line)
    const point = c ? c[3] : POINT.exec(line)?.[1]
    if (!point) continue
    if (open_segment) open_segment.to = point
    open_segment = null
    if (!c) continue
    open_segment = {
      carrier: c[4],
      flight: flightNumber(c[5]),
      from: c[3],
      to: null,
      date: gdsShortDate(c[6], issue),
    }
    segments.push(open_segment)
    coupons.push(c[7])
  }
  const money = (label: string) => {
    const m = new RegExp(`^[ \\t]*${label}\\s+(?:[A-Z]\\s+)?([A-Z]{3})\\s+(\\d+(?:\\.\\d+)?)`, 'm').exec(text)
    return m ? { currency: m[1], amount: Number(m[2]) } : null
  }
  const taxes = [...text.matchAll(/\bTX\d{2}\s+[A-Z]{3}\s+(\d+(?:\.\d+)?)([A-Z0-9]{2})\b/g)].map((m) => ({
    code: m[2],
    amount: amountOf(m[1]) ?? 0,
  }))
  const ticket_number = open[1]
  return {
    ticket_number,
    pnr: /\bLOC-([A-Z0-9]{6})\b/.exec(text)?.[1] ?? null,
    passenger: splitName(pax?.[1] ?? '', pax?.[2] ?? ''),
    segments,
    issue_date: issue,
    fare: money('FARE'),
    total: money('TOTAL'),
    taxes,
    validating_carrier: validatingCarrier(null, ticket_number, segments),
    status: statusOfCoupons(coupons),
  }
}

/** Amadeus TWD ticket displays (one or more), with an agent's TWD/TAX answer after them. */
export const readAmadeusTwd = (text: string): LayoutRead => readEachDisplay(text, OPENING, readDisplay)
