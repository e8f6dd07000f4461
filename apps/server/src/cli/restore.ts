import { sqlitePathOf } from '../lib/backups.ts'
import { RestoreRefused, restoreSqlite } from '../lib/restore.ts'

/** `npm run restore -- FILE`: puts a backup in place of the SQLite database (never while a server uses it). */
const backup = process.argv[2]
const file = sqlitePathOf(process.env.DATABASE_URL)
if (!backup) {
  console.error('Usage: npm run restore -- data/backups/booking-YYYYMMDD-HHMMSS-mmm.db')
  process.exit(1)
}
if (!file) {
  console.error(
    'DATABASE_URL is PostgreSQL: restore a pg_dump backup with pg_restore --clean --dbname=DATABASE_URL FILE',
  )
  process.exit(1)
}
try {
  const { previous } = restoreSqlite(backup, file)
  console.log(`Restored ${backup} to ${file}.`)
  if (previous) console.log(`The database it replaced was kept as ${previous}.`)
} catch (err) {
  if (!(err instanceof RestoreRefused)) throw err
  console.error(err.message)
  process.exit(1)
}
