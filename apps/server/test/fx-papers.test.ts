import { describe, expect, it } from 'vitest'
import * as ledger from '../src/books/ledger.ts'
import { DB_KIND } from './harness.ts'
import {
  addNames,
  riyalPayableUmrah,
  riyalVendor,
  riyalVendorRows,
  setupTestApp,
  vendorRow,
} from './helpers.ts'
import { download, pdfText } from './paperwork-helpers.ts'

/** Hundredths, so sums of two-decimal amounts stay exact. */
const c = (n: number) => Math.round(n * 100)

// Issue 34 item 6 (decision 123): a party's statement in its currency, with the rupee column and
// the rate on every line.
describe(`papers in two currencies (${DB_KIND})`, () => {
  const t = setupTestApp(async (t) => {
    await addNames(t, { vendors: ['Makkah Stays', 'Lahore Printers'] })
    await riyalVendor(t, 'Makkah Stays', '2027-01-01')
  })
  const entry = (more: Record<string, unknown>) => vendorRow('Makkah Stays', more)

  it('a SAR vendor’s statement: running balance in riyals, the rate and the rupee column on every line, summing to the rupee ledger', async () => {
    await riyalPayableUmrah(t, 'FX-PAPER', 'Makkah Stays')
    await riyalVendorRows(t, 'Makkah Stays')

    const url = '/api/statements/vendor/Makkah%20Stays'
    const whole = await t.call('admin', 'GET', url)
    expect(whole.status).toBe(200)
    const s = whole.body
    expect(s.currency).toBe('SAR')
    expect(s.rows).toHaveLength(4)
    // Running balance in riyals: each row's balance is the previous plus its sides.
    let fx = c(s.opening)
    let pkr = c(s.opening_pkr)
    for (const r of s.rows) {
      fx += c(r.debit) - c(r.credit)
      pkr += c(r.debit_pkr) - c(r.credit_pkr)
      expect(c(r.balance)).toBe(fx)
      expect(c(r.balance_pkr)).toBe(pkr)
      expect(r.rate).toBeGreaterThan(70)
    }
    expect(s.rows.map((r: { rate: number }) => r.rate)).toEqual(
      expect.arrayContaining([74.851234, 74.85, 76.1, 75.333333]),
    )
    // SAR 3,333.33 × 74.851234 = Rs 249,503.86 (249,503.8638… rounded once).
    const umrahRow = s.rows.find((r: { rate: number }) => r.rate === 74.851234)
    expect(umrahRow).toMatchObject({ credit: 3333.33, credit_pkr: 249503.86 })
    // The closing balances are the ledger's own, in both currencies.
    const inSar = await ledger.balance(t.app.db, 'vendor:Makkah Stays')
    const inPkr = await ledger.rupeeBalance(t.app.db, 'vendor:Makkah Stays')
    expect(inSar.currency).toBe('SAR')
    expect(c(s.closing)).toBe(Number(inSar.minor))
    expect(c(s.closing_pkr)).toBe(Number(inPkr.minor))
    expect(c(s.closing)).toBe(-(333333 + 100000 - 200000 + 7))
    expect(c(s.totals.debit_pkr) - c(s.totals.credit_pkr)).toBe(Number(inPkr.minor))

    // The trial balance stays in rupees; the vendor's riyal balance is beside its rupee one.
    const tb = (await t.call('admin', 'GET', '/api/reports/trial-balance')).body
    const row = tb.accounts.find((a: { code: string }) => a.code === 'vendor:Makkah Stays')
    expect(row).toMatchObject({ currency: 'SAR', balance_fx: s.closing, balance: s.closing_pkr })
    expect(tb.accounts.filter((a: { currency?: string }) => a.currency)).toHaveLength(1)
    expect(tb.totals.debit).toBe(tb.totals.credit)

    // Payables aged in rupees, with the vendor's aging in riyals beside: both sum to its balance.
    const pay = (await t.call('admin', 'GET', '/api/reports/payables?as_of=2027-02-28')).body
    const v = pay.vendors.find((r: { name: string }) => r.name === 'Makkah Stays')
    expect(v).toMatchObject({ currency: 'SAR', total_fx: -s.closing, total: -s.closing_pkr })
    const sum = (b: Record<string, number>) => Object.values(b).reduce((a, x) => a + c(x), 0)
    expect(sum(v.buckets_fx)).toBe(c(v.total_fx))
    expect(sum(v.buckets)).toBe(c(v.total))
    // SAR 1,000 + 0.07 billed on 05/01 and 06/02 less SAR 2,000 paid: the oldest (the Umrah) is left.
    expect(c(v.buckets_fx['0-30'])).toBe(7)
    const payCsv = await download(t, 'admin', '/api/reports/payables?as_of=2027-02-28&format=xlsx')
    expect(payCsv.status).toBe(200)

    // The dashboard stays in rupees, with the riyal vendors' balance beside its rupee value.
    const dash = (await t.call('admin', 'GET', '/api/dashboard')).body
    expect(dash.foreign_balances).toEqual([
      { currency: 'SAR', kind: 'vendor', balance: s.closing, balance_pkr: s.closing_pkr },
    ])

    // A page at a time gives the same rows, with the balance before each page in both currencies.
    const p1 = await t.call('admin', 'GET', `${url}?limit=2&offset=0`)
    const p2 = await t.call('admin', 'GET', `${url}?limit=2&offset=2`)
    expect([...p1.body.rows, ...p2.body.rows]).toEqual(s.rows)
    expect(p2.body.page).toMatchObject({
      offset: 2,
      lines_total: 4,
      opening: s.rows[1].balance,
      opening_pkr: s.rows[1].balance_pkr,
    })
    expect(p1.body.closing).toBe(s.closing)

    // A period: the opening in both currencies is every earlier line's.
    const feb = await t.call('admin', 'GET', `${url}?from=2027-02-01`)
    const before = s.rows.filter((r: { date: string }) => r.date < '2027-02-01').at(-1)
    expect(feb.body).toMatchObject({ opening: before.balance, opening_pkr: before.balance_pkr })
    expect(feb.body.closing_pkr).toBe(s.closing_pkr)

    // The papers carry both: CSV columns in riyals and rupees with the rate; the PDF says so.
    const csv = await download(t, 'admin', `${url}?format=csv`)
    expect(csv.status).toBe(200)
    const text = csv.bytes.toString('utf8')
    expect(text).toContain('Debit SAR')
    expect(text).toContain('Balance Rs')
    expect(text).toContain('74.851234')
    expect(text).toContain('249503.86')
    const pdf = await download(t, 'admin', `${url}?format=pdf`)
    expect(pdf.status).toBe(200)
    const words = await pdfText(pdf.bytes)
    expect(words).toContain('Amounts in SAR')
    expect(words).toContain('249,503.86')
    expect(words).toContain('3,333.33')
    const xlsx = await download(t, 'admin', `${url}?format=xlsx`)
    expect(xlsx.status).toBe(200)
  })

  it('settled in riyals: 0.00 in both, the realised difference a rupee-only line with no rate', async () => {
    const res = await t.call(
      'admin',
      'POST',
      '/api/vender',
      entry({ debit: 2333.4, rate: '77', date: '2027-03-05', detail: 'Final payment' }),
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const s = (await t.call('admin', 'GET', '/api/statements/vendor/Makkah%20Stays')).body
    expect(s.closing).toBe(0)
    expect(s.closing_pkr).toBe(0)
    const diff = s.rows.find((r: { rate: number | null }) => r.rate === null)
    expect(diff).toMatchObject({
      debit: 0,
      credit: 0,
      detail: expect.stringMatching(/^Exchange difference: /),
    })
    expect(diff.debit_pkr + diff.credit_pkr).toBeGreaterThan(0)
    expect((await ledger.check(t.app.db, { full: true })).first_divergence).toBeUndefined()
  })

  it('what a form proposes for a party: its currency and the rate in force on the record’s day', async () => {
    const sar = await t.call('employee', 'GET', '/api/rates/party/vendor/Makkah%20Stays?date=2027-01-03')
    expect(sar.status).toBe(200)
    expect(sar.body).toMatchObject({
      currency: 'SAR',
      rate: 74.85,
      date: '2027-01-01',
      source: 'open market',
    })
    const early = await t.call('employee', 'GET', '/api/rates/party/vendor/Makkah%20Stays?date=2026-12-31')
    expect(early.body).toMatchObject({ currency: 'SAR', rate: null, date: null })
    const pkr = await t.call('employee', 'GET', '/api/rates/party/vendor/Lahore%20Printers?date=2027-01-03')
    expect(pkr.body).toMatchObject({ currency: 'PKR', rate: null })
    expect((await t.call('employee', 'GET', '/api/rates/party/kiosk/X')).status).toBe(400) // A bank is a kind since decision 132.
    expect((await t.call('employee', 'GET', '/api/rates/party/agent/X?date=2027-13-01')).status).toBe(400)
    expect((await t.call('none', 'GET', '/api/rates/party/agent/X')).status).toBe(401)
  })

  it('To Collect and receivables: a SAR agent’s overdue in riyals beside the rupees', async () => {
    await addNames(t, { agents: ['Riyadh Agent'] })
    await t.call('employee', 'PUT', '/api/agents/Riyadh Agent', { currency: 'SAR' })
    const charged = await t.call('employee', 'POST', '/api/agent', {
      agent_name: 'Riyadh Agent',
      date: '2026-01-10',
      employee: 'emp',
      detail: 'Visa batch',
      credit: 0,
      debit: 500,
      paid_cash: 0,
      paid_bank: 0,
      rate: '75.5',
    })
    expect(charged.status, JSON.stringify(charged.body)).toBe(201)
    const collect = (await t.call('admin', 'GET', '/api/collections?as_of=2026-06-30')).body
    const row = collect.rows.find((r: { name: string }) => r.name === 'Riyadh Agent')
    expect(row).toMatchObject({
      currency: 'SAR',
      total_fx: 500,
      overdue_fx: 500,
      total: 37750,
      overdue: 37750,
    })
    const rec = (await t.call('admin', 'GET', '/api/reports/receivables?as_of=2026-06-30')).body
    const aged = rec.agents.find((r: { name: string }) => r.name === 'Riyadh Agent')
    expect(aged).toMatchObject({ currency: 'SAR', total_fx: 500, total: 37750 })
    expect(aged.buckets_fx['90+']).toBe(500)
    // Rupee parties' rows carry no currency keys.
    expect(rec.agents.filter((r: { currency?: string }) => r.currency)).toHaveLength(1)
    // The shared statement page names the riyals and gives the rupees beside.
    const link = await t.call('employee', 'POST', '/api/statements/agent/Riyadh%20Agent/share', {})
    expect(link.status, JSON.stringify(link.body)).toBe(201)
    const page = await t.app.inject({ method: 'GET', url: new URL(link.body.url).pathname })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<b>SAR 500</b>')
    expect(page.body).toContain('Closing balance in rupees</span><b>Rs 37,750</b>')
    expect(page.body).toContain('Balance SAR</th>')
  })

  it('a rupee vendor’s statement is exactly what it was: no currency, rate or rupee column', async () => {
    await t.call('admin', 'POST', '/api/vender', entry({ vender_name: 'Lahore Printers', credit: 2500 }))
    const s = (await t.call('admin', 'GET', '/api/statements/vendor/Lahore%20Printers')).body
    expect(Object.keys(s).sort()).toEqual(
      ['closing', 'from', 'kind', 'name', 'opening', 'rows', 'status', 'to', 'totals', 'voided'].sort(),
    )
    expect(Object.keys(s.rows[0]).sort()).toEqual(['balance', 'credit', 'date', 'debit', 'detail', 'entry'])
    const csv = (await download(t, 'admin', '/api/statements/vendor/Lahore%20Printers?format=csv')).bytes
    expect(csv.toString('utf8')).not.toContain('PKR')
  })
})
