import { type Kysely, sql } from 'kysely'
import { recountDays } from '../../books/day-checkpoints.ts'
import type { BookSource, LineMeta, Move } from '../../books/moves.ts'
import { postEntry, reverseEntry } from '../../books/post.ts'
import type { BookingFigures } from '../../books/split.ts'
import type { Database } from '../../db/schema.ts'

export {
  BOOKS_FULL,
  type BookSource,
  type LineMeta,
  linesOf,
  MAX_BOOK_PAISA,
  type Move,
  move,
} from '../../books/moves.ts'

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

/**
 * Moves every line of one account to another (a bank renamed, a customer merged into another) and
 * recounts both accounts' month and day checkpoints from the lines (posting_months, decision 034;
 * posting_days, decision 068). Debits and
 * credits are unchanged, so the books' total and every source's balance stay as they were. The one
 * place a line's account changes: an account renamed is the same account (decision 050).
 */
export const moveAccountLines = async (trx: Trx, from: string, to: string) => {
  await trx.updateTable('posting_lines').set({ account: to }).where('account', '=', from).execute()
  await trx.deleteFrom('posting_months').where('account', 'in', [from, to]).execute()
  await sql`INSERT INTO posting_months (account, month, n, debit, credit)
    SELECT account, substr(date, 1, 7), count(*), sum(debit), sum(credit)
    FROM posting_lines WHERE account = ${to} GROUP BY account, substr(date, 1, 7)`.execute(trx)
  await recountDays(trx, [from, to])
  // Lines before the books check's verified point changed: its next run proves them all (decision 073).
  await trx.updateTable('books_verified').set({ line_id: -1 }).execute()
}
