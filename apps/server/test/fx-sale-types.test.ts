import { recordInput } from '@booking/shared/test-data'
import { describe, expect, it } from 'vitest'
import * as ledger from '../src/books/ledger.ts'
import { DB_KIND } from './harness.ts'
import { addNames, booksBalance, sarCustomer, setupTestApp } from './helpers.ts'

/**
 * Issue 34 item 3 (decision 151): the selling side in the customer's currency for the sale types
 * decision 137 left in rupees (Visa, the medical token, Services and NAVTCC), settled by Receive
 * Payment in that currency to 0.00 in both.
 */
describe(`the other sale types in the party's currency (${DB_KIND})`, () => {
  const t = setupTestApp(async (t) => {
    await addNames(t, { vendors: ['Makkah Hotels'] })
  })

  let customerAccount = ''
  const setUp = async () => {
    if (customerAccount) return customerAccount
    customerAccount = await sarCustomer(t, { vendor: 'Makkah Hotels' })
    return customerAccount
  }
  const pay = async (body: Record<string, unknown>) => {
    const paid = await t.call('employee', 'POST', '/api/payments', {
      method: 'cash',
      bank_title: '',
      note: '',
      ...body,
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    return paid.body.payment
  }
  const settled = async (customer: string) => {
    expect(await ledger.balance(t.app.db, customer)).toEqual({ currency: 'SAR', minor: 0n })
    expect(await ledger.rupeeBalance(t.app.db, customer)).toEqual({ currency: 'PKR', minor: 0n })
  }

  it('a Visa sold in SAR with rupee charges, paid by Receive Payment at another rate: 0.00 in both', async () => {
    const customer = await setUp()
    const made = await t.call('employee', 'POST', '/api/visa-processing', {
      ...recordInput('visa_processing'),
      customer_add: 'Rana Family',
      receivable_amount: 1000,
      additional_charges: 500,
      pay_for_protector: 0,
      paid_cash: 200,
      paid_in_bank: 0,
      bank_title: '',
      rates: { SAR: 75 },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const visa = made.body.visa_processing
    // SAR 1,000 at 75 less the Rs 500 charges (rupees, costs to pay: decision 140).
    expect(visa).toMatchObject({
      currency: 'SAR',
      vendor_currency: 'PKR',
      rates: { SAR: 75 },
      profit: 74500,
      remaining_amount: 800,
    })
    expect(await ledger.balance(t.app.db, customer)).toEqual({ currency: 'SAR', minor: 80000n })
    expect(await ledger.rupeeBalance(t.app.db, customer)).toEqual({ currency: 'PKR', minor: 6_000_000n })
    const payment = await pay({
      source_type: 'visa-processing',
      source_id: visa.id,
      amount: 800,
      date: '2027-01-10',
      rate: 76,
    })
    expect(payment).toMatchObject({ amount: 800, currency: 'SAR', rate: 76 })
    await settled(customer)
    const after = await t.call('employee', 'GET', `/api/visa-processing/${visa.id}`)
    expect(after.body.visa_processing).toMatchObject({ remaining_amount: 0, payments_total: 800 })
    // SAR 800 billed at 75, received at 76: Rs 800 gained, realised once.
    expect(await ledger.rupeeBalance(t.app.db, 'expense:Exchange gain/loss (realised)')).toEqual({
      currency: 'PKR',
      minor: -80_000n,
    })
    await booksBalance(t)
  })

  // SAR 1,000 sold, SAR 400 owed to the riyal vendor, nothing paid yet.
  const navtccBody = {
    ...recordInput('navtcc'),
    customer_add: 'Rana Family',
    receivable_amount: 1000,
    paid_cash: 0,
    paid_in_bank: 0,
    paid_from_bank: '',
    payed_to_bank: 400,
    vendor_name: 'Makkah Hotels',
  }

  it('a NAVTCC sold in SAR, paid to a SAR vendor: one rate for both sides, settled to 0.00 in both', async () => {
    const customer = await setUp()
    const before = await ledger.balance(t.app.db, customer)
    const made = await t.call('employee', 'POST', '/api/navtcc', navtccBody)
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const navtcc = made.body.navtcc
    // No rate typed: the day's (74.85), shared by both sides; profit SAR 600 at 74.85.
    expect(navtcc).toMatchObject({
      currency: 'SAR',
      vendor_currency: 'SAR',
      rates: { SAR: 74.85 },
      profit: 44910,
      remaining_amount: 1000,
    })
    expect(await ledger.balance(t.app.db, customer)).toEqual({
      currency: 'SAR',
      minor: before.minor + 100000n,
    })
    // An edit of the same day keeps the sale's rate, though another is in force by then.
    await t.call('employee', 'POST', '/api/rates', {
      date: '2026-11-02',
      currency: 'SAR',
      rate: '80',
      source: 'SBP',
    })
    const edited = await t.call('admin', 'PUT', `/api/navtcc/${navtcc.id}`, {
      ...navtccBody,
      reference: 'REF-N2',
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.navtcc).toMatchObject({ currency: 'SAR', rates: { SAR: 74.85 }, profit: 44910 })
    const payment = await pay({
      source_type: 'navtcc',
      source_id: navtcc.id,
      amount: 1000,
      date: '2027-01-12',
      rate: 73,
    })
    expect(payment).toMatchObject({ currency: 'SAR', rate: 73 })
    await settled(customer)
    await booksBalance(t)
  })

  it('a medical token and a Service in SAR keep the typed profit in rupees; the Service takes its Booking Date rate', async () => {
    const customer = await setUp()
    await t.call('employee', 'POST', '/api/rates', {
      date: '2026-05-01',
      currency: 'SAR',
      rate: '70',
      source: 'SBP',
    })
    const token = await t.call('employee', 'POST', '/api/gamca-token', {
      ...recordInput('gamca_tokens'),
      customer_add: 'Rana Family',
      receivable_amount: 100,
      paid_cash: 0,
      paid_in_bank: 0,
      profit: 2500,
      rates: { SAR: 74.333333 },
    })
    expect(token.status, JSON.stringify(token.body)).toBe(201)
    expect(token.body.gamcaToken).toMatchObject({ currency: 'SAR', rates: { SAR: 74.333333 }, profit: 2500 })
    const service = await t.call('employee', 'POST', '/api/services', {
      ...recordInput('services'),
      customer_add: 'Rana Family',
      receivable_amount: 300,
      paid_cash: 100,
      paid_in_bank: 0,
      bank_title: '',
      profit: 1000,
    })
    expect(service.status, JSON.stringify(service.body)).toBe(201)
    // Booked on 2026-05-20: the rate in force then (70), not today's.
    expect(service.body.service).toMatchObject({ currency: 'SAR', rates: { SAR: 70 }, profit: 1000 })
    await pay({ source_type: 'gamca-token', source_id: token.body.gamcaToken.id, amount: 100, rate: 75 })
    await pay({ source_type: 'services', source_id: service.body.service.id, amount: 200, rate: 75 })
    await settled(customer)
    await booksBalance(t)
  })

  it('another currency than the customer keeps is a 400 saying why; a rupee call is what it was', async () => {
    await setUp()
    const wrong = await t.call('employee', 'POST', '/api/visa-processing', {
      ...recordInput('visa_processing'),
      customer_add: 'Rana Family',
      currency: 'PKR',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors.currency).toBe('Rana Family keeps its account in SAR: enter the amounts in SAR')
    const rupeeCustomer = await t.call('employee', 'POST', '/api/navtcc', {
      ...recordInput('navtcc'),
      currency: 'SAR',
    })
    expect(rupeeCustomer.status).toBe(400)
    expect(rupeeCustomer.body.errors.currency).toBe(
      'Usman Ghani, Lahore keeps its account in PKR: enter the amounts in PKR',
    )
    const rupees = await t.call('employee', 'POST', '/api/services', recordInput('services'))
    expect(rupees.status, JSON.stringify(rupees.body)).toBe(201)
    expect(rupees.body.service).toMatchObject({ currency: 'PKR', rates: {}, profit: 8000 })
    await booksBalance(t)
  })
})
