import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import { type Kysely, sql } from 'kysely'
import pg from 'pg'
import { buildApp } from '../apps/server/src/app.ts'
import { connect } from '../apps/server/src/db/connect.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import type { Database } from '../apps/server/src/db/schema.ts'
import { drainSearchQueue } from '../apps/server/src/db/search-queue.ts'
import { ensureAdmin } from '../apps/server/src/lib/bootstrap-admin.ts'
import { recordLifecycle } from '../apps/server/src/lib/crud.ts'
import type { AuthUser } from '../apps/server/src/plugins/auth.ts'
import { AGENTS, random, recordInputs, VENDORS } from './record-inputs.ts'

export { random }

/**
 * Reproducible data set: `rows` money-moving records in an agency's mix of every type, written
 * through the app's own record lifecycle (the one the routes, corrections and restores use:
 * parse, entry number, row, journal line, ledger postings, audit), so every row is one the API
 * would write. Records are created in time order over five years (2021–2025) with a clock that
 * reads the record's moment, so created_at, entry numbers and ids grow together as in a real
 * office. Batched: one transaction per BATCH records, the server's group commit in bulk.
 */

/** The admin every bench signs in as; the seed creates it so its id is the records' created_by. */
export const BENCH_ADMIN = { email: 'bench@bench.local', password: 'bench-pass-123', username: 'bench' }

const BATCH = 5_000
const START = Date.UTC(2021, 0, 1)
const SPAN = 5 * 365 * 86_400_000

export const seedPath = (rows: number, seed: number) => `/tmp/booking-bench/sqlite-${rows}-${seed}.db`

/**
 * Runs `work` with `new Date()` and `Date.now()` reading `clock()`: the lifecycle stamps
 * created_at (and the audit line) with the moment the record was "entered", not the seeding day.
 */
const withClock = async <T>(clock: () => number, work: () => Promise<T>): Promise<T> => {
  const Real = Date
  class SeedDate extends Real {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(clock())
      else super(...(args as [number]))
    }
    static override now() {
      return clock()
    }
  }
  globalThis.Date = SeedDate as DateConstructor
  try {
    return await work()
  } finally {
    globalThis.Date = Real
  }
}

/**
 * Waits until every page is in the database file itself (the log checkpointed and emptied), so a
 * plain file copy of it is a whole database: the app's checkpointer may still be finishing one
 * when its connection closes.
 */
const settle = async (file: string) => {
  const db = new SQLite(file)
  try {
    for (let i = 0; i < 600; i++) {
      const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>
      if (result?.busy === 0) return
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error(`${file}: the log could not be checkpointed`)
  } finally {
    db.close()
  }
}

/**
 * Seeds a fresh, empty database at `url` (a SQLite file or a PostgreSQL database) through the app:
 * its migrations, the bench admin, the names lists, `rows` records through the lifecycle, the search
 * index. Logs progress every 50,000 records from 100,000 up.
 */
export const seedInto = async (url: string, rows: number, seed: number, log = console.log) => {
  const t0 = performance.now()
  // The app itself (migrations, areas, their lifecycles), never listening; the indexer only at the end.
  const app = await buildApp({
    databaseUrl: url,
    jwtSecret: 'bench-secret-at-least-32-characters-long',
    searchIndexEveryMs: 0,
  })
  const db = app.db as Kysely<Database>
  try {
    // A bench file can be rebuilt at any time: nothing here needs to survive a power cut.
    if (url.startsWith('sqlite:')) await sql`PRAGMA synchronous = OFF`.execute(db)
    await ensureAdmin(app.db, {
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ADMIN_USERNAME: BENCH_ADMIN.username,
    })
    const admin = await db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'role'])
      .where('email', '=', BENCH_ADMIN.email)
      .executeTakeFirstOrThrow()
    const user = admin as AuthUser
    // Agents and vendors go on the names lists through their own route, as the add-name dialogs do.
    const token = await app.signToken(user)
    for (const [path, names] of [
      ['/api/agent-names', AGENTS],
      ['/api/vender-names', VENDORS],
    ] as const) {
      for (const name of names) {
        const res = await app.inject({
          method: 'POST',
          url: path,
          headers: { authorization: `Bearer ${token}` },
          payload: { name },
        })
        if (res.statusCode !== 201) throw new Error(`${path} ${name}: ${res.statusCode} ${res.body}`)
      }
    }

    const rand = random(seed)
    const inputs = recordInputs(rand)
    let at = START
    const step = SPAN / rows
    await withClock(
      () => Math.floor(at),
      async () => {
        for (let done = 0; done < rows; done += BATCH) {
          const n = Math.min(BATCH, rows - done)
          await db.transaction().execute(async (trx) => {
            for (let i = 0; i < n; i++) {
              at = START + (done + i) * step + rand() * step
              const type = inputs.pickType()
              // The booking's own date (travel, protector, expense…) falls within a month of entry.
              const date = new Date(Math.floor(at) + Math.floor(rand() * 30) * 86_400_000)
                .toISOString()
                .slice(0, 10)
              const lifecycle = recordLifecycle(app.db, type)
              if (!lifecycle) throw new Error(`no lifecycle for ${type}`)
              await lifecycle.create(trx, { user }, lifecycle.parse(inputs.body(type, date)))
            }
          })
          if (rows >= 100_000 && (done + n) % 50_000 === 0)
            log(
              `  seeded ${(done + n).toLocaleString('en-US')} / ${rows.toLocaleString('en-US')} (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
            )
        }
      },
    )
    // The rows' search text went to the queue (migration 0006); index it here in big chunks, so
    // the server does not spend its first start on it.
    await drainSearchQueue(app.db, { chunk: 50_000 })
    if (!url.startsWith('sqlite:')) await sql`ANALYZE`.execute(db)
  } finally {
    await app.close()
  }
  log(
    `  seeded ${rows.toLocaleString('en-US')} records in ${((performance.now() - t0) / 1000).toFixed(1)} s → ${url}`,
  )
}

/** Creates (or reuses) the seeded database file and returns its path. */
export const seedDatabase = async (rows: number, seed = 42, log = console.log): Promise<string> => {
  const file = seedPath(rows, seed)
  if (existsSync(`${file}.done`)) {
    // A file seeded before a newer migration gets it here, as an upgraded install would, once.
    const cached = connect(`sqlite:${file}`)
    let applied = false
    await migrateToLatest(cached, { onApply: () => (applied = true) })
    if (applied) await sql`ANALYZE`.execute(cached)
    // An upgrade can queue rows for the search index (a migration rewriting a searched column);
    // the server's first start would index them before it listens, so do it here, once.
    await drainSearchQueue(cached, { chunk: 50_000 })
    await cached.destroy()
    await settle(file)
    return file
  }
  mkdirSync(dirname(file), { recursive: true })
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
  await seedInto(`sqlite:${file}`, rows, seed, log)
  const done = new SQLite(file)
  done.exec('ANALYZE')
  done.close()
  await settle(file)
  writeFileSync(`${file}.done`, new Date().toISOString())
  return file
}

/**
 * The same data set in a PostgreSQL database `bench_<rows>_<seed>` of the cluster at `base` (e.g. the
 * shared test cluster): created and seeded when missing, else reused (a database seeded to its end
 * holds the table `bench_seeded`). Returns its URL.
 */
export const seedPostgres = async (base: string, rows: number, seed = 42, log = console.log) => {
  const name = `bench_${rows}_${seed}`
  const url = new URL(base)
  url.pathname = `/${name}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (exists.rowCount) {
      const c = new pg.Client({ connectionString: url.toString() })
      await c.connect()
      const done = await c.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'bench_seeded'")
      await c.end()
      if (done.rowCount) {
        const cached = connect(url.toString())
        await migrateToLatest(cached)
        await drainSearchQueue(cached, { chunk: 50_000 })
        await cached.destroy()
        return url.toString()
      }
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`)
    }
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  await seedInto(url.toString(), rows, seed, log)
  const c = new pg.Client({ connectionString: url.toString() })
  await c.connect()
  await c.query('CREATE TABLE bench_seeded (at text)')
  await c.end()
  return url.toString()
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = Number(process.argv[2] ?? 1_000_000)
  const seed = Number(process.argv[3] ?? 42)
  // BENCH_PG=<cluster URL>: the same data set in a PostgreSQL database of that cluster.
  if (process.env.BENCH_PG) console.log(await seedPostgres(process.env.BENCH_PG, rows, seed))
  else await seedDatabase(rows, seed)
}
