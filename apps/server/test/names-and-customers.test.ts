import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { rowCount, setupTestApp } from './helpers.ts'

describe(`unique names and real customers (${DB_KIND})`, () => {
  const t = setupTestApp()

  it.each([
    ['/api/agent-names', 'agent_names', 'Agent'],
    ['/api/vender-names', 'vender_names', 'Vendor'],
  ])(
    '%s refuses a name that differs only in case or spaces, naming the stored one',
    async (path, table, label) => {
      const first = await t.call('employee', 'POST', path, { name: 'Skyline Agents' })
      expect(first.status).toBe(201)
      const before = await rowCount(t, table)
      for (const name of ['skyline agents', '  SKYLINE AGENTS  ']) {
        const again = await t.call('employee', 'POST', path, { name })
        expect(again.status).toBe(409)
        expect(again.body).toMatchObject({
          status: 'error',
          message: `${label} name "Skyline Agents" already exists`,
        })
        expect(again.body.errors.name).toContain('"Skyline Agents" already exists')
      }
      expect(await rowCount(t, table)).toBe(before)
      // The database holds the rule too (migration 0010), whatever the route checks first.
      await expect(
        t.app.db
          .insertInto(table as 'agent_names')
          .values({ name: ' SkyLine agents', created_at: '' })
          .execute(),
      ).rejects.toThrow()
    },
  )

  it('refuses a blank customer with the field messages and stores nothing', async () => {
    const before = await rowCount(t, 'customers')
    const blank = await t.call('employee', 'POST', '/api/customers', {
      name: ' ',
      mobile_number: '',
      address: '',
      passport_number: '',
    })
    expect(blank.status).toBe(400)
    expect(blank.body.errors).toEqual({
      name: 'Customer name is required',
      mobile_number: 'Enter a mobile number or a passport number',
    })
    const nameOnly = await t.call('employee', 'POST', '/api/customers', { name: 'Ali' })
    expect(nameOnly.status).toBe(400)
    expect(Object.keys(nameOnly.body.errors)).toEqual(['mobile_number'])
    expect(await rowCount(t, 'customers')).toBe(before)
  })

  it('refuses the same customer twice (name ignoring case, same mobile or passport), allows a namesake', async () => {
    const ali = { name: 'Ali Khan', mobile_number: '03001112223', address: '', passport_number: '' }
    expect((await t.call('employee', 'POST', '/api/customers', ali)).status).toBe(201)
    const twice = await t.call('employee', 'POST', '/api/customers', { ...ali, name: ' ali khan ' })
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe('Customer "Ali Khan · 03001112223" already exists')
    const namesake = await t.call('employee', 'POST', '/api/customers', {
      ...ali,
      mobile_number: '',
      passport_number: 'PK9',
    })
    expect(namesake.status).toBe(201)
    const list = (await t.call('employee', 'GET', '/api/customers')).body.customers
    expect(list.filter((c: { name: string }) => c.name === 'Ali Khan')).toHaveLength(2)
  })
})

describe(`search by a date as shown and by an amount (${DB_KIND})`, () => {
  const t = setupTestApp()
  const expense = (date: string, total: number, detail: string) =>
    t.call('admin', 'POST', '/api/expenses', {
      user_name: 'admin',
      date,
      detail,
      total_amount: total,
      selection: 'OFFICE EXPENSE',
      withdraw: total,
    })

  it('finds 10/10/2026 and 25,000.50 the way the screens show them', async () => {
    for (const [date, total, detail] of [
      ['2026-10-10', 25000.5, 'Rent October'],
      ['2026-10-11', 1200, 'Tea 25000'],
      ['2026-11-10', 990, 'Fuel'],
    ] as const)
      expect((await expense(date, total, detail)).status).toBe(201)
    const search = async (q: string) =>
      (
        await t.call('employee', 'GET', `/api/expenses?q=${encodeURIComponent(q)}&limit=50`)
      ).body.expenses.map((e: { detail: string }) => e.detail)
    expect(await search('10/10/2026')).toEqual(['Rent October'])
    expect(await search('2026-10-10')).toEqual(['Rent October'])
    expect(await search('25,000.50')).toEqual(['Rent October'])
    // A bare number is an amount or text: the 25,000.50 row is not 25000, "Tea 25000" holds it.
    expect(await search('25000')).toEqual(['Tea 25000'])
    expect(await search('990')).toEqual(['Fuel'])
    expect(await search('31/02/2026')).toEqual([])
  })
})
