import { RECORD_SPECS, remainingAmount, visaProfit } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import { createdDay, refuseIfPaid, remainingAfterPayments, removeLines } from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import { crudRoutes } from '../../../lib/crud.ts'
import { removePostings } from '../../../lib/postings.ts'
import { passengerJournal, passengerText } from './passenger-record.ts'
import { postPassengerSale } from './postings.ts'

/** Visa processing: profit and remaining are always the server's; no ledger postings. */
const KIND = { table: 'visa_processing', bankField: 'bank_title' } as const

export const visaRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.visa_processing, {
    toRow: (input, { before }) => ({
      ...input,
      passport_detail: passengerText(input.passport_detail),
      profit: visaProfit(input.receivable_amount, input.additional_charges, input.pay_for_protector),
      remaining_amount: remainingAfterPayments(
        remainingAmount(input.receivable_amount, input.paid_cash, input.paid_in_bank),
        before,
        'receivable_amount',
      ),
    }),
    // Money is dated the business day it was recorded; the embassy dates stay record data (decision 019).
    journal: (row) => passengerJournal(row, null),
    postingDay: (row) => createdDay(row),
    postings: (trx, row, opts) => postPassengerSale(trx, row, opts, KIND),
    onDelete: async (trx, row) => {
      await refuseIfPaid(trx, KIND.table, row.id)
      await removePostings(trx, { type: KIND.table, id: row.id })
      await removeLines(trx, { type: KIND.table, id: row.id })
    },
  })
}
