import { describe, expect, it } from 'vitest'
import * as ledger from '../src/books/ledger.ts'
import { DB_KIND } from './harness.ts'
import {
  addBanks,
  addNames,
  booksBalance,
  officeEntry,
  paidFromBank,
  setupTestApp,
  typeRate,
  vendorRow,
} from './helpers.ts'

/**
 * Issue 34 item 3 for Office Accounts (decision 132): an entry on a bank kept in riyals is in
 * riyals at its rate (typed, else the day's), balances in both currencies, names only a vendor kept
 * in riyals, and reads back in riyals on the bank's statement with the rupee column. A rupee bank's
 * entry is what it was.
 */
describe(`Office Accounts in a bank's currency (${DB_KIND})`, () => {
  const t = setupTestApp(async (t) => {
    await addNames(t, { vendors: ['Makkah Hotels', 'Lahore Printers'], agents: ['Riyadh Agent'] })
  })

  const setUp = async () => {
    expect((await t.call('admin', 'PUT', '/api/admin/currencies/SAR', { enabled: true })).status).toBe(200)
    expect((await t.call('admin', 'PUT', '/api/vendors/Makkah Hotels', { currency: 'SAR' })).status).toBe(200)
    await addBanks(t, [
      ['Al Rajhi SAR', 'SAR'],
      ['Meezan PKR', undefined],
    ])
    await typeRate(t, 'SAR', '2027-03-01')
  }
  const entry = (more: Record<string, unknown>) => officeEntry(t, more)

  it('a riyal bank: the day’s rate by default, a typed one kept, both currencies balanced, its statement in riyals', async () => {
    await setUp()
    // No currency keys: the bank's currency and the day's rate (SAR 10,000.50 at 74.85).
    const opening = await entry({ bank_name: 'Al Rajhi SAR', date: '2027-03-02', credit: 10000.5 })
    expect(opening.status, JSON.stringify(opening.body)).toBe(201)
    expect(opening.body.account).toMatchObject({ currency: 'SAR', rate: 74.85, credit: 10000.5 })
    expect(await ledger.balance(t.app.db, 'bank:Al Rajhi SAR')).toEqual({
      currency: 'SAR',
      minor: 1_000_050n,
    })
    // 10,000.50 × 74.85 = 748,537.425: Rs 748,537.43 (half away from zero, once).
    expect(await ledger.rupeeBalance(t.app.db, 'bank:Al Rajhi SAR')).toEqual({
      currency: 'PKR',
      minor: 74_853_743n,
    })
    // A withdrawal at a typed six-decimal rate.
    const out = await entry({
      bank_name: 'Al Rajhi SAR',
      date: '2027-03-05',
      detail: 'Owner drawings',
      debit: 333.33,
      currency: 'SAR',
      rate: '75.123457',
    })
    expect(out.status, JSON.stringify(out.body)).toBe(201)
    expect(out.body.account).toMatchObject({ currency: 'SAR', rate: 75.123457, debit: 333.33 })
    expect(await ledger.balance(t.app.db, 'bank:Al Rajhi SAR')).toEqual({ currency: 'SAR', minor: 966_717n })
    // An edit that keeps its day and currency keeps its rate (a rate saved later changes nothing).
    await t.call('employee', 'POST', '/api/rates', {
      date: '2027-03-01',
      currency: 'SAR',
      rate: '80',
      source: 'late',
    })
    const edited = await t.call('admin', 'PUT', `/api/accounts/${opening.body.account.id}`, {
      bank_name: 'Al Rajhi SAR',
      employee_name: 'admin',
      vendor_name: '',
      date: '2027-03-02',
      detail: 'Opening balance (corrected)',
      credit: 10000.5,
      debit: 0,
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.account.rate).toBe(74.85)
    // The bank's statement: riyals, the rupee column and the rate on every line.
    const st = await t.call('admin', 'GET', '/api/statements/bank/Al%20Rajhi%20SAR')
    expect(st.status, JSON.stringify(st.body).slice(0, 300)).toBe(200)
    expect(JSON.stringify(st.body)).toContain('"currency":"SAR"')
    expect(st.body.statement?.closing ?? st.body.closing).toBe(9667.17)
    // The form's proposal (decision 124's call, kind bank): the bank's currency and the day's rate.
    const proposed = await t.call('employee', 'GET', '/api/rates/party/bank/Al%20Rajhi%20SAR?date=2027-03-02')
    expect(proposed.body).toMatchObject({ currency: 'SAR', rate: 80 })
    const cash = await t.call('employee', 'GET', '/api/rates/party/bank/Cash%20in%20Office')
    expect(cash.body).toMatchObject({ currency: 'PKR', rate: null })
    // A bank has no bills to name.
    expect((await t.call('admin', 'GET', '/api/books/open-bills/bank/Al%20Rajhi%20SAR')).status).toBe(400)
    await booksBalance(t)
  })

  it('a riyal vendor paid from the riyal bank settles in riyals; a rupee vendor or another currency is a 400; a rupee bank is as it was', async () => {
    await setUp()
    await entry({ bank_name: 'Al Rajhi SAR', date: '2027-03-02', credit: 5000 })
    const bill = await t.call(
      'admin',
      'POST',
      '/api/vender',
      vendorRow('Makkah Hotels', { date: '2027-03-03', credit: 1000 }),
    )
    expect(bill.status).toBe(201)
    // Paid from the riyal bank on Office Accounts at 76: the vendor is 0.00 in both, Rs 1,150 realised.
    const paid = await entry({
      bank_name: 'Al Rajhi SAR',
      vendor_name: 'Makkah Hotels',
      date: '2027-03-20',
      detail: 'Hotel paid',
      debit: 1000,
      rate: 76,
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    expect(await ledger.balance(t.app.db, 'vendor:Makkah Hotels')).toEqual({ currency: 'SAR', minor: 0n })
    expect(await ledger.rupeeBalance(t.app.db, 'vendor:Makkah Hotels')).toEqual({
      currency: 'PKR',
      minor: 0n,
    })
    const ex = await t.call('admin', 'GET', '/api/reports/exchange?from=2027-03-01&to=2027-03-31')
    expect(ex.body.realised).toContainEqual(
      expect.objectContaining({ account: 'vendor:Makkah Hotels', currency: 'SAR', amount: -1150 }),
    )
    // The vendor's ledger row carries the riyals and the rate (its money read from the entry's lines).
    const rows = await t.app.db
      .selectFrom('vender_entries')
      .select(['currency', 'rate'])
      .where('source_type', '=', 'account_entries')
      .where('source_id', '=', paid.body.account.id)
      .execute()
    expect(rows.map((r) => ({ ...r, rate: String(r.rate) }))).toEqual([{ currency: 'SAR', rate: '76000000' }])
    const list = await t.call('admin', 'GET', '/api/vender?name=Makkah%20Hotels')
    expect(list.body.vendors).toContainEqual(
      expect.objectContaining({ source_type: 'account_entries', detail: 'Hotel paid', debit: 1000 }),
    )
    // A rupee vendor cannot be named on a riyal entry; a rupee amount to a riyal bank is refused.
    const printers = await entry({
      bank_name: 'Al Rajhi SAR',
      vendor_name: 'Lahore Printers',
      date: '2027-03-21',
      detail: 'Printing',
      debit: 10,
    })
    expect(printers.status).toBe(400)
    expect(printers.body.errors.vendor_name).toBe(
      'Lahore Printers keeps its account in PKR: an entry in SAR cannot name it',
    )
    const rupees = await entry({ bank_name: 'Al Rajhi SAR', date: '2027-03-21', credit: 10, currency: 'PKR' })
    expect(rupees.status).toBe(400)
    expect(rupees.body.errors.currency).toBe(
      'Al Rajhi SAR keeps its account in SAR: enter the amounts in SAR',
    )
    // No rate in force before the first one: a 400 on rate, nothing written.
    const early = await entry({ bank_name: 'Al Rajhi SAR', date: '2027-02-01', credit: 10 })
    expect(early.status).toBe(400)
    expect(early.body.errors.rate).toMatch(/No SAR rate on or before 2027-02-01/)
    // A rupee bank's entry, with no currency keys, is what it always was.
    const pkr = await entry({ bank_name: 'Meezan PKR', date: '2027-03-02', credit: 2500 })
    expect(pkr.status).toBe(201)
    expect(pkr.body.account).toMatchObject({ currency: 'PKR', rate: null, credit: 2500 })
    expect(await ledger.rupeeBalance(t.app.db, 'bank:Meezan PKR')).toEqual({
      currency: 'PKR',
      minor: 250_000n,
    })
    await booksBalance(t)
  })

  it('the riyal bank’s Office Accounts list shows a receipt another screen posted to it in riyals', async () => {
    await setUp()
    expect((await t.call('employee', 'PUT', '/api/agents/Riyadh Agent', { currency: 'SAR' })).status).toBe(
      200,
    )
    const got = await t.call('employee', 'POST', '/api/agent', {
      agent_name: 'Riyadh Agent',
      employee: 'emp',
      date: '2027-03-10',
      detail: 'Received in riyals',
      credit: 2000,
      debit: 0,
      paid_cash: 0,
      paid_bank: 2000,
      bank_title: 'Al Rajhi SAR',
      rate: 75,
    })
    expect(got.status, JSON.stringify(got.body)).toBe(201)
    const list = await t.call('admin', 'GET', '/api/accounts/Al%20Rajhi%20SAR')
    expect(list.status).toBe(200)
    // SAR 2,000 in, as the bank keeps it (its line: Rs 150,000 at 75), beside the typed riyal rows.
    expect(list.body).toContainEqual(
      expect.objectContaining({ source_type: 'agent_entries', credit: 2000, debit: 0 }),
    )
    // A rupee bank's linked rows stay in rupees.
    await paidFromBank(t, 'Lahore Printers', 'Meezan PKR', '2027-03-11')
    const pkr = await t.call('admin', 'GET', '/api/accounts/Meezan%20PKR')
    expect(pkr.body).toContainEqual(expect.objectContaining({ source_type: 'vender_entries', debit: 1234.5 }))
    await booksBalance(t)
  })
})
