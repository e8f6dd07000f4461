import type { RecordTable } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { ApiRow } from '../lib/record-hooks.ts'

/**
 * How each record table posts its lines (and its sub-ledger rows), registered by its area so the
 * upgrade backfill and the books check can post any record without importing the areas.
 * `lenient`: an older record's bank text that names no bank is kept as its bank, not refused.
 */
export interface PostOptions<T extends RecordTable = RecordTable> {
  lenient: boolean
  /** The row an edit replaces (bank checks accept a deactivated bank it already named); null otherwise. */
  before: ApiRow<T> | null
}
export type Poster<T extends RecordTable = RecordTable> = (
  trx: Kysely<Database>,
  row: ApiRow<T>,
  opts: PostOptions<T>,
) => Promise<void>

const posters = new Map<RecordTable, Poster>()

export const registerPoster = <T extends RecordTable>(table: T, poster: Poster<T>) => {
  // Callers pass the row of the table they look the poster up by (backfills read it from `table`).
  posters.set(table, poster as Poster)
}

export const registeredPosters = () => [...posters.entries()]
