import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  closeSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { connect, type Db, sqliteFile } from '../src/db/connect.ts'
import { migrateToLatest } from '../src/db/migrate.ts'
import { StartupError } from '../src/db/startup-error.ts'
import { writeTransaction } from '../src/lib/write-batch.ts'
import { startTestApp } from './harness.ts'
import { protectorBody } from './helpers.ts'

const dir = mkdtempSync(join(tmpdir(), 'booking-startup-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let n = 0
const freshFile = () => join(dir, `db${++n}`, 'booking.db')

const opened = async (file: string) => {
  const db = connect(`sqlite:${file}`)
  await migrateToLatest(db)
  return db
}

const startupError = (fn: () => unknown): string => {
  try {
    fn()
  } catch (err) {
    expect(err).toBeInstanceOf(StartupError)
    return (err as Error).message
  }
  throw new Error('expected a StartupError')
}

const until = async (ok: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('SQLite start-up checks', () => {
  it('refuses a zero-length database file unless ALLOW_EMPTY_DATABASE=1', async () => {
    const file = join(dir, 'empty.db')
    writeFileSync(file, '')
    expect(startupError(() => connect(`sqlite:${file}`))).toContain(
      `Refusing to open ${file}: the file is empty`,
    )
    expect(statSync(file).size).toBe(0)
    process.env.ALLOW_EMPTY_DATABASE = '1'
    try {
      const db = await opened(file)
      await db.destroy()
    } finally {
      delete process.env.ALLOW_EMPTY_DATABASE
    }
    expect(statSync(file).size).toBeGreaterThan(0)
  })

  it('refuses a -wal whose database file is missing', () => {
    const file = join(dir, 'orphan.db')
    writeFileSync(`${file}-wal`, 'x'.repeat(100))
    expect(startupError(() => connect(`sqlite:${file}`))).toContain(`Found ${file}-wal without ${file}`)
  })

  it('names the path when the data folder cannot be created', () => {
    const blocker = join(dir, 'a-file')
    writeFileSync(blocker, 'not a folder')
    const message = startupError(() => connect(`sqlite:${join(blocker, 'booking.db')}`))
    expect(message).toContain(blocker)
    expect(message.split('\n')).toHaveLength(1)
  })

  it('refuses a damaged file after quick_check, with the path', async () => {
    const file = freshFile()
    const db = await opened(file)
    const { checkpointer } = sqliteFile(db)!
    await db.destroy()
    // The checkpointer's connection closes last and empties the log: until then the table's page
    // may still sit in the log, over the file's scribbled copy.
    await checkpointer.stopped
    // Scribble over the header of a table's root page, as a bad copy or a failing disk would.
    const check = new SQLite(file, { readonly: true })
    const root = check
      .prepare("SELECT rootpage FROM sqlite_master WHERE name = 'users'")
      .pluck()
      .get() as number
    const pageSize = check.pragma('page_size', { simple: true }) as number
    check.close()
    const fd = openSync(file, 'r+')
    writeSync(fd, Buffer.alloc(16, 0xa5), 0, 16, (root - 1) * pageSize)
    closeSync(fd)
    const message = startupError(() => connect(`sqlite:${file}`))
    expect(message).toContain(file)
    expect(message).toMatch(/integrity check|not a healthy SQLite database/)
    // The full check on demand says the same, with exit code 1.
    const checked = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/db/check-db.ts', `sqlite:${file}`],
      {
        cwd: fileURLToPath(new URL('../../..', import.meta.url)),
        encoding: 'utf8',
      },
    )
    expect(checked.status).toBe(1)
    expect(checked.stdout + checked.stderr).toMatch(/DAMAGED|cannot be checked/)
  })

  it('after an unclean stop (a log with frames) runs the full integrity check, which quick_check would pass', async () => {
    const file = freshFile()
    const db = await opened(file)
    await db.destroy()
    // An index whose entries no longer fit its table, as when an old file meets a newer log.
    const raw = new SQLite(file)
    try {
      raw.pragma('wal_autocheckpoint = 0')
      raw
        .prepare(
          "INSERT INTO journal_rows (source_type, source_id, date, entry, name, employee) VALUES ('x', 1, '2026-01-01', 'e', 'n', 'emp')",
        )
        .run()
      raw.unsafeMode(true)
      const version = raw.pragma('schema_version', { simple: true }) as number
      raw.pragma('writable_schema = ON')
      raw
        .prepare(
          'UPDATE sqlite_master SET sql = replace(sql, \'("date", "id")\', \'("id", "date")\') WHERE name = \'journal_rows_date_id\'',
        )
        .run()
      raw.pragma(`schema_version = ${version + 1}`)
      raw.pragma('writable_schema = OFF')
      expect(raw.pragma('quick_check', { simple: true })).toBe('ok')
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(0)
      const message = startupError(() => connect(`sqlite:${file}`))
      expect(message).toContain(`${file} failed its integrity check`)
    } finally {
      raw.close()
    }
  })

  it('creates the folder, the file and its -wal and -shm owner-only', async () => {
    const file = freshFile()
    const db = await opened(file)
    try {
      const mode = (p: string) => statSync(p).mode & 0o777
      expect(mode(join(file, '..'))).toBe(0o700)
      for (const p of [file, `${file}-wal`, `${file}-shm`]) expect(mode(p)).toBe(0o600)
    } finally {
      await db.destroy()
    }
  })

  it('makes an existing world-readable database file owner-only', async () => {
    const file = freshFile()
    await (await opened(file)).destroy()
    chmodSync(file, 0o644)
    const db = connect(`sqlite:${file}`)
    await db.destroy()
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('flushes the log after every commit before it is answered (synchronous = FULL, decision 071)', async () => {
    const db = await opened(freshFile())
    try {
      // SQLite itself does not wait for the disk at COMMIT; the server flushes the log (db/wal-sync.ts).
      const { rows } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db)
      expect(rows[0]!.synchronous).toBe(1)
      const wal = sqliteFile(db)!.wal!
      const before = wal.flushes
      await sql`CREATE TABLE t (x INTEGER)`.execute(db)
      await sql`INSERT INTO t VALUES (1)`.execute(db)
      expect(wal.flushes - before).toBe(2)
      await db.transaction().execute(async (trx) => {
        await sql`INSERT INTO t VALUES (2)`.execute(trx)
        await sql`INSERT INTO t VALUES (3)`.execute(trx)
        // Nothing is flushed while the transaction is open.
        expect(wal.flushes - before).toBe(2)
      })
      expect(wal.flushes - before).toBe(3)
      await sql`SELECT count(*) FROM t`.execute(db)
      expect(wal.flushes - before).toBe(3)
      // The group commit flushes after its COMMIT, off the event loop, before answering.
      await writeTransaction(db, (trx) => sql`INSERT INTO t VALUES (4)`.execute(trx))
      expect(wal.flushes - before).toBe(4)
    } finally {
      await db.destroy()
    }
  })

  it('flushes nothing itself when SQLITE_SYNCHRONOUS=NORMAL (benchmarks)', async () => {
    process.env.SQLITE_SYNCHRONOUS = 'NORMAL'
    try {
      const db = connect(`sqlite:${freshFile()}`)
      expect(sqliteFile(db)!.wal).toBeNull()
      await db.destroy()
    } finally {
      delete process.env.SQLITE_SYNCHRONOUS
    }
  })

  it('notices a dead checkpointer thread and starts another that checkpoints again', async () => {
    const db: Db = await opened(freshFile())
    try {
      const cp = sqliteFile(db)!.checkpointer
      await until(() => cp.checkpoints > 0)
      const first = cp.worker
      await first.terminate()
      await until(() => cp.restarts === 1 && cp.worker !== first)
      const after = cp.checkpoints
      await until(() => cp.checkpoints > after)
    } finally {
      await db.destroy()
    }
  })

  it('answers a write on a full disk with a clear 507, stores nothing, and recovers when space returns', async () => {
    const t = await startTestApp()
    try {
      const db = t.app.db
      const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(db)
      const before = (await t.call('admin', 'GET', '/api/protector')).body.protectors.length
      await sql.raw(`PRAGMA max_page_count = ${rows[0]!.page_count}`).execute(db)
      // Saves until the file may not grow any more: each is saved whole (201) or refused (507).
      let saved = 0
      let full: { status: number; body: any } | undefined
      while (!full && saved < 500) {
        const res = await t.call(
          'employee',
          'POST',
          '/api/protector',
          protectorBody({ name: `Filler ${'x'.repeat(200)}` }),
        )
        if (res.status === 201) saved++
        else full = res
      }
      expect(full?.status).toBe(507)
      expect(full?.body).toMatchObject({ status: 'error', message: expect.stringContaining('no disk space') })
      await sql.raw('PRAGMA max_page_count = 1073741823').execute(db)
      expect((await t.call('admin', 'GET', '/api/protector')).body.protectors.length).toBe(before + saved)
      const again = await t.call('employee', 'POST', '/api/protector', protectorBody({ name: 'Space Again' }))
      expect(again.status).toBe(201)
    } finally {
      await t.close()
    }
  })
})
