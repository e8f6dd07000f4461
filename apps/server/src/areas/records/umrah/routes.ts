import { passengerList, RECORD_SPECS } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import {
  currencyAnswer,
  type PostOptions,
  remainingAfterPayments,
  removeSale,
  settleSaleCurrency,
} from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import type { Database } from '../../../db/schema.ts'
import { type ApiRow, crudRoutes } from '../../../lib/crud.ts'
import { syncPosting } from '../../../lib/postings.ts'
import {
  bookingDate,
  bookingFigures,
  checkBank,
  checkName,
  firstPassengerName,
  travelDetail,
} from '../tickets/booking.ts'
import { currencyColumns, payableCurrency, settlePayableCurrency } from '../vendor/payable.ts'
import { postUmrahBooks } from './postings.ts'

const source = (row: ApiRow<'umrah'>) => ({ type: 'umrah', id: row.id })

/** Row (snake_case columns) -> the spec's camelCase Umrah booking. */
const toApi = (row: ApiRow<'umrah'>) => ({
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
  // The spec's callers read one passenger here (the lead pilgrim); `passengers` has them all.
  passportDetail: JSON.stringify(passengerList(row.passport_detail)[0] ?? {}),
  passengers: passengerList(row.passport_detail),
  receivableAmount: row.receivable_amount,
  paidCash: row.paid_cash,
  bank_title: row.bank_title,
  paidInBank: row.paid_in_bank,
  payableToVendor: row.payable_to_vendor,
  vendorName: row.vendor_name,
  profit: row.profit,
  remainingAmount: row.remaining_amount,
  paymentsTotal: row.payments_total,
  createdAt: row.created_at,
  // Issue 34 (decision 109): the payable in the vendor's currency, at these rates.
  ...currencyAnswer(row),
})

/** The payable's vendor row, as the spec's follow-up POST /vender made it. */
const postUmrahVendor = (trx: Kysely<Database>, row: ApiRow<'umrah'>) =>
  syncPosting(
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
          // The vendor's row in the vendor's currency, at the booking's rate.
          currency: payableCurrency(row).currency,
          rate: payableCurrency(row).rate === null ? null : Number(payableCurrency(row).rate),
        }
      : null,
  )

const postUmrah = async (trx: Kysely<Database>, row: ApiRow<'umrah'>, opts: PostOptions<'umrah'>) => {
  await postUmrahVendor(trx, row)
  await postUmrahBooks(trx, row, opts)
}

/** Umrah bookings (spec part 1): camelCase payloads, one passenger, a vendor posting for the payable. */
export const umrahRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.umrah, {
    toRow: (input, { before }) => {
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
        // One pilgrim keeps the spec's one-object shape; more are stored as a list (decision 048).
        passport_detail: JSON.stringify(
          input.passportDetail.length === 1 ? input.passportDetail[0] : input.passportDetail,
        ),
        receivable_amount: input.receivableAmount,
        paid_cash: input.paidCash,
        bank_title: input.bank_title,
        paid_in_bank: input.paidInBank,
        payable_to_vendor: input.payableToVendor,
        vendor_name: input.vendorName,
        profit: figures.profit,
        ...currencyColumns(input),
        remaining_amount: remainingAfterPayments(figures.remaining, before),
      }
    },
    toApi,
    journal: (row) => ({
      date: bookingDate(row),
      entry: row.entry,
      name: row.customer_add || firstPassengerName(row.passport_detail),
      employee: row.user_name,
    }),
    check: async (trx, row, { before }) => {
      if (!row) return
      await checkBank(trx, row.bank_title, before?.bank_title, 'bank_title')
      await checkName(trx, 'vender_names', row.vendor_name, before?.vendor_name, 'vendorName')
      const values = row as unknown as Record<string, unknown>
      const typed = values.rates
      await settlePayableCurrency(trx, values, before)
      // Issue 34 (decision 137): the selling side in the customer's currency.
      await settleSaleCurrency(trx, values, before as unknown as Record<string, unknown> | null, {
        type: 'umrah',
        typed,
        customerColumn: 'customer_add',
      })
    },
    // The spec's follow-up POST /vender and the books' lines, in the same transaction.
    postingDay: (row) => bookingDate(row),
    postings: postUmrah,
    onDelete: (trx, row) => removeSale(trx, 'umrah', row),
  })
}
