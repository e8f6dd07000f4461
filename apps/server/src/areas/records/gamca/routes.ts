import { profitWithPayable, RECORD_SPECS, remainingAmount } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import {
  createdDay,
  ratesAnswer,
  refuseIfPaid,
  remainingAfterPayments,
  removeLines,
} from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import { crudRoutes } from '../../../lib/crud.ts'
import { removePostings } from '../../../lib/postings.ts'
import { checkName } from '../tickets/booking.ts'
import { ratesColumn, settlePayableCurrency } from '../vendor/payable.ts'
import { passengerJournal, passengerText } from '../visa/passenger-record.ts'
import { postPassengerSale } from '../visa/postings.ts'

/** GAMCA medical tokens: profit is typed by the user, remaining is recomputed here. */
const KIND = { table: 'gamca_tokens', bankField: 'paid_from_bank' } as const

export const gamcaRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.gamca_tokens, {
    toRow: ({ vendor_currency, rates, ...input }, { before }) => ({
      ...input,
      passport_detail: passengerText(input.passport_detail),
      // Issue 34 (decision 140): a vendor's payable, in its currency, makes the profit the server's.
      payable_to_vendor: input.payable_to_vendor ?? 0,
      ...(vendor_currency ? { vendor_currency } : {}),
      rates: ratesColumn(rates),
      profit: profitWithPayable(input) ?? 0,
      remaining_amount: remainingAfterPayments(
        remainingAmount(input.receivable_amount, input.paid_cash, input.paid_in_bank),
        before,
        'receivable_amount',
      ),
    }),
    // Issue 34 (decision 140): the selling side is rupees; the payable in `vendor_currency` at `rates`.
    toApi: (row) => ({
      ...row,
      currency: 'PKR',
      vendor_currency: row.vendor_currency ?? 'PKR',
      rates: ratesAnswer(row.rates),
    }),
    // A token has no date of its own; the day it was recorded is when the money came in.
    journal: (row) => passengerJournal(row, null),
    check: async (trx, row, { before }) => {
      if (!row) return
      await checkName(trx, 'vender_names', row.vendor_name, before?.vendor_name, 'vendor_name')
      await settlePayableCurrency(trx, row as unknown as Record<string, unknown>, before)
    },
    // paid_from_bank names the bank by its GAMCA title ("United Bank (holder …)") or its name.
    postingDay: (row) => createdDay(row),
    postings: (trx, row, opts) => postPassengerSale(trx, row, opts, KIND),
    onDelete: async (trx, row) => {
      await refuseIfPaid(trx, KIND.table, row.id)
      await removePostings(trx, { type: KIND.table, id: row.id })
      await removeLines(trx, { type: KIND.table, id: row.id })
    },
  })
}
