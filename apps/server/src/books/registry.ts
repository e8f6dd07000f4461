import type { RecordTable } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { ApiRow } from '../lib/record-hooks.ts'

/**
 * How each record table posts its lines (and its sub-ledger rows), registered by `crudRoutes` from
 * the type's `postings` and `postingDay` (decision 145), so the upgrade backfill and the books check
 * can post any record without importing the areas.
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
/** The day a row's entry lands on, from the row alone; null when it posts nothing (decision 145). */
export type PostingDay<T extends RecordTable = RecordTable> = (row: ApiRow<T>) => string | null

const posters = new Map<RecordTable, { post: Poster; day: PostingDay }>()

export const registerPoster = <T extends RecordTable>(table: T, post: Poster<T>, day: PostingDay<T>) => {
  // Callers pass the row of the table they look the poster up by (backfills read it from `table`).
  posters.set(table, { post: post as Poster, day: day as PostingDay })
}

export const registeredPosters = (): [RecordTable, Poster][] =>
  [...posters.entries()].map(([table, rule]) => [table, rule.post])

/** The table's declared posting day, or undefined when it registered no poster. */
export const postingDayOf = (table: RecordTable): PostingDay | undefined => posters.get(table)?.day
