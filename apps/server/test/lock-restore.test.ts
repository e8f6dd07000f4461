import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { recordInput } from '@booking/shared/test-data'
import SQLite from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { backupLockThrough } from '../src/lib/restore.ts'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'

/**
 * Issue 33 item 5, the restore part (decision 087): lock the books, then restore a backup. A
 * backup whose lock date differs from now (made before the close) asks for a reason and the trial
 * balance to the closed day stays byte-identical until one is given; with one, the restore is
 * done and the reason recorded (audit and the lock's history). On PostgreSQL the screen's restore
 * is refused (pg_restore on the server), and the trial balance is byte-identical.
 */
const t = setupTestApp((t) => addNames(t, COMMON_NAMES))
const CLOSED = '2026-01-31'
const expense = (date: string, amount: number) =>
  t.call('employee', 'POST', '/api/expenses', {
    ...recordInput('expenses'),
    date,
    total_amount: amount,
    withdraw: 0,
  })
const trialBalance = async () =>
  JSON.stringify((await t.call('admin', 'GET', `/api/reports/trial-balance?to=${CLOSED}`)).body)
const lock = (through: string) =>
  t.call('admin', 'PUT', '/api/admin/books/lock', { through, reason: 'January filed', confirm: true })

describe(`lock, then restore a backup (${DB_KIND})`, () => {
  if (DB_KIND === 'postgres')
    it('the screen refuses a restore on PostgreSQL: the closed trial balance is byte-identical', async () => {
      expect((await expense('2026-01-10', 1_000)).status).toBe(201)
      expect((await lock(CLOSED)).status).toBe(200)
      const before = await trialBalance()
      const res = await t.call('admin', 'POST', '/api/admin/backups/booking-20260101-000000-000.db/restore', {
        reason: 'try',
      })
      expect(res.status).toBe(409)
      expect(await trialBalance()).toBe(before)
    })

  if (DB_KIND === 'sqlite')
    it('a backup from before the close asks for a reason, then restores and records it', async () => {
      expect((await expense('2026-01-10', 1_000)).status).toBe(201)
      const early = (await t.call('admin', 'POST', '/api/admin/backups')).body.backup.name as string
      expect((await expense('2026-01-20', 2_500)).status).toBe(201)
      expect((await lock(CLOSED)).status).toBe(200)
      const closed = await trialBalance()

      const asked = await t.call('admin', 'POST', `/api/admin/backups/${early}/restore`)
      expect(asked.status).toBe(400)
      const message =
        "This backup's books are closed through no day (open), not 31/01/2026 as now: restoring it changes closed days. Say why to restore it"
      expect(asked.body).toMatchObject({
        message,
        errors: { reason: message },
        lock_now: CLOSED,
        lock_in_backup: null,
      })
      expect(await trialBalance()).toBe(closed)
      expect(
        (await t.call('admin', 'POST', `/api/admin/backups/${early}/restore`, { reason: '   ' })).status,
      ).toBe(400)
      expect(await trialBalance()).toBe(closed)

      // A backup made after the close carries the same lock: it restores without a reason.
      const late = (await t.call('admin', 'POST', '/api/admin/backups')).body.backup.name as string
      expect((await t.call('admin', 'POST', `/api/admin/backups/${late}/restore`)).status).toBe(200)
      expect(await trialBalance()).toBe(closed)

      const done = await t.call('admin', 'POST', `/api/admin/backups/${early}/restore`, {
        reason: 'The January import was wrong; redo it',
      })
      expect(done.status, JSON.stringify(done.body)).toBe(200)
      expect(await trialBalance()).not.toBe(closed)
      const audit = (await t.call('admin', 'GET', '/api/admin/audit?table=backups')).body.audit
      const changes = Object.fromEntries(
        (audit[0].changes as { field: string; after: unknown }[]).map((c) => [c.field, c.after]),
      )
      expect(changes).toMatchObject({
        restored: early,
        lock_before: CLOSED,
        reason: 'The January import was wrong; redo it',
      })
    })
  if (DB_KIND === 'sqlite')
    it('npm run restore asks for a reason when the lock date moves, and records it in the restored file', async () => {
      const open = (await t.call('admin', 'POST', '/api/admin/backups')).body.backup.name as string
      expect((await lock(CLOSED)).status).toBe(200)
      const locked = (await t.call('admin', 'POST', '/api/admin/backups')).body.backup.name as string
      const backups = join(t.databaseUrl.replace(/^sqlite:/, ''), '..', 'backups')
      // A stopped server's database: a copy of the locked backup, which no server has open.
      const target = join(mkdtempSync(join(tmpdir(), 'cli-restore-')), 'booking.db')
      copyFileSync(join(backups, locked), target)
      const cli = (...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/restore.ts', ...args], {
          cwd: join(import.meta.dirname, '../../..'),
          env: { ...process.env, DATABASE_URL: `sqlite:${target}` },
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        })
      const asked = cli(join(backups, open))
      expect(asked.status).toBe(1)
      expect(asked.stderr).toContain(
        "This backup's books are closed through no day (open), not 31/01/2026 as now: restoring it changes closed days. Say why to restore it",
      )
      expect(backupLockThrough(target)).toBe(CLOSED)
      expect(cli(join(backups, open), '--reason', '  ').status).toBe(1)
      expect(backupLockThrough(target)).toBe(CLOSED)

      const done = cli(join(backups, open), '--reason', 'January redone from the bank file')
      expect(done.status, done.stderr).toBe(0)
      expect(backupLockThrough(target)).toBe(null)
      const db = new SQLite(target, { readonly: true })
      const row = db
        .prepare(
          "SELECT username, after_json FROM audit_log WHERE table_name = 'backups' ORDER BY id DESC LIMIT 1",
        )
        .get() as { username: string; after_json: string }
      db.close()
      expect(JSON.parse(row.after_json)).toMatchObject({
        restored: open,
        by: 'npm run restore',
        lock_before: CLOSED,
        lock_after: null,
        reason: 'January redone from the bank file',
      })
    })
})
