import { spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { backupAndPrune, backupDirFor, backupName, retentionFromEnv, sqlitePathOf } from '../lib/backups.ts'

/** `npm run backup`: one backup now (SQLite: online copy; PostgreSQL: pg_dump), then the retention. */
const url = process.env.DATABASE_URL ?? 'sqlite:./data/booking.db'
const file = sqlitePathOf(url)
if (file) {
  const made = await backupAndPrune(file, backupDirFor(file), retentionFromEnv())
  console.log(
    `Backup written: ${join(backupDirFor(file), made.name)} (${made.size.toLocaleString('en-US')} bytes)`,
  )
} else {
  const dir = resolve(process.env.BACKUP_DIR ?? './data/backups')
  mkdirSync(dir, { recursive: true })
  const target = join(dir, backupName(new Date(), 'dump'))
  const run = spawnSync('pg_dump', ['--format=custom', `--file=${target}`, url], { stdio: 'inherit' })
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') {
    console.error(
      'pg_dump was not found, so no backup was made.\n' +
        'Install the PostgreSQL client tools (Debian/Ubuntu: sudo apt-get install -y postgresql-client),\n' +
        "or back the database up with your PostgreSQL provider's own tools, then run npm run backup again.",
    )
    process.exit(1)
  }
  if (run.status !== 0) {
    console.error(`pg_dump failed (exit code ${run.status}); no backup was made.`)
    process.exit(1)
  }
  console.log(
    `Backup written: ${target}\nRestore it with: pg_restore --clean --dbname=DATABASE_URL ${target}`,
  )
}
