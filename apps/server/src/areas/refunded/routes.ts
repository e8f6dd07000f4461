import { RECORD_SPECS } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { crudRoutes } from '../../lib/crud.ts'

/** Refunded (MCB) entries: no postings; the withdraw counts against cash in office. */
export const refundedRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.refunded, {
    toRow: (input) => input,
    journal: (row) => ({
      date: row.date,
      entry: row.entry,
      name: row.name,
      employee: row.employee,
      withdraw: row.withdraw,
    }),
  })
}
