import { bankTitle, navtccProfit, RECORD_SPECS } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import {
  createdDay,
  currencyAnswer,
  removeSale,
  SALE_COLUMNS,
  saleRemaining,
  settleSaleCurrency,
} from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import type { Database } from '../../../db/schema.ts'
import { type ApiRow, crudRoutes } from '../../../lib/crud.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { syncPosting } from '../../../lib/postings.ts'
import { currencyColumns, payableCurrency, settlePayableCurrency } from '../vendor/payable.ts'
import { postNavtccBooks } from './postings.ts'

/** The payable's vendor row (credit), kept equal to the NAVTCC entry. */
const postNavtccVendor = (trx: Kysely<Database>, row: ApiRow<'navtcc'>) => {
  const vendor = String(row.vendor_name ?? '').trim()
  const payable = Number(row.payed_to_bank ?? 0)
  return syncPosting(
    trx,
    'vender_entries',
    { type: 'navtcc', id: row.id },
    vendor && payable > 0
      ? {
          vender_name: vendor,
          date: createdDay(row),
          entry: row.entry,
          detail: `NAVTCC ${row.entry} ${row.customer_add}`,
          bank_title: '',
          credit: payable,
          debit: 0,
          withdraw: 0,
          // The vendor's row in Paid To Bank's currency, at the entry's rate (decision 136).
          currency: payableCurrency(row).currency,
          rate: payableCurrency(row).rate === null ? null : Number(payableCurrency(row).rate),
        }
      : null,
  )
}

/**
 * NAVTCC entries. The described system posted a vendor row built from fields this form does not
 * have; here the form carries an optional vendor name, and the amount payed to the bank for the
 * passenger is posted to that vendor's ledger (payable, credit) in the same transaction, so the
 * NAVTCC and its vendor row are saved, changed and removed together or not at all.
 */
export const navtccRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.navtcc, {
    toRow: ({ currency, vendor_currency, rates, ...input }, { before }) => ({
      ...input,
      ...currencyColumns({ currency, vendor_currency, rates }),
      // The customer-facing title of the chosen bank, as the spec's form stored it.
      paid_from_bank: input.paid_from_bank || (input.bank_title ? bankTitle(input.bank_title) : ''),
      passport_detail: JSON.stringify(input.passport_detail),
      remaining_amount: saleRemaining(input, before),
      profit: navtccProfit(input.receivable_amount, input.payed_to_bank),
    }),
    // Issue 34: the selling side's currency (decision 151), Paid To Bank's and the rates used (136).
    toApi: (row) => ({ ...row, ...currencyAnswer(row) }),
    journal: (row) => ({
      date: createdDay(row),
      entry: row.entry,
      name: row.customer_add,
      employee: row.employee_name,
    }),
    check: async (trx, row, { before }) => {
      const vendor = String(row?.vendor_name ?? '').trim()
      const payable = Number(row?.payed_to_bank ?? 0)
      if (vendor && payable > 0) {
        const known = await trx
          .selectFrom('vender_names')
          .select('id')
          .where('name', '=', vendor)
          .executeTakeFirst()
        if (!known) throw new HttpError(400, 'Unknown vendor name', { vendor_name: 'Unknown vendor name' })
      }
      if (!row) return
      const values = row as unknown as Record<string, unknown>
      const typed = values.rates
      await settlePayableCurrency(trx, values, before, { payable: 'payed_to_bank' })
      // Issue 34 (decision 151): the selling side in the customer's currency.
      await settleSaleCurrency(trx, values, before as unknown as Record<string, unknown> | null, {
        type: 'navtcc',
        typed,
        customerColumn: 'customer_add',
        columns: { ...SALE_COLUMNS, payable: 'payed_to_bank' },
      })
    },
    postingDay: (row) => createdDay(row),
    postings: async (trx, row, opts) => {
      await postNavtccVendor(trx, row)
      await postNavtccBooks(trx, row, opts)
    },
    onDelete: (trx, row) => removeSale(trx, 'navtcc', row),
  })
}
