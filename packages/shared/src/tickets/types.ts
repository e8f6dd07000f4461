import { z } from 'zod'

/** What a coupon-level or ticket-level status reads as (issue 22 §2). */
export const TICKET_STATUSES = ['ISSUED', 'VOID', 'REFUNDED', 'EXCHANGED'] as const
export type TicketStatus = (typeof TICKET_STATUSES)[number]
export const PASSENGER_TYPES = ['ADT', 'CHD', 'INF'] as const
export type PassengerType = (typeof PASSENGER_TYPES)[number]

const Money = z.object({ currency: z.string(), amount: z.number() })
export type TicketMoney = z.infer<typeof Money>

export const ReadSegment = z.object({
  carrier: z.string(),
  flight: z.string(),
  /** IATA airport or city code; null when the text names the place only in words we do not know. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** yyyy-mm-dd; null when the text holds no date for the coupon. */
  date: z.string().nullable(),
})
export type ReadSegment = z.infer<typeof ReadSegment>

export const ReadTicket = z.object({
  ticket_number: z.string().regex(/^\d{13}$/),
  pnr: z.string().nullable(),
  passenger: z.object({
    title: z.string().nullable(),
    first_name: z.string(),
    last_name: z.string(),
    type: z.enum(PASSENGER_TYPES),
  }),
  segments: z.array(ReadSegment),
  issue_date: z.string().nullable(),
  fare: Money.nullable(),
  total: Money.nullable(),
  taxes: z.array(z.object({ code: z.string(), amount: z.number() })),
  validating_carrier: z.string().nullable(),
  status: z.enum(TICKET_STATUSES),
})
export type ReadTicket = z.infer<typeof ReadTicket>

/** The 200 answer of POST /api/tickets/parse, exactly the issue's names. */
export const TicketParseAnswer = z.object({
  format: z.string(),
  tickets: z.array(ReadTicket),
  warnings: z.array(z.string()),
})
export type TicketParseAnswer = z.infer<typeof TicketParseAnswer>

/** 200 KB is the issue's figure for a long paste; twice that is refused, not read. */
export const PASTE_TEXT_MAX = 400_000
export const TicketParseInput = z.object({
  text: z
    .string({ error: 'Text is required' })
    .max(
      PASTE_TEXT_MAX,
      `Text is too long: paste at most ${PASTE_TEXT_MAX.toLocaleString('en-US')} characters`,
    ),
})
export type TicketParseInput = z.infer<typeof TicketParseInput>

/** What one layout reader found: tickets, or the pieces it recognized when it found no ticket. */
export interface LayoutRead {
  tickets: ReadTicket[]
  warnings: string[]
}
