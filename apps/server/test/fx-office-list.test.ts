import { describe, expect, it } from 'vitest'
import * as ledger from '../src/books/ledger.ts'
import { DB_KIND } from './harness.ts'
import { addNames, officeEntry, paidFromBank, setupTestApp, typeRate, vendorRow } from './helpers.ts'
import { download } from './paperwork-helpers.ts'

/**
 * Issue 34 item 6 for Office Accounts (decision 150): a bank kept in riyals lists its entries in
 * riyals with the running balance in riyals, and the rupees (each row's and the running balance)
 * beside; a rupee bank's list answers exactly the keys it did.
 */
describe(`Office Accounts list of a foreign bank (${DB_KIND})`, () => {
  const t = setupTestApp(async (t) => {
    await addNames(t, { agents: ['Riyadh Agent'], vendors: ['Lahore Printers', 'Makkah Hotels'] })
  })

  const entry = (more: Record<string, unknown>) => officeEntry(t, more)

  it('runs the balance in riyals with the rupees beside, on every reading; a rupee bank is unchanged', async () => {
    expect((await t.call('admin', 'PUT', '/api/admin/currencies/SAR', { enabled: true })).status).toBe(200)
    for (const body of [{ name: 'Al Rajhi SAR', currency: 'SAR' }, { name: 'Meezan PKR' }])
      expect((await t.call('admin', 'POST', '/api/admin/banks', body)).status).toBe(201)
    await typeRate(t, 'SAR', '2027-03-01')
    expect((await t.call('employee', 'PUT', '/api/agents/Riyadh Agent', { currency: 'SAR' })).status).toBe(
      200,
    )

    // SAR 1,000.50 at the day's 74.85 (Rs 74,887.425: Rs 74,887.43), SAR 300 from an agent at 75
    // (a row the Agent screen posts), SAR 200.25 out at a typed 76 (Rs 15,219).
    const opened = await entry({ bank_name: 'Al Rajhi SAR', date: '2027-03-02', credit: 1000.5 })
    expect(opened.status, JSON.stringify(opened.body)).toBe(201)
    const got = await t.call('employee', 'POST', '/api/agent', {
      agent_name: 'Riyadh Agent',
      employee: 'emp',
      date: '2027-03-04',
      detail: 'Received in riyals',
      credit: 300,
      debit: 0,
      paid_cash: 0,
      paid_bank: 300,
      bank_title: 'Al Rajhi SAR',
      rate: 75,
    })
    expect(got.status, JSON.stringify(got.body)).toBe(201)
    const out = await entry({
      bank_name: 'Al Rajhi SAR',
      date: '2027-03-05',
      detail: 'Owner drawings',
      debit: 200.25,
      rate: 76,
    })
    expect(out.status, JSON.stringify(out.body)).toBe(201)

    const expected = [
      { detail: 'Opening balance', currency: 'SAR', rate: 74.85, credit: 1000.5, debit: 0, balance: 1000.5 },
      {
        detail: 'Agent Riyadh Agent: Received in riyals',
        currency: 'SAR',
        rate: 75,
        credit: 300,
        debit: 0,
        balance: 1300.5,
      },
      { detail: 'Owner drawings', currency: 'SAR', rate: 76, credit: 0, debit: 200.25, balance: 1100.25 },
    ]
    const rupees = [
      { credit_pkr: 74887.43, debit_pkr: 0, balance_pkr: 74887.43 },
      { credit_pkr: 22500, debit_pkr: 0, balance_pkr: 97387.43 },
      { credit_pkr: 0, debit_pkr: 15219, balance_pkr: 82168.43 },
    ]
    const want = expected.map((e, i) => expect.objectContaining({ ...e, ...rupees[i] }))
    type Row = { detail: string; date: string; id: number }
    const inOrder = (rows: Row[]) =>
      [...rows].sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1))

    // The spec's array, unpaged.
    const plain = await t.call('admin', 'GET', '/api/accounts/Al%20Rajhi%20SAR')
    expect(plain.status).toBe(200)
    expect(inOrder(plain.body)).toEqual(want)
    // The list's wrapper, newest first (the screen's order), a page at a time.
    const page = await t.call(
      'admin',
      'GET',
      '/api/accounts?name=Al%20Rajhi%20SAR&sort=-date&limit=2&offset=1',
    )
    expect(page.status).toBe(200)
    expect(page.body.total).toBe(3)
    expect(page.body.accounts).toEqual([want[1], want[0]])
    // Sorted by another key and searched: each row's balance still the bank's at that row.
    const byDetail = await t.call('admin', 'GET', '/api/accounts?name=Al%20Rajhi%20SAR&sort=detail&limit=10')
    expect(byDetail.body.accounts).toEqual([want[1], want[0], want[2]])
    const searched = await t.call('admin', 'GET', '/api/accounts?name=Al%20Rajhi%20SAR&q=drawings')
    expect(searched.body.accounts).toEqual([want[2]])
    const from = await t.call('admin', 'GET', '/api/accounts?name=Al%20Rajhi%20SAR&from=2027-03-04')
    expect(inOrder(from.body.accounts)).toEqual([want[1], want[2]])

    // Its file carries both currencies: the riyal balance, the rate and the rupee balance.
    const csv = await download(t, 'admin', '/api/accounts?name=Al%20Rajhi%20SAR&sort=date&format=csv')
    expect(csv.status).toBe(200)
    const text = csv.bytes.toString('utf8')
    expect(text).toContain('Balance Pkr')
    expect(text).toMatch(/Owner drawings.*SAR.*76.*1100\.25.*82168\.43/)

    // A rupee bank: the keys and figures it always answered, no rupee twins.
    expect((await entry({ bank_name: 'Meezan PKR', date: '2027-03-02', credit: 2500 })).status).toBe(201)
    await paidFromBank(t, 'Lahore Printers', 'Meezan PKR', '2027-03-03')
    const pkr = await t.call('admin', 'GET', '/api/accounts/Meezan%20PKR')
    const keys = [
      'balance',
      'bank_name',
      'created_at',
      'created_by',
      'credit',
      'currency',
      'date',
      'debit',
      'detail',
      'employee_name',
      'entry',
      'id',
      'rate',
      'source_id',
      'source_type',
      'vendor_name',
    ]
    for (const row of pkr.body) expect(Object.keys(row).sort()).toEqual(keys)
    expect(inOrder(pkr.body)).toEqual([
      expect.objectContaining({ currency: 'PKR', rate: null, credit: 2500, debit: 0, balance: 2500 }),
      expect.objectContaining({ currency: 'PKR', rate: null, credit: 0, debit: 1234.5, balance: 1265.5 }),
    ])
    const listed = await t.call('admin', 'GET', '/api/accounts?name=Meezan%20PKR')
    for (const row of listed.body.accounts) expect(Object.keys(row).sort()).toEqual(keys)
  })

  it('a riyal vendor’s profile says what the office owes in riyals with the rupees beside; a rupee vendor’s is as it was', async () => {
    // The first test made the bank, the currency and the rate (one database per file).
    expect((await t.call('admin', 'PUT', '/api/vendors/Makkah Hotels', { currency: 'SAR' })).status).toBe(200)
    const bill = await t.call(
      'admin',
      'POST',
      '/api/vender',
      vendorRow('Makkah Hotels', { date: '2027-03-03', credit: 1000 }),
    )
    expect(bill.status, JSON.stringify(bill.body)).toBe(201)
    const paid = await entry({
      bank_name: 'Al Rajhi SAR',
      vendor_name: 'Makkah Hotels',
      date: '2027-03-06',
      detail: 'Hotel part paid',
      debit: 400,
      rate: 76,
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    const owed = -Number((await ledger.rupeeBalance(t.app.db, 'vendor:Makkah Hotels')).minor) / 100
    expect(owed).toBeGreaterThan(0)
    const profile = await t.call('admin', 'GET', '/api/vendors/Makkah%20Hotels')
    expect(profile.status).toBe(200)
    expect(profile.body.profile).toMatchObject({ currency: 'SAR', balance_fx: 600, balance: owed })
    expect(profile.body.profile.last_payment).toMatchObject({ currency: 'SAR', amount_fx: 400, rate: 76 })
    const rupee = await t.call('admin', 'GET', '/api/vendors/Lahore%20Printers')
    expect(rupee.body.profile).toMatchObject({ currency: 'PKR', balance: -1234.5 })
    expect(rupee.body.profile).not.toHaveProperty('balance_fx')
  })
})
