import { fromPaisa, RECORD_SPECS, toPaisa, visaProfit } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import {
  createdDay,
  currencyAnswer,
  removeSale,
  saleRemaining,
  settleSaleCurrency,
} from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import { crudRoutes } from '../../../lib/crud.ts'
import { checkName } from '../tickets/booking.ts'
import { currencyColumns, settlePayableCurrency } from '../vendor/payable.ts'
import { passengerJournal, passengerText } from './passenger-record.ts'
import { postPassengerSale } from './postings.ts'

/** Visa processing: profit and remaining are always the server's. */
const KIND = { table: 'visa_processing', bankField: 'bank_title' } as const

export const visaRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.visa_processing, {
    toRow: ({ currency, vendor_currency, rates, ...input }, { before }) => ({
      ...input,
      ...currencyColumns({ currency, vendor_currency, rates }),
      passport_detail: passengerText(input.passport_detail),
      // Issue 34 (decision 140): a vendor's payable, in its currency; its rupees are another cost.
      payable_to_vendor: input.payable_to_vendor ?? 0,
      profit: fromPaisa(
        toPaisa(visaProfit(input.receivable_amount, input.additional_charges, input.pay_for_protector)) -
          toPaisa(input.payable_to_vendor ?? 0),
      ),
      remaining_amount: saleRemaining(input, before),
    }),
    // Issue 34: the selling side in `currency` (decision 151), the payable in `vendor_currency` (140).
    toApi: (row) => ({ ...row, ...currencyAnswer(row) }),
    // Money is dated the business day it was recorded; the embassy dates stay record data (decision 019).
    journal: (row) => passengerJournal(row, null),
    check: async (trx, row, { before }) => {
      if (!row) return
      await checkName(trx, 'vender_names', row.vendor_name, before?.vendor_name, 'vendor_name')
      const values = row as unknown as Record<string, unknown>
      const typed = values.rates
      const otherCosts = fromPaisa(toPaisa(row.additional_charges) + toPaisa(row.pay_for_protector))
      await settlePayableCurrency(trx, values, before, { otherCosts })
      // Issue 34 (decision 151): the selling side in the customer's currency; the charges stay rupees.
      await settleSaleCurrency(trx, values, before as unknown as Record<string, unknown> | null, {
        type: KIND.table,
        typed,
        customerColumn: 'customer_add',
        otherCosts,
      })
    },
    postingDay: (row) => createdDay(row),
    postings: (trx, row, opts) => postPassengerSale(trx, row, opts, KIND),
    onDelete: (trx, row) => removeSale(trx, KIND.table, row),
  })
}
