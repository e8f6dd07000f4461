import {
  type EntryCountsAnswer,
  EntryCountsAnswerSchema,
  EntryIncrementAnswer,
  FORM_TYPES,
} from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Db } from '../../../db/connect.ts'
import { entryCounts, storedCounter } from '../../../lib/entries.ts'
import { parseBody } from '../../../lib/validate.ts'

const IncrementInput = z.object({
  formType: z.enum(FORM_TYPES, { error: 'Unknown formType' }),
  actualEntryNumber: z.coerce.number({ error: 'actualEntryNumber must be a number' }).int().min(0).max(1e9),
})

/**
 * The spec's counter calls (under /api/api/...). Entry numbers are assigned by the server on save;
 * these stay for the form's read-only preview and for older clients, and change nothing.
 */
export const entryRoutes = async (app: FastifyInstance, db: Db) => {
  app.get(
    '/api/entry/counts',
    { schema: { response: { 200: EntryCountsAnswerSchema } } },
    async () => ({ status: 'success', data: await entryCounts(db) }) satisfies EntryCountsAnswer,
  )

  app.post(
    '/api/entry/increment',
    { schema: { body: IncrementInput, response: { 200: EntryIncrementAnswer } } },
    async (req) => {
      // Still validated, so a broken client learns of it; the number itself is never stored.
      const { formType } = parseBody(IncrementInput, req.body)
      return { status: 'success', data: await storedCounter(db, formType) }
    },
  )
}
