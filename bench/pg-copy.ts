import SQLite from 'better-sqlite3'
import pg from 'pg'
import { connect } from '../apps/server/src/db/connect.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'

/**
 * A seeded SQLite file's rows copied into a fresh PostgreSQL database migrated by this tree: the same
 * data set on PostgreSQL without seeding it through the lifecycle there (on the shared 2-core machine
 * that writes ~50 records/s: 1M lines would take over an hour). Both schemas come from the same
 * migrations, so every PostgreSQL table's columns are read by name from the file; the tables the app
 * keeps in step by triggers (counts, month sums) are copied as they are, with the triggers off
 * (`session_replication_role = replica`), and every id sequence is moved past the copied ids.
 * SQLite-only tables (FTS5 search, its queue) have no PostgreSQL table and are left out; PostgreSQL's
 * trigram indexes are built from the copied rows.
 */
const SKIP = new Set(['kysely_migration', 'kysely_migration_lock', 'bench_seeded'])

export const copySqliteToPostgres = async (file: string, url: string, log = console.log) => {
  const migrated = connect(url)
  await migrateToLatest(migrated)
  await migrated.destroy()
  const src = new SQLite(file, { readonly: true })
  const dst = new pg.Client({ connectionString: url })
  await dst.connect()
  const t0 = performance.now()
  let total = 0
  try {
    await dst.query('SET session_replication_role = replica')
    const { rows: tables } = await dst.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
    )
    const copied = tables.map((t) => t.table_name).filter((t) => !SKIP.has(t))
    // What the migrations wrote (defaults, backfills) goes; one statement, so no key is left dangling.
    await dst.query(`TRUNCATE ${copied.join(', ')}`)
    for (const table of copied) {
      const { rows: cols } = await dst.query<{ column_name: string; udt_name: string }>(
        "SELECT column_name, udt_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position",
        [table],
      )
      const have = new Set(
        (src.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as Array<{ name: string }>).map(
          (c) => c.name,
        ),
      )
      const kept = cols.filter((c) => have.has(c.column_name))
      const names = kept.map((c) => c.column_name)
      if (names.length === 0) continue
      const quoted = names.map((n) => `"${n}"`).join(', ')
      // One array parameter per column (unnest): a batch is one short statement, whatever its rows.
      const insert = `INSERT INTO ${table} (${quoted}) SELECT * FROM unnest(${kept
        .map((c, i) => `$${i + 1}::${c.udt_name}[]`)
        .join(', ')})`
      const per = 5_000
      let batch: unknown[][] = names.map(() => [])
      let rows = 0
      const flush = async () => {
        if ((batch[0] as unknown[]).length === 0) return
        await dst.query(insert, batch)
        batch = names.map(() => [])
      }
      await dst.query('BEGIN')
      for (const row of src.prepare(`SELECT ${quoted} FROM "${table}"`).raw().iterate() as Iterable<
        unknown[]
      >) {
        for (const [i, v] of row.entries())
          (batch[i] as unknown[]).push(typeof v === 'bigint' ? v.toString() : v)
        rows++
        if (rows % per === 0) await flush()
      }
      await flush()
      await dst.query('COMMIT')
      total += rows
      const seq = names.includes('id')
        ? (await dst.query<{ s: string | null }>(`SELECT pg_get_serial_sequence('${table}', 'id') AS s`))
            .rows[0]?.s
        : null
      if (seq) await dst.query(`SELECT setval('${seq}', GREATEST((SELECT max(id) FROM ${table}), 1))`)
      if (rows >= 100_000) log(`  copied ${table}: ${rows.toLocaleString('en-US')} rows`)
    }
    await dst.query('SET session_replication_role = DEFAULT')
    await dst.query('ANALYZE')
  } finally {
    await dst.end()
    src.close()
  }
  log(
    `  copied ${total.toLocaleString('en-US')} rows into PostgreSQL in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  )
}

/**
 * The seeded file's copy as database `name` of the cluster at `base` (dropped first if it exists).
 * Returns its URL.
 */
export const postgresCopy = async (file: string, base: string, name: string, log = console.log) => {
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(base)
  url.pathname = `/${name}`
  await copySqliteToPostgres(file, url.toString(), log)
  return url.toString()
}

/** Drops database `name` of the cluster at `base`. */
export const dropPostgres = async (base: string, name: string) => {
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.end()
}
