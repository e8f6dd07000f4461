import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { journalRow, recordApi, setupTestApp } from './helpers.ts'

const valid = {
  user_name: 'emp',
  customer_add: 'Rawalpindi, Saddar',
  booking_date: '2026-05-20',
  specific_detail: 'Visa stamping',
  visa_type: 'WORK VISA',
  receivable_amount: 50000.75,
  paid_cash: 20000.5,
  paid_in_bank: 10000.1,
  bank_title: 'UBL Account 2',
  profit: 8000,
  remaining_amount: 999999,
}

describe(`services API (${DB_KIND})`, () => {
  const t = setupTestApp()
  const api = recordApi(t, '/api/services', 'services')
  const journal = (id: number) => journalRow(t, 'services', id)

  it('creates, recomputes remaining, and lists under {services}', async () => {
    const created = await t.call('employee', 'POST', '/api/services', valid)
    expect(created.status).toBe(201)
    expect(created.body.service).toMatchObject({
      entry: '1/1',
      user_name: 'emp',
      receivable_amount: 50000.75,
      paid_in_bank: 10000.1,
      profit: 8000,
      // 50000.75 − 20000.5 − 10000.1, exact to the paisa; the client's 999999 is ignored.
      remaining_amount: 20000.15,
    })
    const list = await t.call('employee', 'GET', '/api/services')
    expect(list.body.services).toHaveLength(1)
    expect(list.body.services[0].visa_type).toBe('WORK VISA')
    expect(await journal(created.body.service.id)).toMatchObject({
      date: '2026-05-20',
      receivable: 5000075,
      paid_cash: 2000050,
      paid_in_bank: 1000010,
      remaining: 2000015,
    })
  })

  it('answers every required message and stores nothing', async () => {
    const res = await api.refuses(
      {},
      {
        user_name: 'User Name is required',
        customer_add: 'Customer Address is required',
        booking_date: 'Booking Date is required',
        specific_detail: 'Specific Detail is required',
        visa_type: 'Visa Type is required',
        paid_in_bank: 'Number is required',
      },
    )
    expect(res.body.errors.receivable_amount).toBeDefined()
    expect(res.body.errors.paid_cash).toBeDefined()
    expect(res.body.errors.profit).toBeDefined()
  })

  it('checks the date, the visa type, negative amounts and a negative remaining', async () => {
    const before = await api.count()
    const bad = await t.call('employee', 'POST', '/api/services', {
      ...valid,
      booking_date: 'next week',
      visa_type: 'TOURIST',
    })
    expect(bad.body.errors).toMatchObject({ booking_date: 'Invalid date', visa_type: 'Invalid Visa Type' })
    const negative = await t.call('employee', 'POST', '/api/services', {
      ...valid,
      receivable_amount: -1,
      paid_cash: -1,
      paid_in_bank: -1,
    })
    expect(negative.body.errors).toMatchObject({
      receivable_amount: 'Amount cannot be negative',
      paid_cash: 'Amount cannot be negative',
      paid_in_bank: 'Amount cannot be negative',
    })
    const overpaid = await t.call('employee', 'POST', '/api/services', {
      ...valid,
      receivable_amount: 100,
      paid_cash: 60,
      paid_in_bank: 40.01,
    })
    expect(overpaid.status).toBe(400)
    expect(overpaid.body.message).toBe('Remaining amount cannot be negative')
    expect(overpaid.body.errors.remaining_amount).toBe('Remaining amount cannot be negative')
    const exact = await t.call('employee', 'POST', '/api/services', {
      ...valid,
      receivable_amount: 100,
      paid_cash: 60,
      paid_in_bank: 40,
    })
    expect(exact.body.service.remaining_amount).toBe(0)
    expect(await api.count()).toBe(before + 1)
  })

  it('lets only admins edit and delete', async () => {
    const created = await t.call('employee', 'POST', '/api/services', valid)
    const id = created.body.service.id
    await api.adminOnly(id, valid)
    const updated = await t.call('admin', 'PUT', `/api/services/${id}`, {
      ...valid,
      paid_cash: 40000.65,
      remaining_amount: 0,
    })
    expect(updated.status).toBe(200)
    expect(updated.body.service).toMatchObject({ paid_cash: 40000.65, remaining_amount: 0, user_name: 'emp' })
    expect(updated.body.service.entry).toBe(created.body.service.entry)
    expect((await journal(id))?.remaining).toBe(0)
    const overpaid = await t.call('admin', 'PUT', `/api/services/${id}`, { ...valid, paid_cash: 50000 })
    expect(overpaid.status).toBe(400)
    expect((await t.call('admin', 'GET', `/api/services/${id}`)).body.service.paid_cash).toBe(40000.65)
    expect((await t.call('admin', 'DELETE', `/api/services/${id}`)).status).toBe(200)
    expect(await journal(id)).toBeUndefined()
    expect((await t.call('admin', 'DELETE', `/api/services/${id}`)).status).toBe(404)
  })
})
