import {
  type BooksLock,
  BooksLockAnswer,
  BooksLockInput,
  businessToday,
  CLOSE_NEEDS_CONFIRM,
  formatDate,
  LOCK_IN_FUTURE,
  MonthEndAnswer,
  MonthEndQuery,
  REOPEN_REASON,
} from '@booking/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { currentLock } from '../../../books/lock.ts'
import type { Db } from '../../../db/connect.ts'
import { audit } from '../../../lib/audit.ts'
import { officeReader } from '../../../lib/caller-scope.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { documentRoute } from '../../../lib/openapi.ts'
import { parseBody } from '../../../lib/validate.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
import type { AuthUser } from '../../../plugins/auth.ts'
import { cashCountRoutes } from './cash-counts.ts'
import { monthEndItems, monthRange } from './month-end.ts'

documentRoute('/cash-counts', {
  post: {
    tags: ['Books'],
    summary:
      "The cash counted in the drawer at a day's end: the difference to Cash in Office posts to Cash over/short with the note as the reason; a second count of the day replaces the first (decision 065).",
    responses: { '201': { description: '{ status, message, cash_count }' } },
  },
  get: {
    tags: ['Books'],
    summary: 'Cash counts from..to (newest first), each with Cash in Office then and its over/short.',
    responses: { '200': { description: '{ status, cash_counts }' } },
  },
})
documentRoute('/admin/books/lock', {
  get: {
    tags: ['Books'],
    summary: 'The last closed day (null: none), who closed it, when and why.',
    responses: { '200': { description: '{ status, lock: { through, reason, by, at } }' } },
  },
  put: {
    tags: ['Books'],
    summary:
      'Closes the books through a day: every later write whose money day is on or before it is a 409. An earlier day reopens days and needs a reason (decision 066).',
    responses: { '200': { description: '{ status, lock }' } },
  },
})
documentRoute('/admin/month-end', {
  get: {
    tags: ['Books'],
    summary:
      'What is left before closing a month: banks not reconciled, statement lines unmatched, cash days without a count, corrections waiting, the books check.',
    responses: { '200': { description: '{ status, month, from, to, locked_through, items }' } },
  },
})

const GET_LOCK = { schema: { response: { 200: BooksLockAnswer } } }
const PUT_LOCK = { schema: { body: BooksLockInput, response: { 200: BooksLockAnswer } } }
const GET_MONTH_END = { schema: { querystring: MonthEndQuery, response: { 200: MonthEndAnswer } } }

/**
 * What is left before closing through `through` (decision 094): the day not being its month's
 * last, and each checklist line of that month not done, keyed like the checklist ('month_end' for
 * the day). Empty: nothing to confirm.
 */
export const closeLeft = async (db: Db, through: string): Promise<Record<string, string>> => {
  const range = monthRange(through.slice(0, 7))
  const left: Record<string, string> = {}
  if (through !== range.to)
    left.month_end = `${formatDate(through)} is not the month's last day (${formatDate(range.to)})`
  for (const item of await monthEndItems(db, range))
    if (!item.ok)
      left[item.key] =
        `${item.label}: ${item.count.toLocaleString('en-US')}${item.details.length ? ` (${item.details.slice(0, 5).join(', ')})` : ''}`
  return left
}

/**
 * Month-end close (issue 24 items 3-4, decisions 065-066): the day's cash count, the books' lock
 * date (admins; /api/admin/* is admin-only in the auth hook) and the month-end checklist.
 */
export const closeRoutes = async (app: FastifyInstance, db: Db) => {
  await cashCountRoutes(app, db)

  app.get('/admin/books/lock', GET_LOCK, async (req) => {
    officeReader(req.caller, 'admin-area')
    return { status: 'success', lock: await currentLock(db) }
  })

  app.put('/admin/books/lock', PUT_LOCK, async (req: FastifyRequest) => {
    const input = parseBody(BooksLockInput, req.body)
    if (input.through > businessToday()) throw new HttpError(400, LOCK_IN_FUTURE, { through: LOCK_IN_FUTURE })
    // Closing forward past a month's end or with its checklist open asks first (decision 094).
    // Checked before the write transaction: the checklist reads (the books check) are long.
    const current = input.confirm ? null : await currentLock(db)
    if (current && (current.through === null || input.through > current.through)) {
      const left = await closeLeft(db, input.through)
      if (Object.keys(left).length > 0)
        throw new HttpError(409, CLOSE_NEEDS_CONFIRM, left, {
          through: input.through,
          left: Object.values(left),
        })
    }
    const user = req.user as AuthUser
    const lock = await writeTransaction(db, async (trx): Promise<BooksLock> => {
      // This runs under the exclusive write lock that every record write shares (decision 070), so
      // a write in flight finishes under the old date and any later one sees the new date (066).
      const before = await currentLock(trx)
      if (before.through === input.through) return before
      if (before.through !== null && input.through < before.through && !input.reason)
        throw new HttpError(400, REOPEN_REASON, { reason: REOPEN_REASON })
      const row = await trx
        .insertInto('books_locks')
        .values({
          through: input.through,
          previous: before.through,
          reason: input.reason,
          user_id: user.id,
          username: user.username,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const after = await currentLock(trx)
      await audit(
        trx,
        user,
        before.through !== null && input.through < before.through ? 'books-reopen' : 'books-close',
        'books_locks',
        Number(row.id),
        before,
        after,
      )
      return after
    })
    return { status: 'success', lock }
  })

  app.get('/admin/month-end', GET_MONTH_END, async (req) => {
    officeReader(req.caller, 'admin-area')
    const { month } = parseBody(MonthEndQuery, req.query)
    const range = monthRange(month ?? businessToday().slice(0, 7))
    const [items, lock] = await Promise.all([monthEndItems(db, range), currentLock(db)])
    return { status: 'success', ...range, locked_through: lock.through, items }
  })
}
