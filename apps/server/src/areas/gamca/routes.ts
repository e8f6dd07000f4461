import { RECORD_SPECS, remainingAmount } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { crudRoutes } from '../../lib/crud.ts'
import { passengerJournal, passengerText } from '../visa/passenger-record.ts'

/** GAMCA medical tokens: profit is typed by the user, remaining is recomputed here. */
export const gamcaRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.gamca_tokens, {
    toRow: (input) => ({
      ...input,
      passport_detail: passengerText(input.passport_detail),
      remaining_amount: remainingAmount(input.receivable_amount, input.paid_cash, input.paid_in_bank),
    }),
    // A token has no date of its own; the day it was recorded is when the money came in.
    journal: (row) => passengerJournal(row, null),
  })
}
