import type SQLite from 'better-sqlite3'
import type { SqliteDatabase, SqliteStatement } from 'kysely'
import type { WalSync } from './wal-sync.ts'

type Row = Record<string, unknown>

/**
 * Reads rows as arrays and builds the objects with a function made for the statement's column
 * list: better-sqlite3 builds each row object property by property in C++, which at 24 columns
 * costs twice as much as the query itself. The answer is the same object (same keys, same order).
 */
class FastStatement implements SqliteStatement {
  readonly reader: boolean
  #stmt: SQLite.Statement
  #toRow: ((r: unknown[]) => Row) | null = null
  #width = -1

  #after: ((writes: boolean) => void) | null
  #writes: boolean

  constructor(stmt: SQLite.Statement, after: ((writes: boolean) => void) | null) {
    this.#stmt = stmt
    this.#after = after
    // COMMIT and ROLLBACK count as read-only (they write nothing themselves); the connection
    // remembers a write until no transaction is open.
    this.#writes = !stmt.readonly
    this.reader = stmt.reader
    if (this.reader && this.#mapper()) stmt.raw(true)
  }

  /** A literal per column list; null (keep better-sqlite3's objects) for names a literal cannot hold. */
  #mapper() {
    const names = this.#stmt.columns().map((c) => c.name)
    if (names.includes('__proto__') || new Set(names).size !== names.length) return false
    // Names are JSON-quoted, so any text is a plain key; the values are never part of the code.
    this.#toRow = new Function(
      'r',
      `return {${names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ')}}`,
    ) as (r: unknown[]) => Row
    this.#width = names.length
    return true
  }

  #rows(raw: unknown[][]): Row[] {
    // A statement SQLite re-prepared after a schema change (another process) may have other columns.
    if (raw.length > 0 && raw[0]!.length !== this.#width) this.#mapper()
    const toRow = this.#toRow!
    const out = new Array<Row>(raw.length)
    for (let i = 0; i < raw.length; i++) out[i] = toRow(raw[i]!)
    return out
  }

  all(parameters: readonly unknown[]): unknown[] {
    const rows = this.#stmt.all(parameters)
    this.#after?.(this.#writes)
    return this.#toRow ? this.#rows(rows as unknown[][]) : rows
  }

  run(parameters: readonly unknown[]) {
    const info = this.#stmt.run(parameters)
    this.#after?.(this.#writes)
    return info
  }

  *iterate(parameters: readonly unknown[]): IterableIterator<unknown> {
    for (const r of this.#stmt.iterate(parameters)) yield this.#toRow ? this.#rows([r as unknown[]])[0] : r
  }

  get busy() {
    return this.#stmt.busy
  }
}

/** Statements that change the schema; every cached statement is re-made after one. */
const DDL = /^\s*(create|alter|drop)\b/i

/**
 * better-sqlite3 as Kysely's SqliteDialect uses it, with prepared statements reused by SQL text:
 * Kysely compiles one SQL string per query shape and binds the values separately, and preparing
 * took as long as running a list page's queries.
 */
export class StatementCache implements SqliteDatabase {
  #db: SQLite.Database
  #max: number
  #cache = new Map<string, FastStatement>()
  #onClose?: () => void
  #after: ((writes: boolean) => void) | null
  /** DDL statements prepared on this connection (their effects are not in total_changes()). */
  schemaChanges = 0

  /** `wal`: told after each statement, to flush the log after each commit (db/wal-sync.ts). */
  constructor(db: SQLite.Database, opts: { max?: number; onClose?: () => void; wal?: WalSync | null } = {}) {
    this.#db = db
    this.#max = opts.max ?? 500
    this.#onClose = opts.onClose
    const wal = opts.wal
    const open = () => db.inTransaction
    this.#after = wal ? (writes) => wal.afterStatement(writes, open) : null
  }

  prepare(sql: string): FastStatement {
    const cached = this.#cache.get(sql)
    if (cached) {
      // A statement still being iterated cannot run again; that rare caller gets its own.
      return cached.busy ? new FastStatement(this.#db.prepare(sql), this.#after) : cached
    }
    if (DDL.test(sql)) {
      this.schemaChanges++
      this.#cache.clear()
      return new FastStatement(this.#db.prepare(sql), this.#after)
    }
    // The app has a few hundred query shapes; past `max` (ad-hoc SQL) the cache starts over
    // rather than paying for recency bookkeeping on every query.
    if (this.#cache.size >= this.#max) this.#cache.clear()
    const stmt = new FastStatement(this.#db.prepare(sql), this.#after)
    this.#cache.set(sql, stmt)
    return stmt
  }

  close() {
    this.#onClose?.()
    this.#cache.clear()
    this.#db.close()
  }
}
