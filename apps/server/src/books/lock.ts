import { type BooksLock, booksClosedMessage } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { HttpError } from '../lib/http-error.ts'
import { runText } from '../lib/prepared.ts'

/**
 * The books' lock date (issue 24 item 4, decision 066): the newest books_locks row says through
 * which day the books are closed. Every money write passes `refuseClosed` in books/post.ts, so a
 * create, edit, delete, restore, payment, approved correction, cash count or bank posting whose
 * day (the entry it reverses, or the one it posts) is on or before that day is a 409 and its
 * transaction leaves nothing behind.
 */

type Reader = Kysely<Database>

/** The current lock, or null when no day was ever closed. */
export const currentLock = async (db: Reader): Promise<BooksLock> => {
  const row = await db
    .selectFrom('books_locks')
    .select(['through', 'reason', 'username', 'created_at'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row
    ? { through: row.through, reason: row.reason, by: row.username, at: row.created_at }
    : { through: null, reason: '', by: '', at: null }
}

/** The last closed day, or null. */
export const lockedThrough = async (db: Reader): Promise<string | null> => (await currentLock(db)).through

/** 409 "The books are closed through dd/mm/yyyy" when any of `days` is on or before `through`. */
export const refuseDays = (through: string | null, days: readonly string[]) => {
  if (through === null) return
  for (const day of days) if (day && day <= through) throw new HttpError(409, booksClosedMessage(through))
}

/**
 * The lock as a record write's closed-period step read it, by its transaction. The write holds the
 * write lock that closing the books waits for (decisions 066, 070), so the lock cannot move before
 * it commits: `postEntry`'s own check refuses the same days against the same read.
 */
const readByWrite = new WeakMap<object, string | null>()

/** Reads the lock and refuses `days` that are closed (the one check every money write passes). */
export const refuseClosed = async (db: Reader, days: readonly string[]) => {
  if (days.every((d) => !d)) return
  refuseDays(readByWrite.has(db) ? (readByWrite.get(db) ?? null) : await lockedThrough(db), days)
}

/**
 * The closed-period step of the record write (issue 32 item 4, decisions 128 and 145), before its
 * row is stored: `days`, the day the type declares its new entry lands on (a create, an edit, a
 * restore: `postingDay`, from the row alone), and, for an edit or a delete, the days the record's
 * entry in force lies on (`source`: one indexed read of its lines, only when a day is closed).
 * `postEntry` still checks both again before any line (a defence).
 */
export const refuseClosedWrite = async (
  db: Reader,
  days: readonly string[],
  source: { type: string; id: number } | null,
) => {
  const through = await lockedThrough(db)
  readByWrite.set(db, through)
  if (through === null) return
  refuseDays(through, days)
  if (!source) return
  const closed = await runText<{ n: unknown }>(
    db,
    `select count(*) as n from posting_lines l
     where source_type = ? and source_id = ? and reverses is null and date <= ?
       and not exists (select 1 from posting_lines r where r.reverses = l.id)`,
    [source.type, source.id, through],
  )
  if (Number(closed[0]?.n ?? 0) > 0) throw new HttpError(409, booksClosedMessage(through))
}
