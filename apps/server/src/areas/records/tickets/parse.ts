import { readTickets, TicketParseAnswer, TicketParseInput } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/connect.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { documentRoute } from '../../../lib/openapi.ts'
import { parseBody } from '../../../lib/validate.ts'

documentRoute('/tickets/parse', {
  post: {
    tags: ['Tickets'],
    summary:
      'Read the tickets in a pasted text: Sabre WETR/*T, Amadeus TWD and AIR files, Travelport *TE, airline e-ticket receipts. Stores nothing.',
    input: TicketParseInput,
    responses: {
      '200': {
        description:
          '{ format, tickets: [{ ticket_number, pnr, passenger: {title, first_name, last_name, type}, segments: [{carrier, flight, from, to, date}], issue_date, fare, total, taxes, validating_carrier, status }], warnings }',
      },
      '400': {
        description:
          'No ticket in the text: the message names what was recognized and what was not (errors.text the same; recognized and missing as lists)',
      },
    },
  },
})

/** Route schemas, declared for docs and types; the handler parses (lib/route-schemas.ts). */
const POST_PARSE = { schema: { body: TicketParseInput, response: { 200: TicketParseAnswer } } }

/** POST /api/tickets/parse: a pure read for any signed-in user (the auth hook guards /api). */
export const ticketParseRoutes = async (app: FastifyInstance, _db: Db) => {
  app.post('/tickets/parse', POST_PARSE, async (req) => {
    const { text } = parseBody(TicketParseInput, req.body)
    const result = readTickets(text)
    if (!result.ok)
      throw new HttpError(
        400,
        result.message,
        { text: result.message },
        { recognized: result.recognized, missing: result.missing },
      )
    return { format: result.format, tickets: result.tickets, warnings: result.warnings }
  })
}
