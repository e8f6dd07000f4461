import { AgentInput } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { crudRoutes } from '../../lib/crud.ts'
import { LEDGER_LISTS, ledgerList, refuseLinked } from '../ledgers/running-balance.ts'

/** Agent ledger: anyone may read and add; balance per agent is computed when read. */
export const agentRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, {
    path: '/agent',
    table: 'agent_entries',
    listKey: 'agents',
    itemKey: 'agent',
    label: 'agent entry',
    formType: 'agent',
    input: AgentInput,
    employeeColumn: 'employee',
    search: LEDGER_LISTS.agent.search,
    dateColumn: 'date',
    toRow: ({ entry: _entry, ...values }, { before }) => {
      refuseLinked(before)
      return values
    },
    onDelete: async (_trx, row) => refuseLinked(row),
    list: ledgerList(LEDGER_LISTS.agent),
  })
}
