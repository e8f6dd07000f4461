import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { SEARCH_INDEX, type SearchTable } from '../src/db/search-index.ts'
import { DB_KIND } from './harness.ts'
import { setupTestApp } from './helpers.ts'

const migrationsDir = new URL('../src/db/migrations/', import.meta.url).pathname

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
