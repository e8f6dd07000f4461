import type { RecordTable } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { Db } from '../db/connect.ts'
import { moneyOut } from '../db/money-columns.ts'
import type { Database, TableName } from '../db/schema.ts'
import { type ApiRow, recordLifecycle } from '../lib/crud.ts'
import { writeJournal } from '../lib/journal.ts'
import { writeTransaction } from '../lib/write-batch.ts'
import { registeredPosters } from './registry.ts'

/** Records per transaction: each chunk commits with its place, so a kill loses at most one chunk's work. */
const CHUNK = 500
export interface BackfillProgress {
  done: number
  total: number
  finished: boolean
}

export interface BackfillOptions {
  /** Told after each committed chunk. */
  onProgress?: (progress: BackfillProgress) => void
  /** Aborted (SIGINT/SIGTERM): stops after the chunk in progress commits; the next start resumes. */
  signal?: AbortSignal
  /** Tests only: records per chunk. */
  chunk?: number
}

interface Place {
  backfill: number
  table: string
  after: number
}

const placeOf = async (k: Kysely<Database>): Promise<Place> => {
  const row = await k
    .selectFrom('books_totals')
    .select(['backfill', 'backfill_table', 'backfill_after'])
    .where('id', '=', 1)
    .executeTakeFirst()
  return {
    backfill: Number(row?.backfill ?? 0),
    table: String(row?.backfill_table ?? ''),
    after: Number(row?.backfill_after ?? 0),
  }
}

/** Whether the books' upgrade still has records to post. */
export const backfillPending = async (db: Db) => (await placeOf(db)).backfill !== 0

const countRows = async (k: Kysely<Database>, table: string, after = 0) =>
  Number(
    (
      await k
        // A table the posters registered (books_totals keeps its name as text).
        .selectFrom(table as RecordTable)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('id', '>', after)
        .executeTakeFirst()
    )?.n ?? 0,
  )

/**
 * The upgrade to the books (migration 0014 sets books_totals.backfill): every existing record posts
 * its lines (and the Office Accounts rows its bank money now makes) with today's rules, and its
 * dashboard line is rewritten on its money date (decision 018). A migration cannot run these rules
 * (it imports nothing from the application), so the server does, before it listens, outside any
 * plugin (decision 040): a chunk of records per write transaction, each committing with the table
 * and last id it reached (migration 0021), so a kill or a stop resumes there and nothing is posted
 * twice. Posting is a replacement of the record's lines and journal line, so two servers running it
 * at once (each chunk re-reads the place under the write lock) post each record the same way.
 * Older records' bank texts that name no bank are kept as their bank.
 */
export const backfillBooks = async (db: Db, opts: BackfillOptions = {}): Promise<boolean> => {
  const k = db
  const start = await placeOf(k)
  if (!start.backfill) return false
  const posters = registeredPosters()
  const order: string[] = posters.map(([table]) => table)
  /**
   * Rows left from a place on: the rest of its table and every later table. Recounted when the
   * upgrade enters a table, since posting a record can add rows to a later table (a vendor payment
   * from a bank makes its Office Accounts row), so the total grows while it runs.
   */
  const remaining = async (place: { table: string; after: number }) => {
    const from = Math.max(0, order.indexOf(place.table))
    let n = 0
    for (const [i, table] of order.entries()) {
      if (i > from) n += await countRows(k, table)
      else if (i === from) n += await countRows(k, table, place.table === table ? place.after : 0)
    }
    return n
  }
  let done = 0
  for (const table of order.slice(0, Math.max(0, order.indexOf(start.table))))
    done += await countRows(k, table)
  if (start.table) done += (await countRows(k, start.table)) - (await countRows(k, start.table, start.after))
  let entered = start.table
  let total = done + (await remaining(start))
  const size = opts.chunk ?? CHUNK
  for (;;) {
    if (opts.signal?.aborted) return true
    const posted = await writeTransaction(db, async (trx) => {
      const t = trx
      // Another server may have moved on (or finished) while this one waited for the lock.
      const place = await placeOf(t)
      if (!place.backfill) return null
      let index = place.table === '' ? 0 : order.indexOf(place.table)
      let after = place.after
      if (index < 0) throw new Error(`Books upgrade: no poster for table ${place.table}`)
      let n = 0
      while (n === 0 && index < order.length) {
        const [table, post] = posters[index]
        const journal = recordLifecycle(db, table)?.journal
        const rows = await t
          .selectFrom(table)
          .selectAll()
          .where('id', '>', after)
          .orderBy('id')
          .limit(size)
          .execute()
        for (const raw of rows) {
          const row = moneyOut(table as TableName, raw) as ApiRow
          await post(trx, row, { lenient: true, before: null })
          if (journal) await writeJournal(trx, table, row.id, journal(row))
        }
        n = rows.length
        if (rows.length === size) {
          after = Number(rows[rows.length - 1].id)
          break
        }
        // This table is done: the next starts from its first id.
        index++
        after = 0
        if (n > 0) break
      }
      const finished = index >= order.length
      await t
        .updateTable('books_totals')
        .set({
          backfill: finished ? 0 : 1,
          backfill_table: finished ? '' : order[index],
          backfill_after: after,
        })
        .where('id', '=', 1)
        .execute()
      return { n, finished, table: finished ? '' : order[index]!, after }
    })
    if (posted === null) return true
    const { finished } = posted
    done += posted.n
    if (!finished && posted.table !== entered) {
      entered = posted.table
      total = done + (await remaining(posted))
    }
    if (finished) total = done
    opts.onProgress?.({ done: Math.min(done, total), total, finished })
    if (finished) return true
  }
}
