import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { Worker } from 'node:worker_threads'
import { agencyTz, type BackupFile, businessDayOf, zoneOffsetMs } from '@booking/shared'

/**
 * Backup files are named by the agency's wall-clock time and its offset from UTC (decision 046:
 * one day everywhere, file names too), e.g. booking-20261126-003000-000+0500.db; names written by
 * earlier releases carry no offset and are UTC. Only digits and a sign: the name alone is safe to serve.
 */
export const BACKUP_NAME =
  /^booking-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-(\d{3})([+-]\d{4})?\.(db|dump)$/

export interface Retention {
  /** The newest backup of each of this many most recent days is kept. */
  daily: number
  /** The newest backup of each of this many most recent weeks (Monday to Sunday) is kept. */
  weekly: number
}

export const retentionFromEnv = (env: NodeJS.ProcessEnv = process.env): Retention => ({
  daily: Math.max(1, Number(env.BACKUP_KEEP_DAILY ?? 14) || 14),
  weekly: Math.max(0, Number(env.BACKUP_KEEP_WEEKLY ?? 8) || 0),
})

/** The SQLite file behind a `sqlite:PATH` url (default ./data/booking.db), or null for PostgreSQL. */
export const sqlitePathOf = (url = 'sqlite:./data/booking.db'): string | null =>
  /^postgres(ql)?:\/\//.test(url) ? null : resolve(url.replace(/^sqlite:/, ''))

/** `data/backups` beside the database unless BACKUP_DIR says otherwise. */
export const backupDirFor = (dbFile: string, env: NodeJS.ProcessEnv = process.env) =>
  resolve(env.BACKUP_DIR ?? join(dirname(dbFile), 'backups'))

const pad = (n: number, w = 2) => String(n).padStart(w, '0')

export const backupName = (at: Date, ext: 'db' | 'dump' = 'db', tz: string = agencyTz()) => {
  const offset = zoneOffsetMs(at.getTime(), tz)
  const wall = new Date(at.getTime() + offset)
  const minutes = Math.round(Math.abs(offset) / 60_000)
  const zone = `${offset < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}`
  return `booking-${wall.getUTCFullYear()}${pad(wall.getUTCMonth() + 1)}${pad(wall.getUTCDate())}-${pad(
    wall.getUTCHours(),
  )}${pad(wall.getUTCMinutes())}${pad(wall.getUTCSeconds())}-${pad(wall.getUTCMilliseconds(), 3)}${zone}.${ext}`
}

const timeOf = (name: string): Date | null => {
  const m = BACKUP_NAME.exec(name)
  if (!m) return null
  const [y, mo, d, h, mi, s, ms] = m.slice(1, 8).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const zone = m[8]
  const offset = zone
    ? (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5))) * 60_000
    : 0
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms) - offset)
}

/** The backups in `dir`, newest first. */
export const listBackups = (dir: string): BackupFile[] => {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .map((name) => ({ name, at: timeOf(name) }))
    .filter((f): f is { name: string; at: Date } => f.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .map(({ name, at }) => ({ name, size: statSync(join(dir, name)).size, created_at: at.toISOString() }))
}

/** The path of a backup by name, or null when the name is not one of ours (no path can be smuggled in). */
export const backupPath = (dir: string, name: string): string | null => {
  if (!BACKUP_NAME.test(name)) return null
  const path = join(dir, name)
  return existsSync(path) ? path : null
}

const syncFile = (path: string) => {
  const fd = openSync(path, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

// Plain CommonJS so it runs the same under tsx, vitest and a built server (see db/checkpointer.ts).
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads')
const SQLite = require(workerData.driver)
const db = new SQLite(workerData.file, { fileMustExist: true, readonly: true })
try {
  db.pragma('busy_timeout = 10000')
  db.prepare('VACUUM INTO ?').run(workerData.target)
  parentPort.postMessage({ ok: true })
} catch (err) {
  parentPort.postMessage({ ok: false, message: String(err && err.message || err) })
} finally {
  db.close()
}
`

/**
 * Copies a live SQLite database with VACUUM INTO on its own connection in a worker thread: one read
 * transaction, so the copy is the database as of one moment (every write committed before it
 * started), while the server keeps reading and writing. The copy is written under a temporary name
 * and renamed, so a half-written file is never listed or restored.
 */
export const backupSqlite = async (dbFile: string, dir: string, at = new Date()): Promise<BackupFile> => {
  // Owner-only like the database itself: a backup holds the same password hashes and money.
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const name = backupName(at)
  const target = join(dir, name)
  const partial = `${target}.partial`
  rmSync(partial, { force: true })
  const result = await new Promise<{ ok: boolean; message?: string }>((done, fail) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        file: dbFile,
        target: partial,
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      },
    })
    worker.once('message', done)
    worker.once('error', fail)
    worker.once('exit', (code) => done({ ok: false, message: `backup worker exited with code ${code}` }))
  })
  if (!result.ok) {
    rmSync(partial, { force: true })
    throw new Error(`Backup failed: ${result.message}`)
  }
  chmodSync(partial, 0o600)
  // VACUUM INTO leaves the copy in the page cache: it must be on disk before it is listed as a backup.
  syncFile(partial)
  renameSync(partial, target)
  syncFile(dir)
  return { name, size: statSync(target).size, created_at: at.toISOString() }
}

/** Retention counts the agency's days and weeks, as the names do. */
const dayKey = (d: Date) => businessDayOf(d)
/** The Monday of d's week, in the agency's calendar. */
const weekKey = (d: Date) => {
  const day = new Date(`${businessDayOf(d)}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7))
  return day.toISOString().slice(0, 10)
}

/**
 * Which backups to delete: kept are the newest of each of the last `daily` days that have one, the
 * newest of each of the last `weekly` weeks, and anything under a day old (a backup made by hand
 * before a risky change survives the night).
 */
export const backupsToPrune = (names: string[], keep: Retention, now = new Date()): string[] => {
  const dated = names
    .map((name) => ({ name, at: timeOf(name) }))
    .filter((f): f is { name: string; at: Date } => f.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime())
  const kept = new Set<string>()
  const newestPer = (key: (d: Date) => string, count: number) => {
    const seen = new Set<string>()
    for (const f of dated) {
      const k = key(f.at)
      if (seen.has(k)) continue
      if (seen.size >= count) break
      seen.add(k)
      kept.add(f.name)
    }
  }
  newestPer(dayKey, keep.daily)
  newestPer(weekKey, keep.weekly)
  for (const f of dated) if (now.getTime() - f.at.getTime() < 24 * 3600 * 1000) kept.add(f.name)
  return dated.filter((f) => !kept.has(f.name)).map((f) => f.name)
}

export const pruneBackups = (dir: string, keep: Retention, now = new Date()) => {
  if (!existsSync(dir)) return []
  const gone = backupsToPrune(readdirSync(dir), keep, now)
  for (const name of gone) rmSync(join(dir, name), { force: true })
  return gone
}

/** Makes a backup and applies the retention. */
export const backupAndPrune = async (dbFile: string, dir: string, keep: Retention) => {
  const made = await backupSqlite(dbFile, dir)
  pruneBackups(dir, keep)
  return made
}

/** Milliseconds from `now` to the next `hour`:00 (server local time), today or tomorrow. */
export const msUntilHour = (hour: number, now = new Date()) => {
  const next = new Date(now)
  next.setHours(hour, 0, 0, 0)
  if (next <= now) next.setDate(next.getDate() + 1)
  return next.getTime() - now.getTime()
}

/**
 * Runs a backup every day at `hour` (server local time). Returns the stop function.
 * The timer is unref'd so it never keeps a process alive.
 */
export const scheduleDailyBackup = (dbFile: string, dir: string, hour: number, keep: Retention) => {
  let timer: NodeJS.Timeout | undefined
  const arm = () => {
    timer = setTimeout(() => {
      backupAndPrune(dbFile, dir, keep)
        .then((b) => console.log(`Daily backup written: ${b.name}`))
        .catch((err) => console.error(`Daily backup failed: ${err.message}`))
        .finally(arm)
    }, msUntilHour(hour))
    timer.unref()
  }
  arm()
  return () => clearTimeout(timer)
}

/** The marker a running server keeps beside its SQLite file, holding its process id. */
const serverMarker = (dbFile: string) => `${dbFile}.server-pid`

/** Written when a server opens the file; returns the release function. */
export const markServerUsing = (dbFile: string) => {
  const marker = serverMarker(dbFile)
  writeFileSync(marker, String(process.pid))
  return () => {
    try {
      if (readFileSync(marker, 'utf8') === String(process.pid)) rmSync(marker, { force: true })
    } catch {}
  }
}

/** The pid of a live server using the file, or null (a marker left by a crashed server does not count). */
export const serverUsing = (dbFile: string): number | null => {
  const marker = serverMarker(dbFile)
  if (!existsSync(marker)) return null
  const pid = Number(readFileSync(marker, 'utf8'))
  if (!Number.isSafeInteger(pid) || pid <= 0) return null
  try {
    process.kill(pid, 0)
    return pid
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null
  }
}
