import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { journalRow, recordApi, setupTestApp } from './helpers.ts'

const valid = {
  employee: 'emp',
  name: 'Ali Khan',
  passport: 'AB123',
  reference: 'REF-1',
  file_no: 'F-9',
  withdraw: 1500.5,
  mcb_fee_6000_date: '2026-01-05',
  ncb_fee_6700_date: '2026-01-06',
  ncb_fee_500_date: '2026-01-07',
  protector_date: '2026-01-08',
  additional_charges: 200,
}

describe(`protector API (${DB_KIND})`, () => {
  const t = setupTestApp()
  const api = recordApi(t, '/api/protector', 'protectors')

  it('creates with a server-assigned entry and lists under {protectors}', async () => {
    const created = await t.call('employee', 'POST', '/api/protector', valid)
    expect(created.status).toBe(201)
    expect(created.body.protector.entry).toBe('1/1')
    expect(created.body.protector.withdraw).toBe(1500.5)
    const list = await t.call('employee', 'GET', '/api/protector')
    expect(list.body.protectors).toHaveLength(1)
    expect(list.body.protectors[0].name).toBe('Ali Khan')
  })

  it('answers every required message and stores nothing', async () => {
    await api.refuses(
      {},
      {
        name: 'Enter Name',
        passport: 'Enter Passport',
        reference: 'Enter Reference',
        file_no: 'Enter File No',
        employee: 'Enter Employee',
        mcb_fee_6000_date: 'Enter Date',
        protector_date: 'Enter Protector Date',
        additional_charges: 'Enter Additional Charges',
      },
    )
    expect(await api.count()).toBe(1)
  })

  it('checks date shape and values', async () => {
    const res = await t.call('employee', 'POST', '/api/protector', {
      ...valid,
      protector_date: '08/01/2026',
      ncb_fee_500_date: '2026-13-01',
    })
    expect(res.status).toBe(400)
    expect(res.body.errors.protector_date).toBe('Invalid date format (yyyy-MM-dd)')
    expect(res.body.errors.ncb_fee_500_date).toBe('Invalid date values')
  })

  it('lets only admins edit and delete', async () => {
    const created = await t.call('employee', 'POST', '/api/protector', valid)
    const id = created.body.protector.id
    await api.adminOnly(id, valid)
    const updated = await t.call('admin', 'PUT', `/api/protector/${id}`, { ...valid, name: 'Changed' })
    expect(updated.status).toBe(200)
    expect(updated.body.protector.name).toBe('Changed')
    expect(updated.body.protector.entry).toBe('2/2')
    expect((await t.call('admin', 'DELETE', `/api/protector/${id}`)).status).toBe(200)
    expect((await t.call('admin', 'DELETE', `/api/protector/${id}`)).status).toBe(404)
  })

  it('treats withdraw as optional, defaulting to 0', async () => {
    const { withdraw: _w, ...noWithdraw } = valid
    const missing = await t.call('employee', 'POST', '/api/protector', noWithdraw)
    expect(missing.status).toBe(201)
    expect(missing.body.protector.withdraw).toBe(0)
    const empty = await t.call('employee', 'POST', '/api/protector', { ...valid, withdraw: '' })
    expect(empty.body.protector.withdraw).toBe(0)
    const bad = await t.call('employee', 'POST', '/api/protector', { ...valid, withdraw: 'lots' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.withdraw).toBe('Withdraw must be a number')
  })

  it('rejects dd/mm/yyyy on every date and stores nothing', async () => {
    await api.refuses(
      {
        ...valid,
        mcb_fee_6000_date: '05/01/2026',
        ncb_fee_6700_date: '06/01/2026',
        ncb_fee_500_date: '2026-00-07',
        protector_date: '2026-01-32',
      },
      {
        mcb_fee_6000_date: 'Invalid date format (yyyy-MM-dd)',
        ncb_fee_6700_date: 'Invalid date format (yyyy-MM-dd)',
        ncb_fee_500_date: 'Invalid date values',
        protector_date: 'Invalid date values',
      },
    )
  })

  it('puts the withdraw on the dashboard journal and rejects a bad id', async () => {
    const created = await t.call('employee', 'POST', '/api/protector', valid)
    const id = created.body.protector.id
    expect(await journalRow(t, 'protectors', id)).toMatchObject({
      date: '2026-01-08',
      name: 'Ali Khan',
      withdraw: 150050,
    })
    expect((await t.call('admin', 'DELETE', '/api/protector/0')).status).toBe(400)
    expect((await t.call('admin', 'PUT', '/api/protector/999999', valid)).status).toBe(404)
  })

  it('refuses calls without a token', async () => {
    expect((await t.call('none', 'GET', '/api/protector')).status).toBe(401)
  })
})
