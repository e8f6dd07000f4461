import { VendorInput } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { crudRoutes } from '../../lib/crud.ts'
import { adminOnly, LEDGER_LISTS, ledgerList, refuseLinked } from '../ledgers/running-balance.ts'

const SEARCH = LEDGER_LISTS.vender.search

/** Vendor ledger (admin only): payables (credit), payments (debit), remaining_amount computed when read. */
export const venderRoutes = async (app: FastifyInstance, db: Db) => {
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
      onDelete: async (_trx, row) => refuseLinked(row),
      // Only a withdrawal moves office cash; the dashboard sums it.
      journal: (row) =>
        row.withdraw > 0
          ? { date: row.date, entry: row.entry, name: row.vender_name, employee: '', withdraw: row.withdraw }
          : null,
      list: ledgerList(LEDGER_LISTS.vender),
    })
  })
}
