import SQLite from 'better-sqlite3'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { setupTestApp } from './helpers.ts'

const expense = (detail: string) => ({
  user_name: 'x',
  date: '2026-02-10',
  detail,
  total_amount: 1500,
  selection: 'UTILITY BILL',
  withdraw: 0,
})

/** Writes one expense through a connection of its own, as another server or a script would. */
const writeFromOutside = async (databaseUrl: string, detail: string) => {
  const row = [detail, '2026-02-11', 'outside', 'UTILITY BILL', new Date().toISOString()]
  const insert = `INSERT INTO expenses (detail, date, user_name, selection, created_at, entry, total_amount, withdraw)`
  if (DB_KIND === 'postgres') {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    await client.query(`${insert} VALUES ($1, $2, $3, $4, $5, 'X-1', 100, 0)`, row)
    await client.end()
  } else {
    const other = new SQLite(databaseUrl.replace(/^sqlite:/, ''))
    other.prepare(`${insert} VALUES (?, ?, ?, ?, ?, 'X-1', 100, 0)`).run(...row)
    other.close()
  }
}

describe(`repeated GETs answer from memory only while nothing changed (${DB_KIND})`, () => {
  const t = setupTestApp()
  const page = async (url = '/api/expenses?limit=25') => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${t.tokens.employee}` },
    })
    return { status: res.statusCode, type: res.headers['content-type'], raw: res.body, body: res.json() }
  }
  const details = async (url?: string) => (await page(url)).body.expenses.map((e: any) => e.detail)

  it('a repeated page is the same bytes, and shows a new record at once', async () => {
    expect((await t.call('employee', 'POST', '/api/expenses', expense('first'))).status).toBe(201)
    const a = await page()
    const b = await page()
    expect(a.status).toBe(200)
    expect(b.raw).toBe(a.raw)
    expect(b.type).toBe(a.type)
    expect(a.type).toContain('application/json')
    expect(a.body.expenses.map((e: any) => e.detail)).toEqual(['first'])

    expect((await t.call('employee', 'POST', '/api/expenses', expense('second'))).status).toBe(201)
    expect(await details()).toEqual(['second', 'first'])
    const dashboard = await t.call('employee', 'GET', '/api/dashboard')
    expect(dashboard.body.cards?.totalEntries ?? dashboard.body.totalBookings).toBeDefined()
  })

  it('an edit and a delete show on the next answer of the list and the dashboard', async () => {
    const before = (await t.call('employee', 'GET', '/api/dashboard')).body
    const list = (await page()).body.expenses
    const id = list[0].id
    expect(
      (await t.call('admin', 'PUT', `/api/expenses/${id}`, { ...expense('edited'), withdraw: 250 })).status,
    ).toBe(200)
    expect(await details()).toEqual(['edited', 'first'])
    const after = (await t.call('employee', 'GET', '/api/dashboard')).body
    expect(JSON.stringify(after)).not.toBe(JSON.stringify(before))
    expect((await t.call('admin', 'DELETE', `/api/expenses/${id}`)).status).toBe(200)
    expect(await details()).toEqual(['first'])
  })

  it("another connection's write shows up", async () => {
    expect(await details()).toEqual(['first'])
    await writeFromOutside(t.databaseUrl, 'from outside')
    // Commits by other connections are noticed within a millisecond (db/connect.ts).
    await new Promise((r) => setTimeout(r, 5))
    expect(await details()).toEqual(['from outside', 'first'])
  })

  it('never answers without a valid token, nor to an employee rejected since', async () => {
    await page()
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/expenses?limit=25' })
    expect(anonymous.statusCode).toBe(401)

    const signup = await t.call('none', 'POST', '/api/user/signup', {
      username: 'late',
      email: 'late@test.local',
      password: 'not-on-any-list-42',
    })
    expect(signup.status).toBeLessThan(300)
    const late = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'late@test.local')
      .executeTakeFirstOrThrow()
    expect(
      (await t.call('admin', 'POST', '/api/admin/approve-user', { userId: late.id, approved: true })).status,
    ).toBe(200)
    const login = await t.call('none', 'POST', '/api/user/login', {
      email: 'late@test.local',
      password: 'not-on-any-list-42',
    })
    const asLate = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/expenses?limit=25',
        headers: { authorization: `Bearer ${login.body.token}` },
      })
    expect((await asLate()).statusCode).toBe(200)
    expect((await asLate()).statusCode).toBe(200)
    expect(
      (await t.call('admin', 'POST', '/api/admin/approve-user', { userId: late.id, approved: false })).status,
    ).toBe(200)
    expect((await asLate()).statusCode).toBe(401)
  })

  it("an admin's cached answer is never given to an employee the route refuses", async () => {
    for (const url of ['/api/vender?limit=25', '/api/accounts?limit=25']) {
      expect((await t.call('admin', 'GET', url)).status, url).toBe(200)
      expect((await t.call('admin', 'GET', url)).status, url).toBe(200)
      const asEmployee = await t.call('employee', 'GET', url)
      expect(asEmployee.status, url).toBe(403)
      expect(asEmployee.body.status).toBe('error')
    }
  })

  it('a refused query is not kept', async () => {
    for (let i = 0; i < 2; i++) {
      const bad = await page('/api/expenses?limit=-3')
      expect(bad.status).toBe(400)
    }
    expect((await page('/api/expenses?limit=1')).body.expenses).toHaveLength(1)
  })
})
