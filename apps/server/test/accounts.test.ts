import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { setupTestApp } from './helpers.ts'

describe(`accounts and sessions API (${DB_KIND})`, () => {
  const t = setupTestApp()
  const login = async (email: string, password = 'Ravi-Lahore-2026') =>
    t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } })
  const tokenOf = async (email: string, password = 'Ravi-Lahore-2026') =>
    (await login(email, password)).json().token as string
  const as = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    })
    return { status: res.statusCode, body: res.json() }
  }
  const users = async () =>
    (await t.call('admin', 'GET', '/api/admin/users')).body.users as Array<{
      id: number
      email: string
      role: string
      active: boolean
      isApproved: boolean
    }>
  const idOf = async (email: string) => (await users()).find((u) => u.email === email)!.id
  const addEmployee = async (name: string) => {
    await t.call('none', 'POST', '/api/user/signup', {
      username: name,
      email: `${name}@test.local`,
      password: 'Ravi-Lahore-2026',
    })
    const id = await idOf(`${name}@test.local`)
    await t.call('admin', 'POST', '/api/admin/approve-user', { userId: id, approved: true })
    return id
  }

  it('lists every user with id, username, email, role, isApproved and active (admins only)', async () => {
    const res = await t.call('admin', 'GET', '/api/admin/users')
    expect(res.status).toBe(200)
    expect(res.body.users).toContainEqual(
      expect.objectContaining({
        username: 'emp',
        email: 'emp@test.local',
        role: 'employee',
        isApproved: true,
        active: true,
      }),
    )
    expect(res.body.users[0]).not.toHaveProperty('password_hash')
    expect((await t.call('employee', 'GET', '/api/admin/users')).status).toBe(403)
  })

  it('logout revokes the token on the server; other sessions stay', async () => {
    await addEmployee('logout_user')
    const first = await tokenOf('logout_user@test.local')
    const second = await tokenOf('logout_user@test.local')
    expect((await as(first, 'GET', '/api/ticket')).status).toBe(200)
    expect((await as(first, 'POST', '/api/user/logout')).status).toBe(200)
    expect((await as(first, 'GET', '/api/ticket')).status).toBe(401)
    expect((await as(second, 'GET', '/api/ticket')).status).toBe(200)
  })

  it('a password change ends the other sessions and needs the current password', async () => {
    await addEmployee('pw_user')
    const here = await tokenOf('pw_user@test.local')
    const elsewhere = await tokenOf('pw_user@test.local')
    const wrong = await as(here, 'POST', '/api/user/password', {
      current_password: 'nope',
      new_password: 'newpass123',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors).toEqual({ current_password: 'Current password is incorrect' })
    const short = await as(here, 'POST', '/api/user/password', {
      current_password: 'Ravi-Lahore-2026',
      new_password: 'x',
    })
    expect(short.status).toBe(400)
    expect(short.body.errors).toEqual({ new_password: 'Password must be at least 8 characters' })
    expect((await as(elsewhere, 'GET', '/api/ticket')).status).toBe(200)

    const changed = await as(here, 'POST', '/api/user/password', {
      current_password: 'Ravi-Lahore-2026',
      new_password: 'newpass123',
    })
    expect(changed.status).toBe(200)
    expect((await as(elsewhere, 'GET', '/api/ticket')).status).toBe(401)
    expect((await as(here, 'GET', '/api/ticket')).status).toBe(200)
    expect((await login('pw_user@test.local')).statusCode).toBe(401)
    expect((await login('pw_user@test.local', 'newpass123')).statusCode).toBe(200)
  })

  it('a deactivated employee is refused at once and cannot sign in; reactivation needs a new sign-in', async () => {
    const id = await addEmployee('off_user')
    const token = await tokenOf('off_user@test.local')
    expect((await as(token, 'GET', '/api/ticket')).status).toBe(200)
    const off = await t.call('admin', 'PUT', `/api/admin/users/${id}`, { active: false })
    expect(off.status).toBe(200)
    expect(off.body.user).toMatchObject({ id, active: false })
    expect((await as(token, 'GET', '/api/ticket')).status).toBe(401)
    const refused = await login('off_user@test.local')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe('This account has been deactivated. Please ask an admin.')
    expect((await t.call('admin', 'PUT', `/api/admin/users/${id}`, { active: true })).status).toBe(200)
    // The old token stays dead; a new sign-in works.
    expect((await as(token, 'GET', '/api/ticket')).status).toBe(401)
    expect((await as(await tokenOf('off_user@test.local'), 'GET', '/api/ticket')).status).toBe(200)
  })

  it('re-approval does not revive a token issued before the rejection', async () => {
    const id = await addEmployee('again_user')
    const token = await tokenOf('again_user@test.local')
    await t.call('admin', 'POST', '/api/admin/approve-user', { userId: id, approved: false })
    expect((await as(token, 'GET', '/api/ticket')).status).toBe(401)
    await t.call('admin', 'POST', '/api/admin/approve-user', { userId: id, approved: true })
    expect((await as(token, 'GET', '/api/ticket')).status).toBe(401)
  })

  it('makes and unmakes admins, and never removes the last active admin', async () => {
    const adminId = await idOf('admin@test.local')
    const lastDemote = await t.call('admin', 'PUT', `/api/admin/users/${adminId}`, { role: 'employee' })
    expect(lastDemote.status).toBe(409)
    expect(lastDemote.body.message).toBe('There must always be at least one active admin')
    expect((await t.call('admin', 'PUT', `/api/admin/users/${adminId}`, { active: false })).status).toBe(409)
    expect((await users()).find((u) => u.id === adminId)).toMatchObject({ role: 'admin', active: true })

    const id = await addEmployee('second_admin')
    const promoted = await t.call('admin', 'PUT', `/api/admin/users/${id}`, { role: 'admin' })
    expect(promoted.body.user.role).toBe('admin')
    const second = await tokenOf('second_admin@test.local')
    expect((await as(second, 'GET', '/api/admin/users')).status).toBe(200)
    // With two admins, either may step down, but then the other is the last one.
    expect((await as(second, 'PUT', `/api/admin/users/${adminId}`, { role: 'employee' })).status).toBe(200)
    expect((await as(second, 'PUT', `/api/admin/users/${id}`, { active: false })).status).toBe(409)
    expect((await as(second, 'PUT', `/api/admin/users/${adminId}`, { role: 'admin' })).status).toBe(200)
    expect((await t.call('admin', 'PUT', `/api/admin/users/${id}`, { role: 'employee' })).status).toBe(200)
    expect((await as(second, 'GET', '/api/admin/users')).status).toBe(403)

    const bad = await t.call('admin', 'PUT', `/api/admin/users/${id}`, { role: 'owner' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ role: 'Role must be admin or employee' })
    expect((await t.call('admin', 'PUT', '/api/admin/users/999999', { active: true })).status).toBe(404)
    expect((await t.call('admin', 'PUT', '/api/admin/users/2147483648', { active: true })).status).toBe(400)
    // '1e3' reads as user 1000, which does not exist.
    expect((await t.call('admin', 'POST', '/api/admin/users/1e3/password')).status).toBe(404)
    expect((await t.call('employee', 'PUT', `/api/admin/users/${id}`, { role: 'admin' })).status).toBe(403)
  })

  it('an admin reset gives a one-time password and ends the old sessions', async () => {
    const id = await addEmployee('reset_user')
    const old = await tokenOf('reset_user@test.local')
    const reset = await t.call('admin', 'POST', `/api/admin/users/${id}/password`)
    expect(reset.status).toBe(200)
    expect(reset.body.password).toMatch(/^[A-Za-z0-9]{12}$/)
    expect((await as(old, 'GET', '/api/ticket')).status).toBe(401)
    expect((await login('reset_user@test.local')).statusCode).toBe(401)
    expect((await login('reset_user@test.local', reset.body.password)).statusCode).toBe(200)
    expect((await t.call('employee', 'POST', `/api/admin/users/${id}/password`)).status).toBe(403)
  })
})
