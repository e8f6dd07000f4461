import { profitWithPayable, RECORD_SPECS, serviceRemaining } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import {
  currencyAnswer,
  remainingAfterPayments,
  removeSale,
  settleSaleCurrency,
} from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import { crudRoutes } from '../../../lib/crud.ts'
import { checkName } from '../tickets/booking.ts'
import { currencyColumns, settlePayableCurrency } from '../vendor/payable.ts'
import { postServiceBooks } from './postings.ts'

/** Services: the remaining amount is recomputed here; the client's figure is ignored. */
export const servicesRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.services, {
    toRow: ({ remaining_amount: _ignored, currency, vendor_currency, rates, ...input }, { before }) => ({
      ...input,
      ...currencyColumns({ currency, vendor_currency, rates }),
      // Issue 34 (decision 140): a vendor's payable, in its currency, makes the profit the server's.
      payable_to_vendor: input.payable_to_vendor ?? 0,
      profit: profitWithPayable(input) ?? input.profit,
      remaining_amount: remainingAfterPayments(serviceRemaining(input), before),
    }),
    // Issue 34: the selling side in `currency` (decision 151), the payable in `vendor_currency` (140).
    toApi: (row) => ({ ...row, ...currencyAnswer(row) }),
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
      const values = row as unknown as Record<string, unknown>
      const typed = values.rates
      const day = (r: Record<string, unknown>) => String(r.booking_date ?? '')
      await settlePayableCurrency(trx, values, before, { day })
      // Issue 34 (decision 151): the selling side in the customer's currency, at its Booking Date's rate.
      await settleSaleCurrency(trx, values, before as unknown as Record<string, unknown> | null, {
        type: 'services',
        typed,
        customerColumn: 'customer_add',
        day,
        typedProfit: !(String(row.vendor_name ?? '').trim() && Number(row.payable_to_vendor) > 0),
      })
    },
    postingDay: (row) => row.booking_date,
    postings: postServiceBooks,
    onDelete: (trx, row) => removeSale(trx, 'services', row),
  })
}
