import { RECORD_SPECS } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { crudRoutes } from '../../lib/crud.ts'
import { LEDGER_LISTS, ledgerList, refuseLinked } from '../ledgers/running-balance.ts'

/** Agent ledger: anyone may read and add; balance per agent is computed when read. */
export const agentRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.agent_entries, {
    toRow: ({ entry: _entry, ...values }) => values,
    check: async (_trx, _row, { before }) => refuseLinked(before),
    list: ledgerList(LEDGER_LISTS.agent),
  })
}
