import SQLite from 'better-sqlite3'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { DB_KIND, freshDatabase } from './harness.ts'
import { freePort, printed, ready, startServer, stopServer } from './server-process.ts'

/** The bookkeeping rows and whether 0005's search table exists, read past the server. */
const state = async (url: string) => {
  if (url.startsWith('sqlite:')) {
    const db = new SQLite(url.slice('sqlite:'.length), { readonly: true })
    try {
      const names = db.prepare('SELECT name FROM kysely_migration ORDER BY name').pluck().all() as string[]
      const searchTable =
        db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'tickets_search'").get() !== undefined
      return { names, searchTable }
    } finally {
      db.close()
    }
  }
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const names = (await client.query('SELECT name FROM kysely_migration ORDER BY name')).rows.map(
      (r) => r.name,
    )
    const searchTable = (await client.query("SELECT to_regclass('tickets_search') IS NOT NULL AS t")).rows[0]
      .t
    return { names, searchTable }
  } finally {
    await client.end()
  }
}

const BEFORE = ['0001_init', '0002_performance', '0003_ledger_indexes', '0004_table_counts']

describe(`interrupted upgrade (${DB_KIND})`, () => {
  const drops: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const drop of drops.splice(0)) await drop()
  })

  const interrupt = async (signal: NodeJS.Signals) => {
    const database = await freshDatabase()
    drops.push(database.drop)
    const port = await freePort()
    // Paused after 0005's changes and before its bookkeeping row: the worst moment to stop.
    const first = startServer(database.url, port, { MIGRATION_TEST_PAUSE: '0005_search:60000' })
    await printed(first, 'pausing')
    const code = await stopServer(first, signal)
    const after = await state(database.url)
    expect(after.names).toEqual(BEFORE)
    if (DB_KIND === 'sqlite') expect(after.searchTable).toBe(false)

    const second = await ready(startServer(database.url, port))
    await stopServer(second)
    const done = await state(database.url)
    expect(done.names.slice(0, 6)).toEqual([...BEFORE, '0005_search', '0006_search_queue'])
    return { code, output: first.output() }
  }

  it('kill -9 inside a migration leaves the previous level, and the next start completes it', async () => {
    const { code } = await interrupt('SIGKILL')
    expect(code).toBe('SIGKILL')
  }, 180_000)

  it('SIGTERM inside a migration rolls it back, says so, and the next start completes it', async () => {
    const { code, output } = await interrupt('SIGTERM')
    expect(code).toBe(130)
    expect(output).toContain('Interrupted during migration 0005_search: it was rolled back')
  }, 180_000)
})
