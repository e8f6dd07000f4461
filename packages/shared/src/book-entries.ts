import { z } from 'zod'
import { RECORD_SPECS, type RecordTable } from './records/spec.ts'

/** What can post entries to the books: every record table, and later payments. */
export const BOOK_SOURCE_TYPES = [...(Object.keys(RECORD_SPECS) as RecordTable[]), 'payments'] as const
export type BookSourceType = RecordTable | 'payments'

/**
 * GET /api/books/entries?source_type=&source_id= (decision 050): one record's money history; with
 * neither, the newest entries the caller may see.
 */
export const BookEntriesQuery = z
  .object({
    source_type: z
      .enum(BOOK_SOURCE_TYPES as unknown as [BookSourceType, ...BookSourceType[]], {
        error: 'Unknown record type',
      })
      .optional(),
    source_id: z.coerce
      .number({ error: 'Invalid record id' })
      .int('Invalid record id')
      .positive('Invalid record id')
      .max(2_147_483_647, 'Invalid record id')
      .optional(),
  })
  .refine((q) => (q.source_type === undefined) === (q.source_id === undefined), {
    message: 'Give both source_type and source_id, or neither',
    path: ['source_id'],
  })
export type BookEntriesQuery = z.output<typeof BookEntriesQuery>

/** One line of an entry, in rupees; a reversal's amounts are the negated amounts of the line it cancels. */
export const BookEntryLine = z.object({
  id: z.number().int(),
  account: z.string(),
  date: z.string(),
  debit: z.number(),
  credit: z.number(),
  reverses: z.number().int().nullable(),
})

/** An entry header with its lines: what one create, edit, delete or restore posted. */
export const BookEntry = z.object({
  id: z.number().int(),
  source_type: z.string(),
  source_id: z.number().int(),
  /** The business day its lines are dated. */
  day: z.string(),
  entry: z.string(),
  memo: z.string(),
  /** On a reversal: the entry it cancels. */
  reverses: z.number().int().nullable(),
  /** In force: neither a reversal nor reversed (what the screens show). */
  current: z.boolean(),
  user_id: z.number().int().nullable(),
  audit_id: z.number().int().nullable(),
  created_at: z.string(),
  lines: z.array(BookEntryLine),
})
export type BookEntry = z.output<typeof BookEntry>

export const BookEntriesAnswer = z.object({ status: z.literal('success'), entries: z.array(BookEntry) })
