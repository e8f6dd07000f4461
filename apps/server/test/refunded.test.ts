import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { journalRow, recordApi, setupTestApp } from './helpers.ts'

const valid = {
  employee: 'emp',
  date: '2026-03-01',
  name: 'Sana Iqbal',
  passport: 'PK445566',
  reference: 'MCB-12',
  paid_fee_date: '2026-03-02',
  paid_refund_date: '',
  total_balance: 45000.5,
  withdraw: 1200,
}

describe(`refunded API (${DB_KIND})`, () => {
  const t = setupTestApp()
  const api = recordApi(t, '/api/refunded', 'refunded')
  const journal = (id: number) => journalRow(t, 'refunded', id)

  it('creates with a server-assigned entry and lists under {refunded}', async () => {
    const created = await t.call('employee', 'POST', '/api/refunded', valid)
    expect(created.status).toBe(201)
    expect(created.body.refunded).toMatchObject({
      entry: '1/1',
      employee: 'emp',
      paid_fee_date: '2026-03-02',
      paid_refund_date: null,
      total_balance: 45000.5,
      withdraw: 1200,
    })
    const list = await t.call('employee', 'GET', '/api/refunded')
    expect(list.status).toBe(200)
    expect(list.body.refunded).toHaveLength(1)
    expect(list.body.refunded[0].name).toBe('Sana Iqbal')
    expect(await journal(created.body.refunded.id)).toMatchObject({ name: 'Sana Iqbal', withdraw: 120000 })
  })

  it('defaults withdraw to 0 and accepts null optional dates', async () => {
    const { withdraw: _w, ...rest } = valid
    const created = await t.call('employee', 'POST', '/api/refunded', {
      ...rest,
      paid_fee_date: null,
      paid_refund_date: null,
    })
    expect(created.status).toBe(201)
    expect(created.body.refunded).toMatchObject({ withdraw: 0, paid_fee_date: null, paid_refund_date: null })
  })

  it('answers every required message and stores nothing', async () => {
    const res = await api.refuses(
      {},
      {
        employee: 'Employee is required',
        date: 'Date is required',
        name: 'Name is required',
        passport: 'Passport is required',
        reference: 'Reference is required',
        total_balance: 'Total balance is required',
      },
    )
    expect(res.body.errors.paid_fee_date).toBeUndefined()
    expect(res.body.errors.withdraw).toBeUndefined()
    await api.refuses({ ...valid, total_balance: 'abc' }, { total_balance: 'Total balance is required' })
  })

  it('checks all three dates and negative amounts', async () => {
    const before = await api.count()
    const res = await t.call('employee', 'POST', '/api/refunded', {
      ...valid,
      date: '2026/03/01',
      paid_fee_date: '2026-00-10',
      paid_refund_date: '1-2-2026',
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toMatchObject({
      date: 'Invalid date format (yyyy-MM-dd)',
      paid_fee_date: 'Invalid date values',
      paid_refund_date: 'Invalid date format (yyyy-MM-dd)',
    })
    const negative = await t.call('employee', 'POST', '/api/refunded', {
      ...valid,
      total_balance: -100,
      withdraw: -1,
    })
    expect(negative.body.errors).toMatchObject({
      total_balance: 'Amount cannot be negative',
      withdraw: 'Amount cannot be negative',
    })
    expect(await api.count()).toBe(before)
  })

  it('lets only admins edit and delete', async () => {
    const created = await t.call('employee', 'POST', '/api/refunded', valid)
    const id = created.body.refunded.id
    await api.adminOnly(id, valid)
    const updated = await t.call('admin', 'PUT', `/api/refunded/${id}`, {
      ...valid,
      paid_refund_date: '2026-04-15',
      withdraw: 0.01,
    })
    expect(updated.status).toBe(200)
    expect(updated.body.refunded).toMatchObject({ paid_refund_date: '2026-04-15', withdraw: 0.01 })
    expect(updated.body.refunded.entry).toBe(created.body.refunded.entry)
    expect((await journal(id))?.withdraw).toBe(1)
    expect((await t.call('admin', 'DELETE', `/api/refunded/${id}`)).status).toBe(200)
    expect(await journal(id)).toBeUndefined()
    expect((await t.call('admin', 'DELETE', `/api/refunded/${id}`)).status).toBe(404)
  })
})
