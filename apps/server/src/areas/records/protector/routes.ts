import { RECORD_SPECS } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { expenseAccount, postWithdraw, removeWithdraw, settledAccountOf } from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import type { Database } from '../../../db/schema.ts'
import { type ApiRow, crudRoutes } from '../../../lib/crud.ts'

/** The protector fee paid out of office cash (decision 022). */
const postProtector = async (trx: Kysely<Database>, row: ApiRow<'protectors'>) =>
  postWithdraw(trx, 'protectors', row, {
    // A fee paid for a sale's "Costs to pay" settles that account, not an expense (issue 36 item 6).
    account: (await settledAccountOf(trx, { type: 'protectors', id: row.id })) ?? expenseAccount('protector'),
    amount: row.withdraw,
    date: row.protector_date,
    detail: ['Protector', row.name, row.reference].filter(Boolean).join(', '),
  })

/** Protector entries: no postings; their withdraw counts against cash in office. */
export const protectorRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.protectors, {
    toRow: (input) => input,
    journal: (row) => ({
      date: row.protector_date,
      entry: row.entry,
      name: row.name,
      employee: row.employee,
    }),
    postingDay: (row) => row.protector_date,
    postings: (trx, row) => postProtector(trx, row),
    onDelete: (trx, row) => removeWithdraw(trx, 'protectors', row),
  })
}
