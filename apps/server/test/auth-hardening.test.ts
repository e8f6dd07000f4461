import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { ensureAdmin } from '../src/lib/bootstrap-admin.ts'
import { hashPassword, needsRehash } from '../src/lib/passwords.ts'
import { keyFileFor } from '../src/plugins/auth.ts'
import { startSession } from '../src/plugins/sessions.ts'
import { DB_KIND, TEST_SECRET, type TestApp } from './harness.ts'
import { protectorBody, rowCount, setupTestApp } from './helpers.ts'

/** A POST from a chosen client address (the limits key on it). */
const post = (t: TestApp, url: string, payload: object, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip })

describe(`login and sign-up limits (${DB_KIND})`, () => {
  const t = setupTestApp(undefined, { loginRateMax: 3, signupRateMax: 2 })

  it('padding or re-casing the email does not reset the per-email limit', async () => {
    const spellings = [
      'emp@test.local',
      '  emp@test.local',
      '\temp@test.local\t',
      '\u00a0EMP@test.local\u200b',
    ]
    const codes: number[] = []
    for (const [i, email] of spellings.entries()) {
      codes.push(
        (await post(t, '/api/user/login', { email, password: 'wrong-guess' }, `10.1.0.${i}`)).statusCode,
      )
    }
    // The harness's own sign-in as emp used the first of the three.
    expect(codes).toEqual([401, 401, 429, 429])
    // Even the right password from a fresh address waits for the window.
    const right = await post(
      t,
      '/api/user/login',
      { email: 'emp@test.local', password: 'password123' },
      '10.1.9.9',
    )
    expect(right.statusCode).toBe(429)
    expect(right.json()).toMatchObject({ status: 'error', message: expect.stringContaining('Too many') })
  })

  it('one address spraying unknown emails is limited too', async () => {
    const codes: number[] = []
    for (let i = 0; i < 16; i++) {
      codes.push(
        (await post(t, '/api/user/login', { email: `ghost${i}@x.com`, password: 'x' }, '10.2.0.1'))
          .statusCode,
      )
    }
    expect(codes.slice(0, 15)).toEqual(Array(15).fill(404))
    expect(codes[15]).toBe(429)
  })

  it('sign-up is limited per address, and a refused one stores nothing', async () => {
    const before = await rowCount(t, 'users')
    const body = (n: number) => ({
      username: `lim_${n}`,
      email: `lim${n}@x.com`,
      password: 'not-on-any-list-42',
    })
    expect((await post(t, '/api/user/signup', body(1), '10.3.0.1')).statusCode).toBe(201)
    expect((await post(t, '/api/user/signup', body(2), '10.3.0.1')).statusCode).toBe(201)
    const third = await post(t, '/api/user/signup', body(3), '10.3.0.1')
    expect(third.statusCode).toBe(429)
    expect(await rowCount(t, 'users')).toBe(before + 2)
    expect((await post(t, '/api/user/signup', body(4), '10.3.0.2')).statusCode).toBe(201)
  })
})

describe(`accounts (${DB_KIND})`, () => {
  const t = setupTestApp()
  const signup = (body: object) => t.call('none', 'POST', '/api/user/signup', body)

  it('refuses common passwords with a field message, whatever their case', async () => {
    const before = await rowCount(t, 'users')
    for (const password of ['12345678', 'password', 'PassWord1', 'iloveyou', 'qwertyuiop']) {
      const res = await signup({ username: 'weak_pw', email: 'weak@x.com', password })
      expect(res.status, password).toBe(400)
      expect(res.body.errors).toEqual({
        password: 'This password is too common. Please choose a less guessable one',
      })
    }
    expect(await rowCount(t, 'users')).toBe(before)
  })

  it('usernames are unique ignoring case: 409 with a field message', async () => {
    const before = await rowCount(t, 'users')
    for (const username of ['ADMIN', 'Emp', 'emp']) {
      const res = await signup({ username, email: `${username}-x@x.com`, password: 'not-on-any-list-42' })
      expect(res.status, username).toBe(409)
      expect(res.body).toEqual({
        status: 'error',
        message: 'This username is already taken',
        errors: { username: 'This username is already taken' },
      })
    }
    expect(await rowCount(t, 'users')).toBe(before)
    // The database refuses it too, whoever writes.
    await expect(
      t.app.db
        .insertInto('users')
        .values({
          username: 'Admin',
          email: 'sneaky@x.com',
          password_hash: 'x',
          role: 'employee',
          is_approved: 1,
          created_at: '',
        })
        .execute(),
    ).rejects.toThrow()
  })

  it('a record stores the id of the user who saved it beside the spec name', async () => {
    const res = await t.call('employee', 'POST', '/api/protector', protectorBody({ employee: 'admin' }))
    expect(res.status).toBe(201)
    const row = await t.app.db
      .selectFrom('protectors')
      .select(['employee', 'created_by'])
      .where('id', '=', res.body.protector.id)
      .executeTakeFirstOrThrow()
    const emp = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'emp')
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ employee: 'emp', created_by: emp.id })
  })

  it('hashes at N=2^17 and upgrades an old (Node default) hash on the next login', async () => {
    const fresh = await hashPassword('not-on-any-list-42')
    expect(fresh).toMatch(/^scrypt\$ln=17,r=8,p=1\$/)
    expect(needsRehash(fresh)).toBe(false)
    // The hash format of earlier versions: scrypt$salt$hash with N=2^14.
    const { scryptSync, randomBytes } = await import('node:crypto')
    const salt = randomBytes(16)
    const legacy = `scrypt$${salt.toString('base64url')}$${scryptSync('old-pass-phrase-9', salt, 32).toString('base64url')}`
    expect(needsRehash(legacy)).toBe(true)
    await t.app.db
      .insertInto('users')
      .values({
        username: 'old_timer',
        email: 'old@x.com',
        password_hash: legacy,
        role: 'employee',
        is_approved: 1,
        created_at: '',
      })
      .execute()
    const login = await t.call('none', 'POST', '/api/user/login', {
      email: 'old@x.com',
      password: 'old-pass-phrase-9',
    })
    expect(login.body.status).toBe('approved')
    const row = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'old@x.com')
      .executeTakeFirstOrThrow()
    expect(row.password_hash).toMatch(/^scrypt\$ln=17,r=8,p=1\$/)
    const again = await t.call('none', 'POST', '/api/user/login', {
      email: 'old@x.com',
      password: 'old-pass-phrase-9',
    })
    expect(again.body.status).toBe('approved')
    const wrong = await t.call('none', 'POST', '/api/user/login', {
      email: 'old@x.com',
      password: 'old-pass-phrase-8',
    })
    expect(wrong.status).toBe(401)
  })

  it('logins, failed logins, approvals and rejections are in the audit log, never the password', async () => {
    const pw = 'not-on-any-list-42'
    await signup({ username: 'audited', email: 'audited@x.com', password: pw })
    await t.call('none', 'POST', '/api/user/login', { email: ' Audited@x.com', password: 'bad-guess-1' })
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'audited')
      .executeTakeFirstOrThrow()
    await t.call('admin', 'POST', '/api/admin/approve-user', { userId: user.id, approved: true })
    await t.call('none', 'POST', '/api/user/login', { email: 'audited@x.com', password: pw })
    await t.call('admin', 'POST', '/api/admin/approve-user', { userId: user.id, approved: false })
    const rows = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('table_name', '=', 'users')
      .where('record_id', '=', user.id)
      .orderBy('id')
      .execute()
    expect(rows.map((r) => r.action)).toEqual(['signup', 'login-failed', 'approve', 'login', 'reject'])
    expect(rows[2].username).toBe('admin')
    expect(JSON.parse(rows[1].after_json ?? '{}')).toMatchObject({
      email: 'audited@x.com',
      reason: 'Invalid email or password',
    })
    for (const r of rows) expect(`${r.before_json}${r.after_json}`).not.toContain('bad-guess')
    for (const r of rows) expect(`${r.before_json}${r.after_json}`).not.toContain(pw)
  })

  it('the pending list is paged (newest first) with a total', async () => {
    const all = await t.call('admin', 'GET', '/api/admin/pending-users')
    expect(all.body.total).toBeGreaterThanOrEqual(1)
    const page = await t.call('admin', 'GET', '/api/admin/pending-users?limit=1&offset=0')
    expect(page.body.users).toHaveLength(1)
    expect(page.body.total).toBe(all.body.total)
    expect((await t.call('admin', 'GET', '/api/admin/pending-users?limit=100000')).status).toBe(400)
  })

  it('tokens without an expiry are refused, even when signed with the key', async () => {
    const key = new TextEncoder().encode(TEST_SECRET)
    const forever = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .sign(key)
    expect(
      (await t.app.inject({ url: '/api/ticket', headers: { authorization: `Bearer ${forever}` } }))
        .statusCode,
    ).toBe(401)
    // The same claims with an expiry (and a live session, which every token needs) get through.
    const timed = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setJti(await startSession(t.app.db, 1))
      .setExpirationTime('1h')
      .sign(key)
    expect(
      (await t.app.inject({ url: '/api/ticket', headers: { authorization: `Bearer ${timed}` } })).statusCode,
    ).toBe(200)
  })
})

if (DB_KIND === 'sqlite')
  describe('the signing key', () => {
    it('refuses a JWT_SECRET shorter than 32 characters with a clear message', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'booking-key-'))
      try {
        await expect(
          buildApp({ databaseUrl: `sqlite:${join(dir, 'a.db')}`, jwtSecret: 'short' }),
        ).rejects.toThrow(/JWT_SECRET must be at least 32 characters long/)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })

    it('without JWT_SECRET, keeps a generated key in an owner-only file, moved from an older database', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'booking-key-'))
      const url = `sqlite:${join(dir, 'b.db')}`
      try {
        const first = await buildApp({ databaseUrl: url })
        await first.close()
        const file = keyFileFor(url) as string
        expect(statSync(file).mode & 0o777).toBe(0o600)
        rmSync(file)
        // What an older version left: the key in the settings table.
        const again = await buildApp({ databaseUrl: url })
        await again.db
          .insertInto('settings')
          .values({ key: 'jwt_secret', value: 'k'.repeat(40) })
          .execute()
        await again.close()
        rmSync(file)
        const moved = await buildApp({ databaseUrl: url })
        expect(
          await moved.db.selectFrom('settings').selectAll().where('key', '=', 'jwt_secret').execute(),
        ).toEqual([])
        // The old key now lives in the file, so tokens signed with it stay valid.
        expect(readFileSync(file, 'utf8')).toBe('k'.repeat(40))
        expect(statSync(file).mode & 0o777).toBe(0o600)
        await moved.close()
        // A key file others can read is made owner-only at start.
        writeFileSync(file, 'z'.repeat(40), { mode: 0o644 })
        const fixed = await buildApp({ databaseUrl: url })
        expect(statSync(file).mode & 0o777).toBe(0o600)
        await fixed.close()
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })
  })

describe(`first admin (${DB_KIND})`, () => {
  const t = setupTestApp()

  it('never promotes an existing account holding ADMIN_EMAIL; says why instead', async () => {
    await t.app.db.updateTable('users').set({ role: 'employee' }).where('username', '=', 'admin').execute()
    await expect(
      ensureAdmin(t.app.db, { ADMIN_EMAIL: 'EMP@test.local', ADMIN_PASSWORD: 'x' }),
    ).rejects.toThrow(/ordinary account already has the email emp@test.local; it is not promoted/)
    await expect(ensureAdmin(t.app.db, { ADMIN_EMAIL: 'boss@x.com', ADMIN_USERNAME: 'EMP' })).rejects.toThrow(
      /username emp/,
    )
    expect(await rowCount(t, 'users')).toBe(2)
    const roles = await t.app.db.selectFrom('users').select('role').execute()
    expect(roles.map((r) => r.role)).toEqual(['employee', 'employee'])
    const made = await ensureAdmin(t.app.db, { ADMIN_EMAIL: 'boss@x.com', ADMIN_USERNAME: 'boss' })
    expect(made).toMatchObject({ email: 'boss@x.com', password: expect.any(String) })
    const login = await t.call('none', 'POST', '/api/user/login', {
      email: 'boss@x.com',
      password: made?.password,
    })
    expect(login.body).toMatchObject({ status: 'approved', role: 'admin' })
  })
})
