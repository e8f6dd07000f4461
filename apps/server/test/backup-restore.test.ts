import { existsSync } from 'node:fs'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { setupTestApp } from './helpers.ts'

/** Issue 23 item 8: restore a backup from the Backups screen, the current database kept aside (decision 049). */
describe(`restore from the Backups screen (${DB_KIND})`, () => {
  const t = setupTestApp()
  const customer = (name: string) =>
    t.call('employee', 'POST', '/api/customers', { name, mobile_number: '03001234567' })

  if (DB_KIND === 'postgres')
    it('on PostgreSQL says the restore is done with pg_restore', async () => {
      const res = await t.call('admin', 'POST', '/api/admin/backups/booking-20260101-000000-000.db/restore')
      expect(res.status).toBe(409)
      expect(res.body.message).toContain('pg_restore')
    })

  if (DB_KIND === 'sqlite')
    it('puts the backup back in the running server and keeps the database it replaced', async () => {
      expect((await customer('Before Backup')).status).toBe(201)
      const made = await t.call('admin', 'POST', '/api/admin/backups')
      expect(made.status).toBe(201)
      const name = made.body.backup.name as string
      expect((await customer('After Backup')).status).toBe(201)

      expect((await t.call('employee', 'POST', `/api/admin/backups/${name}/restore`)).status).toBe(403)
      expect((await t.call('admin', 'POST', '/api/admin/backups/nothing.db/restore')).status).toBe(404)
      const restored = await t.call('admin', 'POST', `/api/admin/backups/${name}/restore`)
      expect(restored.status, JSON.stringify(restored.body)).toBe(200)

      const names = (await t.call('admin', 'GET', '/api/customers')).body.customers.map(
        (c: { name: string }) => c.name,
      )
      expect(names).toContain('Before Backup')
      expect(names).not.toContain('After Backup')
      // The replaced database is kept beside the file, whole, with what was saved after the backup.
      const live = t.databaseUrl.replace(/^sqlite:/, '')
      const kept = join(live, '..', restored.body.kept)
      expect(existsSync(kept)).toBe(true)
      const old = new SQLite(kept, { readonly: true })
      try {
        expect(old.prepare("SELECT count(*) AS n FROM customers WHERE name = 'After Backup'").get()).toEqual({
          n: 1,
        })
        expect(old.pragma('integrity_check', { simple: true })).toBe('ok')
      } finally {
        old.close()
      }
      const now = new SQLite(live, { readonly: true })
      try {
        expect(now.pragma('integrity_check', { simple: true })).toBe('ok')
      } finally {
        now.close()
      }
      // The server writes on after the restore.
      expect((await customer('After Restore')).status).toBe(201)
      expect((await t.call('admin', 'GET', '/api/customers')).body.customers.length).toBe(names.length + 1)
    })
})
