import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import SQLite from 'better-sqlite3'

/**
 * `npm run check-db [sqlite:PATH]`: the full PRAGMA integrity_check (every b-tree, every index
 * against its table; the start only runs quick_check) plus foreign_key_check, read-only, safe
 * while the server runs. Default file: DATABASE_URL, else ./data/booking.db. Exit code 1 on any problem.
 */
const url = process.argv[2] ?? process.env.DATABASE_URL ?? 'sqlite:./data/booking.db'
if (/^postgres(ql)?:\/\//.test(url)) {
  console.error('check-db checks SQLite files; PostgreSQL checks its own pages (data checksums, amcheck).')
  process.exit(2)
}
const file = resolve(url.replace(/^sqlite:/, ''))
if (!existsSync(file)) {
  console.error(`No database at ${file}`)
  process.exit(2)
}
const started = performance.now()
const db = new SQLite(file, { readonly: true, fileMustExist: true, timeout: 10_000 })
try {
  const integrity = (db.pragma('integrity_check(100)') as { integrity_check: string }[]).map(
    (r) => r.integrity_check,
  )
  const foreignKeys = db.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[]
  const ms = Math.round(performance.now() - started)
  const ok = integrity.length === 1 && integrity[0] === 'ok' && foreignKeys.length === 0
  if (ok) {
    console.log(`${file}: integrity ok, foreign keys ok (${ms} ms)`)
  } else {
    for (const line of integrity.filter((l) => l !== 'ok')) console.log(`integrity: ${line}`)
    for (const f of foreignKeys)
      console.log(`foreign key: ${f.table} row ${f.rowid} points to a missing ${f.parent}`)
    console.log(`${file}: DAMAGED. Stop the server and restore the latest backup (${ms} ms)`)
  }
  process.exitCode = ok ? 0 : 1
} catch (err) {
  console.error(`${file}: cannot be checked: ${(err as Error).message}`)
  process.exitCode = 1
} finally {
  db.close()
}
