import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { LEDGER_PARTITIONS } from '../src/db/migrations/0003_ledger_indexes.ts'
import { backupName, backupsToPrune, listBackups, msUntilHour } from '../src/lib/backups.ts'
import { integrityOf, RestoreRefused, restoreSqlite } from '../src/lib/restore.ts'
import { DB_KIND } from './harness.ts'
import { addNames, passenger, setupTestApp } from './helpers.ts'

const ROOT = join(import.meta.dirname, '../../..')
const WRITERS = 20

const ticket = (n: number) => ({
  employee_name: 'emp',
  agent_name: `Agent ${n % 3}`,
  customer_add: `Backup Customer ${n}`,
  reference: `B-${n}`,
  depart_date: `2026-0${1 + (n % 9)}-15`,
  return_date: null,
  sector: 'LHE-DXB',
  airline: 'PIA',
  adults: 1,
  children: 0,
  infants: 0,
  passport_detail: JSON.stringify([passenger('Bilal', `N${n}`)]),
  receivable_amount: 50000 + n,
  paid_cash: 1000,
  bank_title: 'UBL Account 1',
  paid_in_bank: 2000,
  payable_to_vendor: 40000,
  vendor_name: `Vendor ${n % 2}`,
})

/** The books of a database file: every checkpoint equals its rows, every ticket has its line and postings. */
const booksCheck = (file: string) => {
  const db = new SQLite(file, { readonly: true })
  try {
    const problems: string[] = []
    for (const [table, name] of Object.entries(LEDGER_PARTITIONS)) {
      const wrong = db
        .prepare(
          `SELECT COUNT(*) AS n FROM (
             SELECT ${name} AS name, substr(date, 1, 7) AS month, SUM(credit - debit) AS net FROM ${table} GROUP BY 1, 2
           ) r FULL JOIN (SELECT name, month, net FROM ledger_months WHERE ledger = ? AND n > 0) m
             ON m.name = r.name AND m.month = r.month
           WHERE r.net IS NOT m.net`,
        )
        .get(table) as { n: number }
      if (wrong.n) problems.push(`${table}: ${wrong.n} checkpoints differ from the rows`)
    }
    const unposted = db
      .prepare(
        `SELECT COUNT(*) AS n FROM tickets t WHERE
           NOT EXISTS (SELECT 1 FROM journal j WHERE j.source_type = 'tickets' AND j.source_id = t.id)
           OR NOT EXISTS (SELECT 1 FROM agent_entries a WHERE a.source_type = 'tickets' AND a.source_id = t.id)
           OR NOT EXISTS (SELECT 1 FROM vender_entries v WHERE v.source_type = 'tickets' AND v.source_id = t.id)`,
      )
      .get() as { n: number }
    if (unposted.n) problems.push(`${unposted.n} tickets without their journal line or postings`)
    const orphans = db
      .prepare(
        `SELECT COUNT(*) AS n FROM agent_entries a WHERE a.source_type = 'tickets'
           AND NOT EXISTS (SELECT 1 FROM tickets t WHERE t.id = a.source_id)`,
      )
      .get() as { n: number }
    if (orphans.n) problems.push(`${orphans.n} postings of missing tickets`)
    return problems
  } finally {
    db.close()
  }
}

describe(`backups API (${DB_KIND})`, () => {
  const t = setupTestApp((t) =>
    addNames(t, { agents: ['Agent 0', 'Agent 1', 'Agent 2'], vendors: ['Vendor 0', 'Vendor 1'] }),
  )

  if (DB_KIND === 'postgres')
    it('on PostgreSQL lists backups and sends "make one now" to npm run backup', async () => {
      expect((await t.call('admin', 'GET', '/api/admin/backups')).body).toEqual({
        status: 'success',
        backups: [],
      })
      const made = await t.call('admin', 'POST', '/api/admin/backups')
      expect(made.status).toBe(409)
      expect(made.body.message).toContain('npm run backup')
    })

  if (DB_KIND === 'sqlite')
    it('a backup taken while 20 writers create tickets restores every ticket acknowledged before it, with integrity and books intact', async () => {
      const acked: Array<{ id: number; at: number }> = []
      let stop = false
      let backupDone = false
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const res = await t.call('employee', 'POST', '/api/ticket', ticket(w * 1000 + i))
          expect(res.status).toBe(201)
          acked.push({ id: res.body.ticket.id, at: performance.now() })
          if (backupDone && i > 5) return
        }
      }
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w))
      while (acked.length < 200) await new Promise((r) => setTimeout(r, 5))
      const startedAt = performance.now()
      const made = await t.call('admin', 'POST', '/api/admin/backups')
      backupDone = true
      await Promise.all(writers)
      stop = true
      expect(made.status).toBe(201)
      const before = acked.filter((a) => a.at < startedAt).map((a) => a.id)
      expect(before.length).toBeGreaterThanOrEqual(200)
      expect(acked.length).toBeGreaterThan(before.length)

      const list = await t.call('admin', 'GET', '/api/admin/backups')
      expect(list.body.backups).toEqual([made.body.backup])
      expect(made.body.backup.name).toMatch(/^booking-\d{8}-\d{6}-\d{3}[+-]\d{4}\.db$/)

      // Restored into a new place: integrity, books, and every ticket acknowledged before the backup.
      const dir = mkdtempSync(join(tmpdir(), 'booking-restore-'))
      const target = join(dir, 'booking.db')
      writeFileSync(`${target}-wal`, 'stale log of another database')
      writeFileSync(`${target}-shm`, 'stale')
      writeFileSync(target, '')
      const downloaded = await t.app.inject({
        method: 'GET',
        url: `/api/admin/backups/${made.body.backup.name}`,
        headers: { authorization: `Bearer ${t.tokens.admin}` },
      })
      expect(downloaded.statusCode).toBe(200)
      expect(downloaded.headers['content-disposition']).toContain(made.body.backup.name)
      expect(downloaded.rawPayload.length).toBe(made.body.backup.size)
      const file = join(dir, made.body.backup.name)
      writeFileSync(file, downloaded.rawPayload)

      const { previous } = restoreSqlite(file, target)
      expect(previous).not.toBeNull()
      expect(existsSync(`${target}-wal`)).toBe(false)
      expect(existsSync(`${target}-shm`)).toBe(false)
      // The replaced database is kept aside (its log checkpointed into it or moved with it).
      expect(existsSync(previous!)).toBe(true)
      expect(integrityOf(target)).toBe('ok')
      expect(booksCheck(target)).toEqual([])
      const restored = new SQLite(target, { readonly: true })
      const ids = new Set((restored.prepare('SELECT id FROM tickets').pluck().all() as number[]).map(Number))
      restored.close()
      expect(before.filter((id) => !ids.has(id))).toEqual([])
    }, 60_000)

  if (DB_KIND === 'sqlite')
    it('refuses to restore over a database a server is using, from code and from npm run restore', async () => {
      const live = t.databaseUrl.replace(/^sqlite:/, '')
      const [backup] = (await t.call('admin', 'GET', '/api/admin/backups')).body.backups
      const file = join(live, '..', 'backups', backup.name)
      expect(() => restoreSqlite(file, live)).toThrow(RestoreRefused)
      const cli = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/restore.ts', file], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: t.databaseUrl },
        encoding: 'utf8',
      })
      expect(cli.status).toBe(1)
      expect(cli.stderr).toContain('is in use by a running server')
      expect((await t.call('admin', 'GET', '/api/ticket?limit=1')).status).toBe(200)
    })

  it('serves only its own backup names, to admins only', async () => {
    for (const name of [
      '..%2Ftest.db',
      '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
      'test.db',
      'booking-20260101-000000-000.db',
    ]) {
      const res = await t.call('admin', 'GET', `/api/admin/backups/${name}`)
      expect(res.status).toBe(404)
    }
    expect((await t.call('employee', 'GET', '/api/admin/backups')).status).toBe(403)
    expect((await t.call('employee', 'POST', '/api/admin/backups')).status).toBe(403)
  })
})

describe('backup names', () => {
  it("carry the agency's day and time with its offset, and read back to the same instant", () => {
    // 00:30 on 26 November in Karachi is still 25 November in UTC (decision 046).
    const at = new Date('2026-11-25T19:30:00.123Z')
    const name = backupName(at, 'db', 'Asia/Karachi')
    expect(name).toBe('booking-20261126-003000-123+0500.db')
    expect(backupName(at, 'dump', 'America/New_York')).toBe('booking-20261125-143000-123-0500.dump')
    const dir = mkdtempSync(join(tmpdir(), 'backup-names-'))
    // A name written by an earlier release (UTC, no offset) beside it.
    for (const n of [name, 'booking-20261125-200000-000.db']) writeFileSync(join(dir, n), 'x')
    expect(listBackups(dir).map((b) => [b.name, b.created_at])).toEqual([
      ['booking-20261125-200000-000.db', '2026-11-25T20:00:00.000Z'],
      [name, '2026-11-25T19:30:00.123Z'],
    ])
  })
})

describe('backup retention', () => {
  it('keeps the newest of each of the last 14 days and 8 weeks, and everything under a day old', () => {
    const now = new Date(Date.UTC(2026, 10, 23, 12))
    const names: string[] = []
    // Two a day for 120 days, plus three made by hand in the last hours.
    for (let d = 0; d < 120; d++) {
      for (const h of [2, 14])
        names.push(backupName(new Date(now.getTime() - d * 86_400_000 - h * 3_600_000)))
    }
    const recent = [1, 2, 3].map((h) => backupName(new Date(now.getTime() - h * 3_600_000 + 1)))
    const all = [...names, ...recent, 'notes.txt']
    const gone = new Set(backupsToPrune(all, { daily: 14, weekly: 8 }, now))
    const kept = all.filter((n) => !gone.has(n))
    expect(gone.has('notes.txt')).toBe(false)
    for (const n of recent) expect(kept).toContain(n)
    const days = new Set(kept.filter((n) => n.endsWith('.db')).map((n) => n.slice(8, 16)))
    // 14 daily days, weekly ones reaching back about 8 weeks, nothing older.
    expect(days.size).toBeGreaterThanOrEqual(14)
    expect(days.size).toBeLessThanOrEqual(14 + 8)
    const oldest = [...days].sort()[0]
    expect(oldest >= '20260928').toBe(true)
    expect(kept.length).toBeLessThan(14 + 8 + 3 + 3)
  })
})

describe('daily backup time', () => {
  it('waits until the next set hour, today or tomorrow', () => {
    const at = (h: number, m = 0) => new Date(2026, 10, 23, h, m)
    expect(msUntilHour(2, at(1, 30))).toBe(30 * 60_000)
    expect(msUntilHour(2, at(2, 0))).toBe(24 * 3_600_000)
    expect(msUntilHour(2, at(14))).toBe(12 * 3_600_000)
  })
})
