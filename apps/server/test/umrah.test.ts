import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import {
  addNames,
  ledgerBalance,
  passengerRequired,
  recordApi,
  setupTestApp,
  passenger as traveller,
} from './helpers.ts'

const passenger = traveller('Ayesha', 'Bibi', { title: 'Mrs' })

const valid = {
  userName: 'emp',
  customerAdd: 'Bibi Family',
  reference: 'UM-REF',
  packageDetail: '15 days, 4 star',
  depart_date: '2026-03-01',
  return_date: '2026-03-16',
  sector: 'ISB-JED',
  airline: 'Saudia',
  adults: 1,
  children: 0,
  infants: 0,
  passportDetail: JSON.stringify(passenger),
  receivableAmount: 350000,
  paidCash: 100000,
  bank_title: 'MCB FIT',
  paidInBank: 150000,
  payableToVendor: 300000,
  vendorName: 'Umrah Vendor',
  profit: 999,
  remainingAmount: 999,
}

describe(`umrah API (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, { vendors: ['Umrah Vendor', 'Umrah Ledger Vendor'] }))
  const api = recordApi(t, '/api/umrah', 'umrahBookings')

  it('creates a booking and lists it under {umrahBookings} in camelCase', async () => {
    const created = await t.call('employee', 'POST', '/api/umrah', valid)
    expect(created.status).toBe(201)
    const list = await t.call('employee', 'GET', '/api/umrah')
    expect(list.status).toBe(200)
    expect(list.body.umrahBookings).toHaveLength(1)
    const b = list.body.umrahBookings[0]
    expect(Object.keys(b).sort()).toEqual(
      [
        'id',
        'userName',
        'entry',
        'customerAdd',
        'reference',
        'packageDetail',
        'depart_date',
        'return_date',
        'sector',
        'airline',
        'adults',
        'children',
        'infants',
        'passportDetail',
        'passengers',
        'receivableAmount',
        'paidCash',
        'bank_title',
        'paidInBank',
        'payableToVendor',
        'paymentsTotal',
        'vendorName',
        'profit',
        'remainingAmount',
        'createdAt',
        // Issue 34: answers add the sides' currencies and the rates used (decision 109).
        'currency',
        'vendor_currency',
        'rates',
      ].sort(),
    )
    expect(b).toMatchObject({
      userName: 'emp',
      entry: '1/1',
      customerAdd: 'Bibi Family',
      packageDetail: '15 days, 4 star',
      depart_date: '2026-03-01',
      receivableAmount: 350000,
      remainingAmount: 100000,
      profit: 50000,
    })
    expect(JSON.parse(b.passportDetail)).toMatchObject({ firstName: 'Ayesha', documentType: 'Passport' })
  })

  it('answers every required message and stores nothing', async () => {
    await api.refuses(
      {},
      {
        userName: 'Employee Name is required',
        customerAdd: 'Customer Address is required',
        reference: 'Reference is required',
        packageDetail: 'Package Detail is required',
        depart_date: 'Depart Date is required',
        return_date: 'Return Date is required',
        sector: 'Sector is required',
        airline: 'Airline is required',
        adults: 'Adults is required',
        children: 'children is required',
        infants: 'Infants is required',
        ...passengerRequired('passportDetail'),
        'passportDetail.documentType': 'Document Type is required',
        receivableAmount: 'Receivable Amount is required',
        paidCash: 'Paid Cash is required',
        paidInBank: 'Paid In Bank is required',
        payableToVendor: 'Payable To Vendor is required',
        vendorName: 'Vendor Name is required',
      },
      { exact: true },
    )
    await api.refuses({ ...valid, paidInBank: 50, bank_title: '' }, { bank_title: 'Bank Title is required' })
    await api.refuses(
      {
        ...valid,
        receivableAmount: 'lots',
        paidCash: 'some',
        payableToVendor: 'x',
        depart_date: 'tomorrow',
        passportDetail: { ...passenger, documentType: 'National ID' },
      },
      {
        receivableAmount: 'Receivable Amount must be a number',
        paidCash: 'Paid Cash must be a number',
        payableToVendor: 'Payable To Vendor must be a number',
        depart_date: 'Invalid date',
        'passportDetail.documentType': 'Document Type is required',
      },
    )
    await api.refuses(
      { ...valid, return_date: '2026-02-01' },
      { return_date: 'Return Date cannot be before Depart Date' },
    )
    expect(await api.count()).toBe(1)
  })

  it('posts the vendor row with the booking and keeps it in step on edit and delete', async () => {
    const vendor = 'Umrah Ledger Vendor'
    const created = (await t.call('employee', 'POST', '/api/umrah', { ...valid, vendorName: vendor })).body
      .umrahBooking
    expect(await ledgerBalance(t, 'vender_entries', 'vender_name', vendor)).toBe(300000)
    const edited = await t.call('admin', 'PUT', `/api/umrah/${created.id}`, {
      ...valid,
      vendorName: vendor,
      payableToVendor: 320000,
      paidCash: 200000,
    })
    expect(edited.status).toBe(200)
    expect(edited.body.umrahBooking).toMatchObject({
      entry: created.entry,
      remainingAmount: 0,
      profit: 30000,
    })
    expect(await ledgerBalance(t, 'vender_entries', 'vender_name', vendor)).toBe(320000)
    expect((await t.call('admin', 'DELETE', `/api/umrah/${created.id}`)).status).toBe(200)
    expect(await ledgerBalance(t, 'vender_entries', 'vender_name', vendor)).toBe(0)
  })

  it('takes one pilgrim per person counted and still answers the spec single passenger (decision 048)', async () => {
    const second = traveller('Bilal', 'Ahmed', { documentNo: 'BA7654321' })
    const two = { ...valid, adults: 2, passportDetail: JSON.stringify([passenger, second]) }
    const created = await t.call('employee', 'POST', '/api/umrah', two)
    expect(created.status).toBe(201)
    const got = (await t.call('employee', 'GET', `/api/umrah/${created.body.umrahBooking.id}`)).body
      .umrahBooking
    // Existing callers still read one passenger (the lead) as JSON text of an object.
    expect(JSON.parse(got.passportDetail)).toMatchObject({ firstName: 'Ayesha' })
    expect(got.passengers.map((p: { firstName: string }) => p.firstName)).toEqual(['Ayesha', 'Bilal'])
    // Both passports reach the passenger file.
    for (const no of [passenger.documentNo, 'BA7654321']) {
      const file = await t.call('employee', 'GET', `/api/passengers/${no}`)
      expect(file.status).toBe(200)
      expect(file.body.records.map((r: { table: string }) => r.table)).toContain('umrah')
    }
    // A list must match the count; the spec's single object stands for the party.
    await api.refuses(
      { ...two, adults: 3 },
      { passportDetail: 'The number of passengers must equal Adults + Children + Infants' },
    )
    await api.refuses(
      { ...two, passportDetail: [passenger, { ...second, firstName: '' }] },
      { 'passportDetail.1.firstName': 'First Name is required' },
    )
    // An approved correction of another field keeps both pilgrims.
    const asked = await t.call('employee', 'POST', '/api/corrections', {
      table: 'umrah',
      record_id: got.id,
      action: 'update',
      changes: { reference: 'UM-REF-2' },
      reason: 'Reference typed wrong',
    })
    expect(asked.status).toBe(201)
    const approved = await t.call(
      'admin',
      'POST',
      `/api/admin/corrections/${asked.body.correction.id}/approve`,
    )
    expect(approved.status).toBe(200)
    const after = (await t.call('employee', 'GET', `/api/umrah/${got.id}`)).body.umrahBooking
    expect(after.reference).toBe('UM-REF-2')
    expect(after.passengers.map((p: { firstName: string }) => p.firstName)).toEqual(['Ayesha', 'Bilal'])
    const legacy = await t.call('employee', 'POST', '/api/umrah', { ...valid, adults: 2 })
    expect(legacy.status).toBe(201)
    expect(legacy.body.umrahBooking.passengers).toHaveLength(1)
  })

  it('lets only admins edit and delete', async () => {
    const id = (await t.call('employee', 'POST', '/api/umrah', valid)).body.umrahBooking.id
    await api.adminOnly(id, valid)
    expect((await t.call('none', 'GET', '/api/umrah')).status).toBe(401)
  })
  it('an approved correction uses the camelCase names and moves the vendor ledger', async () => {
    const created = (await t.call('employee', 'POST', '/api/umrah', valid)).body
    const id = created.umrahBooking.id
    const before = await ledgerBalance(t, 'vender_entries', 'vender_name', 'Umrah Vendor')
    const asked = await t.call('employee', 'POST', '/api/corrections', {
      table: 'umrah',
      record_id: id,
      action: 'update',
      changes: { payableToVendor: 310000 },
      reason: 'Hotel upgrade',
    })
    expect(asked.status).toBe(201)
    expect(asked.body.correction.diff).toEqual([{ field: 'payableToVendor', before: 300000, after: 310000 }])
    expect(
      (await t.call('admin', 'POST', `/api/admin/corrections/${asked.body.correction.id}/approve`)).status,
    ).toBe(200)
    const now = (await t.call('admin', 'GET', `/api/umrah/${id}`)).body
    expect(now.umrahBooking.payableToVendor).toBe(310000)
    expect(await ledgerBalance(t, 'vender_entries', 'vender_name', 'Umrah Vendor')).toBe(before + 10000)
  })
})
