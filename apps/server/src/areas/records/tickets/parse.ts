import { TicketParseAnswer, TicketParseInput } from '@booking/shared'
import type { TicketReadResult } from '@booking/shared/tickets/read'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/connect.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { documentRoute } from '../../../lib/openapi.ts'
import { parseBody } from '../../../lib/validate.ts'
import { requestGone, runOutside } from '../../platform/outside/outside-pool.ts'

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

const READ_JOB = new URL('./read-job.ts', import.meta.url).href

/** Route schemas, declared for docs and types; the handler parses (lib/route-schemas.ts). */
const POST_PARSE = { schema: { body: TicketParseInput, response: { 200: TicketParseAnswer } } }

/** POST /api/tickets/parse: a pure read for any signed-in user (the auth hook guards /api). */
export const ticketParseRoutes = async (app: FastifyInstance, _db: Db) => {
  app.post('/tickets/parse', POST_PARSE, async (req, reply) => {
    const { text } = parseBody(TicketParseInput, req.body)
    // Read in an outside worker (issue 33): a 400,000-character paste costs others nothing.
    const result = await runOutside<TicketReadResult>(
      {
        module: READ_JOB,
        fn: 'readTicketsJob',
        arg: text,
        ms: 5_000,
        tooSlow: 'The text took too long to read: paste one ticket at a time',
        tooBig: 'The text is too large to read: paste one ticket at a time',
        field: 'text',
      },
      requestGone(reply.raw),
    )
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
