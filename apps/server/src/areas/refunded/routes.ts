import { RefundedInput } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { SEARCH_INDEX } from '../../db/search-index.ts'
import { crudRoutes } from '../../lib/crud.ts'

/** Refunded (MCB) entries: no postings; the withdraw counts against cash in office. */
export const refundedRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, {
    path: '/refunded',
    table: 'refunded',
    listKey: 'refunded',
    itemKey: 'refunded',
    label: 'refunded entry',
    formType: 'refunded',
    input: RefundedInput,
    employeeColumn: 'employee',
    search: SEARCH_INDEX.refunded,
    dateColumn: 'date',
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
