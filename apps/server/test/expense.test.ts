import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { journalRow, recordApi, setupTestApp } from './helpers.ts'

const valid = {
  user_name: 'emp',
  date: '2026-02-10',
  detail: 'Electricity bill',
  total_amount: 12500.75,
  selection: 'UTILITY BILL',
  withdraw: 3000.25,
}

describe(`expense API (${DB_KIND})`, () => {
  const t = setupTestApp()
  const api = recordApi(t, '/api/expenses', 'expenses')
  const journal = (id: number) => journalRow(t, 'expenses', id)

  it('creates with a server-assigned entry and lists under {expenses}', async () => {
    const created = await t.call('employee', 'POST', '/api/expenses', { ...valid, user_name: 'someone else' })
    expect(created.status).toBe(201)
    expect(created.body.expense).toMatchObject({
      entry: '1/1',
      user_name: 'emp',
      total_amount: 12500.75,
      withdraw: 3000.25,
      selection: 'UTILITY BILL',
    })
    const list = await t.call('employee', 'GET', '/api/expenses')
    expect(list.status).toBe(200)
    expect(list.body.expenses).toHaveLength(1)
    expect(list.body.expenses[0].detail).toBe('Electricity bill')
    expect(await journal(created.body.expense.id)).toMatchObject({
      date: '2026-02-10',
      name: 'Electricity bill',
      withdraw: 300025,
    })
  })

  it('defaults withdraw to 0 when left out', async () => {
    const { withdraw: _w, ...noWithdraw } = valid
    const created = await t.call('employee', 'POST', '/api/expenses', noWithdraw)
    expect(created.status).toBe(201)
    expect(created.body.expense.withdraw).toBe(0)
  })

  it('answers every required message and stores nothing', async () => {
    const res = await api.refuses(
      {},
      {
        user_name: 'Enter Name',
        date: 'Enter Date',
        detail: 'Enter Detail',
        total_amount: 'Enter Total Amount',
        selection: 'Select Type',
      },
    )
    expect(res.body.errors.withdraw).toBeUndefined()
  })

  it('checks the date shape and values, the type and negative amounts', async () => {
    const before = await api.count()
    const shape = await t.call('employee', 'POST', '/api/expenses', { ...valid, date: '10/02/2026' })
    expect(shape.body.errors.date).toBe('Invalid date format (yyyy-MM-dd)')
    const values = await t.call('employee', 'POST', '/api/expenses', { ...valid, date: '2026-02-30' })
    expect(values.body.errors.date).toBe('Invalid date values')
    const type = await t.call('employee', 'POST', '/api/expenses', { ...valid, selection: 'HOLIDAY' })
    expect(type.body.errors.selection).toBe('Select Type')
    const negative = await t.call('employee', 'POST', '/api/expenses', {
      ...valid,
      total_amount: -1,
      withdraw: -5,
    })
    expect(negative.status).toBe(400)
    expect(negative.body.errors).toMatchObject({
      total_amount: 'Amount cannot be negative',
      withdraw: 'Amount cannot be negative',
    })
    expect(await api.count()).toBe(before)
  })

  it('lets only admins edit and delete', async () => {
    const created = await t.call('employee', 'POST', '/api/expenses', valid)
    const id = created.body.expense.id
    await api.adminOnly(id, valid)
    const updated = await t.call('admin', 'PUT', `/api/expenses/${id}`, {
      ...valid,
      detail: 'Gas bill',
      withdraw: 10,
    })
    expect(updated.status).toBe(200)
    expect(updated.body.expense).toMatchObject({ detail: 'Gas bill', withdraw: 10, user_name: 'emp' })
    expect(updated.body.expense.entry).toBe(created.body.expense.entry)
    expect((await journal(id))?.withdraw).toBe(1000)
    const bad = await t.call('admin', 'PUT', `/api/expenses/${id}`, { ...valid, date: '2026-13-01' })
    expect(bad.body.errors.date).toBe('Invalid date values')
    expect((await t.call('admin', 'DELETE', `/api/expenses/${id}`)).status).toBe(200)
    expect(await journal(id)).toBeUndefined()
    expect((await t.call('admin', 'DELETE', `/api/expenses/${id}`)).status).toBe(404)
  })
})
