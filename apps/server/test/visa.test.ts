import { businessDayOf } from '@booking/shared'
import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { journalRow, recordApi, setupTestApp, passenger as traveller } from './helpers.ts'

const passenger = traveller('Usman', 'Tariq')

const valid = {
  employee_name: 'emp',
  file_number: 'FL-12',
  reference: 'Ref A',
  sponsor_name: 'Al Noor LLC',
  visa_number: 'V-99',
  id_number: 'ID-7',
  embassy: 'Saudi',
  passport_detail: JSON.stringify(passenger),
  e_number: 'E-5',
  customer_add: 'Lahore',
  ptn_permission: 'PTN-1',
  embassy_send_date: '2026-02-01',
  embassy_return_date: '2026-02-10',
  protector_date: '2026-02-12',
  expiry_medical_date: '2026-05-01',
  passport_deliver_date: '2026-02-15',
  receivable_amount: 150000,
  additional_charges: 12000.5,
  pay_for_protector: 8000,
  paid_cash: 50000,
  paid_in_bank: 25000.25,
  bank_title: 'HBL Account 1',
}

describe(`visa processing API (${DB_KIND})`, () => {
  const t = setupTestApp()
  const api = recordApi(t, '/api/visa-processing', 'visa_processing')

  it('creates with server figures and lists under {visa_processing}', async () => {
    const created = await t.call('employee', 'POST', '/api/visa-processing', {
      ...valid,
      profit: 1,
      remaining_amount: 2,
      entry: '99/99',
    })
    expect(created.status).toBe(201)
    const v = created.body.visa_processing
    expect(v.entry).toBe('1/1')
    expect(v.employee_name).toBe('emp')
    expect(v.profit).toBe(129999.5)
    expect(v.remaining_amount).toBe(74999.75)
    expect(JSON.parse(v.passport_detail)).toEqual(passenger)
    const list = await t.call('employee', 'GET', '/api/visa-processing')
    expect(list.status).toBe(200)
    expect(list.body.visa_processing).toHaveLength(1)
    expect(list.body.visa_processing[0]).toMatchObject({
      sponsor_name: 'Al Noor LLC',
      embassy_send_date: '2026-02-01',
    })
  })

  it('needs only the employee name; the rest defaults', async () => {
    const res = await t.call('employee', 'POST', '/api/visa-processing', { employee_name: 'emp' })
    expect(res.status).toBe(201)
    expect(res.body.visa_processing).toMatchObject({
      receivable_amount: 0,
      profit: 0,
      remaining_amount: 0,
      embassy_send_date: null,
      visa_expiry_date: null,
      reference: '',
    })
    expect(JSON.parse(res.body.visa_processing.passport_detail).documentType).toBe('Passport')
  })

  it('reads passport_detail as an array or a single object', async () => {
    const asArray = await t.call('employee', 'POST', '/api/visa-processing', {
      employee_name: 'emp',
      passport_detail: [passenger],
    })
    expect(JSON.parse(asArray.body.visa_processing.passport_detail).firstName).toBe('Usman')
    const asObject = await t.call('employee', 'POST', '/api/visa-processing', {
      employee_name: 'emp',
      passport_detail: passenger,
    })
    expect(JSON.parse(asObject.body.visa_processing.passport_detail).lastName).toBe('Tariq')
  })

  it('answers the required message and type errors, storing nothing', async () => {
    await api.refuses({}, { employee_name: 'Employee Name is required' })
    await api.refuses(
      {
        ...valid,
        receivable_amount: 'lots',
        paid_cash: -5,
        embassy_send_date: '2026-02-31',
        protector_date: 'soon',
        visa_expiry_date: '2027-13-01',
      },
      {
        receivable_amount: 'Receivable Amount must be a number',
        paid_cash: 'Paid Cash cannot be negative',
        embassy_send_date: 'Invalid date',
        protector_date: 'Invalid date',
        visa_expiry_date: 'Invalid date',
      },
    )
  })

  it('stores the optional Visa Expiry Date as yyyy-mm-dd and clears it on edit', async () => {
    const created = await t.call('employee', 'POST', '/api/visa-processing', {
      ...valid,
      visa_expiry_date: '15/03/2027',
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.visa_processing.id
    expect(created.body.visa_processing.visa_expiry_date).toBe('2027-03-15')
    const cleared = await t.call('admin', 'PUT', `/api/visa-processing/${id}`, {
      ...valid,
      visa_expiry_date: '',
    })
    expect(cleared.status).toBe(200)
    expect(cleared.body.visa_processing.visa_expiry_date).toBeNull()
  })

  it('lets only admins edit and delete, recomputing figures on edit', async () => {
    const created = await t.call('employee', 'POST', '/api/visa-processing', valid)
    const id = created.body.visa_processing.id
    await api.adminOnly(id, valid)
    const updated = await t.call('admin', 'PUT', `/api/visa-processing/${id}`, {
      ...valid,
      receivable_amount: 100000,
      paid_in_bank: 0,
      profit: 5,
    })
    expect(updated.status).toBe(200)
    expect(updated.body.visa_processing).toMatchObject({
      entry: created.body.visa_processing.entry,
      employee_name: 'emp',
      profit: 79999.5,
      remaining_amount: 50000,
    })
    expect((await t.call('admin', 'DELETE', `/api/visa-processing/${id}`)).status).toBe(200)
    expect((await t.call('admin', 'DELETE', `/api/visa-processing/${id}`)).status).toBe(404)
    expect((await t.call('admin', 'DELETE', '/api/visa-processing/abc')).status).toBe(400)
  })

  it('puts the record on the dashboard journal and keeps it in step', async () => {
    const created = await t.call('employee', 'POST', '/api/visa-processing', valid)
    const id = created.body.visa_processing.id
    const row = () => journalRow(t, 'visa_processing', id)
    // Issue 13: dated the business day it was recorded, not the embassy date.
    expect(await row()).toMatchObject({
      date: businessDayOf(created.body.visa_processing.created_at, 'Asia/Karachi'),
      name: 'Lahore',
      employee: 'emp',
      paid_cash: 5000000,
    })
    await t.call('admin', 'PUT', `/api/visa-processing/${id}`, {
      ...valid,
      embassy_send_date: '',
      paid_cash: 100,
    })
    const edited = await row()
    expect(edited?.date).toBe(businessDayOf(created.body.visa_processing.created_at, 'Asia/Karachi'))
    expect(edited?.paid_cash).toBe(10000)
    await t.call('admin', 'DELETE', `/api/visa-processing/${id}`)
    expect(await row()).toBeUndefined()
  })

  it('refuses calls without a token', async () => {
    expect((await t.call('none', 'GET', '/api/visa-processing')).status).toBe(401)
  })

  it('names the dashboard line after the customer', async () => {
    const created = await t.call('employee', 'POST', '/api/visa-processing', valid)
    const id = created.body.visa_processing.id as number
    expect((await journalRow(t, 'visa_processing', id))?.name).toBe('Lahore')
  })
})
