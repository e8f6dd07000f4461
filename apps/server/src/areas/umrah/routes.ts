import { passengerList, RECORD_SPECS } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { type ApiRow, crudRoutes } from '../../lib/crud.ts'
import { removePostings, syncPosting } from '../../lib/postings.ts'
import {
  bookingDate,
  bookingFigures,
  checkBank,
  checkName,
  firstPassengerName,
  travelDetail,
} from '../tickets/booking.ts'

const source = (row: ApiRow) => ({ type: 'umrah', id: row.id })

/** Row (snake_case columns) -> the spec's camelCase Umrah booking. */
const toApi = (row: ApiRow) => ({
  id: row.id,
  userName: row.user_name,
  entry: row.entry,
  customerAdd: row.customer_add,
  reference: row.reference,
  packageDetail: row.package_detail,
  depart_date: row.depart_date,
  return_date: row.return_date,
  sector: row.sector,
  airline: row.airline,
  adults: row.adults,
  children: row.children,
  infants: row.infants,
  passportDetail: row.passport_detail,
  receivableAmount: row.receivable_amount,
  paidCash: row.paid_cash,
  bank_title: row.bank_title,
  paidInBank: row.paid_in_bank,
  payableToVendor: row.payable_to_vendor,
  vendorName: row.vendor_name,
  profit: row.profit,
  remainingAmount: row.remaining_amount,
  createdAt: row.created_at,
})

/** Umrah bookings (spec part 1): camelCase payloads, one passenger, a vendor posting for the payable. */
export const umrahRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.umrah, {
    toRow: (input) => {
      const figures = bookingFigures(
        input.receivableAmount,
        input.paidCash,
        input.paidInBank,
        input.payableToVendor,
      )
      return {
        user_name: input.userName,
        customer_add: input.customerAdd,
        reference: input.reference,
        package_detail: input.packageDetail,
        depart_date: input.depart_date,
        return_date: input.return_date,
        sector: input.sector,
        airline: input.airline,
        adults: input.adults,
        children: input.children,
        infants: input.infants,
        passport_detail: JSON.stringify(input.passportDetail),
        receivable_amount: input.receivableAmount,
        paid_cash: input.paidCash,
        bank_title: input.bank_title,
        paid_in_bank: input.paidInBank,
        payable_to_vendor: input.payableToVendor,
        vendor_name: input.vendorName,
        profit: figures.profit,
        remaining_amount: figures.remaining,
      }
    },
    toApi,
    journal: (row) => ({
      date: row.depart_date || bookingDate(row),
      entry: row.entry,
      name: row.customer_add || firstPassengerName(row.passport_detail),
      employee: row.user_name,
      receivable: row.receivable_amount,
      paid_cash: row.paid_cash,
      paid_in_bank: row.paid_in_bank,
      remaining: row.remaining_amount,
    }),
    check: async (trx, row, { before }) => {
      if (!row) return
      await checkBank(trx, row.bank_title, before?.bank_title, 'bank_title')
      await checkName(trx, 'vender_names', row.vendor_name, before?.vendor_name, 'vendorName')
    },
    // The spec's follow-up POST /vender {user_name, amount, date}, made here in the same transaction.
    afterSave: async (trx, row) => {
      await syncPosting(
        trx,
        'vender_entries',
        source(row),
        row.vendor_name && row.payable_to_vendor > 0
          ? {
              vender_name: row.vendor_name,
              detail: ['Umrah', row.package_detail, travelDetail(row, passengerList(row.passport_detail))]
                .filter(Boolean)
                .join(', '),
              credit: row.payable_to_vendor,
              debit: 0,
              withdraw: 0,
              date: bookingDate(row),
              entry: row.entry,
              bank_title: '',
            }
          : null,
      )
    },
    onDelete: (trx, row) => removePostings(trx, source(row)),
  })
}
