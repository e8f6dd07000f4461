import { RECORD_SPECS } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { crudRoutes } from '../../lib/crud.ts'
import { LEDGER_LISTS, ledgerList, refuseLinked } from '../ledgers/running-balance.ts'

/** Vendor ledger (admin only): payables (credit), payments (debit), remaining_amount computed when read. */
export const venderRoutes = async (app: FastifyInstance, db: Db) => {
  await app.register(async (scoped) => {
    crudRoutes(scoped, db, RECORD_SPECS.vender_entries, {
      listExtras: { status: 'success', message: '' },
      toRow: ({ entry: _entry, ...values }) => values,
      check: async (_trx, _row, { before }) => refuseLinked(before),
      // Only a withdrawal moves office cash; the dashboard sums it.
      journal: (row) =>
        row.withdraw > 0
          ? { date: row.date, entry: row.entry, name: row.vender_name, employee: '', withdraw: row.withdraw }
          : null,
      list: ledgerList(LEDGER_LISTS.vender),
    })
  })
}
