import { RECORD_SPECS, remainingAmount, visaProfit } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { crudRoutes } from '../../lib/crud.ts'
import { passengerJournal, passengerText } from './passenger-record.ts'

/** Visa processing: profit and remaining are always the server's; no ledger postings. */
export const visaRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.visa_processing, {
    toRow: (input) => ({
      ...input,
      passport_detail: passengerText(input.passport_detail),
      profit: visaProfit(input.receivable_amount, input.additional_charges, input.pay_for_protector),
      remaining_amount: remainingAmount(input.receivable_amount, input.paid_cash, input.paid_in_bank),
    }),
    // The file goes to the embassy first; without that date the record's own day is used.
    journal: (row) => passengerJournal(row, row.embassy_send_date),
  })
}
