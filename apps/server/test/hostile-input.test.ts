import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { protectorBody, rowCount, setupTestApp } from './helpers.ts'

const MESSAGE = 'Text cannot contain NUL characters or broken Unicode'

describe(`hostile text, ids and caching (${DB_KIND})`, () => {
  const t = setupTestApp()

  it('refuses NUL and lone surrogates in bodies, keys and queries with 400, storing nothing', async () => {
    const before = await rowCount(t, 'protectors')
    for (const bad of ['Ali\u0000Khan', 'Ali\uD800', '\uDC00Khan', 'x\uDFFF\uD800']) {
      const res = await t.call('employee', 'POST', '/api/protector', protectorBody({ name: bad }))
      expect(res.status, JSON.stringify(bad)).toBe(400)
      expect(res.body).toEqual({ status: 'error', message: MESSAGE, errors: { name: MESSAGE } })
    }
    const key = await t.call('employee', 'POST', '/api/customers', { 'na\u0000me': 'x' })
    expect(key.status).toBe(400)
    const nested = await t.call('employee', 'POST', '/api/ticket', { passengers: [{ firstName: 'A\u0000' }] })
    expect(nested.body.errors).toEqual({ 'passengers.0.firstName': MESSAGE })
    expect(await rowCount(t, 'protectors')).toBe(before)
    // A whole pair is fine: an emoji name is stored and read back as sent.
    const emoji = await t.call('employee', 'POST', '/api/protector', protectorBody({ name: 'Ali 😀' }))
    expect(emoji.status).toBe(201)
    expect(emoji.body.protector.name).toBe('Ali 😀')
  })

  it('refuses them on the unauthenticated login and sign-up too', async () => {
    const login = await t.call('none', 'POST', '/api/user/login', { email: 'a\u0000@x.com', password: 'x' })
    expect(login.status).toBe(400)
    expect(login.body.errors).toEqual({ email: MESSAGE })
    const signup = await t.call('none', 'POST', '/api/user/signup', {
      username: 'nul_user',
      email: 'nul@x.com',
      password: 'pass\uD800word-long',
    })
    expect(signup.status).toBe(400)
    expect(await rowCount(t, 'users')).toBe(2)
  })

  it('a search, filter or path with %00 answers 400, never 500', async () => {
    for (const url of [
      '/api/protector?q=abc%00def',
      '/api/protector?q=%00%00%00',
      '/api/agent?name=x%00',
      '/api/dashboard?from=%00',
      '/api/accounts/UBL%00',
    ]) {
      const res = await t.call('admin', 'GET', url)
      expect(res.status, url).toBe(400)
      expect(res.body.status, url).toBe('error')
    }
  })

  it('ids beyond 2^31-1, fractions and junk answer 400 "Invalid … ID" (or 404), never 500', async () => {
    for (const id of ['2147483648', '99999999999999999999', '1e20', '1.5', '-1', 'abc']) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await t.call(
          'admin',
          method,
          `/api/protector/${id}`,
          method === 'PUT' ? protectorBody() : undefined,
        )
        expect(res.status, `${method} ${id}`).toBe(400)
        expect(res.body.message).toBe('Invalid protector ID')
      }
      const bank = await t.call('admin', 'PUT', `/api/admin/banks/${id}`, { name: 'X' })
      expect(bank.status, id).toBe(400)
    }
    const approve = await t.call('admin', 'POST', '/api/admin/approve-user', {
      userId: 2 ** 31,
      approved: true,
    })
    expect(approve.status).toBe(400)
    const offset = await t.call('admin', 'GET', '/api/protector?limit=5&offset=99999999999999999999')
    expect(offset.status).toBe(400)
    const highest = await t.call('admin', 'GET', '/api/protector/2147483647')
    expect(highest.status).toBe(404)
  })

  it('every /api answer says Cache-Control: no-store, errors and cached lists included', async () => {
    for (const [role, url] of [
      ['admin', '/api/protector'],
      ['admin', '/api/protector'],
      ['employee', '/api/dashboard'],
      ['none', '/api/protector'],
      ['none', '/api/health'],
      ['admin', '/api/no-such-route'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: role === 'none' ? {} : { authorization: `Bearer ${t.tokens[role]}` },
      })
      expect(res.headers['cache-control'], `${role} ${url}`).toBe('no-store')
    }
    const login = await t.call('none', 'POST', '/api/user/login', {
      email: 'emp@test.local',
      password: 'password123',
    })
    expect(login.status).toBe(200)
  })
})
