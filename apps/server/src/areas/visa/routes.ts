import { remainingAmount, VisaInput, visaProfit } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { SEARCH_INDEX } from '../../db/search-index.ts'
import { crudRoutes } from '../../lib/crud.ts'
import { passengerJournal, passengerText } from './passenger-record.ts'

/** Visa processing: profit and remaining are always the server's; no ledger postings. */
export const visaRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, {
    path: '/visa-processing',
    table: 'visa_processing',
    listKey: 'visa_processing',
    itemKey: 'visa_processing',
    label: 'visa processing',
    formType: 'visa',
    input: VisaInput,
    employeeColumn: 'employee_name',
    search: SEARCH_INDEX.visa_processing,
    dateColumn: 'created_at',
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
