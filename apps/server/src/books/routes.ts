import {
  type Access,
  BOOK_SOURCE_TYPES,
  BookEntriesAnswer,
  BookEntriesQuery,
  type BookSourceType,
  can,
  fromPaisa,
  RECORD_SPECS,
} from '@booking/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/connect.ts'
import { documentPaths, schemaOf } from '../lib/openapi.ts'
import { parseBody } from '../lib/validate.ts'
import { type AuthUser, requireAccess } from '../plugins/auth.ts'
import { entriesOf, latestEntries } from './read.ts'

const viewAccess = (type: BookSourceType): Access =>
  type === 'payments' ? 'employee' : RECORD_SPECS[type].access.view

/** Route schemas, declared for docs and types; the handler parses (lib/route-schemas.ts). */
const GET_BOOKS_ENTRIES = { schema: { querystring: BookEntriesQuery, response: { 200: BookEntriesAnswer } } }

/**
 * GET /api/books/entries?source_type=&source_id=: a record's whole money history, every entry it
 * posted (reversals included, oldest first) with its lines in rupees. Whoever may view the record
 * may read it (the record's spec `access.view`; a later payment: every signed-in user, as
 * GET /payments), so Office Accounts and Vendor histories stay admin-only (decision 050).
 */
export const bookEntryRoutes = async (app: FastifyInstance, db: Db) => {
  documentPaths({
    '/api/books/entries': {
      get: {
        tags: ['books'],
        summary: 'A record’s money history: every entry and reversal it posted, with lines (decision 050)',
        parameters: ['source_type', 'source_id'].map((name) => ({
          name,
          in: 'query',
          required: false,
          schema: (schemaOf(BookEntriesQuery) as { properties: Record<string, unknown> }).properties[name],
        })),
        responses: { '200': { description: '{ status, entries: [{ id, day, reverses, current, lines }] }' } },
      },
    },
  })
  app.get('/books/entries', GET_BOOKS_ENTRIES, async (req: FastifyRequest) => {
    const query = parseBody(BookEntriesQuery, req.query)
    const user = req.user as AuthUser
    const entries =
      query.source_type && query.source_id
        ? await (async () => {
            await requireAccess(viewAccess(query.source_type!))(req as { user: AuthUser | null })
            return entriesOf(db, { type: query.source_type!, id: query.source_id! })
          })()
        : await latestEntries(
            db,
            BOOK_SOURCE_TYPES.filter((t) => can(user, 'view', { level: viewAccess(t) })),
          )
    return {
      status: 'success' as const,
      entries: entries.map((e) => ({
        ...e,
        lines: e.lines.map((l) => ({
          ...l,
          debit: fromPaisa(Number(l.debit)),
          credit: fromPaisa(Number(l.credit)),
        })),
      })),
    }
  })
}
