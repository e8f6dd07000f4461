import { z } from 'zod'
import { idParam } from '../fields.ts'
import type { RecordSpec } from './spec.ts'

/**
 * The answers of a record type's routes as zod schemas, built from its RecordSpec. The server
 * declares them on its routes (docs and types); they are never run against an answer, so a valid
 * answer cannot become a 500 and the list hot path stays on JSON.stringify (decision 024).
 */

/** `{status:'success', message}`: a delete, and the start of every save. */
export const MessageAnswer = z.object({ status: z.literal('success'), message: z.string() })

/** The `:id` of a record route (parsed by the route itself: a bad one is "Invalid <label> ID"). */
export const IdParams = idParam

/**
 * A record as the API answers it: its body's fields (as parsed), the server's (id, entry, creation
 * time, money in rupees) under the answer's names (Umrah's camelCase). Loose: computed keys such as
 * ledger balances ride along.
 */
export const recordRowSchema = (spec: RecordSpec) => {
  const keyOf = (column: string) =>
    Object.entries(spec.columnOf ?? {}).find(([, c]) => c === column)?.[0] ?? column
  const parsed = spec.input instanceof z.ZodObject ? (spec.input.shape as z.ZodRawShape) : {}
  const money = Object.fromEntries(spec.money.map((c) => [keyOf(c), z.number().nullable()]))
  return z.looseObject({
    ...parsed,
    ...money,
    id: z.number().int(),
    entry: z.string(),
    [keyOf('created_at')]: z.string(),
  })
}

/** The answers of GET list, GET one, POST, PUT and DELETE of one record type. */
export const recordAnswerSchemas = (spec: RecordSpec) => {
  const row = recordRowSchema(spec)
  return {
    row,
    list: z.object({
      [spec.listKey]: z.array(row),
      total: z.number().int().optional(),
      totalCapped: z.literal(true).optional(),
    }),
    one: z.object({ status: z.literal('success'), [spec.itemKey]: row }),
    saved: MessageAnswer.extend({ [spec.itemKey]: row }),
    deleted: MessageAnswer,
  }
}
