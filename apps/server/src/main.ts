import { fileURLToPath } from 'node:url'
import { buildApp } from './app.ts'
import { backupDirFor, retentionFromEnv, scheduleDailyBackup, sqliteFile } from './lib/backups.ts'
import { ensureAdmin } from './lib/bootstrap-admin.ts'

const env = process.env
const port = Number(env.PORT ?? 3000)
const host = env.HOST ?? '0.0.0.0'
const webDir = env.WEB_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url))

const app = await buildApp({
  databaseUrl: env.DATABASE_URL,
  jwtSecret: env.JWT_SECRET,
  logger: env.LOG !== 'off',
  webDir,
  loginRateMax: env.LOGIN_RATE_MAX ? Number(env.LOGIN_RATE_MAX) : undefined,
})
const admin = await ensureAdmin(app.db, env)
await app.listen({ port, host })

// SQLite: a backup every day at BACKUP_HOUR (server time, default 2 o'clock); BACKUP_HOUR=off disables it.
const dbFile = sqliteFile(env.DATABASE_URL)
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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    app.close().then(() => process.exit(0))
  })
}
