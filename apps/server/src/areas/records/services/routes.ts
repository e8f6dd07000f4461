import { RECORD_SPECS, serviceRemaining } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import { refuseIfPaid, remainingAfterPayments, removeLines } from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import { crudRoutes } from '../../../lib/crud.ts'
import { removePostings } from '../../../lib/postings.ts'
import { postServiceBooks } from './postings.ts'

/** Services: the remaining amount is recomputed here; the client's figure is ignored. */
export const servicesRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.services, {
    toRow: ({ remaining_amount: _ignored, ...input }, { before }) => ({
      ...input,
      remaining_amount: remainingAfterPayments(serviceRemaining(input), before, 'receivable_amount'),
    }),
    journal: (row) => ({
      date: row.booking_date,
      entry: row.entry,
      name: row.customer_add,
      employee: row.user_name,
    }),
    postingDay: (row) => row.booking_date,
    postings: postServiceBooks,
    onDelete: async (trx, row) => {
      await refuseIfPaid(trx, 'services', row.id)
      await removePostings(trx, { type: 'services', id: row.id })
      await removeLines(trx, { type: 'services', id: row.id })
    },
  })
}
