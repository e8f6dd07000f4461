import { DashboardAnswer, DashboardBookingsAnswer, DashboardChartsAnswer, ListQuery } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/connect.ts'
import { officeAnswers } from '../../../lib/caller-scope.ts'
import { parseListQuery } from '../../../lib/list-query.ts'
import { foreignTotals } from '../statements/foreign.ts'
import { bookings, charts, type Range, summary } from './queries.ts'

const DEFAULT_PAGE = 25

const rangeOf = (query: { from?: string; to?: string }): Range => ({ from: query.from, to: query.to })

/** The dashboard reads the journal (and its monthly checkpoints), never the ten source lists. */
export const dashboardRoutes = async (app: FastifyInstance, db: Db) => {
  app.get(
    '/dashboard',
    {
      ...officeAnswers(db, 'staff-area'),
      schema: { querystring: ListQuery, response: { 200: DashboardAnswer } },
    },
    // The shared type the web and e2e read: a key the server stops sending does not compile.
    async (req): Promise<DashboardAnswer> => {
      const [answer, foreign] = await Promise.all([
        summary(db, req.caller, rangeOf(parseListQuery(req.query))),
        foreignTotals(db),
      ])
      // The figures stay rupees; balances kept in another currency are shown beside (issue 34).
      return foreign.length === 0 ? answer : { ...answer, foreign_balances: foreign }
    },
  )

  app.get(
    '/dashboard/bookings',
    {
      ...officeAnswers(db, 'staff-area'),
      schema: { querystring: ListQuery, response: { 200: DashboardBookingsAnswer } },
    },
    async (req) => {
      const query = parseListQuery(req.query)
      const page = await bookings(
        db,
        req.caller,
        rangeOf(query),
        query.limit ?? DEFAULT_PAGE,
        query.offset ?? 0,
      )
      return { bookings: page.rows, total: page.total }
    },
  )

  app.get(
    '/dashboard/charts',
    {
      ...officeAnswers(db, 'staff-area'),
      schema: { querystring: ListQuery, response: { 200: DashboardChartsAnswer } },
    },
    async (req) => charts(db, req.caller, rangeOf(parseListQuery(req.query))),
  )
}
