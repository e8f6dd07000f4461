import { RECORD_SPECS, rateOfMicro } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import {
  checkSettlement,
  convertRupeePayment,
  forgetPaidIn,
  forgetSettlements,
  rateOn,
  removeLines,
  vendorAccount,
} from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import { crudRoutes } from '../../../lib/crud.ts'
import { removePostings } from '../../../lib/postings.ts'
import { LEDGER_LISTS, ledgerList, refuseLinked } from '../ledgers/running-balance.ts'
import { postVendorEntry, settleVendorCurrency, vendorCashOut } from './postings.ts'

/** Vendor ledger (admin only): payables (credit), payments (debit), remaining_amount computed when read. */
export const vendorRoutes = async (app: FastifyInstance, db: Db) => {
  await app.register(async (scoped) => {
    crudRoutes(scoped, db, RECORD_SPECS.vender_entries, {
      listExtras: { status: 'success', message: '' },
      toRow: ({ entry: _entry, settles: _settles, ...values }) => values,
      check: async (trx, row, { before, input }) => {
        refuseLinked(before)
        // A payment typed in rupees to a foreign vendor is converted first (decision 120).
        if (row)
          await convertRupeePayment(
            trx,
            'vender_entries',
            row as Record<string, unknown>,
            { address: vendorAccount(String(row.vender_name)), name: String(row.vender_name) },
            async (c, d) => (await rateOn(trx, c, d))?.rate,
          )
        if (row) await settleVendorCurrency(trx, row as Record<string, unknown>, before)
        // What a payment settles (decision 120): kept for its posting; a settled row's money stays.
        await checkSettlement(trx, 'vender_entries', row as Record<string, unknown> | null, before, input)
      },
      // The rate as the rupees per unit it was typed as (stored as micro-rupees, decision 107).
      // The ledger's list reads its view, which has no rate: its rows are answered as they are.
      toApi: (row) =>
        'rate' in row ? { ...row, rate: row.rate == null ? null : rateOfMicro(row.rate) } : row,
      postingDay: (row) => (row.source_type ? null : row.date),
      postings: postVendorEntry,
      onDelete: async (trx, row) => {
        await removePostings(trx, { type: 'vender_entries', id: row.id })
        await removeLines(trx, { type: 'vender_entries', id: row.id })
        await forgetSettlements(trx, 'vender_entries', row.id)
        await forgetPaidIn(trx, 'vender_entries', row.id)
      },
      // Cash leaving the office (a withdraw, a payment from Cash) is on the dashboard (decision 023).
      journal: (row) => {
        const out = row.source_type ? 0 : vendorCashOut(row)
        return out > 0 ? { date: row.date, entry: row.entry, name: row.vender_name, employee: '' } : null
      },
      list: ledgerList(LEDGER_LISTS.vender),
    })
  })
}
