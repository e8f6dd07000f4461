import { execFileSync } from 'node:child_process'
import { unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { recordInput } from '@booking/shared/test-data'
import { type Kysely, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { officeMoves } from '../src/areas/records/accounts/postings.ts'
import { repostBankCharges } from '../src/books/bank-charges-repost.ts'
import { booksCheck } from '../src/books/check.ts'
import { syncLines } from '../src/books/lines.ts'
import { entriesOf } from '../src/books/read.ts'
import { markReconciledBankEntries } from '../src/db/migrations/0036_tax.ts'
import * as taxedSplit from '../src/db/migrations/0039_taxed_sale_split.ts'
import { createInsertOnly, dropInsertOnly } from '../src/db/migrations/helpers/insert-only.ts'
import { moneyOut } from '../src/db/money-columns.ts'
import { DB_KIND, type TestApp } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'
import { download } from './paperwork-helpers.ts'
import { DEBIT_CREDIT_MAPPING } from './statement-mapping.ts'
import { ticketSample } from './ticket-sample.ts'

/** pdftotext's reading of a PDF, whitespace runs collapsed. */
const pdftotext = (bytes: Buffer) => {
  const file = join(tmpdir(), `invoice-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, bytes)
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
  } finally {
    unlinkSync(file)
  }
}

/** The Emirates sample with a fourth tax code (RG 1,500): fare 182,000 and taxes 55,240. */
const FOUR_TAX_TICKET = ticketSample('emirates-eticket.txt')
  .replace('PKR 6,540GB', 'PKR 6,540GB PKR 1,500RG')
  .replace('Total  PKR 235,740', 'Total  PKR 237,240')

/**
 * Issue 36 (decisions 088-091): sales tax on the service charge, tax withheld on payments, and every
 * cost paid once. Figures are worked out by hand in the comments.
 */

type Account = { code: string; debit: number; credit: number; balance: number }

const trialBalance = async (t: TestApp, to = '2099-12-31') => {
  const tb = await t.call('admin', 'GET', `/api/reports/trial-balance?to=${to}`)
  expect(tb.status).toBe(200)
  return new Map((tb.body.accounts as Account[]).map((a) => [a.code, a]))
}

const netProfit = async (t: TestApp) => {
  const res = await t.call('admin', 'GET', '/api/reports/net-profit')
  expect(res.status).toBe(200)
  return res.body as {
    expenses: { code: string; amount: number }[]
    income: { code: string; amount: number }[]
    totals: { net_profit: number }
  }
}

const register = async (t: TestApp) => {
  const settings = (await t.call('admin', 'GET', '/api/admin/settings')).body.settings
  const res = await t.call('admin', 'PUT', '/api/admin/settings', {
    ...settings,
    address: '12 Shahrah-e-Faisal, Karachi',
    ntn: '1234567-8',
    strn: 'S1234567-8',
    province: 'Sindh',
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

/** A registered Sindh agency's service for `customer` (price 50,000.75, profit 8,000), 10,000 paid in cash. */
const sindhSalePaidInCash = async (t: TestApp, customer: string) => {
  await register(t)
  const sale = await t.call(
    'employee',
    'POST',
    '/api/services',
    recordInput('services', { customer_add: customer, paid_cash: 10000, paid_in_bank: 0, bank_title: '' }),
  )
  expect(sale.status, JSON.stringify(sale.body)).toBe(201)
  return { sale, id: Number(sale.body.service.id) }
}

describe(`tax and costs (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, COMMON_NAMES))

  it('an unregistered agency charges no tax: the answer has no tax keys, the figures are as before', async () => {
    const res = await t.call('employee', 'POST', '/api/services', recordInput('services'))
    expect(res.status).toBe(201)
    expect(res.body.service).not.toHaveProperty('tax_amount')
    // 50,000.75 - 20,000.50 - 10,000.10
    expect(res.body.service.remaining_amount).toBe(20000.15)
  })

  it('ships the rates as editable rows; only admins add one; a bad rate is a 400 with the field', async () => {
    const rates = await t.call('employee', 'GET', '/api/tax/rates')
    expect(rates.status).toBe(200)
    const srb = rates.body.rates.filter((r: { authority: string }) => r.authority === 'SRB')
    expect(srb.map((r: { rate: number }) => r.rate).sort()).toEqual([15, 5])
    expect(
      rates.body.rates.find(
        (r: { authority: string; is_default: boolean }) => r.authority === 'PRA' && r.is_default,
      ).rate,
    ).toBe(16)
    const body = { name: 'KPRA test', authority: 'KPRA', rate: 15, from: '2026-07-01' }
    expect((await t.call('employee', 'POST', '/api/tax/rates', body)).status).toBe(403)
    const bad = await t.call('admin', 'POST', '/api/tax/rates', { ...body, rate: 'x', authority: 'XYZ' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['authority', 'rate'])
    const made = await t.call('admin', 'POST', '/api/tax/rates', body)
    expect(made.status).toBe(201)
    expect(made.body.rate).toMatchObject({ authority: 'KPRA', rate: 15, from: '2026-07-01', to: null })
  })

  it('a Sindh service at 15 %, a Punjab one at 16 % and an exempt Umrah: tax on the service charge, posted to its payable', async () => {
    await register(t)
    const before = await trialBalance(t)
    // Sindh by the agency's province: profit 8,000 -> tax 1,200 on top of the price.
    const sindh = await t.call('employee', 'POST', '/api/services', recordInput('services'))
    expect(sindh.status, JSON.stringify(sindh.body)).toBe(201)
    expect(sindh.body.service).toMatchObject({
      tax_authority: 'SRB',
      tax_rate: 15,
      taxable_value: 8000,
      tax_amount: 1200,
      receivable_amount: 50000.75,
      remaining_amount: 21200.15,
    })
    // Punjab named on the body: 8,000 at 16 % = 1,280.
    const punjab = await t.call(
      'employee',
      'POST',
      '/api/services',
      recordInput('services', { tax_authority: 'PRA' } as never),
    )
    expect(punjab.status).toBe(201)
    expect(punjab.body.service).toMatchObject({ tax_authority: 'PRA', tax_rate: 16, tax_amount: 1280 })
    // Umrah is exempt by default: no tax, marked exempt.
    const umrah = await t.call('employee', 'POST', '/api/umrah', recordInput('umrah'))
    expect(umrah.status, JSON.stringify(umrah.body)).toBe(201)
    expect(umrah.body.umrahBooking).toMatchObject({
      tax_authority: 'SRB',
      tax_rate: 0,
      tax_amount: 0,
      tax_exempt: true,
    })
    // GET answers carry the keys too.
    const one = await t.call('employee', 'GET', `/api/services/${punjab.body.service.id}`)
    expect(one.body.service).toMatchObject({ tax_authority: 'PRA', tax_amount: 1280 })

    const after = await trialBalance(t)
    const moved = (code: string) =>
      Math.round(((after.get(code)?.credit ?? 0) - (before.get(code)?.credit ?? 0)) * 100) / 100
    expect(moved('tax:sales SRB')).toBe(1200)
    expect(moved('tax:sales PRA')).toBe(1280)
    // Income is the price, never the tax: two services at 50,000.75 each.
    expect(moved('income:services')).toBe(100001.5)
    const books = await t.call('admin', 'GET', '/api/reports/books-check')
    expect(books.body, JSON.stringify(books.body)).toMatchObject({ ok: true })
  })

  it('a payment with tax withheld settles the balance to 0 and its certificate is tracked', async () => {
    const sale = await t.call(
      'employee',
      'POST',
      '/api/services',
      recordInput('services', {
        customer_add: 'Corporate Ltd',
        paid_cash: 0,
        paid_in_bank: 0,
        bank_title: '',
      }),
    )
    expect(sale.status).toBe(201)
    // 50,000.75 + 1,200 tax = 51,200.75 owed; the customer pays 46,080.68 and withholds 5,120.07.
    expect(sale.body.service.remaining_amount).toBe(51200.75)
    const id = sale.body.service.id
    const tooMuch = await t.call('employee', 'POST', '/api/payments', {
      source_type: 'services',
      source_id: id,
      amount: 46080.68,
      method: 'cash',
      tax_withheld: { amount: 5120.08, section: '153(1)(b)' },
    })
    expect(tooMuch.status).toBe(400)
    const paid = await t.call('employee', 'POST', '/api/payments', {
      source_type: 'services',
      source_id: id,
      amount: 46080.68,
      method: 'cash',
      tax_withheld: { amount: 5120.07, section: '153(1)(b)' },
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    expect(paid.body.payment.tax_withheld).toEqual({ amount: 5120.07, section: '153(1)(b)', certificate: '' })
    const after = await t.call('employee', 'GET', `/api/services/${id}`)
    expect(after.body.service.remaining_amount).toBe(0)
    const tb = await trialBalance(t)
    expect(
      tb.get('customer:corporate ltd')?.balance ??
        tb.get(`customer:#${sale.body.service.customer_id}`)?.balance,
    ).toBe(0)
    expect(tb.get('tax:withheld')?.debit).toBe(5120.07)
    // The paid sale edited as it is: its tax is owed again and paid, nothing remains.
    const body = recordInput('services', {
      customer_add: 'Corporate Ltd',
      paid_cash: 0,
      paid_in_bank: 0,
      bank_title: '',
    })
    const same = await t.call('admin', 'PUT', `/api/services/${id}`, body)
    expect(same.status, JSON.stringify(same.body)).toBe(200)
    expect(same.body.service).toMatchObject({ remaining_amount: 0, tax_amount: 1200 })
    // Lowering the price below what was paid is refused, and nothing changes.
    const lower = await t.call('admin', 'PUT', `/api/services/${id}`, { ...body, receivable_amount: 40000 })
    expect(lower.status).toBe(400)
    expect(lower.body.errors).toEqual({
      receivable_amount: 'The payments already received exceed this amount',
    })
    expect((await t.call('employee', 'GET', `/api/services/${id}`)).body.service.receivable_amount).toBe(
      50000.75,
    )
    const saved = await t.call('employee', 'PUT', `/api/payments/${paid.body.payment.id}/tax-certificate`, {
      certificate: 'WHT-2026-0042',
    })
    expect(saved.status).toBe(200)
    expect(saved.body.payment.tax_withheld.certificate).toBe('WHT-2026-0042')
  })

  it('a visa whose protector fee a Protector entry pays: net profit counts the fee once', async () => {
    const visa = await t.call(
      'employee',
      'POST',
      '/api/visa-processing',
      recordInput('visa_processing', { pay_for_protector: 6000, tax_authority: 'none' } as never),
    )
    expect(visa.status, JSON.stringify(visa.body)).toBe(201)
    const withFee = (await netProfit(t)).totals.net_profit
    // Before issue 36: the fee paid as an ordinary Protector entry counts a second time.
    const twice = await t.call('employee', 'POST', '/api/protector', {
      ...recordInput('protectors', { withdraw: 6000 }),
    })
    expect(twice.status).toBe(201)
    expect((await netProfit(t)).totals.net_profit).toBe(withFee - 6000)
    // The forms' list of records with "Costs to pay" open: the visa, owing its 6,000 fee.
    const visaId = visa.body.visa_processing.id
    const openCost = async (query = '') => {
      const res = await t.call('employee', 'GET', `/api/tax/open-costs${query}`)
      expect(res.status).toBe(200)
      return (
        res.body.costs as { source_type: string; source_id: number; label: string; open: number }[]
      ).find((c) => c.source_type === 'visa_processing' && c.source_id === visaId)
    }
    expect(await openCost()).toMatchObject({
      open: 6000,
      label: expect.stringMatching(/^Visa processing \d+\/\d+, Mr Ali Khan$/),
    })
    // After: the same entry says what it settles; the fee is counted once.
    const settled = await t.call('admin', 'PUT', `/api/protector/${twice.body.protector.id}`, {
      ...recordInput('protectors', { withdraw: 6000 }),
      settles_cost_of: { source_type: 'visa_processing', source_id: visa.body.visa_processing.id },
    })
    expect(settled.status, JSON.stringify(settled.body)).toBe(200)
    expect(settled.body.protector.settles_cost_of).toEqual({
      source_type: 'visa_processing',
      source_id: visa.body.visa_processing.id,
    })
    expect((await netProfit(t)).totals.net_profit).toBe(withFee)
    const tb = await trialBalance(t)
    expect(tb.get('accrued:visa_processing')?.balance).toBe(0)
    // Settled in full, it leaves the list; the entry being edited still finds it.
    expect(await openCost()).toBeUndefined()
    expect(await openCost(`?keep=visa_processing:${visaId}`)).toMatchObject({ open: 0 })
    // A record that does not exist is refused, and nothing is stored.
    const missing = await t.call('employee', 'POST', '/api/protector', {
      ...recordInput('protectors', { withdraw: 10 }),
      settles_cost_of: { source_type: 'visa_processing', source_id: 999999 },
    })
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual({ settles_cost_of: 'Visa processing not found' })
  })

  it('a ticket with four tax codes: its invoice shows the fare, each airline tax and the service charge, and every rule 29(1) field', async () => {
    const customer = await t.call('admin', 'POST', '/api/customers', {
      name: 'Karachi Exports Ltd',
      mobile_number: '03001234567',
      address: 'Plot 7, SITE, Karachi',
    })
    expect(customer.status, JSON.stringify(customer.body)).toBe(201)
    const cid = customer.body.customer.id
    const tax = await t.call('employee', 'PUT', `/api/customers/${cid}/tax`, {
      ntn: '7654321-0',
      province: 'Sindh',
    })
    expect(tax.status, JSON.stringify(tax.body)).toBe(200)
    // Receivable 257,240 = fare 182,000 + taxes 55,240 + service charge 20,000; payable 237,240.
    const ticket = await t.call(
      'employee',
      'POST',
      '/api/ticket',
      recordInput('tickets', {
        agent_name: '',
        customer_add: 'Karachi Exports Ltd',
        receivable_amount: 257240,
        paid_cash: 0,
        paid_in_bank: 0,
        bank_title: '',
        payable_to_vendor: 237240,
        ticket_text: FOUR_TAX_TICKET,
        ticket_numbers: '1762409930551',
      } as never),
    )
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201)
    expect(ticket.body.ticket).toMatchObject({ tax_authority: 'SRB', taxable_value: 20000, tax_amount: 3000 })
    const id = ticket.body.ticket.id
    const screen = await t.call('employee', 'GET', `/api/ticket/${id}/invoice`)
    expect(screen.status, JSON.stringify(screen.body)).toBe(200)
    const inv = screen.body.invoice
    expect(inv.lines).toEqual([
      { label: 'Fare', amount: 182000 },
      { label: 'Airline tax: YQ', amount: 42000 },
      { label: 'Airline tax: PK', amount: 5200 },
      { label: 'Airline tax: GB', amount: 6540 },
      { label: 'Airline tax: RG', amount: 1500 },
      { label: 'Service charge', amount: 20000 },
    ])
    expect(inv).toMatchObject({
      value_excluding_tax: 20000,
      tax: 3000,
      value_including_tax: 23000,
      total: 260240,
    })
    const pdf = await download(t, 'employee', `/api/ticket/${id}/invoice.pdf`)
    expect(pdf.status).toBe(200)
    expect(pdf.type).toBe('application/pdf')
    const text = pdftotext(pdf.bytes)
    for (const field of [
      'SALES TAX INVOICE',
      inv.invoice_no, // serial number
      inv.date.split('-').reverse().join('/'), // date
      'Supplier', // provider's name, address, NTN and SNTN
      '12 Shahrah-e-Faisal, Karachi',
      '1234567-8',
      'S1234567-8',
      'Karachi Exports Ltd', // recipient's name, address and NTN
      'Plot 7, SITE, Karachi',
      '7654321-0',
      'Tariff heading 9805.5000',
      'Description',
      'Fare',
      'Airline tax: YQ',
      'Airline tax: RG',
      'Service charge',
      'Value excluding tax',
      'Rate 15%',
      'Sales tax',
      'Value including tax',
      'Rs 23,000',
      'Rs 260,240',
    ])
      expect(text, field).toContain(field)
    const urdu = await download(t, 'employee', `/api/ticket/${id}/invoice.pdf?lang=ur`)
    expect(urdu.status).toBe(200)
    const urduText = pdftotext(urdu.bytes)
    // The same invoice in Urdu: its figures and numbers as they are, its labels translated.
    // Its serial and date read left to right as in English (decision 101), not "27/00001-2026".
    for (const field of [
      'S1234567-8',
      '7654321-0',
      '9805.5000',
      'Rs 23,000',
      'Rs 260,240',
      inv.invoice_no,
      inv.date.split('-').reverse().join('/'),
    ])
      expect(urduText, field).toContain(field)
    expect(urduText).not.toContain('Value excluding tax')
    // A sale with no tax has no invoice.
    const untaxed = await t.call(
      'employee',
      'POST',
      '/api/services',
      recordInput('services', { tax_authority: 'none' } as never),
    )
    const none = await t.call('employee', 'GET', `/api/services/${untaxed.body.service.id}/invoice.pdf`)
    expect(none.status).toBe(404)
  })

  it("the sales-tax register equals the payable accounts' movement; the withheld register lists certificates received and missing", async () => {
    const tb = await trialBalance(t)
    for (const authority of ['SRB', 'PRA']) {
      const reg = await t.call('admin', 'GET', `/api/reports/sales-tax?authority=${authority}`)
      expect(reg.status).toBe(200)
      const account = tb.get(`tax:sales ${authority}`)
      expect(reg.body.totals.tax).toBe(
        Math.round(((account?.credit ?? 0) - (account?.debit ?? 0)) * 100) / 100,
      )
      expect(reg.body.rows.length).toBeGreaterThan(0)
    }
    const all = await t.call('admin', 'GET', '/api/reports/sales-tax')
    const payable = [...tb.values()].filter((a) => a.code.startsWith('tax:sales '))
    expect(all.body.totals.tax).toBe(
      Math.round(payable.reduce((s, a) => s + a.credit - a.debit, 0) * 100) / 100,
    )
    expect(all.body.totals.taxable_value).toBe(
      Math.round(
        all.body.rows.reduce((s: number, r: { taxable_value: number }) => s + r.taxable_value, 0) * 100,
      ) / 100,
    )
    // A period before any sale moves nothing.
    const empty = await t.call('admin', 'GET', '/api/reports/sales-tax?to=2000-01-01')
    expect(empty.body).toMatchObject({ rows: [], totals: { taxable_value: 0, tax: 0 } })
    expect((await t.call('employee', 'GET', '/api/reports/sales-tax')).status).toBe(403)
    // The CSV is in the return's column order.
    const csv = await download(t, 'admin', '/api/reports/sales-tax?format=csv')
    expect(csv.status).toBe(200)
    const header = csv.bytes
      .toString('utf8')
      .split('\n')
      .find((l) => l.includes('Buyer NTN/CNIC'))
      ?.trim()
    expect(header).toBe(
      'Buyer NTN/CNIC,Buyer Name,Document Type,Document Number,Document Date,Tariff Heading,Description,Value Excluding Tax,Rate %,Sales Tax,Value Including Tax',
    )
    for (const format of ['pdf', 'xlsx'])
      expect((await download(t, 'admin', `/api/reports/sales-tax?format=${format}`)).status).toBe(200)

    const withheld = await t.call('admin', 'GET', '/api/reports/tax-withheld')
    expect(withheld.status).toBe(200)
    expect(withheld.body.rows).toHaveLength(1)
    expect(withheld.body.rows[0]).toMatchObject({
      amount: 5120.07,
      section: '153(1)(b)',
      certificate: 'WHT-2026-0042',
      status: 'received',
    })
    expect(withheld.body.totals.withheld).toBe(tb.get('tax:withheld')?.debit)
    // A second payment without its certificate yet is listed as missing.
    const sale = await t.call(
      'employee',
      'POST',
      '/api/services',
      recordInput('services', {
        customer_add: 'Corporate Ltd',
        paid_cash: 0,
        paid_in_bank: 0,
        bank_title: '',
        tax_authority: 'none',
      } as never),
    )
    const paid = await t.call('employee', 'POST', '/api/payments', {
      source_type: 'services',
      source_id: sale.body.service.id,
      amount: 45000.75,
      method: 'cash',
      tax_withheld: { amount: 5000, section: '153(1)(b)' },
    })
    expect(paid.status).toBe(201)
    const again = await t.call('admin', 'GET', '/api/reports/tax-withheld')
    expect(again.body.totals).toMatchObject({
      withheld: 10120.07,
      received: 5120.07,
      missing: 5000,
      certificates_missing: 1,
    })
    const books = await t.call('admin', 'GET', '/api/reports/books-check')
    expect(books.body, JSON.stringify(books.body)).toMatchObject({ ok: true })
  })

  it('20 invoices at once take serials with no gap and no repeat', async () => {
    // Services are dated by their Booking Date (20/05/2026): tax year 2025-26.
    const year = (q: ReturnType<typeof t.app.db.selectFrom<'tax_invoices'>>) =>
      q.where('tax_year', '=', '2025-26')
    const before = await year(t.app.db.selectFrom('tax_invoices')).select('serial').execute()
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call(
          'employee',
          'POST',
          '/api/services',
          recordInput('services', { specific_detail: `Batch ${i}` }),
        ),
      ),
    )
    for (const m of made) expect(m.status, JSON.stringify(m.body)).toBe(201)
    const serials = (await year(t.app.db.selectFrom('tax_invoices')).select('serial').execute())
      .map((r) => Number(r.serial))
      .sort((a, b) => a - b)
    expect(serials).toEqual(Array.from({ length: before.length + 20 }, (_, i) => i + 1))
  })

  it('bank charges and profit posted from the reconciliation reach net profit; an old one is re-posted by a reversal and a new entry', async () => {
    const bank = await t.call('admin', 'POST', '/api/admin/banks', { name: 'Tax Test Bank' })
    expect(bank.status).toBe(201)
    const id = bank.body.bank.id
    const csv = [
      'Txn Date,Value Date,Description,Cheque No,Debit,Credit,Balance',
      '05/10/2026,05/10/2026,SMS ALERT CHARGES,,750.00,,-750.00',
      '20/10/2026,20/10/2026,CHEQUE BOOK ISSUANCE,,1200.00,,-1950.00',
      '31/10/2026,31/10/2026,PROFIT ON PLS ACCOUNT,,,1234.56,-715.44',
    ].join('\n')
    const imported = await t.call('admin', 'POST', `/api/banks/${id}/statement-imports`, {
      csv,
      mapping: DEBIT_CREDIT_MAPPING,
    })
    expect(imported.status, JSON.stringify(imported.body)).toBe(201)
    const lines = (await t.call('admin', 'GET', `/api/banks/${id}/statement-lines`)).body.lines as {
      id: number
      narration: string
    }[]
    const line = (n: string) => lines.find((l) => l.narration === n)!.id
    const before = await netProfit(t)
    const charge = await t.call(
      'admin',
      'POST',
      `/api/banks/${id}/statement-lines/${line('SMS ALERT CHARGES')}/post`,
      {
        kind: 'charge',
      },
    )
    expect(charge.status, JSON.stringify(charge.body)).toBe(201)
    const profit = await t.call(
      'admin',
      'POST',
      `/api/banks/${id}/statement-lines/${line('PROFIT ON PLS ACCOUNT')}/post`,
      {
        kind: 'profit',
      },
    )
    expect(profit.status).toBe(201)
    const after = await netProfit(t)
    expect(after.expenses.find((e) => e.code === 'expense:Bank charges')?.amount).toBe(750)
    expect(after.income.find((e) => e.code === 'income:bank profit')?.amount).toBe(1234.56)
    expect(Math.round((after.totals.net_profit - before.totals.net_profit) * 100) / 100).toBe(484.56)

    // An entry an earlier release posted to the owner's equity, as migration 0036 finds it.
    const old = await t.call(
      'admin',
      'POST',
      `/api/banks/${id}/statement-lines/${line('CHEQUE BOOK ISSUANCE')}/post`,
      {
        kind: 'charge',
      },
    )
    expect(old.status).toBe(201)
    const oldId = old.body.record.id as number
    const source = { type: 'account_entries', id: oldId }
    // Migration 0036 finds it by its detail and its match.
    await t.app.db.deleteFrom('office_purposes').where('entry_id', '=', oldId).execute()
    await markReconciledBankEntries(t.app.db)
    expect(
      await t.app.db
        .selectFrom('office_purposes')
        .selectAll()
        .where('entry_id', '=', oldId)
        .executeTakeFirst(),
    ).toEqual({ entry_id: oldId, purpose: 'bank_charge', reposted: 0 })
    const row = (await t.app.db
      .selectFrom('account_entries')
      .selectAll()
      .where('id', '=', oldId)
      .executeTakeFirstOrThrow()) as never
    await t.app.db.transaction().execute(async (trx) => {
      await syncLines(
        trx,
        source,
        { date: '2026-10-20', entry: old.body.record.entry, detail: 'old rule' },
        officeMoves(moneyOut('account_entries', row)),
      )
    })
    const equity = await netProfit(t)
    expect(equity.totals.net_profit).toBe(after.totals.net_profit)
    const entriesBefore = (await entriesOf(t.app.db, source)).length
    await repostBankCharges(t.app.db)
    const reposted = await netProfit(t)
    expect(Math.round((equity.totals.net_profit - reposted.totals.net_profit) * 100) / 100).toBe(1200)
    expect(reposted.expenses.find((e) => e.code === 'expense:Bank charges')?.amount).toBe(1950)
    // A reversal and a new entry were appended; nothing was rewritten.
    expect((await entriesOf(t.app.db, source)).length).toBe(entriesBefore + 2)
    const books = await t.call('admin', 'GET', '/api/reports/books-check')
    expect(books.body, JSON.stringify(books.body)).toMatchObject({ ok: true })
  })

  it('an agency typing prices with the tax in: the tax is taken out of them, the bill is as typed', async () => {
    const settings = (await t.call('admin', 'GET', '/api/admin/settings')).body.settings
    expect(
      (await t.call('admin', 'PUT', '/api/admin/settings', { ...settings, prices_include_tax: true })).status,
    ).toBe(200)
    const before = await trialBalance(t)
    // Profit 11,500 holds 15 % SRB tax: 11,500 × 15 / 115 = 1,500 tax on 10,000.
    const sale = await t.call(
      'employee',
      'POST',
      '/api/services',
      recordInput('services', { profit: 11500, tax_authority: 'SRB' } as never),
    )
    expect(sale.status, JSON.stringify(sale.body)).toBe(201)
    expect(sale.body.service).toMatchObject({
      taxable_value: 10000,
      tax_amount: 1500,
      remaining_amount: 20000.15,
      tax_inclusive: true,
    })
    // Its receipt: the price holds the tax, so the total is the price as typed.
    const paper = pdftotext(
      (await download(t, 'employee', `/api/services/${sale.body.service.id}/receipt.pdf`)).bytes,
    )
    expect(paper).toContain('Price Rs 48,500.75')
    expect(paper).toContain('Sales tax (SRB 15%) Rs 1,500 ')
    expect(paper).toContain('Total amount Rs 50,000.75')
    expect(paper).toContain('Remaining Rs 20,000.15')
    const after = await trialBalance(t)
    const moved = (code: string) =>
      Math.round(((after.get(code)?.credit ?? 0) - (before.get(code)?.credit ?? 0)) * 100) / 100
    expect(moved('income:services')).toBe(48500.75)
    expect(moved('tax:sales SRB')).toBe(1500)
    expect(
      (await t.call('admin', 'PUT', '/api/admin/settings', { ...settings, prices_include_tax: false }))
        .status,
    ).toBe(200)
    const books = await t.call('admin', 'GET', '/api/reports/books-check')
    expect(books.body, JSON.stringify(books.body)).toMatchObject({ ok: true })
  })

  it("a taxed sale's receipt shows the price, the sales tax and the total owed; remaining as the books have it", async () => {
    const { sale, id } = await sindhSalePaidInCash(t, 'Corporate Ltd')
    // 50,000.75 + 15 % of the 8,000 profit = 51,200.75 owed; 10,000 paid leaves 41,200.75.
    expect(sale.body.service.remaining_amount).toBe(41200.75)
    const paper = async () => {
      const pdf = await download(t, 'employee', `/api/services/${id}/receipt.pdf`)
      expect(pdf.status).toBe(200)
      return pdftotext(pdf.bytes)
    }
    const first = await paper()
    expect(first).toContain('Price Rs 50,000.75')
    expect(first).toContain('Sales tax (SRB 15%) Rs 1,200 ')
    expect(first).toContain('Total amount Rs 51,200.75')
    expect(first).toContain('Remaining Rs 41,200.75')
    // A payment with income tax withheld: both settle the bill, both are on the receipts.
    const paid = await t.call('employee', 'POST', '/api/payments', {
      source_type: 'services',
      source_id: id,
      amount: 37080.68,
      method: 'cash',
      tax_withheld: { amount: 4120.07, section: '153(1)(b)' },
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    const second = await paper()
    expect(second).toContain('37,080.68')
    // pdftotext wraps the withheld line's label around its figure.
    expect(second).toMatch(/Receipt \d+, tax Rs 4,120\.07 withheld \(153\(1\)\(b\)\)/)
    expect(second).toContain('Received Rs 51,200.75')
    expect(second).toContain('Remaining Rs 0 ')
    const receipt = await download(t, 'employee', `/api/payments/${paid.body.payment.id}/receipt.pdf`)
    const text = pdftotext(receipt.bytes)
    expect(text).toContain('Total amount Rs 51,200.75')
    expect(text).toContain('Remaining Rs 0 ')
  })

  it("a taxed sale's statement shows the whole bill and what was paid at booking, not one net line", async () => {
    const { id } = await sindhSalePaidInCash(t, 'Split Traders')
    const statement = async () => {
      const { rows } = await sql<{ account: string }>`SELECT DISTINCT account FROM posting_lines
        WHERE source_type = 'services' AND source_id = ${id} AND account LIKE 'customer:%'`.execute(
        t.app.db as unknown as Kysely<unknown>,
      )
      const [kind, ...name] = rows[0].account.split(':')
      const res = await t.call(
        'admin',
        'GET',
        `/api/statements/${kind}/${encodeURIComponent(name.join(':'))}`,
      )
      expect(res.status).toBe(200)
      return res.body as { rows: { detail: string; debit: number; credit: number }[]; totals: unknown }
    }
    // Price 50,000.75 + SRB 1,200 = 51,200.75 billed; 10,000 paid in cash at booking.
    const shown = await statement()
    expect(shown.rows.map((r) => [r.debit, r.credit])).toEqual([
      [51200.75, 0],
      [0, 10000],
    ])
    expect(shown.rows[1].detail).toMatch(/^Paid in cash at booking/)
    expect((await booksCheck(t.app.db, { full: true })).ok).toBe(true)
    // A database whose taxed sales were written before this rule: the migration splits them too.
    const db = t.app.db as unknown as Kysely<unknown>
    // The lines as an older release wrote them: the insert-only triggers lifted to undo the split.
    await dropInsertOnly(t.app.db as unknown as Kysely<never>)
    await sql`UPDATE posting_lines SET split_add = 0 WHERE EXISTS (SELECT 1 FROM sale_taxes st
      WHERE st.source_type = posting_lines.source_type AND st.source_id = posting_lines.source_id
        AND st.inclusive = 0 AND st.tax_amount <> 0)`.execute(db)
    await createInsertOnly(t.app.db as unknown as Kysely<never>)
    await sql`UPDATE posting_days SET split_add = coalesce((SELECT sum(l.split_add) FROM posting_lines l
      WHERE l.account = posting_days.account AND l.date = posting_days.date), 0)`.execute(db)
    expect((await booksCheck(t.app.db, { full: true })).ok).toBe(false)
    await taxedSplit.up(t.app.db as unknown as Kysely<never>)
    expect((await booksCheck(t.app.db, { full: true })).ok).toBe(true)
    expect((await statement()).totals).toEqual(shown.totals)
  })

  it('a rule for a Services kind (its Visa Type) wins over the Services rule', async () => {
    await register(t)
    const rule = await t.call('admin', 'PUT', '/api/tax/rules', {
      record_type: 'services',
      kind: 'VISIT VISA',
      taxable: false,
    })
    expect(rule.status, JSON.stringify(rule.body)).toBe(200)
    const visit = await t.call(
      'employee',
      'POST',
      '/api/services',
      recordInput('services', { visa_type: 'VISIT VISA' }),
    )
    expect(visit.status, JSON.stringify(visit.body)).toBe(201)
    expect(visit.body.service).toMatchObject({ tax_amount: 0, tax_exempt: true })
    const work = await t.call('employee', 'POST', '/api/services', recordInput('services'))
    expect(work.body.service).toMatchObject({ tax_amount: 1200 })
    expect(
      (
        await t.call('employee', 'PUT', '/api/tax/rules', {
          record_type: 'services',
          kind: 'WORK VISA',
          taxable: false,
        })
      ).status,
    ).toBe(403)
  })
})
