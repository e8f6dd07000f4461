import { AIR_MARK, readAmadeusAir } from './amadeus-air.ts'
import { readAmadeusTwd, TWD_MARK } from './amadeus-twd.ts'
import { readReceipt, receiptClues } from './receipt.ts'
import { readSabre, SABRE_MARK } from './sabre.ts'
import { readTravelport, TRAVELPORT_MARK } from './travelport.ts'
import type { LayoutRead, TicketParseAnswer } from './types.ts'

interface Layout {
  format: string
  mark: RegExp
  read: (text: string) => LayoutRead
}

/** Most specific first: a GDS display is recognized by its own heading before any receipt wording. */
const LAYOUTS: readonly Layout[] = [
  { format: 'Amadeus AIR', mark: AIR_MARK, read: readAmadeusAir },
  { format: 'Sabre WETR', mark: SABRE_MARK, read: readSabre },
  { format: 'Travelport *TE', mark: TRAVELPORT_MARK, read: readTravelport },
  { format: 'Amadeus TWD', mark: TWD_MARK, read: readAmadeusTwd },
  { format: 'Airline e-ticket receipt', mark: /TICKET|ITINERARY/i, read: readReceipt },
]

export type TicketReadResult =
  | ({ ok: true } & TicketParseAnswer)
  | { ok: false; message: string; recognized: string[]; missing: string[] }

/** GDS itinerary lines (" 1 JL  61I 20NOV LAXNRT GK2") of a PNR display, which is not a ticket. */
const GDS_SEGMENT = /^[ \t]*\d{1,2}[ \t]+[A-Z0-9]{2}[ \t]*\d{1,4}[A-Z][ \t]+\d{1,2}[A-Z]{3}[ \t]+[A-Z]{6}\b/gm

/** What the text held when no ticket was read, for the 400's message (issue 22 §2). */
const explain = (text: string): TicketReadResult => {
  const recognized: string[] = []
  const clues = receiptClues(text)
  if (clues.pnr) recognized.push(`booking reference ${clues.pnr}`)
  const gdsSegments = text.match(GDS_SEGMENT)?.length ?? 0
  if (gdsSegments > 0)
    recognized.push(`a GDS itinerary of ${gdsSegments} flight${gdsSegments === 1 ? '' : 's'}`)
  else if (clues.flights.length > 0)
    recognized.push(`flight${clues.flights.length === 1 ? '' : 's'} ${clues.flights.join(', ')}`)
  const missing = [
    'a 13-digit ticket number',
    'a ticket display (Sabre WETR, Amadeus TWD or AIR, Travelport *TE) or an airline e-ticket receipt',
  ]
  const message = text.trim()
    ? `No ticket found in the text. Recognized: ${recognized.length > 0 ? recognized.join('; ') : 'nothing'}. Not found: ${missing.join('; ')}.`
    : 'No ticket found: the text is empty'
  return { ok: false, message, recognized, missing }
}

/**
 * Reads the tickets in a pasted text: recognizes its layout and returns every ticket in it. Pure
 * (no I/O, no clock): a date printed without its year is placed after the ticket's issue date.
 */
export const readTickets = (raw: string): TicketReadResult => {
  const text = raw.replace(/^\uFEFF/, '')
  for (const layout of LAYOUTS) {
    if (!layout.mark.test(text)) continue
    const { tickets, warnings } = layout.read(text)
    if (tickets.length === 0) continue
    for (const t of tickets) {
      if (t.segments.some((s) => s.date === null)) {
        warnings.push(`Ticket ${t.ticket_number}: a flight date could not be placed in a year`)
        break
      }
    }
    return { ok: true, format: layout.format, tickets, warnings }
  }
  return explain(text)
}
