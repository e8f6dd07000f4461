import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DB_KIND, startTestApp, type TestApp } from './harness.ts'

const passenger = {
  title: 'Mr',
  firstName: 'Usman',
  lastName: 'Ghani',
  dob: '1995-04-12',
  nationality: 'Pakistani',
  documentType: 'Passport',
  documentNo: 'AK1234567',
  documentExpiry: '2030-04-11',
  issueCountry: 'Pakistan',
}

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
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
    await t.call('admin', 'POST', '/api/vender-names', { name: 'Skyline Vendor' })
  })
  afterAll(() => t.close())

  const count = async () => (await t.call('admin', 'GET', '/api/navtcc')).body.navtcc.length
  const postings = (id: number) =>
    t.app.db
      .selectFrom('vender_entries')
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
    const before = await count()
    const res = await t.call('employee', 'POST', '/api/navtcc', {})
    expect(res.status).toBe(400)
    expect(res.body.errors).toMatchObject({
      employee_name: 'Employee Name is required',
      customer_add: 'Customer Address is required',
      reference: 'Reference is required',
      profession_key: 'Airline is required',
      'passport_detail.title': 'Title is required',
      'passport_detail.firstName': 'First Name is required',
      'passport_detail.lastName': 'Last Name is required',
      'passport_detail.dob': 'Date of Birth is required',
      'passport_detail.nationality': 'Nationality is required',
      'passport_detail.documentNo': 'Document Number is required',
      'passport_detail.documentExpiry': 'Expiry Date is required',
      'passport_detail.issueCountry': 'Issue Country is required',
      receivable_amount: 'Receivable Amount is required',
      paid_cash: 'Paid Cash is required',
      paid_in_bank: 'Paid In Bank is required',
      paid_from_bank: 'Bank Title is required',
      payed_to_bank: 'Payed To Bank is required',
    })
    expect(await count()).toBe(before)
  })

  it('takes whole-rupee amounts only', async () => {
    const before = await count()
    const res = await t.call('employee', 'POST', '/api/navtcc', {
      ...valid,
      receivable_amount: 1000.5,
      paid_cash: 'abc',
    })
    expect(res.status).toBe(400)
    expect(res.body.errors.receivable_amount).toBe('Must be a whole number')
    expect(res.body.errors.paid_cash).toBe('Paid Cash must be a number')
    expect(await count()).toBe(before)
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
    const before = await count()
    const res = await t.call('employee', 'POST', '/api/navtcc', { ...valid, vendor_name: 'Nobody Ltd' })
    expect(res.status).toBe(400)
    expect(res.body.errors.vendor_name).toBe('Unknown vendor name')
    expect(await count()).toBe(before)
    const stray = await t.app.db
      .selectFrom('vender_entries')
      .select('id')
      .where('vender_name', '=', 'Nobody Ltd')
      .execute()
    expect(stray).toHaveLength(0)
  })

  it('writes the dashboard journal line', async () => {
    const created = await t.call('employee', 'POST', '/api/navtcc', valid)
    const row = await t.app.db
      .selectFrom('journal')
      .selectAll()
      .where('source_type', '=', 'navtcc')
      .where('source_id', '=', created.body.navtcc.id)
      .executeTakeFirstOrThrow()
    expect(Number(row.receivable)).toBe(6_000_000)
    expect(Number(row.paid_cash)).toBe(2_000_000)
    expect(Number(row.paid_in_bank)).toBe(1_500_000)
    expect(Number(row.remaining)).toBe(2_500_000)
  })

  it('lets only admins edit and delete', async () => {
    const created = await t.call('employee', 'POST', '/api/navtcc', valid)
    const id = created.body.navtcc.id
    expect((await t.call('employee', 'PUT', `/api/navtcc/${id}`, valid)).status).toBe(403)
    expect((await t.call('employee', 'DELETE', `/api/navtcc/${id}`)).status).toBe(403)
    const updated = await t.call('admin', 'PUT', `/api/navtcc/${id}`, { ...valid, reference: 'REF-CHANGED' })
    expect(updated.status).toBe(200)
    expect(updated.body.navtcc).toMatchObject({ reference: 'REF-CHANGED', entry: created.body.navtcc.entry })
    expect((await t.call('admin', 'DELETE', `/api/navtcc/${id}`)).status).toBe(200)
    expect((await t.call('admin', 'DELETE', `/api/navtcc/${id}`)).status).toBe(404)
    expect((await t.call('admin', 'DELETE', '/api/navtcc/abc')).status).toBe(400)
  })
})
