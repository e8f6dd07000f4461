import { navtccProfit, RECORD_SPECS, remainingAmount } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { type ApiRow, crudRoutes } from '../../lib/crud.ts'
import { HttpError } from '../../lib/http-error.ts'
import { removePostings, syncPosting } from '../../lib/postings.ts'

/** NAVTCC has no date field; its day is the local calendar day it was created on. */
const createdDay = (row: ApiRow) => {
  const at = new Date(row.created_at)
  if (Number.isNaN(at.getTime())) return String(row.created_at ?? '').slice(0, 10)
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
}

/**
 * NAVTCC entries. The described system posted a vendor row built from fields this form does not
 * have; here the form carries an optional vendor name, and the amount payed to the bank for the
 * passenger is posted to that vendor's ledger (payable, credit) in the same transaction, so the
 * NAVTCC and its vendor row are saved, changed and removed together or not at all.
 */
export const navtccRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.navtcc, {
    toRow: (input) => ({
      ...input,
      passport_detail: JSON.stringify(input.passport_detail),
      remaining_amount: remainingAmount(input.receivable_amount, input.paid_cash, input.paid_in_bank),
      profit: navtccProfit(input.receivable_amount, input.payed_to_bank),
    }),
    journal: (row) => ({
      date: createdDay(row),
      entry: row.entry,
      name: row.customer_add,
      employee: row.employee_name,
      receivable: row.receivable_amount,
      paid_cash: row.paid_cash,
      paid_in_bank: row.paid_in_bank,
      remaining: row.remaining_amount,
    }),
    check: async (trx, row) => {
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
    },
    afterSave: async (trx, row) => {
      const vendor = String(row.vendor_name ?? '').trim()
      const payable = Number(row.payed_to_bank ?? 0)
      await syncPosting(
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
            }
          : null,
      )
    },
    onDelete: (trx, row) => removePostings(trx, { type: 'navtcc', id: row.id }),
  })
}
