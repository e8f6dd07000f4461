import { profitWithPayable, RECORD_SPECS } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import {
  createdDay,
  currencyAnswer,
  removeSale,
  SALE_COLUMNS,
  saleRemaining,
  settleSaleCurrency,
} from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import { crudRoutes } from '../../../lib/crud.ts'
import { checkName } from '../tickets/booking.ts'
import { currencyColumns, settlePayableCurrency } from '../vendor/payable.ts'
import { passengerJournal, passengerText } from '../visa/passenger-record.ts'
import { postPassengerSale } from '../visa/postings.ts'

/** GAMCA medical tokens: profit is typed by the user, remaining is recomputed here. */
const KIND = { table: 'gamca_tokens', bankField: 'paid_from_bank' } as const

export const gamcaRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.gamca_tokens, {
    toRow: ({ currency, vendor_currency, rates, ...input }, { before }) => ({
      ...input,
      ...currencyColumns({ currency, vendor_currency, rates }),
      passport_detail: passengerText(input.passport_detail),
      // Issue 34 (decision 140): a vendor's payable, in its currency, makes the profit the server's.
      payable_to_vendor: input.payable_to_vendor ?? 0,
      profit: profitWithPayable(input) ?? 0,
      remaining_amount: saleRemaining(input, before),
    }),
    // Issue 34: the selling side in `currency` (decision 151), the payable in `vendor_currency` (140).
    toApi: (row) => ({ ...row, ...currencyAnswer(row) }),
    // A token has no date of its own; the day it was recorded is when the money came in.
    journal: (row) => passengerJournal(row, null),
    check: async (trx, row, { before }) => {
      if (!row) return
      await checkName(trx, 'vender_names', row.vendor_name, before?.vendor_name, 'vendor_name')
      const values = row as unknown as Record<string, unknown>
      const typed = values.rates
      await settlePayableCurrency(trx, values, before)
      // Issue 34 (decision 151): the selling side in the customer's currency.
      await settleSaleCurrency(trx, values, before as unknown as Record<string, unknown> | null, {
        type: KIND.table,
        typed,
        customerColumn: 'customer_add',
        columns: { ...SALE_COLUMNS, bank: KIND.bankField },
        typedProfit: !(String(row.vendor_name ?? '').trim() && Number(row.payable_to_vendor) > 0),
      })
    },
    // paid_from_bank names the bank by its GAMCA title ("United Bank (holder …)") or its name.
    postingDay: (row) => createdDay(row),
    postings: (trx, row, opts) => postPassengerSale(trx, row, opts, KIND),
    onDelete: (trx, row) => removeSale(trx, KIND.table, row),
  })
}
