import { fileURLToPath } from 'node:url'
import { buildApp } from './app.ts'
import { BootstrapError, ensureAdmin } from './lib/bootstrap-admin.ts'

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
  signupRateMax: env.SIGNUP_RATE_MAX ? Number(env.SIGNUP_RATE_MAX) : undefined,
})
const admin = await ensureAdmin(app.db, env).catch(async (err: unknown) => {
  if (!(err instanceof BootstrapError)) throw err
  console.error(err.message)
  await app.close()
  process.exit(1)
})
await app.listen({ port, host })

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
