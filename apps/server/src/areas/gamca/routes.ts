import { GamcaInput, remainingAmount } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { SEARCH_INDEX } from '../../db/search-index.ts'
import { crudRoutes } from '../../lib/crud.ts'
import { passengerJournal, passengerText } from '../visa/passenger-record.ts'

/** GAMCA medical tokens: profit is typed by the user, remaining is recomputed here. */
export const gamcaRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, {
    path: '/gamca-token',
    table: 'gamca_tokens',
    listKey: 'gamcaTokens',
    itemKey: 'gamcaToken',
    label: 'GAMCA token',
    formType: 'gamca',
    input: GamcaInput,
    employeeColumn: 'employee_name',
    search: SEARCH_INDEX.gamca_tokens,
    dateColumn: 'created_at',
    toRow: (input) => ({
      ...input,
      passport_detail: passengerText(input.passport_detail),
      remaining_amount: remainingAmount(input.receivable_amount, input.paid_cash, input.paid_in_bank),
    }),
    // A token has no date of its own; the day it was recorded is when the money came in.
    journal: (row) => passengerJournal(row, null),
  })
}
