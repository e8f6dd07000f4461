import { RECORD_SPECS } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { postWithdraw, REFUNDS, removeWithdraw } from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import type { Database } from '../../../db/schema.ts'
import { type ApiRow, crudRoutes } from '../../../lib/crud.ts'

/** The refund paid out of office cash (decision 022). */
const postRefunded = (trx: Kysely<Database>, row: ApiRow<'refunded'>) =>
  postWithdraw(trx, 'refunded', row, {
    account: REFUNDS,
    amount: row.withdraw,
    date: row.date,
    detail: ['Refunded', row.name, row.reference].filter(Boolean).join(', '),
  })

/** Refunded (MCB) entries: no postings; the withdraw counts against cash in office. */
export const refundedRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.refunded, {
    toRow: (input) => input,
    journal: (row) => ({
      date: row.date,
      entry: row.entry,
      name: row.name,
      employee: row.employee,
    }),
    postingDay: (row) => row.date,
    postings: (trx, row) => postRefunded(trx, row),
    onDelete: (trx, row) => removeWithdraw(trx, 'refunded', row),
  })
}
