import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, InjectOptions } from 'fastify'
import pg from 'pg'
import { type AppOptions, buildApp } from '../src/app.ts'

/** Which database this run uses: TEST_DB=postgres with TEST_DATABASE_URL, else a SQLite file. */
export const DB_KIND = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite'

export interface TestApp {
  app: FastifyInstance
  /** The test database (`sqlite:PATH` or a postgres:// URL), for a second connection. */
  databaseUrl: string
  /** Bearer tokens of a ready admin and a ready approved employee. */
  tokens: { admin: string; employee: string }
  /** Calls the API as a role ('none' sends no token); body is sent as JSON. */
  call: (
    role: 'admin' | 'employee' | 'none',
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
  ) => Promise<{ status: number; body: any }>
  close: () => Promise<void>
}

/** A fresh, migrated database for one test file: a new SQLite file or a new PostgreSQL database. */
export const freshDatabase = async (): Promise<{ url: string; drop: () => Promise<void> }> => {
  if (DB_KIND === 'postgres') {
    const base = process.env.TEST_DATABASE_URL
    if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL')
    const name = `t_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: base })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const url = new URL(base)
    url.pathname = `/${name}`
    return {
      url: url.toString(),
      drop: async () => {
        const c = new pg.Client({ connectionString: base })
        await c.connect()
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await c.end()
      },
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'booking-test-'))
  return {
    url: `sqlite:${join(dir, 'test.db')}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  }
}

/** The signing key of every test app (JWT_SECRET must be at least 32 characters). */
export const TEST_SECRET = 'test-secret-of-at-least-32-characters'
/** 'password123' at the current scrypt cost, made once: hashing it per file would cost ~0.5 s each. */
export const TEST_PASSWORD_HASH =
  'scrypt$ln=17,r=8,p=1$aiqHNrsYdef5yF0f5eRTZw$Spra254-xJURBpFhVepKGSZ0heNUWsxJf8ccLabkFyU'

export const startTestApp = async (options: AppOptions = {}): Promise<TestApp> => {
  const database = await freshDatabase()
  const app = await buildApp({
    databaseUrl: database.url,
    jwtSecret: TEST_SECRET,
    loginRateMax: 10_000,
    signupRateMax: 10_000,
    ...options,
  })
  const now = new Date().toISOString()
  const password_hash = TEST_PASSWORD_HASH
  await app.db
    .insertInto('users')
    .values([
      {
        username: 'admin',
        email: 'admin@test.local',
        password_hash,
        role: 'admin',
        is_approved: 1,
        created_at: now,
      },
      {
        username: 'emp',
        email: 'emp@test.local',
        password_hash,
        role: 'employee',
        is_approved: 1,
        created_at: now,
      },
    ])
    .execute()
  const login = async (email: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: 'password123' },
    })
    return res.json().token as string
  }
  const tokens = { admin: await login('admin@test.local'), employee: await login('emp@test.local') }
  const call: TestApp['call'] = async (role, method, url, body) => {
    const headers: Record<string, string> = {}
    if (role !== 'none') headers.authorization = `Bearer ${tokens[role]}`
    const res = await app.inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as any }),
    })
    let parsed: any = null
    try {
      parsed = res.json()
    } catch {
      parsed = res.body
    }
    return { status: res.statusCode, body: parsed }
  }
  return {
    app,
    databaseUrl: database.url,
    tokens,
    call,
    close: async () => {
      await app.close()
      await database.drop()
    },
  }
}
