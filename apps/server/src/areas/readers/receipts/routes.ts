import { type Caller, FileAnswer, IdParams, receiptTaxOf } from '@booking/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { paymentsOf } from '../../../books/paid-records.ts'
import type { Db } from '../../../db/connect.ts'
import { scopeOf } from '../../../lib/caller-scope.ts'
import { type AnyRecordRow, recordLifecycle } from '../../../lib/crud.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { parseIdParam } from '../../../lib/validate.ts'
import { resolvePaperLang } from '../../platform/documents/paper-lang.ts'
import { fileSafe, sendPdf, warmFonts } from '../../platform/documents/pdf.ts'
import { renderReceipt } from '../../platform/documents/receipt.ts'
import { agencySettings, agencyToday, printedAt } from '../../platform/settings/routes.ts'
import { answerSaleTaxes } from '../../records/tax/sale-tax.ts'
import { seesBooking } from '../portal/booked.ts'
import { BOOKING_RECEIPTS, type BookingReceipt, bookingReceipt } from './bookings.ts'

/**
 * GET /api/{list path}/{id}/receipt.pdf for every booking. The row comes from the record's own
 * lifecycle (registered by crudRoutes), so a receipt reads exactly what GET {path}/{id} answers.
 */
/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const GET_RECORD_ID_RECEIPT_PDF = {
  schema: { params: IdParams, response: { 200: FileAnswer('application/pdf') } },
}

export const receiptRoutes = async (app: FastifyInstance, db: Db) => {
  // The first receipt of the day should not pay for reading the fonts.
  warmFonts()
  for (const cfg of BOOKING_RECEIPTS) {
    app.get(`${cfg.path}/:id/receipt.pdf`, GET_RECORD_ID_RECEIPT_PDF, async (req, reply) =>
      sendBookingReceipt(db, req.caller, req, reply, cfg, parseIdParam(req.params, cfg.kind.toLowerCase())),
    )
  }
}

/**
 * A booking's receipt PDF, staff's and an agent's desk's (issue 35): a one-party caller's own
 * bookings only, another's answering as a missing one (decision 147).
 */
export const sendBookingReceipt = async (
  db: Db,
  caller: Caller | null,
  req: FastifyRequest,
  reply: FastifyReply,
  cfg: BookingReceipt,
  id: number,
) => {
  if (!(await seesBooking(db, await scopeOf(db, caller), cfg.table, id)))
    throw new HttpError(404, `${cfg.kind} not found`)
  const lifecycle = recordLifecycle(db, cfg.table)
  if (!lifecycle) throw new HttpError(404, `${cfg.kind} not found`)
  const row: AnyRecordRow = await lifecycle.findById(db, id)
  const settings = await agencySettings(db)
  const savedOn = row.created_at ? agencyToday(settings, new Date(row.created_at)) : agencyToday(settings)
  const lang = await resolvePaperLang(db, req.query, row.customer_id ? Number(row.customer_id) : null)
  // The sale's tax keys as GET {path}/{id} answers them (decision 100: the receipt shows the tax).
  const taxed: Record<string, unknown> = { id }
  await answerSaleTaxes(db, cfg.table, [taxed])
  const doc = renderReceipt(
    settings,
    bookingReceipt(cfg, row, savedOn, await paymentsOf(db, cfg.table, id), receiptTaxOf(taxed)),
    printedAt(settings),
    lang,
  )
  return sendPdf(reply, doc, `receipt-${fileSafe(String(row.entry))}.pdf`)
}

/** The Ticket's receipt settings. */
export const ticketReceipt = (): BookingReceipt => {
  const cfg = BOOKING_RECEIPTS.find((c) => c.table === 'tickets')
  if (!cfg) throw new Error('Tickets have no receipt')
  return cfg
}
