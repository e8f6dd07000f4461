import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ALL_RECORD_SPECS, type RecordSpec } from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { connect } from '../src/db/connect.ts'
import { migrateToLatest } from '../src/db/migrate.ts'
import type { Database } from '../src/db/schema.ts'
import { SEARCH_INDEX, type SearchTable } from '../src/db/search-index.ts'
import { DB_KIND, freshDatabase } from './harness.ts'
import { setupTestApp } from './helpers.ts'

const migrationsDir = new URL('../src/db/migrations', import.meta.url).pathname

/** Every migration file with its import sources, helpers included. */
const migrationImports = () => {
  const files: string[] = []
  for (const dir of ['', 'helpers']) {
    for (const f of readdirSync(join(migrationsDir, dir))) if (f.endsWith('.ts')) files.push(join(dir, f))
  }
  return files.map((file) => ({
    file,
    sources: [...readFileSync(join(migrationsDir, file), 'utf8').matchAll(/from '([^']+)'/g)].map(
      (m) => m[1],
    ),
  }))
}

describe('migrations stand alone', () => {
  it('import nothing but kysely and their own helpers, so a change to the application cannot change them', () => {
    const outside = migrationImports().flatMap(({ file, sources }) =>
      sources
        .filter(
          (s) =>
            s !== 'kysely' &&
            !s.startsWith('./helpers/') &&
            !(file.startsWith('helpers') && s.startsWith('./')),
        )
        .map((s) => `${file} imports ${s}`),
    )
    expect(outside).toEqual([])
  })
})

/** The columns the database's search index covers for one table, in order. */
const indexedColumns = async (db: any, table: SearchTable): Promise<string[]> => {
  if (DB_KIND === 'postgres') {
    const { rows } = await sql<{
      indexdef: string
    }>`SELECT indexdef FROM pg_indexes WHERE indexname = ${`${table}_search`}`.execute(db)
    return [...(rows[0]?.indexdef ?? '').matchAll(/COALESCE\(\(?(\w+)/gi)].map((m) => m[1])
  }
  // The update trigger lists the indexed columns (then id): 0006 re-created it from the column list.
  const { rows } = await sql<{
    sql: string
  }>`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ${`${table}_search_au`}`.execute(db)
  const of = /AFTER UPDATE OF (.*?), id ON/.exec(rows[0]?.sql ?? '')
  return of ? of[1].split(', ') : []
}

describe(`search index on a fresh install (${DB_KIND})`, () => {
  const t = setupTestApp()
  it.each(Object.keys(SEARCH_INDEX) as SearchTable[])(
    '%s indexes exactly the columns the application searches',
    async (table) => {
      expect(await indexedColumns(t.app.db, table)).toEqual([...SEARCH_INDEX[table]])
    },
  )
})

/** The columns of a table as the database reports them. */
const tableColumns = async (db: Kysely<Database>, table: string): Promise<string[]> => {
  const { rows } =
    DB_KIND === 'postgres'
      ? await sql<{ c: string }>`SELECT column_name AS c FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = ${table}`.execute(db)
      : await sql<{ c: string }>`SELECT name AS c FROM pragma_table_info(${table})`.execute(db)
  return rows.map((r) => r.c).sort()
}

/** Ledger balances are computed when a list is read; they are answer keys, not columns. */
const COMPUTED = new Set([
  'agent_entries.balance',
  'vender_entries.remaining_amount',
  'account_entries.balance',
])

/**
 * Where a database differs from the RecordSpecs: a table whose columns are not exactly the spec's
 * `columns` (one extra or one missing is drift), a column another part of the spec names (date,
 * employee, search, money, sortable) that is not in that list, or a search index over other columns
 * than the spec's search.
 */
const specDrift = async (
  db: Kysely<Database>,
  specs: readonly RecordSpec[] = ALL_RECORD_SPECS,
): Promise<string[]> => {
  const out: string[] = []
  for (const spec of specs) {
    const have = await tableColumns(db, spec.table)
    const listed: readonly string[] = spec.columns
    for (const c of have)
      if (!listed.includes(c)) out.push(`${spec.table} has column ${c} its spec does not list`)
    for (const c of listed) if (!have.includes(c)) out.push(`${spec.table} lacks column ${c} its spec lists`)
    const named = [
      spec.dateColumn,
      ...(spec.employeeColumn ? [spec.employeeColumn] : []),
      ...spec.search,
      ...spec.money,
      ...spec.sortable.map((k) => spec.columnOf?.[k] ?? k),
    ]
    for (const c of new Set(named)) {
      if (!listed.includes(c) && !COMPUTED.has(`${spec.table}.${c}`))
        out.push(`${spec.table}: its spec names ${c}, which is not one of its columns`)
    }
    const indexed = await indexedColumns(db, spec.table as SearchTable)
    if (indexed.join() !== spec.search.join())
      out.push(`${spec.table} search index [${indexed}] is not the spec's [${spec.search}]`)
  }
  return out
}

describe(`every table against its RecordSpec (${DB_KIND})`, () => {
  const t = setupTestApp()
  it("a fresh install's record tables have exactly the spec's columns, and each search index is the spec's search", async () => {
    expect(await specDrift(t.app.db)).toEqual([])
  })
  it('the comparison sees a column the spec does not list, and one it lists that the table lacks', async () => {
    const expenses = ALL_RECORD_SPECS.find((s) => s.table === 'expenses') as RecordSpec
    const drifted = {
      ...expenses,
      columns: [...expenses.columns.filter((c) => c !== 'detail'), 'stray_note'],
    }
    expect(await specDrift(t.app.db, [drifted])).toEqual([
      'expenses has column detail its spec does not list',
      'expenses lacks column stray_note its spec lists',
      'expenses: its spec names detail, which is not one of its columns',
    ])
  })
})

/** Tables, columns, indexes and triggers as the database reports them, in a stable order. */
const describeSchema = async (db: Kysely<Database>) => {
  if (DB_KIND === 'postgres') {
    const columns = await sql<{ t: string; c: string; d: string }>`
      SELECT table_name AS t, column_name AS c, data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') AS d
      FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`.execute(
      db,
    )
    const indexes = await sql<{
      d: string
    }>`SELECT indexdef AS d FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`.execute(db)
    const triggers = await sql<{ d: string }>`
      SELECT tgname || ' ON ' || tgrelid::regclass::text AS d FROM pg_trigger WHERE NOT tgisinternal ORDER BY tgname, d`.execute(
      db,
    )
    return {
      columns: columns.rows.map((r) => `${r.t}.${r.c} ${r.d}`),
      indexes: indexes.rows.map((r) => r.d),
      triggers: triggers.rows.map((r) => r.d),
    }
  }
  const objects = await sql<{ type: string; name: string; sql: string | null }>`
    SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name`.execute(db)
  const columns: string[] = []
  for (const o of objects.rows.filter((r) => r.type === 'table')) {
    const info = await sql<{ name: string; type: string; notnull: number; dflt_value: string | null }>`
      SELECT name, type, "notnull", dflt_value FROM pragma_table_info(${o.name}) ORDER BY name`.execute(db)
    for (const c of info.rows)
      columns.push(`${o.name}.${c.name} ${c.type} ${c.notnull} ${c.dflt_value ?? ''}`)
  }
  return {
    columns,
    indexes: objects.rows.filter((r) => r.type === 'index').map((r) => `${r.name} ${r.sql ?? ''}`),
    triggers: objects.rows.filter((r) => r.type === 'trigger').map((r) => r.name),
  }
}

/** The last migration of the previous release (main before these issues): upgrades start from it. */
const PREVIOUS_RELEASE = '0006_search_queue'

describe(`an install upgraded from the previous release (${DB_KIND})`, () => {
  it('ends with the same tables, columns, indexes and triggers as a fresh install, its rows kept', async () => {
    const fresh = await freshDatabase()
    const old = await freshDatabase()
    const freshDb = connect(fresh.url)
    const oldDb = connect(old.url)
    try {
      await migrateToLatest(freshDb)
      await migrateToLatest(oldDb, { until: PREVIOUS_RELEASE })
      // Rows written by the previous release, so backfills and rebuilt indexes have work to do.
      const now = new Date().toISOString()
      await sql`INSERT INTO users (username, email, password_hash, role, is_approved, created_at)
        VALUES ('owner', 'owner@test.local', 'x', 'admin', 1, ${now})`.execute(oldDb)
      await sql`INSERT INTO expenses (entry, user_name, date, detail, selection, created_at)
        VALUES ('1/1', 'owner', '2026-11-01', 'Tea for the office', 'Office', ${now})`.execute(oldDb)
      await migrateToLatest(oldDb)
      expect(await describeSchema(oldDb)).toEqual(await describeSchema(freshDb))
      expect(await specDrift(oldDb)).toEqual([])
      const kept = await sql<{ detail: string }>`SELECT detail FROM expenses`.execute(oldDb)
      expect(kept.rows.map((r) => r.detail)).toEqual(['Tea for the office'])
    } finally {
      await freshDb.destroy()
      await oldDb.destroy()
      await fresh.drop()
      await old.drop()
    }
  })
})
