import { ExpenseInput } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { SEARCH_INDEX } from '../../db/search-index.ts'
import { crudRoutes } from '../../lib/crud.ts'

/** Office expenses: no postings; the withdraw counts against cash in office. */
export const expenseRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, {
    path: '/expenses',
    table: 'expenses',
    listKey: 'expenses',
    itemKey: 'expense',
    label: 'expense',
    formType: 'expense',
    input: ExpenseInput,
    employeeColumn: 'user_name',
    search: SEARCH_INDEX.expenses,
    dateColumn: 'date',
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
