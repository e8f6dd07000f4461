import { CompiledQuery, sql } from 'kysely'
import { type Db, sqliteFile } from '../../../db/connect.ts'
import { dbKind } from '../../../db/dialect.ts'
import { writeTransaction, writeTurn } from '../../../lib/write-batch.ts'
import { runOutside } from '../../platform/outside/outside-pool.ts'
import { breathe } from './matching.ts'
import { insertLinesParams, insertLinesSql, LINES_PER_STATEMENT } from './pending-lines.ts'
import type { PendingChunk } from './pending-store.ts'
import type { KeyedLine } from './statement-read.ts'

/**
 * A bank-statement import stored as pending (issue 33 item 2, decision 112): its lines go in
 * short transactions of a few hundred, with turns of the event loop between them, under an import
 * row whose `pending` is set, so no reader sees them (matching.ts: pendingImportIds); one small
 * final transaction makes the import current and matches it. A failure removes what was stored; a
 * server that stops mid-import leaves only pending rows, removed at the next start or before the
 * next import.
 */

const STORE_MODULE = new URL('./pending-store.ts', import.meta.url).href
/** A chunk is a few ms; this bounds a worker stuck behind a lock, not the import's size. */
const STORE_MS = 60_000
const STORE_FAILED = 'The import could not be stored; nothing of it was kept. Try again.'

/** Statement lines per insert statement: both databases' parameter limits, and short main-thread turns. */

/** Statement lines per pending transaction (a few statements, each followed by a turn). */
export const LINES_PER_CHUNK = 250

/** Pending lines removed per statement when an import is discarded. */
const DISCARD_CHUNK = 500

/**
 * The import's pace (decision 131): after each chunk it waits as long as the chunk took (up to
 * MAX_PAUSE_MS), so the thread storing it (the outside worker on SQLite, the database server on
 * PostgreSQL) holds a core at most about half the time. On a box of two cores a request's answer
 * then finds a core free instead of queueing behind the import's inserts; an import takes up to
 * twice as long to store (a 10,000-line file ~0.3 s more here), and nothing of it shows until the end.
 */
const MAX_PAUSE_MS = 40

const pace = (since: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.min(MAX_PAUSE_MS, performance.now() - since)))

/** pg_advisory_lock's first key for imports ("impt"); the second is the bank's id. */
const IMPORT_LOCK = 0x696d7074

/**
 * For tests only: called after each pending chunk is committed (1, 2, …). A hook that throws
 * fails the import there; one that never resolves holds it there, as a server that stopped would.
 */
let afterChunk: ((chunk: number) => Promise<void> | void) | null = null
export const setImportChunkHook = (hook: typeof afterChunk) => {
  afterChunk = hook
}

/**
 * For a test of a real crash: IMPORT_TEST_CRASH_AFTER=N kills the server (SIGKILL, nothing runs
 * after it) once the import's Nth pending chunk is committed. Unset outside that test.
 */
const crashAfter = Number(process.env.IMPORT_TEST_CRASH_AFTER ?? 0)

let queue: Promise<unknown> = Promise.resolve()

/**
 * Runs `work` as the only import: one at a time in this server (imports are rare, and a queue of
 * one keeps at most one PostgreSQL connection held for the lock), and on PostgreSQL one at a time
 * per bank across servers, by a session lock on the bank that ends with the server's connection.
 * Holding it, every pending import of the bank is one whose server stopped: it is removed first,
 * so its lines cannot make the new import's lines look like duplicates.
 */
export const asTheOnlyImport = <T>(db: Db, bankId: number, work: () => Promise<T>): Promise<T> => {
  const run = async () => {
    if (dbKind(db) !== 'postgres') {
      await discardPending(db, bankId)
      return work()
    }
    return db.connection().execute(async (conn) => {
      await sql`SELECT pg_advisory_lock(${IMPORT_LOCK}, ${bankId})`.execute(conn)
      try {
        await discardPending(db, bankId)
        return await work()
      } finally {
        await sql`SELECT pg_advisory_unlock(${IMPORT_LOCK}, ${bankId})`.execute(conn)
      }
    })
  }
  const result = queue.then(run, run)
  queue = result.catch(() => undefined)
  return result
}

/** Removes the bank's pending imports (or only `importId`) with their lines, in short transactions. */
export const discardPending = async (db: Db, bankId: number, importId?: number) => {
  const ids = (
    await db
      .selectFrom('bank_statement_imports')
      .select('id')
      .where('bank_id', '=', bankId)
      .where('pending', 'is not', null)
      .$if(importId !== undefined, (q) => q.where('id', '=', importId ?? 0))
      .execute()
  ).map((r) => Number(r.id))
  for (const id of ids) {
    for (;;) {
      const gone = await writeTransaction(db, async (trx) => {
        const r = await trx
          .deleteFrom('bank_statement_lines')
          .where(
            'id',
            'in',
            trx
              .selectFrom('bank_statement_lines')
              .select('id')
              .where('import_id', '=', id)
              .limit(DISCARD_CHUNK),
          )
          .executeTakeFirst()
        return Number(r.numDeletedRows)
      })
      if (gone === 0) break
      await breathe()
    }
    await writeTransaction(db, (trx) =>
      trx
        .deleteFrom('bank_statement_imports')
        .where('id', '=', id)
        .where('pending', 'is not', null)
        .execute(),
    )
  }
}

/**
 * At start: pending imports left by a server that stopped mid-import are removed. On PostgreSQL
 * another server may be running one, so a bank's are removed only when its import lock is free.
 */
export const discardStoppedImports = async (db: Db) => {
  const banks = [
    ...new Set(
      (
        await db
          .selectFrom('bank_statement_imports')
          .select('bank_id')
          .where('pending', 'is not', null)
          .execute()
      ).map((r) => Number(r.bank_id)),
    ),
  ]
  for (const bankId of banks) {
    if (dbKind(db) !== 'postgres') {
      await discardPending(db, bankId)
      continue
    }
    await db.connection().execute(async (conn) => {
      const got = await sql<{
        got: boolean
      }>`SELECT pg_try_advisory_lock(${IMPORT_LOCK}, ${bankId}) AS got`.execute(conn)
      if (!got.rows[0]?.got) return
      try {
        await discardPending(db, bankId)
      } finally {
        await sql`SELECT pg_advisory_unlock(${IMPORT_LOCK}, ${bankId})`.execute(conn)
      }
    })
  }
}

/**
 * Stores an import's lines under its pending row, a chunk per transaction, and returns the ids of
 * the lines that were new (a line whose identity the bank already holds is a duplicate).
 */
export const storePendingLines = async (
  db: Db,
  bankId: number,
  importId: number,
  texts: string[],
  now: string,
): Promise<number[]> => {
  const postgres = dbKind(db) === 'postgres'
  const added: number[] = []
  let chunk = 0
  const file = sqliteFile(db)?.file
  if (file) {
    // SQLite: each chunk written by a worker's connection in its own turn (pending-store.ts); the
    // main thread only passes the text on (issue 33 item 2: the inserts were its largest cost).
    for (const text of texts) {
      // Timed from the turn's start: a wait behind other writes is not the import's work.
      let began = performance.now()
      const { ids } = await writeTurn(db, () => {
        began = performance.now()
        return runOutside<{ ids: number[] }>(
          {
            module: STORE_MODULE,
            fn: 'storeChunk',
            arg: { file, bankId, importId, text, now } satisfies PendingChunk,
            ms: STORE_MS,
            tooSlow: STORE_FAILED,
            tooBig: STORE_FAILED,
            field: 'file',
          },
          new AbortController().signal,
        )
      })
      for (const id of ids) added.push(id)
      chunk++
      if (crashAfter > 0 && chunk >= crashAfter) process.kill(process.pid, 'SIGKILL')
      if (afterChunk) await afterChunk(chunk)
      await pace(began)
    }
    return added
  }
  for (const text of texts) {
    // The worker sends 250 lines a text (statement-read.ts), parsed one text at a time.
    const lines = JSON.parse(text) as KeyedLine[]
    for (let c = 0; c < lines.length; c += LINES_PER_CHUNK) {
      const part = lines.slice(c, c + LINES_PER_CHUNK)
      let began = performance.now()
      const ids = await writeTransaction(db, async (trx) => {
        began = performance.now()
        const out: number[] = []
        for (let i = 0; i < part.length; i += LINES_PER_STATEMENT) {
          const rows = part.slice(i, i + LINES_PER_STATEMENT)
          const params = insertLinesParams(rows, bankId, importId, now)
          const inserted = await trx.executeQuery<{ id: number }>(
            CompiledQuery.raw(insertLinesSql(postgres, rows.length), params),
          )
          for (const r of inserted.rows) out.push(Number(r.id))
          await breathe()
        }
        return out
      })
      for (const id of ids) added.push(id)
      chunk++
      if (crashAfter > 0 && chunk >= crashAfter) process.kill(process.pid, 'SIGKILL')
      if (afterChunk) await afterChunk(chunk)
      await pace(began)
    }
  }
  return added
}
