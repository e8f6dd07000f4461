import { RECORD_SPECS } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { crudRoutes } from '../../lib/crud.ts'

/** Office expenses: no postings; the withdraw counts against cash in office. */
export const expenseRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.expenses, {
    toRow: (input) => input,
    journal: (row) => ({
      date: row.date,
      entry: row.entry,
      name: row.detail,
      employee: row.user_name,
      withdraw: row.withdraw,
    }),
  })
}
