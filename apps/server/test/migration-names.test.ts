import { readdirSync } from 'node:fs'
import type { Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { connect } from '../src/db/connect.ts'
import { migrateToLatest, RENAMED } from '../src/db/migrate.ts'
import { DB_KIND, freshDatabase } from './harness.ts'

const namesOf = async (db: Kysely<any>) =>
  (await db.selectFrom('kysely_migration').select('name').orderBy('name').execute()).map((r) =>
    String(r.name),
  )

describe(`migrations numbered once (${DB_KIND})`, () => {
  it('upgrades a database that recorded the names of earlier releases (0008, 0010 and 0016 twice)', async () => {
    const database = await freshDatabase()
    const db = connect(database.url) as Kysely<any>
    try {
      await migrateToLatest(db, { until: '0019_created_at_ranges' })
      // As the release before this one left it: the old names in its bookkeeping table.
      for (const [from, to] of RENAMED)
        await db.updateTable('kysely_migration').set({ name: from }).where('name', '=', to).execute()
      const old = await namesOf(db)
      expect(old).toContain('0016_visa_expiry')
      expect(old.filter((n) => n.startsWith('0008_'))).toHaveLength(2)

      await migrateToLatest(db)
      const upgraded = await namesOf(db)
      const numbers = upgraded.map((n) => n.slice(0, 4))
      expect(new Set(numbers).size).toBe(numbers.length)
      expect(upgraded).toContain('0018_visa_expiry')
      expect(upgraded).toContain('0026_collect')
      expect(upgraded).toContain('0027_bank_statements')
      expect(upgraded.some((n) => RENAMED.some(([from]) => from === n))).toBe(false)
      // Nothing ran twice: the renamed migrations kept their rows and their tables; each migration
      // file after 0019 added one row (counted from the folder, so a new migration needs no edit here).
      const later = readdirSync(new URL('../src/db/migrations', import.meta.url)).filter(
        (f) => /^\d{4}_\w+\.ts$/.test(f) && f > '0019_created_at_ranges.ts',
      )
      expect(later.length).toBeGreaterThanOrEqual(9)
      expect(upgraded).toHaveLength(old.length + later.length)
    } finally {
      await db.destroy()
      await database.drop()
    }
  })
})
