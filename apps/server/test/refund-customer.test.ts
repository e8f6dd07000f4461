import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { journalRow, recordApi, setupTestApp } from './helpers.ts'

const valid = {
  employee: 'emp',
  name: 'Sana Iqbal',
  date: '2026-02-10',
  passport: 'PK445566',
  reference: 'REF-R1',
  detail_sector: 'LHE-DXB',
  total_amount: 100000,
  vender_name: 'Sky Travels',
  return_from_vendor: 20000.5,
  office_service_charges: 5000,
  paid_cash: 30000,
  paid_in_bank: 10000,
  bank_title: 'UNITED BANK (Account 1)',
}

describe(`refund customer API (${DB_KIND})`, () => {
  const t = setupTestApp()
  const api = recordApi(t, '/api/refund-customer', 'refundCustomers')

  it('creates with server figures and lists under {refundCustomers}', async () => {
    const created = await t.call('employee', 'POST', '/api/refund-customer', {
      ...valid,
      remaining_amount: 1,
      balance: 999,
    })
    expect(created.status).toBe(201)
    const saved = created.body.refundCustomer
    expect(saved.entry).toBe('1/1')
    expect(saved.employee).toBe('emp')
    expect(saved.remaining_amount).toBe(74999.5)
    expect(saved.balance).toBe(34999.5)
    expect(saved.return_from_vendor).toBe(20000.5)
    const list = await t.call('employee', 'GET', '/api/refund-customer')
    expect(list.status).toBe(200)
    expect(list.body.refundCustomers).toHaveLength(1)
    expect(list.body.refundCustomers[0]).toMatchObject({ name: 'Sana Iqbal', balance: 34999.5 })
  })

  it('books the cash paid back as a withdraw on the dashboard journal', async () => {
    const created = await t.call('employee', 'POST', '/api/refund-customer', valid)
    const row = await journalRow(t, 'refund_customers', created.body.refundCustomer.id)
    expect(Number(row?.withdraw)).toBe(3_000_000)
    expect(Number(row?.paid_cash)).toBe(0)
    expect(Number(row?.receivable)).toBe(0)
  })

  it('answers every required message and stores nothing', async () => {
    await api.refuses(
      {},
      {
        employee: 'Employee is required',
        name: 'Name is required',
        date: 'Date is required',
        passport: 'Passport is required',
        reference: 'Reference is required',
        detail_sector: 'Detail Sector is required',
        total_amount: 'Total Amount is required',
        vender_name: 'Vendor Name is required',
        return_from_vendor: 'Return From Vendor is required',
        office_service_charges: 'Office Service Charges is required',
        paid_cash: 'Paid Cash is required',
        paid_in_bank: 'Paid In Bank is required',
        bank_title: 'Bank Title is required',
      },
      { exact: true },
    )
  })

  it('wants numbers in the amount fields', async () => {
    await api.refuses(
      { ...valid, total_amount: 'abc', paid_cash: 'ten', date: 'not a date' },
      {
        total_amount: 'Total Amount must be a number',
        paid_cash: 'Paid Cash must be a number',
        date: 'Invalid date',
      },
    )
  })

  it('lets only admins edit and delete, recomputing on edit', async () => {
    const created = await t.call('employee', 'POST', '/api/refund-customer', valid)
    const id = created.body.refundCustomer.id
    await api.adminOnly(id, valid)
    const updated = await t.call('admin', 'PUT', `/api/refund-customer/${id}`, {
      ...valid,
      total_amount: 50000,
      paid_cash: 0,
      balance: 1,
    })
    expect(updated.status).toBe(200)
    expect(updated.body.refundCustomer).toMatchObject({
      entry: created.body.refundCustomer.entry,
      employee: 'emp',
      remaining_amount: 24999.5,
      balance: 14999.5,
    })
    expect((await t.call('admin', 'DELETE', `/api/refund-customer/${id}`)).status).toBe(200)
    expect((await t.call('admin', 'DELETE', `/api/refund-customer/${id}`)).status).toBe(404)
    expect(await journalRow(t, 'refund_customers', id)).toBeUndefined()
  })
})
