// First: under TEST_CLOCK (browser tests only) every later module reads the shifted time.
import './lib/test-clock.ts'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'
import { prepare as prepareOutsideReader } from './areas/platform/outside/outside-pool.ts'
import { sqliteFile } from './db/connect.ts'
import { MigrationInterrupted } from './db/migrate.ts'
import { StartupError } from './db/startup-error.ts'
import { backupDirFor, retentionFromEnv, scheduleDailyBackup, sqlitePathOf } from './lib/backups.ts'
import { BootstrapError, ensureAdmin } from './lib/bootstrap-admin.ts'

const env = process.env

/**
 * Quiet by default (issue 37, decision 093): warnings and errors only, so the first `npm start`
 * prints its address and the admin's sign-in, not a JSON line per request. LOG_LEVEL=info brings
 * the request log back; LOG_FILE=path writes it (at info, unless LOG_LEVEL says otherwise) to
 * that file instead of the terminal.
 */
const serverLog = (e: NodeJS.ProcessEnv) => ({
  level: e.LOG_LEVEL ?? (e.LOG_FILE ? 'info' : 'warn'),
  ...(e.LOG_FILE ? { file: e.LOG_FILE } : {}),
})
const port = Number(env.PORT ?? 3000)
const host = env.HOST ?? '0.0.0.0'
const webDir = env.WEB_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url))

// Installed before the database is opened: a signal during a migration must roll it back and
// close the file cleanly, not kill the process between two statements of an upgrade.
const starting = new AbortController()
let app: FastifyInstance | undefined
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (app) {
      const db = app.db
      // The checkpointer's connection closes last and empties the log: the next start sees a clean stop.
      app
        .close()
        .then(() => sqliteFile(db)?.checkpointer.stopped)
        .then(() => process.exit(0))
    } else if (!starting.signal.aborted) {
      console.log(`${signal} during start-up: stopping after rolling back the step in progress...`)
      starting.abort()
    } else {
      // A second signal: leave now. An uncommitted migration is rolled back by the database anyway.
      process.exit(130)
    }
  })
}

const fail = (err: unknown): never => {
  if (err instanceof StartupError) {
    console.error(`Booking System cannot start: ${err.message}`)
    process.exit(err instanceof MigrationInterrupted ? 130 : 1)
  }
  throw err
}

app = await buildApp({
  databaseUrl: env.DATABASE_URL,
  jwtSecret: env.JWT_SECRET,
  logger: env.LOG === 'off' ? false : serverLog(env),
  webDir,
  loginRateMax: env.LOGIN_RATE_MAX ? Number(env.LOGIN_RATE_MAX) : undefined,
  signupRateMax: env.SIGNUP_RATE_MAX ? Number(env.SIGNUP_RATE_MAX) : undefined,
  signal: starting.signal,
}).catch(fail)
if (starting.signal.aborted) {
  await app.close()
  process.exit(130)
}
const admin = await ensureAdmin(app.db, env).catch((err: unknown) =>
  fail(err instanceof BootstrapError ? new StartupError(err.message) : err),
)
await app
  .listen({ port, host })
  .catch((err: NodeJS.ErrnoException) =>
    fail(
      err.code === 'EADDRINUSE'
        ? new StartupError(`Port ${port} is already in use (set PORT to another).`)
        : err,
    ),
  )

// A worker for outside files and texts is loaded now rather than during the first import (issue 33).
prepareOutsideReader()

// SQLite: a backup every day at BACKUP_HOUR (server time, default 2 o'clock); BACKUP_HOUR=off disables it.
const dbFile = sqlitePathOf(env.DATABASE_URL)
if (dbFile && env.BACKUP_HOUR !== 'off') {
  const hour = Math.min(23, Math.max(0, Number(env.BACKUP_HOUR ?? 2) || 0))
  scheduleDailyBackup(dbFile, backupDirFor(dbFile), hour, retentionFromEnv())
}

const url = `http://localhost:${port}`
console.log(`\nBooking System is running at ${url}`)
if (admin?.password) {
  console.log(`An admin account was created. Sign in at ${url}/login with:`)
  console.log(`  email:    ${admin.email}`)
  console.log(`  password: ${admin.password}`)
  console.log(
    'This password is shown only once: keep it, or set ADMIN_EMAIL and ADMIN_PASSWORD before the first start.\n',
  )
} else if (admin) {
  console.log(`Admin account ${admin.email} created from ADMIN_EMAIL / ADMIN_PASSWORD.\n`)
}

// Under `npm start` the supervisor (scripts/supervise.mjs) restarts a server that crashes after
// it was up; one that never got this far failed to start, and starting it again would not help.
process.send?.('ready')
