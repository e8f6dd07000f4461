import { sql, type Transaction } from 'kysely'
import { type Db, shortPool, sqliteFile } from '../db/connect.ts'
import { dbKind } from '../db/dialect.ts'
import type { Database } from '../db/schema.ts'
import { errorCode } from '../db/startup-error.ts'
import type { WalSync } from '../db/wal-sync.ts'
import { HttpError } from './http-error.ts'
import { beginKeyed, LockOrderRetry, runTail } from './write-locks.ts'

/** A unit of writing that touches only the database, so it can be run again after a rollback. */
export type Work<T> = (trx: Transaction<Database>) => Promise<T>

interface Queued {
  work: Work<unknown>
  resolve: (value: unknown) => void
  reject: (reason: unknown) => void
  /** A turn with no transaction of this connection (writeTurn): run alone, in its place in the queue. */
  bare?: () => Promise<unknown>
}

/** Bounds how long a read waits behind one batch (a ticket's writes take ~0.5 ms). */
const MAX_BATCH = 16

/**
 * Group commit for SQLite's single writer. A ticket's commit cost more than all its inserts
 * (532 µs of ~1,750 µs): every commit writes each page it touched to the WAL, and creates share
 * most of them (table and index ends, counters, monthly checkpoints). Writes that arrive while
 * another batch is being written share the next transaction, in arrival order, and every caller
 * is answered only after that commit and the flush of the log that follows it (db/wal-sync.ts),
 * so nothing is acknowledged before it is on disk. The flush is shared by the whole batch and runs
 * off the event loop while the next batch is written (decision 071).
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

  /** Runs `turn` when no batch of this connection is being written; writes after it wait for it. */
  runBare<T>(turn: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const work: Work<unknown> = async () => {
        throw new Error('a bare turn has no transaction')
      }
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject, bare: turn })
      if (!this.#draining) {
        this.#draining = true
        setImmediate(() => void this.#drain())
      }
    })
  }

  async #drain() {
    while (this.#queue.length > 0) {
      const bareAt = this.#queue.findIndex((q) => q.bare !== undefined)
      const first = this.#queue[0]
      if (bareAt === 0 && first?.bare) {
        this.#queue.shift()
        await first.bare().then(first.resolve, first.reject)
        continue
      }
      await this.#write(this.#queue.splice(0, bareAt < 0 ? MAX_BATCH : Math.min(MAX_BATCH, bareAt)))
    }
    this.#draining = false
  }

  async #write(batch: Queued[]) {
    const wal = sqliteFile(this.#db)?.wal ?? null
    if (batch.length > 1) {
      const results: unknown[] = []
      const together = await this.#db
        .transaction()
        .execute(async (trx) => {
          for (const item of batch) results.push(await item.work(trx))
          wal?.deferNextCommit()
        })
        .then(
          () => true,
          () => {
            wal?.cancelDeferred()
            return false
          },
        )
      if (together) {
        answerWhenFlushed(
          wal,
          () => {
            for (const [i, item] of batch.entries()) item.resolve(results[i])
          },
          (err) => {
            for (const item of batch) item.reject(err)
          },
        )
        return
      }
    }
    for (const item of batch) {
      await this.#db
        .transaction()
        .execute(async (trx) => {
          const result = await item.work(trx)
          wal?.deferNextCommit()
          return result
        })
        .then(
          (result) => answerWhenFlushed(wal, () => item.resolve(result), item.reject),
          (err) => {
            wal?.cancelDeferred()
            item.reject(err)
          },
        )
    }
  }
}

/**
 * Answers a committed batch once the log is on disk (db/wal-sync.ts, decision 071). The flush
 * runs on a libuv thread, so the next batch is written meanwhile; its own flush covers both.
 */
const answerWhenFlushed = (wal: WalSync | null, answer: () => void, fail: (err: unknown) => void) => {
  if (!wal) return answer()
  wal.sync().then(answer, fail)
}

const batchers = new WeakMap<Db, WriteBatcher>()

/** PostgreSQL's serialization_failure and deadlock_detected: the transaction did nothing; run it again. */
const RETRYABLE = new Set(['40001', '40P01'])
/** Attempts in all; each retry waits a little longer, with jitter so two victims do not collide again. */
export const PG_ATTEMPTS = 5

const retried = { count: 0, reruns: 0 }
/** How many PostgreSQL write transactions were run again after a serialization failure or deadlock. */
export const pgRetries = () => retried.count
/** How many keyed PostgreSQL writes were run again to take an out-of-order key first (decision 070). */
export const lockReruns = () => retried.reruns

/** pg_advisory_xact_lock key every PostgreSQL write transaction takes first ("writ" in ASCII). */
export const WRITE_LOCK = 0x77726974

/**
 * Keyed reruns after an out-of-order key was busy (lib/write-locks.ts) do not count as attempts:
 * each one learns at least one key, and a write touches a handful; this bounds a bug, not load.
 */
const MAX_LOCK_RERUNS = 50

/** PostgreSQL write transactions run alone or beside others (decision 070). */
export interface WriteOptions {
  /**
   * A record's create, edit or delete: it locks the accounts it posts to (lib/write-locks.ts) and
   * runs beside other such writes. Anything else runs alone (WRITE_LOCK taken exclusively), as
   * every write did under decision 036: a bank rename or customer merge rewrites many accounts.
   */
  parallel?: boolean
}

/**
 * PostgreSQL. Every write transaction first takes WRITE_LOCK: shared by record writes, which then
 * lock their accounts in one global key order and write the rows all writes share in a short tail
 * (decision 070); exclusive for the rest, which run one at a time as under decision 036.
 */
const locked =
  <T>(db: Db, work: Work<T>, parallel: boolean, learned: Set<string>): Work<T> =>
  async (trx) => {
    if (!parallel) {
      await sql`SELECT pg_advisory_xact_lock(${WRITE_LOCK})`.execute(trx)
      return work(trx)
    }
    await sql`SELECT pg_advisory_xact_lock_shared(${WRITE_LOCK})`.execute(trx)
    await beginKeyed(trx, learned, shortPool(db))
    const result = await work(trx)
    await runTail(trx)
    return result
  }

const withRetry = async <T>(db: Db, work: Work<T>, parallel: boolean): Promise<T> => {
  const learned = new Set<string>()
  let reruns = 0
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(locked(db, work, parallel, learned))
    } catch (err) {
      if (err instanceof LockOrderRetry && reruns++ < MAX_LOCK_RERUNS) {
        retried.reruns++
        attempt--
        continue
      }
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
export const writeTransaction = <T>(db: Db, work: Work<T>, options: WriteOptions = {}): Promise<T> => {
  if (dbKind(db) === 'postgres') return withRetry(db, work, options.parallel === true)
  return batcherOf(db).run(work).catch(diskFull(db))
}

const batcherOf = (db: Db) => {
  let batcher = batchers.get(db)
  if (!batcher) {
    batcher = new WriteBatcher(db)
    batchers.set(db, batcher)
  }
  return batcher
}

/**
 * SQLite: runs `turn` while this connection writes nothing (no batch open, later writes queued
 * behind it), for a write another connection makes to the same file (a worker thread's, decision
 * 112): SQLite has one writer, and this connection waiting for another's lock would sleep on the
 * main thread. On PostgreSQL `turn` simply runs.
 */
export const writeTurn = <T>(db: Db, turn: () => Promise<T>): Promise<T> =>
  dbKind(db) === 'postgres' ? turn() : batcherOf(db).runBare(turn).catch(diskFull(db))
