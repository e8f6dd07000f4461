import { resolve } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { type Checkpointer, startCheckpointer } from './checkpointer.ts'
import type { Database } from './schema.ts'
import { ImmediateSqliteDialect } from './sqlite-dialect.ts'
import { openSqlite } from './sqlite-open.ts'
import { StatementCache } from './sqlite-statements.ts'
import { WalSync } from './wal-sync.ts'

// int8 (COUNT, bigint money) and numeric (SUM of bigint) arrive as strings by default.
// Paisa stay far below 2^53, so plain numbers are exact.
pg.types.setTypeParser(20, (v) => Number(v))
pg.types.setTypeParser(1700, (v) => Number(v))

export type Db = Kysely<Database>

const versions = new WeakMap<Db, () => string>()
const urls = new WeakMap<Db, string>()
const shortPools = new WeakMap<Db, pg.Pool>()

/**
 * PostgreSQL: a second, small pool for statements that commit on their own at once (entry
 * numbers, decision 070), so their row locks last one statement, not a whole write. Separate from
 * the main pool so a write waiting for it never waits for a connection another write holds.
 */
export const shortPool = (db: Db) => shortPools.get(db)
const sqliteFiles = new WeakMap<Db, { file: string; checkpointer: Checkpointer; wal: WalSync | null }>()
const OTHERS_EVERY_MS = 1

/**
 * SQLite: a text that changes whenever the database's content may have changed — rows written
 * through this connection (total_changes counts trigger writes, and rolled-back ones too), commits
 * by any other connection or process (data_version, within a millisecond), or a schema change.
 * Null on PostgreSQL.
 */
export const changeVersion = (db: Db): (() => string) | null => versions.get(db) ?? null

/** SQLite: the database file and its checkpointer thread; undefined on PostgreSQL. */
export const sqliteFile = (db: Db) => sqliteFiles.get(db)

/**
 * `sqlite:PATH` (default ./data/booking.db) or `postgres://...`. A SQLite file that cannot be used
 * safely (see sqlite-open.ts) throws a StartupError naming the path.
 */
export const connect = (url = 'sqlite:./data/booking.db'): Db => {
  let db: Db
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 })
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.warn(`PostgreSQL idle connection error: ${err.message}`))
    const short = new pg.Pool({ connectionString: url, max: 2, allowExitOnIdle: true })
    short.on('error', (err) => console.warn(`PostgreSQL idle connection error: ${err.message}`))
    const endMain = pool.end.bind(pool) as () => Promise<void>
    // Kysely's destroy ends the main pool; the short pool goes with it.
    Object.assign(pool, { end: async () => Promise.all([short.end(), endMain()]) })
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
    })
    shortPools.set(db, short)
    urls.set(db, url)
  } else {
    const file = resolve(url.replace(/^sqlite:/, ''))
    const sqlite = openSqlite(file)
    const checkpointer = startCheckpointer(file)
    // synchronous = FULL is kept by flushing the log after each commit here (decision 071), so the
    // group commit can flush it off the event loop; NORMAL (benchmarks only) flushes nothing.
    const wal = sqlite.pragma('synchronous', { simple: true }) === 2 ? new WalSync(file) : null
    if (wal) sqlite.pragma('synchronous = NORMAL')
    const database = new StatementCache(sqlite, {
      onClose: () => {
        checkpointer.stop()
        wal?.close()
      },
      wal,
    })
    db = new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({ database, inTransaction: () => sqlite.inTransaction }),
    })
    sqliteFiles.set(db, { file, checkpointer, wal })
    urls.set(db, `sqlite:${file}`)
    // total_changes() is a counter in memory (~0.1 µs). data_version, the one way to see commits
    // by other connections, opens a read transaction each time (~3-6 µs, a tenth of a cached list
    // page), so it is read at most once per OTHERS_EVERY_MS: another process's commit shows up
    // within a millisecond; this server's own writes at once. DDL here is in neither, so it is counted.
    const changes = sqlite.prepare('SELECT total_changes()').pluck()
    const dataVersion = sqlite.prepare('PRAGMA data_version').pluck()
    let others = 0
    let othersAt = Number.NEGATIVE_INFINITY
    versions.set(db, () => {
      const now = performance.now()
      if (now - othersAt >= OTHERS_EVERY_MS) {
        others = dataVersion.get() as number
        othersAt = now
      }
      return `${changes.get()}.${others}.${database.schemaChanges}`
    })
  }
  return db
}

/** Where `db` connects (`sqlite:` with the file's absolute path, or the postgres:// URL it was given). */
export const connectionUrl = (db: Db) => urls.get(db)

/**
 * A second, read-only connection to the same database for another thread (a document worker reads
 * a large statement itself, decision 079): SQLite opens the file read-only (WAL lets it read
 * beside the server's writes), PostgreSQL a pool of one. Destroy it when done.
 */
export const connectReader = (url: string): Db => {
  if (/^postgres(ql)?:\/\//.test(url)) {
    // Read-only at the server too: nothing sent on this connection can write.
    const pool = new pg.Pool({
      connectionString: url,
      max: 1,
      options: '-c default_transaction_read_only=on',
    })
    pool.on('error', (err) => console.warn(`PostgreSQL idle connection error: ${err.message}`))
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  }
  const file = url.replace(/^sqlite:/, '')
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true })
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: new StatementCache(sqlite) }) })
}
