import { businessDayOf } from '@booking/shared'
import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { journalRow, passengerRequired, recordApi, setupTestApp, passenger as traveller } from './helpers.ts'

const passenger = traveller('Sana', 'Iqbal', { title: 'Ms' })

const valid = {
  employee_name: 'emp',
  customer_add: 'Karachi',
  reference: 'Ref G',
  country: 'Saudi Arabia',
  passport_detail: JSON.stringify(passenger),
  receivable_amount: 18000,
  paid_cash: 5000,
  paid_from_bank: 'United Bank (holder Account 1)',
  paid_in_bank: 3000.5,
  profit: 2500,
}

describe(`GAMCA token API (${DB_KIND})`, () => {
  const t = setupTestApp()
  const api = recordApi(t, '/api/gamca-token', 'gamcaTokens')

  it('creates with a server remaining and lists under {gamcaTokens}', async () => {
    const created = await t.call('employee', 'POST', '/api/gamca-token', { ...valid, remaining_amount: 1 })
    expect(created.status).toBe(201)
    const g = created.body.gamcaToken
    expect(g).toMatchObject({
      entry: '1/1',
      employee_name: 'emp',
      profit: 2500,
      remaining_amount: 9999.5,
      paid_from_bank: 'United Bank (holder Account 1)',
    })
    expect(JSON.parse(g.passport_detail)).toEqual(passenger)
    const list = await t.call('employee', 'GET', '/api/gamca-token')
    expect(list.status).toBe(200)
    expect(list.body.gamcaTokens).toHaveLength(1)
    expect(list.body.gamcaTokens[0].country).toBe('Saudi Arabia')
  })

  it('reads passport_detail as an array or one object, defaulting the document type', async () => {
    const { documentType: _d, ...noType } = passenger
    const asArray = await t.call('employee', 'POST', '/api/gamca-token', {
      ...valid,
      passport_detail: [noType],
    })
    expect(asArray.status).toBe(201)
    expect(JSON.parse(asArray.body.gamcaToken.passport_detail).documentType).toBe('Passport')
    const asObject = await t.call('employee', 'POST', '/api/gamca-token', {
      ...valid,
      passport_detail: passenger,
    })
    expect(JSON.parse(asObject.body.gamcaToken.passport_detail).firstName).toBe('Sana')
  })

  it('answers every required message and stores nothing', async () => {
    await api.refuses(
      {},
      {
        employee_name: 'Employee Name is required',
        customer_add: 'Customer Address is required',
        reference: 'Reference is required',
        country: 'Country is required',
        ...passengerRequired('passport_detail'),
        receivable_amount: 'Receivable Amount is required',
        paid_cash: 'Paid Cash is required',
        paid_from_bank: 'Bank Title is required',
      },
      { exact: true },
    )
    await api.refuses(
      { ...valid, passport_detail: { ...passenger, documentType: 'National ID' } },
      { 'passport_detail.documentType': 'Document Type is required' },
    )
  })

  it('answers number and date type errors', async () => {
    await api.refuses(
      {
        ...valid,
        passport_detail: { ...passenger, dob: '1995-02-30', documentExpiry: 'next year' },
        receivable_amount: 'x',
        paid_cash: 'y',
        paid_in_bank: 'abc',
        profit: 'much',
      },
      {
        'passport_detail.dob': 'Invalid date',
        'passport_detail.documentExpiry': 'Invalid date',
        receivable_amount: 'Receivable Amount must be a number',
        paid_cash: 'Paid Cash must be a number',
        paid_in_bank: 'Paid_in_bank must be a number',
        profit: 'Profit must be a number',
      },
    )
  })

  it('lets only admins edit and delete, recomputing remaining on edit', async () => {
    const created = await t.call('employee', 'POST', '/api/gamca-token', valid)
    const id = created.body.gamcaToken.id
    await api.adminOnly(id, valid)
    const updated = await t.call('admin', 'PUT', `/api/gamca-token/${id}`, {
      ...valid,
      paid_cash: 18000,
      paid_in_bank: '',
      profit: 3000,
      remaining_amount: 777,
    })
    expect(updated.status).toBe(200)
    expect(updated.body.gamcaToken).toMatchObject({
      entry: created.body.gamcaToken.entry,
      paid_in_bank: 0,
      profit: 3000,
      remaining_amount: 0,
    })
    expect(await journalRow(t, 'gamca_tokens', id)).toMatchObject({
      // The Karachi day it was saved on (decision 019), which is not the UTC day after 19:00 UTC.
      date: businessDayOf(created.body.gamcaToken.created_at),
      name: 'Karachi',
      employee: 'emp',
      receivable: 1800000,
      paid_cash: 1800000,
      remaining: 0,
    })
    expect((await t.call('admin', 'DELETE', `/api/gamca-token/${id}`)).status).toBe(200)
    expect((await t.call('admin', 'DELETE', `/api/gamca-token/${id}`)).status).toBe(404)
    expect((await t.call('admin', 'PUT', `/api/gamca-token/${id}`, valid)).status).toBe(404)
  })

  it('refuses calls without a token', async () => {
    expect((await t.call('none', 'GET', '/api/gamca-token')).status).toBe(401)
  })
})
