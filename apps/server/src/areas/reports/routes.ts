import { isIsoDate } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { backfillBooks } from '../../lib/books/backfill.ts'
import { HttpError } from '../../lib/http-error.ts'
import { requireAdmin } from '../../plugins/auth.ts'
import { booksCheck, cashInOffice, trialBalance } from './trial-balance.ts'

const dayParam = (value: unknown): string | undefined => {
  if (value === undefined || value === '') return undefined
  if (typeof value !== 'string' || !isIsoDate(value))
    throw new HttpError(400, 'Invalid date', { to: 'Invalid date' })
  return value
}

/**
 * The books' reports (admin): trial balance, books check, Cash in Office. Registered after every
 * record area, so the upgrade backfill (migration 0012) can post any record before serving.
 */
export const reportRoutes = async (app: FastifyInstance, db: Db) => {
  await backfillBooks(db)
  app.get('/reports/trial-balance', { preHandler: requireAdmin }, async (req) =>
    trialBalance(db, dayParam((req.query as Record<string, unknown>).to)),
  )
  app.get('/reports/books-check', { preHandler: requireAdmin }, async () => booksCheck(db))
  app.get('/reports/cash-in-office', { preHandler: requireAdmin }, async (req) => ({
    status: 'success',
    cashInOffice: await cashInOffice(db, dayParam((req.query as Record<string, unknown>).to)),
  }))
}
