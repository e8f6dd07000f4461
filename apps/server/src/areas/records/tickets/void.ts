import {
  IdParams,
  RECORD_SPECS,
  recordAnswerSchemas,
  TICKET_ALREADY_VOID,
  TicketVoidInput,
} from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import { linkAudit, refuseIfPaid, removeLines, uncountSource } from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import { audit } from '../../../lib/audit.ts'
import { type ApiRow, recordLifecycle } from '../../../lib/crud.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { writeJournal } from '../../../lib/journal.ts'
import { documentRoute } from '../../../lib/openapi.ts'
import { removePostings } from '../../../lib/postings.ts'
import { parseBody, parseIdParam } from '../../../lib/validate.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
import { type AuthUser, requireAccess } from '../../../plugins/auth.ts'

documentRoute('/ticket/{id}/void', {
  post: {
    tags: ['Tickets'],
    summary:
      "The airline voided the ticket: its entry is reversed in the books (the sale, what was paid at booking and the vendor's payable), the ticket stays, marked VOID with who, when and why. Admins only; a ticket with later payments, or already void, is a 409 (decision 092).",
    responses: { '200': { description: '{ status, message, ticket }' } },
  },
})

const VOID_ROUTE = {
  schema: {
    params: IdParams,
    body: TicketVoidInput,
    response: { 200: recordAnswerSchemas(RECORD_SPECS.tickets).saved },
  },
}

/** The All Bookings name of a ticket: VOID in front once voided, so the dashboard row says so. */
export const voidMarked = (row: Pick<ApiRow<'tickets'>, 'voided_at'>, name: string) =>
  row.voided_at ? `VOID · ${name}` : name

/**
 * POST /ticket/{id}/void (issue 37, decision 092). A void is not a refund: the sale and the payable
 * did not happen. The ticket's current entry is reversed through the books' one reversal
 * (books/post.ts, decision 050: dated on the lines it cancels, so a closed day refuses it), its
 * ledger postings go (the agent and vendor ledgers and statements no longer carry it, the profit
 * report no longer counts it), and the row is kept with voided_at/voided_by/void_reason. Edits of
 * a void ticket are refused (routes.ts); a delete still works as for any ticket.
 */
export const ticketVoidRoute = (app: FastifyInstance, db: Db) => {
  // Changing a saved sale is an admin's (spec §1: employees view and add records only).
  app.post(
    '/ticket/:id/void',
    { preHandler: requireAccess(RECORD_SPECS.tickets.access.update), ...VOID_ROUTE },
    async (req) => {
      const id = parseIdParam(req.params, 'ticket')
      const { reason } = parseBody(TicketVoidInput, req.body)
      const user = req.user as AuthUser
      const lifecycle = recordLifecycle(db, 'tickets')
      if (!lifecycle) throw new HttpError(500, 'Tickets are not registered')
      const row = await writeTransaction(db, async (trx) => {
        const before = (await lifecycle.lockById(trx, id)) as ApiRow<'tickets'>
        if (before.voided_at) throw new HttpError(409, TICKET_ALREADY_VOID)
        // Later payments are their own records with receipts: they are refunded or deleted first.
        await refuseIfPaid(trx, 'tickets', id)
        // Nothing is owed on a cancelled sale: its remaining is 0 (lists, Receive Payment); the
        // amounts stay as sold, for the record.
        const marks = {
          voided_at: new Date().toISOString(),
          voided_by: user.username,
          void_reason: reason,
          remaining_amount: 0,
        }
        await trx.updateTable('tickets').set(marks).where('id', '=', id).execute()
        const after = { ...before, ...marks }
        const source = { type: 'tickets', id }
        await removePostings(trx, source)
        await removeLines(trx, source)
        await uncountSource(trx, source)
        const place = lifecycle.journal?.(after)
        if (place) await writeJournal(trx, 'tickets', id, place)
        await linkAudit(trx, source, await audit(trx, user, 'void', 'tickets', id, before, after), user.id)
        return after
      })
      return {
        status: 'success',
        message: `${row.entry} is void`,
        ticket: lifecycle.toApi(row),
      }
    },
  )
}
