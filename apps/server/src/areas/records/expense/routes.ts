import { RECORD_SPECS } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { expenseAccount, postWithdraw, removeWithdraw, settledAccountOf } from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import type { Database } from '../../../db/schema.ts'
import { type ApiRow, crudRoutes } from '../../../lib/crud.ts'

/**
 * The cash an expense takes out of the office: its Withdraw when filled, else its Total Amount
 * (an expense with only Total Amount filled was paid, so cash went down; decision 022).
 */
export const expenseCashOut = (row: ApiRow<'expenses'>): number =>
  row.withdraw > 0 ? row.withdraw : row.total_amount

const postExpense = async (trx: Kysely<Database>, row: ApiRow<'expenses'>) =>
  postWithdraw(trx, 'expenses', row, {
    // A fee paid for a sale's "Costs to pay" settles that account, not an expense (issue 36 item 6).
    account:
      (await settledAccountOf(trx, { type: 'expenses', id: row.id })) ??
      expenseAccount(String(row.selection ?? '')),
    amount: expenseCashOut(row),
    date: row.date,
    detail: ['Expense', row.selection, row.detail].filter(Boolean).join(', '),
  })

/** Office expenses: no postings; the withdraw counts against cash in office. */
export const expenseRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.expenses, {
    toRow: (input) => input,
    journal: (row) => ({
      date: row.date,
      entry: row.entry,
      name: row.detail,
      employee: row.user_name,
    }),
    postingDay: (row) => row.date,
    postings: (trx, row) => postExpense(trx, row),
    onDelete: (trx, row) => removeWithdraw(trx, 'expenses', row),
  })
}
