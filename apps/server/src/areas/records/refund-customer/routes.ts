import { RECORD_SPECS, refundFigures } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import { removeLines } from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import { crudRoutes } from '../../../lib/crud.ts'
import { removePostings } from '../../../lib/postings.ts'
import { postRefundCustomer } from './postings.ts'

/** Customer refunds: remaining and balance are always the server's figures. */
export const refundCustomerRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.refund_customers, {
    toRow: (input) => ({
      ...input,
      ...refundFigures(
        input.total_amount,
        input.return_from_vendor,
        input.office_service_charges,
        input.paid_cash,
        input.paid_in_bank,
      ),
    }),
    // A refund pays money back to the customer: its cash leaves the office, so it counts as a
    // withdraw against cash in office, never as money received. The bank part leaves a bank
    // account, not the office cash, so it is not booked as "paid in bank" (that total means money in).
    journal: (row) => ({
      date: row.date,
      entry: row.entry,
      name: row.name,
      employee: row.employee,
    }),
    postingDay: (row) => row.date,
    postings: postRefundCustomer,
    onDelete: async (trx, row) => {
      await removePostings(trx, { type: 'refund_customers', id: row.id })
      await removeLines(trx, { type: 'refund_customers', id: row.id })
    },
  })
}
