import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { DB_KIND, TEST_SECRET } from './harness.ts'
import { rowCount, setupTestApp } from './helpers.ts'

const signupBody = (n: string) => ({
  username: `user_${n}`,
  email: `user_${n}@test.local`,
  password: 'not-on-any-list-42',
})

describe(`auth and approval API (${DB_KIND})`, () => {
  const t = setupTestApp()
  const userCount = () => rowCount(t, 'users')
  const login = (email: string, password = 'password123') =>
    t.call('none', 'POST', '/api/user/login', { email, password })
  const pendingId = async (email: string) => {
    const res = await t.call('admin', 'GET', '/api/admin/pending-users')
    return res.body.users.find((u: { email: string }) => u.email === email)?.id as number | undefined
  }

  describe('signup', () => {
    it('creates a pending employee (201)', async () => {
      const res = await t.call('none', 'POST', '/api/user/signup', signupBody('new1'))
      expect(res.status).toBe(201)
      expect(res.body).toEqual({
        status: 'success',
        message: 'Registration successful! Your account is pending approval by an administrator.',
      })
      const row = await t.app.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'user_new1@test.local')
        .executeTakeFirstOrThrow()
      expect(row.role).toBe('employee')
      expect(Number(row.is_approved)).toBe(0)
      expect(row.password_hash).not.toContain('not-on-any-list-42')
    })

    it('answers every registration message and stores nothing', async () => {
      const before = await userCount()
      const cases: Array<[unknown, Record<string, string>]> = [
        [
          {},
          { username: 'Username is required', email: 'Email is required', password: 'Password is required' },
        ],
        [
          { username: '', email: '', password: '' },
          { username: 'Username is required', email: 'Email is required', password: 'Password is required' },
        ],
        [{ ...signupBody('x'), username: 'ab' }, { username: 'Username must be at least 3 characters' }],
        [
          { ...signupBody('x'), username: 'a'.repeat(21) },
          { username: 'Username cannot exceed 20 characters' },
        ],
        [
          { ...signupBody('x'), username: 'bad name!' },
          { username: 'Username can only contain letters, numbers and underscores' },
        ],
        [{ ...signupBody('x'), email: 'not-an-email' }, { email: 'Please enter a valid email address' }],
        [{ ...signupBody('x'), password: 'short' }, { password: 'Password must be at least 8 characters' }],
        [{ username: 123, email: true, password: [] }, {}],
      ]
      for (const [body, errors] of cases) {
        const res = await t.call('none', 'POST', '/api/user/signup', body)
        expect(res.status, JSON.stringify(body)).toBe(400)
        expect(res.body.status).toBe('error')
        expect(res.body.errors).toMatchObject(errors)
        expect(res.body.message).toBe(Object.values(res.body.errors)[0])
      }
      expect(await userCount()).toBe(before)
    })

    it('refuses a duplicate email with 409, whatever its case', async () => {
      const before = await userCount()
      const res = await t.call('none', 'POST', '/api/user/signup', {
        ...signupBody('dup'),
        email: 'USER_NEW1@test.local',
      })
      expect(res.status).toBe(409)
      expect(res.body).toMatchObject({ status: 'error', errors: { email: expect.any(String) } })
      expect(await userCount()).toBe(before)
    })

    // Each sign-up is a 128 MiB scrypt at OWASP's cost, so eight at once is the load worth proving.
    it('stores 8 concurrent signups without a 5xx', async () => {
      const before = await userCount()
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => t.call('none', 'POST', '/api/user/signup', signupBody(`c${i}`))),
      )
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(201))
      expect(await userCount()).toBe(before + 8)
    })

    it('8 concurrent signups of one email store exactly one', async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, () => t.call('none', 'POST', '/api/user/signup', signupBody('same'))),
      )
      const codes = results.map((r) => r.status).sort()
      expect(codes.filter((c) => c === 201)).toHaveLength(1)
      expect(codes.filter((c) => c === 409)).toHaveLength(7)
    })
  })

  describe('login', () => {
    it('unknown email: 404 "Account not found"', async () => {
      const res = await login('nobody@test.local')
      expect(res.status).toBe(404)
      expect(res.body).toMatchObject({ status: 'error', message: 'Account not found' })
      expect(res.body.token).toBeUndefined()
    })

    it('wrong password: 401 "Invalid email or password"', async () => {
      const res = await login('emp@test.local', 'wrong-password')
      expect(res.status).toBe(401)
      expect(res.body).toMatchObject({ status: 'error', message: 'Invalid email or password' })
    })

    it('needs email and password', async () => {
      const res = await t.call('none', 'POST', '/api/user/login', {})
      expect(res.status).toBe(400)
      expect(res.body.errors).toEqual({ email: 'Email is required', password: 'Password is required' })
    })

    it('pending account: status "pending" and no token', async () => {
      const res = await login('user_new1@test.local', 'not-on-any-list-42')
      expect(res.status).toBe(200)
      expect(res.body.status).toBe('pending')
      expect(res.body.token).toBeUndefined()
    })

    it('approved account: token, role and status; the email is not case sensitive', async () => {
      const res = await login('EMP@test.local')
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ status: 'approved', role: 'employee', token: expect.any(String) })
      const payload = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString())
      expect(payload).toMatchObject({ username: 'emp', email: 'emp@test.local', role: 'employee' })
      const admin = await login('admin@test.local')
      expect(admin.body.role).toBe('admin')
    })
  })

  describe('admin approval', () => {
    it('lists pending users and employees under {users}', async () => {
      const pending = await t.call('admin', 'GET', '/api/admin/pending-users')
      expect(pending.status).toBe(200)
      expect(pending.body.status).toBe('success')
      const one = pending.body.users.find((u: { email: string }) => u.email === 'user_new1@test.local')
      expect(one).toMatchObject({
        id: expect.any(Number),
        username: 'user_new1',
        role: 'employee',
        isApproved: false,
      })
      expect(one.password_hash).toBeUndefined()
      const employees = await t.call('admin', 'GET', '/api/admin/employees')
      expect(employees.body.users.map((u: { email: string }) => u.email)).toContain('emp@test.local')
      expect(employees.body.users.every((u: { role: string }) => u.role === 'employee')).toBe(true)
    })

    it('approve lets the user sign in; reject moves them back to pending', async () => {
      const id = await pendingId('user_new1@test.local')
      const approved = await t.call('admin', 'POST', '/api/admin/approve-user', {
        userId: id,
        approved: true,
      })
      expect(approved.status).toBe(200)
      expect(approved.body).toEqual({ status: 'success', message: 'User approved successfully' })
      expect(await pendingId('user_new1@test.local')).toBeUndefined()
      const employees = await t.call('admin', 'GET', '/api/admin/employees')
      const row = employees.body.users.find((u: { id: number }) => u.id === id)
      expect(row.isApproved).toBe(true)
      const signedIn = await login('user_new1@test.local', 'not-on-any-list-42')
      expect(signedIn.body.status).toBe('approved')
      const token = signedIn.body.token as string
      const asUser = await t.app.inject({
        method: 'GET',
        url: '/api/customers',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(asUser.statusCode).toBe(200)

      const rejected = await t.call('admin', 'POST', '/api/admin/approve-user', {
        userId: id,
        approved: false,
      })
      expect(rejected.status).toBe(200)
      expect(rejected.body.status).toBe('success')
      expect(['User rejected successfully', 'Employee rejected and moved to pending']).toContain(
        rejected.body.message,
      )
      expect(await pendingId('user_new1@test.local')).toBe(id)
      expect((await login('user_new1@test.local', 'not-on-any-list-42')).body.status).toBe('pending')
      // The token issued while approved stops working at once.
      const revoked = await t.app.inject({
        method: 'GET',
        url: '/api/customers',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(revoked.statusCode).toBe(401)
      expect(revoked.json().message).toBe('You are not authenticated')
    })

    it('checks the payload, unknown users and admin accounts', async () => {
      const bad = await t.call('admin', 'POST', '/api/admin/approve-user', { userId: 'x', approved: 'yes' })
      expect(bad.status).toBe(400)
      expect(bad.body.errors).toMatchObject({ approved: 'approved must be true or false' })
      expect(bad.body.errors.userId).toBeTruthy()
      const missing = await t.call('admin', 'POST', '/api/admin/approve-user', {
        userId: 999_999,
        approved: true,
      })
      expect(missing.status).toBe(404)
      expect(missing.body).toMatchObject({ status: 'error', message: 'User not found' })
      const adminRow = await t.app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'admin@test.local')
        .executeTakeFirstOrThrow()
      const self = await t.call('admin', 'POST', '/api/admin/approve-user', {
        userId: adminRow.id,
        approved: false,
      })
      expect(self.status).toBe(409)
      expect((await login('admin@test.local')).body.status).toBe('approved')
    })
  })
})

describe('login rate limit', () => {
  it('answers 429 JSON after too many attempts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'booking-rate-'))
    const app = await buildApp({
      databaseUrl: `sqlite:${join(dir, 'rate.db')}`,
      jwtSecret: TEST_SECRET,
      loginRateMax: 3,
    })
    try {
      const attempt = () =>
        app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { email: 'x@y.z', password: 'whatever1' },
        })
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(404)
      const limited = await attempt()
      expect(limited.statusCode).toBe(429)
      expect(limited.headers['content-type']).toContain('application/json')
      expect(limited.json()).toMatchObject({ status: 'error', message: expect.any(String) })
      // Another email from the same address is counted separately.
      const other = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: 'other@y.z', password: 'whatever1' },
      })
      expect(other.statusCode).toBe(404)
    } finally {
      await app.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
