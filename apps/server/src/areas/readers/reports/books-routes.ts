import { BooksCheckAnswer, CashInOfficeAnswer, isIsoDate, TrialBalanceAnswer } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/connect.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { requireAccess } from '../../../plugins/auth.ts'
import { foreignBalances, withForeign } from '../statements/foreign.ts'
import { documentBooks } from './openapi.ts'
import { booksCheckFor, cashInOfficeFor, trialBalanceFor } from './trial-balance.ts'

const dayParam = (value: unknown): string | undefined => {
  if (value === undefined || value === '') return undefined
  if (typeof value !== 'string' || !isIsoDate(value))
    throw new HttpError(400, 'Invalid date', { to: 'Invalid date' })
  return value
}

/**
 * The books' reports (admin): trial balance, books check, Cash in Office.
 */
/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const GET_REPORTS_TRIAL_BALANCE = { schema: { response: { 200: TrialBalanceAnswer } } }

const GET_REPORTS_BOOKS_CHECK = { schema: { response: { 200: BooksCheckAnswer } } }

const GET_REPORTS_CASH_IN_OFFICE = { schema: { response: { 200: CashInOfficeAnswer } } }

export const booksReportRoutes = async (app: FastifyInstance, db: Db) => {
  documentBooks()
  app.get(
    '/reports/trial-balance',
    { ...GET_REPORTS_TRIAL_BALANCE, preHandler: requireAccess('admin') },
    async (req) => {
      const to = dayParam((req.query as Record<string, unknown>).to)
      const [tb, foreign] = await Promise.all([trialBalanceFor(db, req.caller, to), foreignBalances(db, to)])
      // Rupees throughout; a foreign account's own balance beside its row (issue 34 item 6).
      return foreign.size === 0 ? tb : { ...tb, accounts: withForeign(tb.accounts, foreign) }
    },
  )
  app.get(
    '/reports/books-check',
    { ...GET_REPORTS_BOOKS_CHECK, preHandler: requireAccess('admin') },
    async (req) => booksCheckFor(db, req.caller),
  )
  app.get(
    '/reports/cash-in-office',
    { ...GET_REPORTS_CASH_IN_OFFICE, preHandler: requireAccess('admin') },
    async (req) => ({
      status: 'success',
      cashInOffice: await cashInOfficeFor(
        db,
        req.caller,
        dayParam((req.query as Record<string, unknown>).to),
      ),
    }),
  )
}
