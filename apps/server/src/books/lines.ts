import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { BookSource, LineMeta, Move } from './moves.ts'
import { postEntry, reverseEntry } from './post.ts'
import type { BookingFigures } from './split.ts'

export {
  BOOKS_FULL,
  type BookSource,
  type LineMeta,
  linesOf,
  MAX_BOOK_PAISA,
  type Move,
  move,
} from './moves.ts'

type Trx = Kysely<Database>

/**
 * Makes `moves` the source's money, in the caller's transaction (create, edit, restore): the books
 * module appends a reversal of its current entry and a new entry (books/post.ts, decision 050).
 */
export const syncLines = async (
  trx: Trx,
  source: BookSource,
  meta: LineMeta,
  moves: readonly Move[],
  sale?: BookingFigures,
) => {
  await postEntry(trx, {
    source,
    day: meta.date,
    meta: { entry: meta.entry, detail: meta.detail },
    moves,
    sale,
  })
}

/** A delete: reverses the source's current entry. */
export const removeLines = async (trx: Trx, source: BookSource) => {
  await reverseEntry(trx, source)
}

/** A rename and a merge of accounts (decisions 082, 083): no line is ever changed. */
export { mergeAccount, renameAccount } from './account-changes.ts'
