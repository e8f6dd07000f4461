import { normalizePhone } from '@booking/shared'
import { describe, expect, it } from 'vitest'
import { connect } from '../src/db/connect.ts'
import { migrateToLatest } from '../src/db/migrate.ts'
import { DB_KIND, freshDatabase } from './harness.ts'
import { rowCount, setupTestApp } from './helpers.ts'

/** Issue 23 item 2: typed phone numbers, the duplicate warning and merges that keep details (decision 047). */
describe(`customer details kept (${DB_KIND})`, () => {
  const t = setupTestApp()
  const add = (body: Record<string, unknown>) =>
    t.call('employee', 'POST', '/api/customers', { address: '', passport_number: '', ...body })

  it('stores phone numbers typed any way in one form and refuses what is not a phone number', async () => {
    const typed = ['0300-1234567', '+92 300 1234568', '3001234569', '0092 300 1234560']
    const stored = ['03001234567', '03001234568', '03001234569', '03001234560']
    for (const [i, mobile] of typed.entries()) {
      const saved = await add({ name: `Phone ${i}`, mobile_number: mobile })
      expect(saved.status).toBe(201)
      expect(saved.body.customer.mobile_number).toBe(stored[i])
    }
    const before = await rowCount(t, 'customers')
    const bad = await add({ name: 'Bad Phone', mobile_number: '0300-12' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.mobile_number).toBe('Enter the mobile number as 0300 1234567 or +92 300 1234567')
    expect(await rowCount(t, 'customers')).toBe(before)
    // The same person typed another way is the same customer.
    const again = await add({ name: 'phone 0', mobile_number: '+92-300-1234567' })
    expect(again.status).toBe(409)
  })

  it('names the customers sharing a typed name, phone or passport', async () => {
    const ali = (
      await add({ name: 'Ali Warned', mobile_number: '0321 5550001', passport_number: 'AW1234567' })
    ).body.customer
    const q = (query: string) => t.call('employee', 'GET', `/api/customers/matches?${query}`)
    const byName = await q('name=%20ali%20warned')
    expect(byName.status).toBe(200)
    expect(byName.body.matches).toEqual([expect.objectContaining({ id: ali.id, matched: ['name'] })])
    const byPhone = await q(`name=Someone%20Else&mobile_number=${encodeURIComponent('+92 321 5550001')}`)
    expect(byPhone.body.matches).toEqual([
      expect.objectContaining({ id: ali.id, matched: ['mobile_number'] }),
    ])
    const byPassport = await q('passport_number=aw%201234567')
    expect(byPassport.body.matches).toEqual([
      expect.objectContaining({ id: ali.id, matched: ['passport_number'] }),
    ])
    expect((await q(`name=Ali%20Warned&except_id=${ali.id}`)).body.matches).toEqual([])
    expect((await q('name=Nobody%20Here')).body.matches).toEqual([])
    expect((await t.call('none', 'GET', '/api/customers/matches?name=x')).status).toBe(401)
  })

  it("a merge keeps the survivor's fields, fills its empty ones and takes the chosen ones", async () => {
    const into = (await add({ name: 'Merge Keep', mobile_number: '', passport_number: 'MK1', address: '' }))
      .body.customer
    const from = (
      await add({ name: 'Merge Keep Dup', mobile_number: '0333-7778889', address: 'Model Town, Lahore' })
    ).body.customer
    const merged = await t.call('admin', 'POST', `/api/customers/${from.id}/merge`, { into_id: into.id })
    expect(merged.status).toBe(200)
    expect(merged.body.customer).toMatchObject({
      id: into.id,
      name: 'Merge Keep',
      mobile_number: '03337778889',
      address: 'Model Town, Lahore',
      passport_number: 'MK1',
    })
    const third = (await add({ name: 'Merge Third', mobile_number: '03001112223', address: 'Karachi' })).body
      .customer
    const chosen = await t.call('admin', 'POST', `/api/customers/${third.id}/merge`, {
      into_id: into.id,
      take: ['address'],
    })
    expect(chosen.status).toBe(200)
    const stored = (await t.call('admin', 'GET', `/api/customers/${into.id}`)).body.customer
    expect(stored).toMatchObject({ name: 'Merge Keep', mobile_number: '03337778889', address: 'Karachi' })
    const bad = await t.call('admin', 'POST', `/api/customers/${into.id}/merge`, {
      into_id: from.id,
      take: ['x'],
    })
    expect(bad.status).toBe(400)
  })
})

describe(`migration 0022 (${DB_KIND})`, () => {
  it('stores the numbers saved before in the one form, as the shared normalizer does, leaving odd text', async () => {
    const database = await freshDatabase()
    const db = connect(database.url)
    try {
      await migrateToLatest(db, { until: '0019_created_at_ranges' })
      const typed = ['0300-1234567', '+92 321 5550001', '3451112223', '042-35761234', 'ask at shop', '']
      const now = new Date().toISOString()
      for (const [i, mobile_number] of typed.entries())
        await db
          .insertInto('customers')
          .values({
            name: `Old ${i}`,
            mobile_number,
            address: '',
            passport_number: '',
            created_by: 'x',
            created_at: now,
          })
          .execute()
      await migrateToLatest(db)
      const rows = await db.selectFrom('customers').select(['name', 'mobile_number']).orderBy('id').execute()
      expect(rows.map((r) => r.mobile_number)).toEqual(typed.map((v) => normalizePhone(v) ?? v))
      expect(rows.map((r) => r.mobile_number)).toEqual([
        '03001234567',
        '03215550001',
        '03451112223',
        '04235761234',
        'ask at shop',
        '',
      ])
    } finally {
      await db.destroy()
      await database.drop()
    }
  })
})
