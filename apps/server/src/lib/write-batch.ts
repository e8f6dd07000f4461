import { sql, type Transaction } from 'kysely'
import { type Db, sqliteFile } from '../db/connect.ts'
import { dbKind } from '../db/dialect.ts'
import type { Database } from '../db/schema.ts'
import { errorCode } from '../db/startup-error.ts'
import { HttpError } from './http-error.ts'

/** A unit of writing that touches only the database, so it can be run again after a rollback. */
export type Work<T> = (trx: Transaction<Database>) => Promise<T>

interface Queued {
  work: Work<unknown>
  resolve: (value: unknown) => void
  reject: (reason: unknown) => void
}

/** Bounds how long a read waits behind one batch (a ticket's writes take ~0.5 ms). */
const MAX_BATCH = 16

/**
 * Group commit for SQLite's single writer. A ticket's commit cost more than all its inserts
 * (532 µs of ~1,750 µs): every commit writes each page it touched to the WAL, and creates share
 * most of them (table and index ends, counters, monthly checkpoints). Writes that arrive while
 * another batch is being written share the next transaction, in arrival order, and every caller
 * is answered only after that commit, so nothing is acknowledged before it is committed; with
 * `synchronous = FULL` the commit's fsync is shared by the whole batch.
 * If one of them fails, the whole batch is rolled back and each is run again in its own
 * transaction: a bad write fails alone, exactly as it would have without batching.
 */
class WriteBatcher {
  #db: Db
  #queue: Queued[] = []
  #draining = false

  constructor(db: Db) {
    this.#db = db
  }

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject })
      if (!this.#draining) {
        this.#draining = true
        // One turn of the event loop lets writes parsed in the same tick join the first batch.
        setImmediate(() => void this.#drain())
      }
    })
  }

  async #drain() {
    while (this.#queue.length > 0) await this.#write(this.#queue.splice(0, MAX_BATCH))
    this.#draining = false
  }

  async #write(batch: Queued[]) {
    if (batch.length > 1) {
      const results: unknown[] = []
      const together = await this.#db
        .transaction()
        .execute(async (trx) => {
          for (const item of batch) results.push(await item.work(trx))
        })
        .then(
          () => true,
          () => false,
        )
      if (together) {
        for (const [i, item] of batch.entries()) item.resolve(results[i])
        return
      }
    }
    for (const item of batch) {
      await this.#db.transaction().execute(item.work).then(item.resolve, item.reject)
    }
  }
}

const batchers = new WeakMap<Db, WriteBatcher>()

/** PostgreSQL's serialization_failure and deadlock_detected: the transaction did nothing; run it again. */
const RETRYABLE = new Set(['40001', '40P01'])
/** Attempts in all; each retry waits a little longer, with jitter so two victims do not collide again. */
export const PG_ATTEMPTS = 5

const retried = { count: 0 }
/** How many PostgreSQL write transactions were run again after a serialization failure or deadlock. */
export const pgRetries = () => retried.count

/** pg_advisory_xact_lock key every PostgreSQL write transaction takes first ("writ" in ASCII). */
export const WRITE_LOCK = 0x77726974

/**
 * PostgreSQL: one write transaction at a time, as SQLite's single writer (decision 036). Every
 * record write already queues on the books' one total row (lib/books/lines.ts) before it commits,
 * but takes the shared checkpoint rows of its ledgers (ledger_months, posting_months) before that,
 * in an order no rule can make the same for all: a vendor payment is a vendor row that posts a
 * bank row, an office-account entry a bank row that posts a vendor row, and a ticket does both.
 * Two servers writing Umrah and tickets deadlocked about once a second, each costing the victim
 * PostgreSQL's one-second deadlock timeout. Taken first, the lock leaves no cycle to wait in.
 */
const serialized =
  <T>(work: Work<T>): Work<T> =>
  async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${WRITE_LOCK})`.execute(trx)
    return work(trx)
  }

const withRetry = async <T>(db: Db, work: Work<T>): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(serialized(work))
    } catch (err) {
      if (!RETRYABLE.has(errorCode(err) ?? '') || attempt >= PG_ATTEMPTS) throw err
      retried.count++
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt))
    }
  }
}

/**
 * SQLite's disk-full error as an answer that says so (nothing was saved: the transaction rolled
 * back), and one log line with the file instead of a stack trace per request.
 */
const diskFull = (db: Db) => (err: unknown) => {
  if (errorCode(err) !== 'SQLITE_FULL') throw err
  console.error(`Disk full: cannot write ${sqliteFile(db)?.file ?? 'the database'} (SQLITE_FULL)`)
  throw new HttpError(507, 'Not saved: the server has no disk space left. Tell the administrator.')
}

/**
 * Runs `work` in a transaction and resolves once it is committed. On PostgreSQL (many writers,
 * row locks) that is a transaction of its own, run again (up to PG_ATTEMPTS in all) when the
 * database chose it as a deadlock or serialization victim; on SQLite it may share one with
 * concurrent writes.
 */
export const writeTransaction = <T>(db: Db, work: Work<T>): Promise<T> => {
  if (dbKind(db) === 'postgres') return withRetry(db, work)
  let batcher = batchers.get(db)
  if (!batcher) {
    batcher = new WriteBatcher(db)
    batchers.set(db, batcher)
  }
  return batcher.run(work).catch(diskFull(db))
}
