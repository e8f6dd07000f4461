import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs'
import SQLite from 'better-sqlite3'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { AuthUser } from '../plugins/auth.ts'
import { audit } from './audit.ts'
import { serverUsing } from './backups.ts'
import { writeTransaction } from './write-batch.ts'

/** Fails the restore with a message meant for the person at the terminal. */
export class RestoreRefused extends Error {}

/** 'ok', or SQLite's list of problems. */
export const integrityOf = (file: string): string => {
  const db = new SQLite(file, { readonly: true, fileMustExist: true })
  try {
    return (db.pragma('integrity_check') as Array<{ integrity_check: string }>)
      .map((r) => r.integrity_check)
      .join('; ')
  } finally {
    db.close()
  }
}

/**
 * Puts a backup in place of the database file. Refused while a server uses the file. The current
 * database is checkpointed and kept beside it as `<file>.before-restore-<time>` with its own -wal and
 * -shm, so no log of the old database is ever left where SQLite would replay it onto the restored one.
 * Returns the path the old database was moved to (null when there was none).
 */
export const restoreSqlite = (backupFile: string, dbFile: string): { previous: string | null } => {
  if (!existsSync(backupFile)) throw new RestoreRefused(`No such backup file: ${backupFile}`)
  const pid = serverUsing(dbFile)
  if (pid !== null) {
    throw new RestoreRefused(
      `The database ${dbFile} is in use by a running server (process ${pid}). Stop the server, then run the restore again.`,
    )
  }
  const integrity = integrityOf(backupFile)
  if (integrity !== 'ok') throw new RestoreRefused(`The backup ${backupFile} is damaged: ${integrity}`)

  const staging = `${dbFile}.restoring`
  copyFileSync(backupFile, staging)
  let previous: string | null = null
  if (existsSync(dbFile)) {
    try {
      const old = new SQLite(dbFile, { fileMustExist: true })
      old.pragma('wal_checkpoint(TRUNCATE)')
      old.close()
    } catch {
      // A damaged current file is still moved aside below, log and all.
    }
    previous = `${dbFile}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
    renameSync(dbFile, previous)
  }
  for (const suffix of ['-wal', '-shm', '-journal']) {
    if (!existsSync(dbFile + suffix)) continue
    if (previous) renameSync(dbFile + suffix, previous + suffix)
    else rmSync(dbFile + suffix, { force: true })
  }
  renameSync(staging, dbFile)
  return { previous }
}

/** "2026-11-25T21-40-00-000Z": a file-name-safe time for the copy kept aside. */
const stamp = () => new Date().toISOString().replace(/[:.]/g, '-')

/**
 * Restores a backup into the database this server has open (the Backups screen, decision 049),
 * as `npm run restore` does with the server stopped: the backup is checked first, the current
 * database is copied aside as `<file>.before-restore-<time>` (SQLite's online backup, a
 * consistent copy), then the backup's pages are written into the live file through SQLite's
 * backup API, under its locks, so this server's connection reads the restored database at once.
 * The copy is made in one step: no write of this process can interleave with it.
 */
export const restoreIntoLive = async (backupFile: string, dbFile: string): Promise<{ previous: string }> => {
  if (!existsSync(backupFile)) throw new RestoreRefused(`No such backup file: ${backupFile}`)
  const integrity = integrityOf(backupFile)
  if (integrity !== 'ok') throw new RestoreRefused(`The backup is damaged: ${integrity}`)
  const previous = `${dbFile}.before-restore-${stamp()}`
  const live = new SQLite(dbFile, { fileMustExist: true, timeout: 5000 })
  try {
    await live.backup(previous)
  } finally {
    live.close()
  }
  const source = new SQLite(backupFile, { readonly: true, fileMustExist: true })
  try {
    await source.backup(dbFile, { progress: () => 0x7fffffff })
  } finally {
    source.close()
  }
  return { previous }
}

/**
 * The day a backup's books are closed through (its newest books_locks row), or null: a backup
 * made before any close, or before the lock existed (issue 33 item 5).
 */
export const backupLockThrough = (backupFile: string): string | null => {
  const db = new SQLite(backupFile, { readonly: true, fileMustExist: true })
  try {
    const table = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'books_locks'")
      .get()
    if (!table) return null
    const row = db.prepare('SELECT through FROM books_locks ORDER BY id DESC LIMIT 1').get() as
      | { through: string }
      | undefined
    return row?.through ?? null
  } finally {
    db.close()
  }
}

/** A restore that moved the books' lock date: from what, to what, and the reason given. */
export interface LockMove {
  before: string | null
  after: string | null
  reason: string
}

/**
 * Records a restore in the restored database (the Backups screen and `npm run restore` alike,
 * issue 33 item 5): an audit row, and when the restored books are closed, the lock's history
 * row again with the reason, so the lock screen shows why its date moved. `user` is null for the
 * command line, named by `by` instead.
 */
export const recordRestore = (
  db: Kysely<Database>,
  who: { user: AuthUser | null; by: string },
  restored: { name: string; kept: string },
  move: LockMove | null,
) =>
  writeTransaction(db, async (trx) => {
    await audit(trx, { user: who.user }, 'update', 'backups', 0, null, {
      restored: restored.name,
      kept: restored.kept,
      ...(who.user ? {} : { by: who.by }),
      ...(move ? { lock_before: move.before, lock_after: move.after, reason: move.reason } : {}),
    })
    if (move?.after)
      await trx
        .insertInto('books_locks')
        .values({
          through: move.after,
          previous: move.before,
          reason: `Backup ${restored.name} restored: ${move.reason}`,
          user_id: who.user?.id ?? null,
          username: who.user?.username ?? who.by,
          created_at: new Date().toISOString(),
        })
        .execute()
  })
