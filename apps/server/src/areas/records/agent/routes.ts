import { RECORD_SPECS, rateOfMicro } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import {
  agentAccount,
  checkSettlement,
  convertRupeePayment,
  forgetPaidIn,
  forgetSettlements,
  rateOn,
  removeLines,
  settleEntryCurrency,
} from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import { crudRoutes } from '../../../lib/crud.ts'
import { removePostings } from '../../../lib/postings.ts'
import { LEDGER_LISTS, ledgerList, refuseLinked } from '../ledgers/running-balance.ts'
import { postAgentEntry } from './postings.ts'

/** Agent ledger: anyone may read and add; balance per agent is computed when read. */
export const agentRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.agent_entries, {
    toRow: ({ entry: _entry, settles: _settles, ...values }) => values,
    check: async (trx, row, { before, input }) => {
      refuseLinked(before)
      // A receipt typed in rupees from a foreign agent is converted first (decision 120).
      if (row)
        await convertRupeePayment(
          trx,
          'agent_entries',
          row as Record<string, unknown>,
          { address: agentAccount(String(row.agent_name)), name: String(row.agent_name) },
          async (c, d) => (await rateOn(trx, c, d))?.rate,
        )
      if (row)
        await settleEntryCurrency(trx, row as Record<string, unknown>, before, {
          address: agentAccount(String(row.agent_name)),
          name: String(row.agent_name),
        })
      // What a receipt settles (decision 120): kept for its posting; a settled row's money stays.
      await checkSettlement(trx, 'agent_entries', row as Record<string, unknown> | null, before, input)
    },
    // The rate as the rupees per unit it was typed as (stored as micro-rupees, decision 107).
    // The ledger's list reads its view, which has no rate: its rows are answered as they are.
    toApi: (row) => ('rate' in row ? { ...row, rate: row.rate == null ? null : rateOfMicro(row.rate) } : row),
    // Money received from the agent is on the dashboard like any other (decision 023).
    journal: (row) =>
      !row.source_type && (row.paid_cash > 0 || row.paid_bank > 0)
        ? {
            date: row.date,
            entry: row.entry,
            name: row.agent_name,
            employee: row.employee,
          }
        : null,
    postingDay: (row) => (row.source_type ? null : row.date),
    postings: postAgentEntry,
    onDelete: async (trx, row) => {
      await removePostings(trx, { type: 'agent_entries', id: row.id })
      await removeLines(trx, { type: 'agent_entries', id: row.id })
      await forgetSettlements(trx, 'agent_entries', row.id)
      await forgetPaidIn(trx, 'agent_entries', row.id)
    },
    list: ledgerList(LEDGER_LISTS.agent),
  })
}
