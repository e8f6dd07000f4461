import { VendorInput } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { removeLines } from '../../lib/books/lines.ts'
import { registerPoster } from '../../lib/books/registry.ts'
import { crudRoutes } from '../../lib/crud.ts'
import { removePostings } from '../../lib/postings.ts'
import { adminOnly, LEDGER_LISTS, ledgerList, refuseLinked } from '../ledgers/running-balance.ts'
import { postVendorEntry, vendorCashOut } from './postings.ts'

const SEARCH = LEDGER_LISTS.vender.search

/** Vendor ledger (admin only): payables (credit), payments (debit), remaining_amount computed when read. */
export const venderRoutes = async (app: FastifyInstance, db: Db) => {
  registerPoster('vender_entries', postVendorEntry)
  await app.register(async (scoped) => {
    scoped.addHook('preHandler', adminOnly)
    crudRoutes(scoped, db, {
      path: '/vender',
      table: 'vender_entries',
      listKey: 'vendors',
      listExtras: { status: 'success', message: '' },
      itemKey: 'vendor',
      label: 'vendor entry',
      formType: 'vender',
      input: VendorInput,
      search: SEARCH,
      dateColumn: 'date',
      toRow: ({ entry: _entry, ...values }, { before }) => {
        refuseLinked(before)
        return values
      },
      afterSave: (trx, row, { before }) => postVendorEntry(trx, row, { lenient: false, before }),
      onDelete: async (trx, row) => {
        refuseLinked(row)
        await removePostings(trx, { type: 'vender_entries', id: row.id })
        await removeLines(trx, { type: 'vender_entries', id: row.id })
      },
      // Cash leaving the office (a withdraw, a payment from Cash) is on the dashboard (decision 023).
      journal: (row) => {
        const out = row.source_type ? 0 : vendorCashOut(row)
        return out > 0
          ? { date: row.date, entry: row.entry, name: row.vender_name, employee: '', withdraw: out }
          : null
      },
      list: ledgerList(LEDGER_LISTS.vender),
    })
  })
}
