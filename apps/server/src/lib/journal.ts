import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { insertRows } from './prepared.ts'

/**
 * A money-moving record's place in All Bookings. Its money is not stored here: the `journal` view
 * reads it from the record's posting lines (decision 078).
 */
export interface JournalFields {
  date: string
  entry: string
  name: string
  employee: string
}

const PLACE = ['date', 'entry', 'name', 'employee'] as const

/** Keeps the record's journal row in step with it: upsert, or remove when `fields` is null. */
export const writeJournal = async (
  trx: Kysely<Database>,
  sourceType: string,
  sourceId: number,
  fields: JournalFields | null,
) => {
  if (!fields) return removeJournal(trx, sourceType, sourceId)
  const place = { date: fields.date, entry: fields.entry, name: fields.name, employee: fields.employee }
  await insertRows(trx, 'journal_rows', [{ ...place, source_type: sourceType, source_id: sourceId }], {
    conflict: `on conflict (source_type, source_id) do update set ${PLACE.map((k) => `"${k}" = excluded."${k}"`).join(', ')}`,
  })
}

export const removeJournal = (trx: Kysely<Database>, sourceType: string, sourceId: number) =>
  trx
    .deleteFrom('journal_rows')
    .where('source_type', '=', sourceType)
    .where('source_id', '=', sourceId)
    .execute()
