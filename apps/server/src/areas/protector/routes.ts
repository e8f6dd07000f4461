import { RECORD_SPECS } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { crudRoutes } from '../../lib/crud.ts'

/** Protector entries: no postings; their withdraw counts against cash in office. */
export const protectorRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.protectors, {
    toRow: (input) => input,
    journal: (row) => ({
      date: row.protector_date,
      entry: row.entry,
      name: row.name,
      employee: row.employee,
      withdraw: row.withdraw,
    }),
  })
}
