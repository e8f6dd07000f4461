import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Migration, Migrator } from 'kysely'
import { describe, expect, it } from 'vitest'
import { connect } from '../src/db/connect.ts'
import { migrateToLatest } from '../src/db/migrate.ts'
import * as init from '../src/db/migrations/0001_init.ts'
import * as performance from '../src/db/migrations/0002_performance.ts'
import * as ledgerIndexes from '../src/db/migrations/0003_ledger_indexes.ts'
import * as tableCounts from '../src/db/migrations/0004_table_counts.ts'
import * as search from '../src/db/migrations/0005_search.ts'
import * as searchQueue from '../src/db/migrations/0006_search_queue.ts'

const BEFORE_0008: Record<string, Migration> = {
  '0001_init': init,
  '0002_performance': performance,
  '0003_ledger_indexes': ledgerIndexes,
  '0004_table_counts': tableCounts,
  '0005_search': search,
  '0006_search_queue': searchQueue,
}

describe('migration 0008 on a database written by an older version', () => {
  it('renames later case-clashing usernames and links old records to the first user of their name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'booking-0008-'))
    const db = connect(`sqlite:${join(dir, 'old.db')}`)
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => BEFORE_0008 } })
      expect((await migrator.migrateToLatest()).error).toBeUndefined()
      const user = (username: string, email: string) => ({
        username,
        email,
        password_hash: 'x',
        role: 'employee' as const,
        is_approved: 1,
        created_at: '2026-01-01',
      })
      await db
        .insertInto('users')
        .values([user('owner', 'a@x.com'), user('Owner', 'b@x.com'), user('sana', 'c@x.com')])
        .execute()
      const protector = (employee: string) => ({
        employee,
        name: 'P',
        passport: 'P1',
        reference: 'R',
        file_no: 'F',
        withdraw: 0,
        mcb_fee_6000_date: '2026-01-01',
        ncb_fee_6700_date: '2026-01-01',
        ncb_fee_500_date: '2026-01-01',
        protector_date: '2026-01-01',
        additional_charges: 0,
        entry: '1/1',
        created_at: '2026-01-01',
      })
      await db
        .insertInto('protectors')
        .values([protector('OWNER'), protector('sana'), protector('gone')])
        .execute()

      await migrateToLatest(db)

      const users = await db.selectFrom('users').select(['id', 'username']).orderBy('id').execute()
      expect(users.map((u) => u.username)).toEqual(['owner', `Owner_${users[1].id}`, 'sana'])
      const rows = await db
        .selectFrom('protectors')
        .select(['employee', 'created_by'])
        .orderBy('id')
        .execute()
      expect(rows).toEqual([
        { employee: 'OWNER', created_by: users[0].id },
        { employee: 'sana', created_by: users[2].id },
        { employee: 'gone', created_by: null },
      ])
    } finally {
      await db.destroy()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
