import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { journalRow, passengerRequired, recordApi, setupTestApp, passenger as traveller } from './helpers.ts'

const passenger = traveller('Usman', 'Ghani')

const valid = {
  employee_name: 'emp',
  customer_add: 'Usman Ghani, Lahore',
  reference: 'REF-N1',
  profession_key: 'Emirates',
  passport_detail: JSON.stringify(passenger),
  receivable_amount: 60000,
  paid_cash: 20000,
  paid_in_bank: 15000,
  paid_from_bank: 'HABIB BANK (Account 1)',
  payed_to_bank: 45000,
}

describe(`navtcc API (${DB_KIND})`, () => {
  const t = setupTestApp((t) => t.call('admin', 'POST', '/api/vender-names', { name: 'Skyline Vendor' }))
  const api = recordApi(t, '/api/navtcc', 'navtcc')
  const postings = (id: number) =>
    t.app.db
      .selectFrom('vendor_ledger')
      .selectAll()
      .where('source_type', '=', 'navtcc')
      .where('source_id', '=', id)
      .execute()

  it('creates with server figures and lists under {navtcc}', async () => {
    const created = await t.call('employee', 'POST', '/api/navtcc', {
      ...valid,
      profit: 1,
      remaining_amount: 2,
    })
    expect(created.status).toBe(201)
    const saved = created.body.navtcc
    expect(saved.entry).toBe('1/1')
    expect(saved.remaining_amount).toBe(25000)
    expect(saved.profit).toBe(15000)
    expect(JSON.parse(saved.passport_detail)).toMatchObject({ firstName: 'Usman', documentType: 'Passport' })
    const list = await t.call('employee', 'GET', '/api/navtcc')
    expect(list.body.navtcc).toHaveLength(1)
    expect(list.body.navtcc[0]).toMatchObject({ profession_key: 'Emirates', payed_to_bank: 45000 })
    // No vendor chosen: nothing is posted to the vendor ledger.
    expect(await postings(saved.id)).toHaveLength(0)
  })

  it('accepts passport_detail as an object or an array too', async () => {
    const asObject = await t.call('employee', 'POST', '/api/navtcc', { ...valid, passport_detail: passenger })
    expect(asObject.status).toBe(201)
    const asArray = await t.call('employee', 'POST', '/api/navtcc', {
      ...valid,
      passport_detail: [passenger],
    })
    expect(asArray.status).toBe(201)
    expect(JSON.parse(asArray.body.navtcc.passport_detail).lastName).toBe('Ghani')
  })

  it('answers every required message and stores nothing', async () => {
    await api.refuses(
      {},
      {
        employee_name: 'Employee Name is required',
        customer_add: 'Customer Address is required',
        reference: 'Reference is required',
        profession_key: 'Airline is required',
        ...passengerRequired('passport_detail'),
        receivable_amount: 'Receivable Amount is required',
        paid_cash: 'Paid Cash is required',
        paid_in_bank: 'Paid In Bank is required',
        payed_to_bank: 'Paid To Bank is required',
      },
    )
  })

  it('takes whole-rupee amounts only', async () => {
    await api.refuses(
      { ...valid, receivable_amount: 1000.5, paid_cash: 'abc' },
      { receivable_amount: 'Must be a whole number', paid_cash: 'Paid Cash must be a number' },
    )
  })

  it('posts the payable to the chosen vendor, keeps it in step, and removes it on delete', async () => {
    const created = await t.call('employee', 'POST', '/api/navtcc', {
      ...valid,
      vendor_name: 'Skyline Vendor',
    })
    expect(created.status).toBe(201)
    const { id, entry } = created.body.navtcc
    let rows = await postings(id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      vender_name: 'Skyline Vendor',
      entry,
      detail: `NAVTCC ${entry} Usman Ghani, Lahore`,
    })
    expect(Number(rows[0].credit)).toBe(4_500_000)
    expect(Number(rows[0].debit)).toBe(0)
    expect(rows[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/)

    const vendors = await t.call('admin', 'GET', '/api/vender')
    expect(
      vendors.body.vendors.some((v: { vender_name: string }) => v.vender_name === 'Skyline Vendor'),
    ).toBe(true)

    const edited = await t.call('admin', 'PUT', `/api/navtcc/${id}`, {
      ...valid,
      vendor_name: 'Skyline Vendor',
      payed_to_bank: 50000,
    })
    expect(edited.status).toBe(200)
    expect(edited.body.navtcc.profit).toBe(10000)
    rows = await postings(id)
    expect(rows).toHaveLength(1)
    expect(Number(rows[0].credit)).toBe(5_000_000)

    // Nothing payed to the bank: the posting goes away.
    await t.call('admin', 'PUT', `/api/navtcc/${id}`, {
      ...valid,
      vendor_name: 'Skyline Vendor',
      payed_to_bank: 0,
    })
    expect(await postings(id)).toHaveLength(0)
    await t.call('admin', 'PUT', `/api/navtcc/${id}`, { ...valid, vendor_name: 'Skyline Vendor' })
    expect(await postings(id)).toHaveLength(1)

    expect((await t.call('admin', 'DELETE', `/api/navtcc/${id}`)).status).toBe(200)
    expect(await postings(id)).toHaveLength(0)
  })

  it('refuses an unknown vendor and stores neither record nor posting', async () => {
    await api.refuses({ ...valid, vendor_name: 'Nobody Ltd' }, { vendor_name: 'Unknown vendor name' })
    const stray = await t.app.db
      .selectFrom('vendor_ledger')
      .select('id')
      .where('vender_name', '=', 'Nobody Ltd')
      .execute()
    expect(stray).toHaveLength(0)
  })

  it('writes the dashboard journal line', async () => {
    const created = await t.call('employee', 'POST', '/api/navtcc', valid)
    const row = await journalRow(t, 'navtcc', created.body.navtcc.id)
    expect(Number(row?.receivable)).toBe(6_000_000)
    expect(Number(row?.paid_cash)).toBe(2_000_000)
    expect(Number(row?.paid_in_bank)).toBe(1_500_000)
    expect(Number(row?.remaining)).toBe(2_500_000)
  })

  it('lets only admins edit and delete', async () => {
    const created = await t.call('employee', 'POST', '/api/navtcc', valid)
    const id = created.body.navtcc.id
    await api.adminOnly(id, valid)
    const updated = await t.call('admin', 'PUT', `/api/navtcc/${id}`, { ...valid, reference: 'REF-CHANGED' })
    expect(updated.status).toBe(200)
    expect(updated.body.navtcc).toMatchObject({ reference: 'REF-CHANGED', entry: created.body.navtcc.entry })
    expect((await t.call('admin', 'DELETE', `/api/navtcc/${id}`)).status).toBe(200)
    expect((await t.call('admin', 'DELETE', `/api/navtcc/${id}`)).status).toBe(404)
    expect((await t.call('admin', 'DELETE', '/api/navtcc/abc')).status).toBe(400)
  })
})
