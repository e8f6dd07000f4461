import { createHash } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type pg from 'pg'
import type { Database } from '../db/schema.ts'

/**
 * PostgreSQL write locks in one global order (decision 070, superseding 036 for record writes).
 *
 * A record write locks what it touches: its party and bank accounts (books/post.ts), a ticket
 * number it checks for duplicates. Keys are transaction-scoped advisory locks on a 64-bit hash of a name, and every
 * transaction takes them in ascending key order. Which accounts a write posts to is known only as
 * it runs, so a key that sorts below one already held is only tried (pg_try_advisory_xact_lock);
 * when another transaction holds it, this one is rolled back (LockOrderRetry) and run again with
 * every key it learned taken first, in order. A transaction therefore waits only for a key above
 * all it holds, and no cycle of waits can form (the highest key of a cycle would be waited for by
 * its own holder).
 *
 * The rows every write shares (the books' total, the month checkpoints of cash, income and cost
 * accounts, the month and table checkpoints kept by triggers) are written after all keys, in the
 * commit's tail, under one short lock (TAIL_LOCK): the triggers are deferred to COMMIT (migration
 * 0031) and the rest is added there (deferToTail). Entry numbers commit on their own at once
 * (lib/entries.ts, shortStatements).
 */

/** pg_advisory_xact_lock key of the commit's tail ("tail" in ASCII). */
export const TAIL_LOCK = 0x7461696c

/** A transaction's keys, for the rerun after an out-of-order key was busy. */
export class LockOrderRetry extends Error {
  constructor() {
    super('a write lock below one already held was busy; run again with every key first')
  }
}

interface Locks {
  held: Set<string>
  /** Highest key held (keys compare as signed 64-bit numbers, as PostgreSQL's bigint). */
  top: bigint | null
  /** Every name asked for, by this attempt and earlier ones, to take first on a rerun. */
  learned: Set<string>
  tail: Array<() => Promise<void>>
  /** Statements that commit on their own (db/connect.ts shortPool). */
  short: pg.Pool | undefined
}

const state = new WeakMap<object, Locks>()

/** The advisory key of a name: the first 8 bytes of its SHA-256, signed. */
export const lockKey = (name: string) => createHash('sha256').update(name).digest().readBigInt64BE(0)

/**
 * Starts keyed locking in a PostgreSQL write transaction that runs beside others (writeTransaction
 * with `parallel`), taking `first` (names learned by an earlier attempt) in key order.
 */
export const beginKeyed = async (trx: Kysely<Database>, learned: Set<string>, short?: pg.Pool) => {
  const locks: Locks = { held: new Set(), top: null, learned, tail: [], short }
  state.set(trx, locks)
  await lockNames(trx, [...learned])
}

/** Whether this transaction locks by key (a parallel PostgreSQL write). */
export const keyed = (trx: Kysely<Database>) => state.has(trx)

/**
 * Locks the names, each once, in key order. No-op outside a keyed transaction (SQLite's single
 * writer, or a PostgreSQL write that runs alone).
 */
export const lockNames = async (trx: Kysely<Database>, names: readonly string[]) => {
  const locks = state.get(trx)
  if (!locks) return
  const wanted = [...new Set(names)]
    .filter((n) => !locks.held.has(n))
    .map((name) => ({ name, key: lockKey(name) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  for (const { name } of wanted) locks.learned.add(name)
  const top = locks.top
  const below = wanted.filter((w) => top !== null && w.key <= top)
  const above = wanted.filter((w) => top === null || w.key > top)
  for (const { name, key } of below) {
    const got = await sql<{
      ok: boolean
    }>`SELECT pg_try_advisory_xact_lock(${key.toString()}::bigint) AS ok`.execute(trx)
    if (!got.rows[0]?.ok) throw new LockOrderRetry()
    locks.held.add(name)
  }
  if (above.length === 0) return
  // One round trip, in ascending order: the aggregate reads the sorted keys one by one.
  await sql`SELECT count(pg_advisory_xact_lock(k)) FROM (SELECT unnest(${above.map((w) => w.key.toString())}::bigint[]) AS k ORDER BY k) AS sorted`.execute(
    trx,
  )
  for (const { name } of above) locks.held.add(name)
  locks.top = above.at(-1)!.key
}

/**
 * Runs `work` in the commit's tail (after every key, under TAIL_LOCK) in a keyed transaction and
 * answers true; answers false elsewhere, where the caller runs it now.
 */
export const deferToTail = (trx: Kysely<Database>, work: () => Promise<void>) => {
  const locks = state.get(trx)
  if (!locks) return false
  locks.tail.push(work)
  return true
}

/** The tail: TAIL_LOCK, then the deferred writes; COMMIT then runs the deferred triggers. */
export const runTail = async (trx: Kysely<Database>) => {
  const locks = state.get(trx)
  if (!locks) return
  await sql`SELECT pg_advisory_xact_lock(${TAIL_LOCK})`.execute(trx)
  for (const work of locks.tail) await work()
}

/**
 * The pool whose statements commit at once, in a keyed transaction; undefined elsewhere (the
 * caller then writes in its own transaction).
 */
export const shortStatements = (trx: Kysely<Database>) => state.get(trx)?.short
