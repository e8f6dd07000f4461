import { profitWithPayable, RECORD_SPECS, serviceRemaining } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import { ratesAnswer, refuseIfPaid, remainingAfterPayments, removeLines } from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import { crudRoutes } from '../../../lib/crud.ts'
import { removePostings } from '../../../lib/postings.ts'
import { checkName } from '../tickets/booking.ts'
import { ratesColumn, settlePayableCurrency } from '../vendor/payable.ts'
import { postServiceBooks } from './postings.ts'

/** Services: the remaining amount is recomputed here; the client's figure is ignored. */
export const servicesRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.services, {
    toRow: ({ remaining_amount: _ignored, vendor_currency, rates, ...input }, { before }) => ({
      ...input,
      // Issue 34 (decision 140): a vendor's payable, in its currency, makes the profit the server's.
      payable_to_vendor: input.payable_to_vendor ?? 0,
      ...(vendor_currency ? { vendor_currency } : {}),
      rates: ratesColumn(rates),
      profit: profitWithPayable(input) ?? input.profit,
      remaining_amount: remainingAfterPayments(serviceRemaining(input), before, 'receivable_amount'),
    }),
    // Issue 34 (decision 140): the selling side is rupees; the payable in `vendor_currency` at `rates`.
    toApi: (row) => ({
      ...row,
      currency: 'PKR',
      vendor_currency: row.vendor_currency ?? 'PKR',
      rates: ratesAnswer(row.rates),
    }),
    journal: (row) => ({
      date: row.booking_date,
      entry: row.entry,
      name: row.customer_add,
      employee: row.user_name,
    }),
    check: async (trx, row, { before }) => {
      if (!row) return
      await checkName(trx, 'vender_names', row.vendor_name, before?.vendor_name, 'vendor_name')
      // A service's money is dated by its Booking Date (decision 019): so is the rate it takes.
      await settlePayableCurrency(trx, row as unknown as Record<string, unknown>, before, {
        day: (r) => String(r.booking_date ?? ''),
      })
    },
    postingDay: (row) => row.booking_date,
    postings: postServiceBooks,
    onDelete: async (trx, row) => {
      await refuseIfPaid(trx, 'services', row.id)
      await removePostings(trx, { type: 'services', id: row.id })
      await removeLines(trx, { type: 'services', id: row.id })
    },
  })
}
