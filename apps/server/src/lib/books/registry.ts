import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { ApiRow } from '../crud.ts'

/**
 * How each record table posts its lines (and its sub-ledger rows), registered by its area so the
 * upgrade backfill and the books check can post any record without importing the areas.
 * `lenient`: an older record's bank text that names no bank is kept as its bank, not refused.
 */
export interface PostOptions {
  lenient: boolean
  /** The row an edit replaces (bank checks accept a deactivated bank it already named); null otherwise. */
  before: ApiRow | null
}
export type Poster = (trx: Kysely<Database>, row: ApiRow, opts: PostOptions) => Promise<void>

const posters = new Map<string, Poster>()

export const registerPoster = (table: string, poster: Poster) => {
  posters.set(table, poster)
}

export const registeredPosters = () => [...posters.entries()]
