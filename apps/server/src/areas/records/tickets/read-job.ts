import { readTickets, type TicketReadResult } from '@booking/shared/tickets/read'

/** What the outside worker runs for `POST /tickets/parse` (parse.ts): the pure reader, off the main thread. */
export const readTicketsJob = (text: string): TicketReadResult => readTickets(text)
