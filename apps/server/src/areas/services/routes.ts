import { RECORD_SPECS, serviceRemaining } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { crudRoutes } from '../../lib/crud.ts'

/** Services: the remaining amount is recomputed here; the client's figure is ignored. */
export const servicesRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.services, {
    toRow: ({ remaining_amount: _ignored, ...input }) => ({
      ...input,
      remaining_amount: serviceRemaining(input),
    }),
    journal: (row) => ({
      date: row.booking_date,
      entry: row.entry,
      name: row.customer_add,
      employee: row.user_name,
      receivable: row.receivable_amount,
      paid_cash: row.paid_cash,
      paid_in_bank: row.paid_in_bank,
      remaining: row.remaining_amount,
    }),
  })
}
