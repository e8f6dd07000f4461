import { FileAnswer, formatDate, fromPaisa, IdParams, rupeesAt, toPaisa } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/connect.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { parseIdParam } from '../../../lib/validate.ts'
import { resolvePaperLang } from '../../platform/documents/paper-lang.ts'
import { fileSafe, sendPdf } from '../../platform/documents/pdf.ts'
import type { ReceiptDoc } from '../../platform/documents/receipt.ts'
import { renderReceipt } from '../../platform/documents/receipt.ts'
import { agencySettings, printedAt } from '../../platform/settings/routes.ts'

/** A payment as `GET /api/payments/{id}` answers it (issue 13's books): rupees on the wire. */
export interface Payment {
  id: number
  receipt_no: string
  source_type: string
  source_id: number | null
  date: string
  amount: number
  method: string
  bank_title: string | null
  note: string | null
  /** The record's currency the amounts are in, and rupees per unit (null in rupees; decision 139). */
  currency?: string
  rate?: number | null
  /** Decision 152: paid in rupees against the record's currency: the rupees, and what they settled. */
  paid?: { currency: string; amount: number }
  settled?: string
  /** What the payment was for, as a person reads it ("Ticket 1/2"); else type and id are printed. */
  received_for?: string
  /** Who paid: the record's agent, else its customer. */
  received_from?: string
  /**
   * The record as this payment left it (decision 054): its total, what was paid at booking, every
   * payment up to and including this one, and what remained after it.
   */
  record?: {
    total: number
    at_booking: number
    payments: Array<{ receipt_no: string; date: string; amount: number }>
    remaining: number
  }
}

const METHOD_LABEL: Record<string, string> = { cash: 'Cash', bank: 'Bank' }

/** A payment in its record's foreign currency, with the rate it was taken at. */
const foreign = (p: Payment) => p.currency !== undefined && p.currency !== 'PKR' && p.rate != null

/** The receipt of one payment. */
export const paymentReceipt = (p: Payment): ReceiptDoc => ({
  title: 'Payment Receipt',
  number: p.receipt_no,
  date: p.date,
  kind: 'Payment',
  particulars: [
    ['Receipt no.', p.receipt_no],
    ...(p.received_from ? ([['Received from', p.received_from]] as Array<[string, string]>) : []),
    ['Received for', p.received_for || (p.source_id ? `${p.source_type} #${p.source_id}` : p.source_type)],
    ['Method', METHOD_LABEL[p.method] ?? p.method],
    ...(p.bank_title ? ([['Bank', p.bank_title]] as Array<[string, string]>) : []),
    ...(foreign(p) ? ([['Rate', `Rs ${p.rate} per ${p.currency}`]] as Array<[string, string]>) : []),
    ...(p.settled ? ([['Paid in rupees', p.settled]] as Array<[string, string]>) : []),
  ],
  ...(foreign(p) ? { currency: p.currency } : {}),
  passengers: [],
  amounts: [
    { label: 'Amount received', value: p.amount, strong: true },
    ...(foreign(p)
      ? [
          p.paid
            ? { label: 'Rupees paid', value: p.paid.amount, rupees: true }
            : {
                label: `In rupees at ${p.rate}`,
                value: rupeesAt(p.amount, p.currency!, p.rate!),
                rupees: true,
              },
        ]
      : []),
    ...(p.record
      ? [
          { label: 'Total amount', value: p.record.total },
          { label: 'Paid at booking', value: p.record.at_booking },
          ...p.record.payments.map((x) => ({
            label: `${x.receipt_no}, ${formatDate(x.date)}`,
            value: x.amount,
          })),
          {
            label: 'Received so far',
            value: fromPaisa(
              toPaisa(p.record.at_booking) + p.record.payments.reduce((s, x) => s + toPaisa(x.amount), 0),
            ),
            strong: true,
          },
          { label: 'Remaining', value: p.record.remaining, strong: true },
        ]
      : []),
  ],
  inWords: [['Amount', p.amount]],
  note: p.note ?? undefined,
})

/**
 * GET /api/payments/{id}/receipt.pdf. `readPayment` is the one place that knows where payments
 * live (the books' payments table); it answers null for an unknown id.
 */
/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const GET_PAYMENTS_ID_RECEIPT_PDF = {
  schema: { params: IdParams, response: { 200: FileAnswer('application/pdf') } },
}

export const paymentReceiptRoute = (
  app: FastifyInstance,
  db: Db,
  readPayment: (db: Db, id: number) => Promise<Payment | null>,
) => {
  app.get('/payments/:id/receipt.pdf', GET_PAYMENTS_ID_RECEIPT_PDF, async (req, reply) => {
    const id = parseIdParam(req.params, 'payment')
    const payment = await readPayment(db, id)
    if (!payment) throw new HttpError(404, 'Payment not found')
    const settings = await agencySettings(db)
    const doc = renderReceipt(
      settings,
      paymentReceipt(payment),
      printedAt(settings),
      await resolvePaperLang(db, req.query),
    )
    return sendPdf(reply, doc, `receipt-${fileSafe(payment.receipt_no)}.pdf`)
  })
}
