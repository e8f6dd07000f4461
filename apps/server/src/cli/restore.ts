import { existsSync } from 'node:fs'
import { basename } from 'node:path'
import { createInterface } from 'node:readline/promises'
import { formatDate } from '@booking/shared'
import { connect } from '../db/connect.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { sqlitePathOf } from '../lib/backups.ts'
import {
  backupLockThrough,
  type LockMove,
  RestoreRefused,
  recordRestore,
  restoreSqlite,
} from '../lib/restore.ts'

/**
 * `npm run restore -- FILE [--reason "why"]`: puts a backup in place of the SQLite database (never
 * while a server uses it). A backup whose books are closed through another day than now (one made
 * before the close) changes closed days: as on the Backups screen (decision 087), it needs a
 * reason, asked at a terminal or given with --reason, and the reason is recorded in the restored
 * database (decision 103).
 */
const args = process.argv.slice(2)
let reasonArg: string | undefined
const files: string[] = []
for (let i = 0; i < args.length; i++) {
  const a = args[i] ?? ''
  if (a === '--reason') reasonArg = args[++i] ?? ''
  else if (a.startsWith('--reason=')) reasonArg = a.slice('--reason='.length)
  else files.push(a)
}
const backup = files[0]
const file = sqlitePathOf(process.env.DATABASE_URL)
if (!backup) {
  console.error('Usage: npm run restore -- data/backups/booking-YYYYMMDD-HHMMSS-mmm.db [--reason "why"]')
  process.exit(1)
}
if (!file) {
  console.error(
    'DATABASE_URL is PostgreSQL: restore a pg_dump backup with pg_restore --clean --dbname=DATABASE_URL FILE',
  )
  process.exit(1)
}

const dayText = (day: string | null) => (day ? formatDate(day) : 'no day (open)')

/** The lock date now and in the backup; null when the restore does not move it. */
const lockMove = (): { before: string | null; after: string | null } | null => {
  if (!existsSync(file) || !existsSync(backup)) return null
  try {
    const before = backupLockThrough(file)
    const after = backupLockThrough(backup)
    return before === after ? null : { before, after }
  } catch {
    // A file that cannot be read is refused by the restore itself, with its own message.
    return null
  }
}

const askReason = async (message: string): Promise<string> => {
  if (reasonArg !== undefined) return reasonArg.trim()
  if (!process.stdin.isTTY) return ''
  const rl = createInterface({ input: process.stdin, output: process.stdout })
  try {
    return (await rl.question(`${message}.\nReason: `)).trim()
  } finally {
    rl.close()
  }
}

try {
  const moves = lockMove()
  let move: LockMove | null = null
  if (moves) {
    const message = `This backup's books are closed through ${dayText(moves.after)}, not ${dayText(moves.before)} as now: restoring it changes closed days. Say why to restore it`
    const reason = await askReason(message)
    if (!reason) {
      console.error(`${message} (npm run restore -- ${backup} --reason "why").`)
      process.exit(1)
    }
    move = { ...moves, reason }
  }
  const { previous } = restoreSqlite(backup, file)
  console.log(`Restored ${backup} to ${file}.`)
  if (previous) console.log(`The database it replaced was kept as ${previous}.`)
  // Recorded in the restored database, brought up to this version first as a server start would.
  const db = connect(`sqlite:${file}`)
  try {
    await migrateToLatest(db)
    await recordRestore(
      db,
      { user: null, by: 'npm run restore' },
      { name: basename(backup), kept: previous ? basename(previous) : '' },
      move,
    )
  } finally {
    await db.destroy()
  }
  if (move)
    console.log(
      `The lock date moved from ${dayText(move.before)} to ${dayText(move.after)}: recorded with the reason.`,
    )
} catch (err) {
  if (!(err instanceof RestoreRefused)) throw err
  console.error(err.message)
  process.exit(1)
}
