import { type Kysely, sql } from 'kysely'
import { type Db, sqliteFile } from './connect.ts'
import { dbKind } from './dialect.ts'
import { ftsTable, SEARCH_INDEX, SEARCH_QUEUE, type SearchTable, searchTextSql } from './search-index.ts'

/** Queue entries per indexing transaction: one FTS5 segment per table for up to this many rows. */
const CHUNK = 1000

const idList = (ids: number[]) => sql`(SELECT value FROM json_each(${JSON.stringify(ids)}))`

/**
 * SQLite: moves up to `max` queued rows (migration 0006) into the trigram index in one
 * transaction — drops the older text of rows the index may hold, adds the current text of rows
 * that still exist, and clears their queue entries. Returns how many entries it took.
 */
export const indexQueued = <DB>(db: Kysely<DB>, max = CHUNK): Promise<number> =>
  db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ table_name: string; row_id: number; in_index: number }>`
      SELECT table_name, row_id, in_index FROM ${sql.table(SEARCH_QUEUE)} LIMIT ${max}`.execute(trx)
    const byTable = new Map<string, { all: number[]; stale: number[] }>()
    for (const r of rows) {
      const ids = byTable.get(r.table_name) ?? { all: [], stale: [] }
      ids.all.push(r.row_id)
      if (r.in_index) ids.stale.push(r.row_id)
      byTable.set(r.table_name, ids)
    }
    for (const [table, ids] of byTable) {
      if (table in SEARCH_INDEX) {
        const fts = sql.table(ftsTable(table as SearchTable))
        if (ids.stale.length > 0)
          await sql`DELETE FROM ${fts} WHERE rowid IN ${idList(ids.stale)}`.execute(trx)
        await sql`INSERT INTO ${fts} (rowid, text)
          SELECT id, ${sql.raw(searchTextSql('sqlite', table as SearchTable))} FROM ${sql.table(table)}
          WHERE id IN ${idList(ids.all)}`.execute(trx)
      }
      await sql`DELETE FROM ${sql.table(SEARCH_QUEUE)}
        WHERE table_name = ${table} AND row_id IN ${idList(ids.all)}`.execute(trx)
    }
    // No flush on the event loop for this commit (decision 071): the index is made from rows
    // already on disk, and a chunk lost with a power cut leaves its queue entries to index again.
    // The next write's flush carries it to disk anyway.
    sqliteFile(db as unknown as Db)?.wal?.deferNextCommit()
    return rows.length
  })

/** Indexes everything queued, a chunk per transaction, letting requests in between. */
export const drainSearchQueue = async <DB>(
  db: Kysely<DB>,
  {
    stopped = () => false,
    chunk = CHUNK,
    onProgress,
  }: { stopped?: () => boolean; chunk?: number; onProgress?: (done: number) => void } = {},
) => {
  if (dbKind(db) === 'postgres') return
  let done = 0
  for (;;) {
    if (stopped()) return
    const n = await indexQueued(db, chunk)
    done += n
    // Each chunk committed: a stop resumes with what is still queued.
    onProgress?.(done)
    if (n < chunk) return
    await new Promise((r) => setImmediate(r))
  }
}

/** How many rows wait for the search index (SQLite; 0 on PostgreSQL, which indexes as it writes). */
export const queuedForSearch = async <DB>(db: Kysely<DB>): Promise<number> => {
  if (dbKind(db) === 'postgres') return 0
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(SEARCH_QUEUE)}`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/**
 * Keeps the trigram index caught up: every `everyMs`, if anything is queued (by this server or
 * any other writer of the file), index it. Searches stay exact meanwhile, since they read the
 * queue too; the timer only keeps that queue short. Returns the stop function, which waits for a
 * running chunk to finish. SQLite only; `everyMs` 0 leaves indexing to explicit drains.
 */
export const startSearchIndexer = <DB>(db: Kysely<DB>, everyMs: number): (() => Promise<void>) => {
  if (dbKind(db) === 'postgres' || everyMs <= 0) return async () => {}
  let running: Promise<void> | null = null
  let stopped = false
  const tick = () => {
    if (running || stopped) return
    running = sql`SELECT 1 FROM ${sql.table(SEARCH_QUEUE)} LIMIT 1`
      .execute(db)
      .then(({ rows }) => (rows.length > 0 ? drainSearchQueue(db, { stopped: () => stopped }) : undefined))
      // A failed chunk (e.g. another process held the write lock too long) stays queued for the next tick.
      .catch((err: Error) => console.warn(`Search indexing will retry: ${err.message}`))
      .finally(() => {
        running = null
      })
  }
  const timer = setInterval(tick, everyMs)
  timer.unref()
  return async () => {
    stopped = true
    clearInterval(timer)
    await running
  }
}
