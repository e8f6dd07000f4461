import type { Transaction } from 'kysely'
import type { Db } from '../db/connect.ts'
import { dbKind } from '../db/dialect.ts'
import type { Database } from '../db/schema.ts'

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
 * is answered only after that commit, so nothing is acknowledged before it is committed.
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

/**
 * Runs `work` in a transaction and resolves once it is committed. On PostgreSQL (many writers,
 * row locks) that is a transaction of its own; on SQLite it may share one with concurrent writes.
 */
export const writeTransaction = <T>(db: Db, work: Work<T>): Promise<T> => {
  if (dbKind(db) === 'postgres') return db.transaction().execute(work)
  let batcher = batchers.get(db)
  if (!batcher) {
    batcher = new WriteBatcher(db)
    batchers.set(db, batcher)
  }
  return batcher.run(work)
}
