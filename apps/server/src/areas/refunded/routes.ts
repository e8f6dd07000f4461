import { RefundedInput } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
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
    search: [
      'entry',
      'employee',
      'date',
      'name',
      'passport',
      'reference',
      'paid_fee_date',
      'paid_refund_date',
    ],
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
