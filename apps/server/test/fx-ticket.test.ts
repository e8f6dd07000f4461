import { recordInput } from '@booking/shared/test-data'
import { describe, expect, it } from 'vitest'
import * as ledger from '../src/books/ledger.ts'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'

// Issue 34 item 3 (decision 136): a Ticket's buying side in the vendor's currency, as the Umrah's.
describe(`a ticket bought in dollars, sold in rupees (${DB_KIND})`, () => {
  const t = setupTestApp(async (t) => {
    await addNames(t, { ...COMMON_NAMES, vendors: [...COMMON_NAMES.vendors, 'Gulf Consolidator'] })
  })
  const body = (more: Record<string, unknown>) => ({
    ...recordInput('tickets'),
    receivable_amount: 300000,
    paid_cash: 0,
    bank_title: '',
    paid_in_bank: 0,
    payable_to_vendor: 950,
    vendor_name: 'Gulf Consolidator',
    ...more,
  })

  it('the payable in USD at its rate, the profit in rupees; paid later at another rate, the difference realised', async () => {
    await t.call('admin', 'PUT', '/api/admin/currencies/USD', { enabled: true })
    expect((await t.call('admin', 'PUT', '/api/vendors/Gulf Consolidator', { currency: 'USD' })).status).toBe(
      200,
    )
    const made = await t.call(
      'admin',
      'POST',
      '/api/ticket',
      body({ vendor_currency: 'USD', rates: { USD: 280.5 } }),
    )
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const ticket = made.body.ticket
    expect(ticket).toMatchObject({ vendor_currency: 'USD', rates: { USD: 280.5 }, payable_to_vendor: 950 })
    // USD 950 × 280.5 = Rs 266,475: the profit is the receivable less the payable's rupees.
    expect(ticket.profit).toBe(33525)
    expect(await ledger.balance(t.app.db, 'vendor:Gulf Consolidator')).toEqual({
      currency: 'USD',
      minor: -95000n,
    })
    const vendorRow = await t.app.db
      .selectFrom('vender_entries')
      .select(['currency', 'rate'])
      .where('source_type', '=', 'tickets')
      .where('source_id', '=', ticket.id)
      .executeTakeFirstOrThrow()
    expect([vendorRow.currency, BigInt(vendorRow.rate!)]).toEqual(['USD', 280_500_000n])
    const read = await t.call('admin', 'GET', `/api/ticket/${ticket.id}`)
    expect(read.body.ticket).toMatchObject({ vendor_currency: 'USD', rates: { USD: 280.5 }, profit: 33525 })

    // Paid later in dollars at 282: USD 0.00 owed, Rs 1,425 realised loss, rupees 0.00.
    const paid = await t.call('admin', 'POST', '/api/vender', {
      vender_name: 'Gulf Consolidator',
      date: '2027-01-20',
      detail: 'Settlement',
      bank_title: 'Cash',
      credit: 0,
      debit: 950,
      withdraw: 0,
      rate: 282,
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    expect(await ledger.balance(t.app.db, 'vendor:Gulf Consolidator')).toEqual({ currency: 'USD', minor: 0n })
    expect(await ledger.rupeeBalance(t.app.db, 'vendor:Gulf Consolidator')).toEqual({
      currency: 'PKR',
      minor: 0n,
    })
    expect(await ledger.rupeeBalance(t.app.db, 'expense:Exchange gain/loss (realised)')).toEqual({
      currency: 'PKR',
      minor: 142500n,
    })

    // Without the keys: the vendor's currency at the day's rate; none in force is a 400 naming it.
    const noRate = await t.call('admin', 'POST', '/api/ticket', body({}))
    expect(noRate.status).toBe(400)
    expect(noRate.body.errors.rates).toMatch(/No USD rate on or before/)
    await t.call('employee', 'POST', '/api/rates', {
      date: '2026-11-01',
      currency: 'USD',
      rate: 281,
      source: 'SBP',
    })
    const dayRate = await t.call('admin', 'POST', '/api/ticket', body({}))
    expect(dayRate.status, JSON.stringify(dayRate.body)).toBe(201)
    expect(dayRate.body.ticket).toMatchObject({ vendor_currency: 'USD', rates: { USD: 281 }, profit: 33050 })
    const wrong = await t.call('admin', 'POST', '/api/ticket', body({ vendor_currency: 'PKR' }))
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors.vendor_currency).toMatch(/Gulf Consolidator keeps its account in USD/)
    // An edit of the same day keeps the ticket's rate, though a newer one is in force.
    await t.call('employee', 'POST', '/api/rates', {
      date: '2026-11-02',
      currency: 'USD',
      rate: 290,
      source: 'SBP',
    })
    const edited = await t.call('admin', 'PUT', `/api/ticket/${ticket.id}`, body({ payable_to_vendor: 1000 }))
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.ticket).toMatchObject({ vendor_currency: 'USD', rates: { USD: 280.5 }, profit: 19500 })
    // A void reverses the dollars too: the books still agree.
    const voided = await t.call('admin', 'POST', `/api/ticket/${dayRate.body.ticket.id}/void`, {
      reason: 'airline void',
    })
    expect(voided.status, JSON.stringify(voided.body)).toBe(200)
    expect((await ledger.check(t.app.db, { full: true })).first_divergence).toBeUndefined()
  })

  it('a ticket without the keys, from a rupee vendor: rupees as always', async () => {
    const made = await t.call('admin', 'POST', '/api/ticket', body({ vendor_name: COMMON_NAMES.vendors[0] }))
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body.ticket).toMatchObject({ vendor_currency: 'PKR', rates: {}, profit: 299050 })
    const line = await t.app.db
      .selectFrom('posting_lines')
      .select(['currency', 'credit', 'rate'])
      .where('source_type', '=', 'tickets')
      .where('account', '=', `vendor:${COMMON_NAMES.vendors[0]}`)
      .executeTakeFirstOrThrow()
    expect([line.currency, BigInt(line.credit), line.rate]).toEqual(['PKR', 95000n, null])
    expect((await ledger.check(t.app.db, { full: true })).first_divergence).toBeUndefined()
  })

  it('a NAVTCC paid to a dollar vendor: Paid To Bank in USD at its rate, the profit in rupees', async () => {
    await t.call('admin', 'PUT', '/api/admin/currencies/USD', { enabled: true })
    await t.call('admin', 'PUT', '/api/vendors/Gulf Consolidator', { currency: 'USD' })
    const navtcc = (more: Record<string, unknown>) => ({
      ...recordInput('navtcc'),
      paid_in_bank: 0,
      paid_from_bank: '',
      receivable_amount: 40000,
      paid_cash: 0,
      payed_to_bank: 100,
      vendor_name: 'Gulf Consolidator',
      ...more,
    })
    const made = await t.call(
      'admin',
      'POST',
      '/api/navtcc',
      navtcc({ vendor_currency: 'USD', rates: { USD: 280.5 } }),
    )
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    // USD 100 × 280.5 = Rs 28,050.
    expect(made.body.navtcc).toMatchObject({ vendor_currency: 'USD', rates: { USD: 280.5 }, profit: 11950 })
    const line = await t.app.db
      .selectFrom('posting_lines')
      .select(['currency', 'fx_credit', 'credit'])
      .where('source_type', '=', 'navtcc')
      .where('source_id', '=', made.body.navtcc.id)
      .where('account', '=', 'vendor:Gulf Consolidator')
      .executeTakeFirstOrThrow()
    expect([line.currency, BigInt(line.fx_credit), BigInt(line.credit)]).toEqual(['USD', 10000n, 2805000n])
    // The spec's call, no vendor, no new keys: rupees as always.
    const plain = await t.call('admin', 'POST', '/api/navtcc', navtcc({ vendor_name: '' }))
    expect(plain.status, JSON.stringify(plain.body)).toBe(201)
    expect(plain.body.navtcc).toMatchObject({ vendor_currency: 'PKR', rates: {}, profit: 39900 })
    expect((await ledger.check(t.app.db, { full: true })).first_divergence).toBeUndefined()
  })
})
