import { accessSync, chmodSync, constants, existsSync, mkdirSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import { errorCode, StartupError } from './startup-error.ts'

/** Set to 1 to let a zero-length file be initialised as a new, empty database. */
export const ALLOW_EMPTY_ENV = 'ALLOW_EMPTY_DATABASE'
/** FULL (default): a 2xx is on disk before it is sent. NORMAL: faster, a power cut may lose the last ~200 ms. */
export const SYNCHRONOUS_ENV = 'SQLITE_SYNCHRONOUS'

// Start-up only, before the server listens: a blocking wait keeps connect() synchronous.
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/** The one-line reason for a failed open or first write, by error code. */
const explain = (file: string, err: unknown): string => {
  const code = errorCode(err) ?? ''
  const folder = dirname(file)
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return `The disk holding ${file} is full (${code}).`
  if (code === 'EACCES' || code === 'EPERM')
    return `No permission to use ${folder} for the database (${code}).`
  if (code === 'EROFS' || code.startsWith('SQLITE_READONLY'))
    return `The database ${file} or its folder is read-only (${code}): the server needs to write there.`
  if (code === 'ENOTDIR' || code === 'EEXIST')
    return `Cannot create the data folder ${folder}: a file is in the way (${code}).`
  if (code.startsWith('SQLITE_CANTOPEN')) return `Cannot open or create the database ${file} (${code}).`
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT'))
    return `${file} is not a healthy SQLite database (${code}): restore a backup, or run npm run check-db for details.`
  return `Cannot open the database ${file}: ${(err as Error).message}${code ? ` (${code})` : ''}`
}

/**
 * Refuses files that would silently start as a new empty database: a zero-length file (a failed
 * copy or restore; SQLite would treat it as new and the server would create a new admin and
 * number bookings from 1 again) and a write-ahead log without its database. A file that another
 * server has just created is zero-length for a moment, so the check looks twice.
 */
const refuseSilentReset = (file: string) => {
  const size = () => (existsSync(file) ? statSync(file).size : -1)
  if (size() === -1 && existsSync(`${file}-wal`) && statSync(`${file}-wal`).size > 0) {
    throw new StartupError(
      `Found ${file}-wal without ${file}: the database file is missing. Restore it (or move the -wal away to start a new database).`,
    )
  }
  if (size() !== 0 || process.env[ALLOW_EMPTY_ENV] === '1') return
  for (let i = 0; i < 20 && size() === 0; i++) sleep(100)
  if (size() === 0) {
    throw new StartupError(
      `Refusing to open ${file}: the file is empty (0 bytes), so it is not the database it should be. Restore it from a backup, or start with ${ALLOW_EMPTY_ENV}=1 to make it a new empty database.`,
    )
  }
}

/** Creates the data folder (owner-only) and checks it can be written, with the path in the message. */
const prepareFolder = (file: string) => {
  const folder = dirname(file)
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 })
    accessSync(folder, constants.W_OK)
    if (existsSync(file)) accessSync(file, constants.R_OK | constants.W_OK)
    // Files made by earlier versions were readable by every user of the machine. The folder is
    // left alone: it may be shared (/tmp, a home directory).
    for (const f of [file, `${file}-wal`, `${file}-shm`]) {
      if (existsSync(f) && statSync(f).mode & 0o077) {
        chmodSync(f, statSync(f).mode & 0o700)
        console.warn(`Made ${f} readable by its owner only`)
      }
    }
  } catch (err) {
    throw new StartupError(explain(file, err))
  }
}

/**
 * Runs the structural check, again when another server's migration changed the schema while it
 * read (SQLITE_SCHEMA, e.g. a search index dropped and rebuilt as two servers start on one file).
 */
const checkSchemaSettled = (sqlite: SQLite.Database, check: string): string[] => {
  for (let attempt = 1; ; attempt++) {
    try {
      return (sqlite.pragma(`${check}(5)`, { simple: false }) as Record<string, string>[])
        .map((r) => r[check]!)
        .filter((m) => m !== 'ok')
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_SCHEMA' || attempt >= 20) throw err
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50 * attempt)
    }
  }
}

/**
 * Opens (creating when absent) a SQLite database file for the server: checks first, then WAL,
 * durable commits, and a quick structural check. Every failure is a StartupError with the path.
 * The file, and so its -wal and -shm (SQLite gives them the file's mode), are owner-only.
 */
export const openSqlite = (file: string): SQLite.Database => {
  refuseSilentReset(file)
  prepareFolder(file)
  // A clean stop checkpoints and empties the log; one left with frames means a crash (or another
  // server running now). Its frames are replayed over the file as it is, so if the file was swapped
  // for an older copy meanwhile the two no longer fit: the full check compares every index with
  // its table, which quick_check does not.
  const wal = `${file}-wal`
  const afterCrash = existsSync(wal) && statSync(wal).size > 0
  let sqlite: SQLite.Database | undefined
  // umask, not chmod after the fact: the file never exists with wider permissions.
  let umask: number | undefined
  try {
    umask = process.umask(0o077)
  } catch {
    // Worker threads cannot change the umask; the main thread always can.
  }
  try {
    sqlite = new SQLite(file, { timeout: 5000 })
    sqlite.pragma('journal_mode = WAL')
    const synchronous = process.env[SYNCHRONOUS_ENV]?.toUpperCase() === 'NORMAL' ? 'NORMAL' : 'FULL'
    sqlite.pragma(`synchronous = ${synchronous}`)
    sqlite.pragma('foreign_keys = ON')
    // The checkpointer thread keeps the log short; this only applies if it falls behind (~40 MB).
    sqlite.pragma('wal_autocheckpoint = 10000')
    const check = afterCrash ? 'integrity_check' : 'quick_check'
    const problems = checkSchemaSettled(sqlite, check)
    if (problems.length > 0) {
      throw new StartupError(
        `${file} failed its integrity check (${problems.join('; ')}). Restore a backup; npm run check-db prints the full report.`,
      )
    }
    return sqlite
  } catch (err) {
    sqlite?.close()
    throw err instanceof StartupError ? err : new StartupError(explain(file, err))
  } finally {
    if (umask !== undefined) process.umask(umask)
  }
}
