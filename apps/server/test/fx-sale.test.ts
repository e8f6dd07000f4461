import { recordInput } from '@booking/shared/test-data'
import { describe, expect, it } from 'vitest'
import * as ledger from '../src/books/ledger.ts'
import { DB_KIND } from './harness.ts'
import { addNames, booksBalance, riyalUmrah, sarCustomer, setupTestApp } from './helpers.ts'
import { download, pdfText } from './paperwork-helpers.ts'

/**
 * Issue 34 item 3, the selling side (decisions 137, 138): a sale to a party kept in riyals is typed
 * in riyals and posts as riyals at the record's rate; Receive Payment against it is in riyals at
 * its own rate, settling the sale exactly in both currencies with the difference realised.
 */
describe(`a sale in the party's currency (${DB_KIND})`, () => {
  const t = setupTestApp(async (t) => {
    await addNames(t, { agents: ['Riyadh Agent', 'Agent A'], vendors: ['Makkah Hotels', 'Vendor V'] })
  })

  let customerAccount = ''
  const setUp = async () => {
    if (customerAccount) return customerAccount
    customerAccount = await sarCustomer(t, { vendor: 'Makkah Hotels', agents: ['Riyadh Agent'] })
    return customerAccount
  }
  /** A Ticket sold to the riyal agent, nothing paid in cash; `body` names the rest. */
  const agentTicket = async (body: Record<string, unknown>) => {
    const made = await t.call('employee', 'POST', '/api/ticket', {
      ...recordInput('tickets'),
      agent_name: 'Riyadh Agent',
      paid_cash: 0,
      ...body,
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    return made.body.ticket
  }
  const pay = async (body: Record<string, unknown>) =>
    t.call('employee', 'POST', '/api/payments', { method: 'cash', bank_title: '', note: '', ...body })

  it('an Umrah sold in SAR to a SAR customer, paid in two parts at other rates: 0.00 in both, the difference realised', async () => {
    const customer = await setUp()
    // The form asks the customer's currency by the text it names them with (decision 137).
    const proposed = await t.call(
      'employee',
      'GET',
      '/api/rates/party/customer/Rana%20Family?date=2026-11-28',
    )
    expect(proposed.body).toMatchObject({ currency: 'SAR', rate: 74.85 })
    const made = await t.call('employee', 'POST', '/api/umrah', {
      ...riyalUmrah('SAR-1', 'Makkah Hotels'),
      receivableAmount: 5000,
      paidCash: 1000,
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const umrah = made.body.umrahBooking
    // Both sides in riyals at the day's rate; the profit is rupees: SAR 1,000 at 74.85.
    expect(umrah).toMatchObject({
      currency: 'SAR',
      vendor_currency: 'SAR',
      rates: { SAR: 74.85 },
      receivableAmount: 5000,
      remainingAmount: 4000,
      profit: 74850,
    })
    expect(await ledger.balance(t.app.db, customer)).toEqual({ currency: 'SAR', minor: 400000n })
    expect(await ledger.rupeeBalance(t.app.db, customer)).toEqual({ currency: 'PKR', minor: 29_940_000n })
    // Cash in office is rupees: SAR 1,000 received at 74.85.
    expect(await ledger.rupeeBalance(t.app.db, 'cash')).toEqual({ currency: 'PKR', minor: 7_485_000n })
    expect(await ledger.rupeeBalance(t.app.db, 'income:umrah')).toEqual({
      currency: 'PKR',
      minor: -37_425_000n,
    })

    // The first part in riyals at 76: its share of the bill's rupees (Rs 112,275) against Rs 114,000 paid.
    const first = await pay({
      source_type: 'umrah',
      source_id: umrah.id,
      amount: 1500,
      date: '2027-01-10',
      rate: 76,
    })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body.payment).toMatchObject({ amount: 1500, currency: 'SAR', rate: 76 })
    expect(await ledger.balance(t.app.db, customer)).toEqual({ currency: 'SAR', minor: 250000n })
    expect(await ledger.rupeeBalance(t.app.db, customer)).toEqual({ currency: 'PKR', minor: 18_712_500n })
    const after = await t.call('employee', 'GET', `/api/umrah/${umrah.id}`)
    expect(after.body.umrahBooking).toMatchObject({ remainingAmount: 2500, paymentsTotal: 1500 })

    // An edit of the same day keeps the sale's rate, though another is in force by then.
    await t.call('employee', 'POST', '/api/rates', {
      date: '2026-11-02',
      currency: 'SAR',
      rate: '80',
      source: 'SBP',
    })
    const edited = await t.call('admin', 'PUT', `/api/umrah/${umrah.id}`, {
      ...riyalUmrah('SAR-1', 'Makkah Hotels'),
      packageDetail: '21 days',
      receivableAmount: 5000,
      paidCash: 1000,
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.umrahBooking).toMatchObject({
      rates: { SAR: 74.85 },
      profit: 74850,
      remainingAmount: 2500,
    })
    expect(await ledger.rupeeBalance(t.app.db, customer)).toEqual({ currency: 'PKR', minor: 18_712_500n })

    // The rest at 73.50 (no rate typed: the day's rate in force then).
    await t.call('employee', 'POST', '/api/rates', {
      date: '2027-01-20',
      currency: 'SAR',
      rate: '73.5',
      source: 'SBP',
    })
    const rest = await pay({ source_type: 'umrah', source_id: umrah.id, amount: 2500, date: '2027-01-25' })
    expect(rest.status, JSON.stringify(rest.body)).toBe(201)
    expect(rest.body.payment).toMatchObject({ amount: 2500, currency: 'SAR', rate: 73.5 })
    expect(await ledger.balance(t.app.db, customer)).toEqual({ currency: 'SAR', minor: 0n })
    expect(await ledger.rupeeBalance(t.app.db, customer)).toEqual({ currency: 'PKR', minor: 0n })
    const settled = await t.call('employee', 'GET', `/api/umrah/${umrah.id}`)
    expect(settled.body.umrahBooking.remainingAmount).toBe(0)
    // Billed Rs 299,400, received Rs 114,000 + Rs 183,750: a loss of Rs 1,650, realised once.
    expect(await ledger.rupeeBalance(t.app.db, 'expense:Exchange gain/loss (realised)')).toEqual({
      currency: 'PKR',
      minor: 165_000n,
    })
    const exchange = await t.call('admin', 'GET', '/api/reports/exchange?from=2027-01-01&to=2027-01-31')
    expect(exchange.status).toBe(200)
    expect(exchange.body.realised).toEqual([
      expect.objectContaining({ account: customer, currency: 'SAR', amount: -1650 }),
    ])
    await booksBalance(t)
    // The customer's statement in riyals with the rupee column (decision 123): 0.00 in both.
    const statement = await t.call(
      'admin',
      'GET',
      `/api/statements/customer/${customer.slice('customer:#'.length)}`,
    )
    expect(statement.status, JSON.stringify(statement.body)).toBe(200)
    expect(statement.body).toMatchObject({ currency: 'SAR', closing: 0, closing_pkr: 0 })

    // The receipt: in riyals, with the rupees at the payment's rate.
    const receipt = await download(t, 'employee', `/api/payments/${rest.body.payment.id}/receipt.pdf`)
    expect(receipt.status).toBe(200)
    const paper = await pdfText(receipt.bytes)
    expect(paper).toContain('SAR 2,500')
    expect(paper).toContain('Rs 73.5 per SAR')
    expect(paper).toContain('Rs 183,750')
    expect(paper).toContain('SAR Two Thousand Five Hundred Only')
    // The booking's receipt: its total in riyals, at its rate, with the rupees.
    const booking = await pdfText((await download(t, 'employee', `/api/umrah/${umrah.id}/receipt.pdf`)).bytes)
    expect(booking).toContain('SAR 5,000')
    expect(booking).toContain('Rs 74.85 per SAR')
    expect(booking).toContain('Rs 374,250')

    // A payment taken back gives back what it settled: the books still agree.
    expect((await t.call('admin', 'DELETE', `/api/payments/${rest.body.payment.id}`)).status).toBe(200)
    expect(await ledger.balance(t.app.db, customer)).toEqual({ currency: 'SAR', minor: 250000n })
    expect(await ledger.rupeeBalance(t.app.db, customer)).toEqual({ currency: 'PKR', minor: 18_712_500n })
    await booksBalance(t)
  })

  it('an Umrah in SAR paid half in SAR and the rest in rupees at another rate: 0.00 in both, the difference realised', async () => {
    const customer = await setUp()
    const owed = await ledger.balance(t.app.db, customer)
    const owedRupees = await ledger.rupeeBalance(t.app.db, customer)
    const cash = await ledger.rupeeBalance(t.app.db, 'cash')
    const made = await t.call('employee', 'POST', '/api/umrah', {
      ...riyalUmrah('SAR-4', 'Makkah Hotels'),
      receivableAmount: 2000,
      paidCash: 0,
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const umrah = made.body.umrahBooking
    const billRate = BigInt(Math.round(Number(umrah.rates.SAR) * 100))

    const half = await pay({
      source_type: 'umrah',
      source_id: umrah.id,
      amount: 1000,
      date: '2027-03-05',
      rate: 76,
    })
    expect(half.status, JSON.stringify(half.body)).toBe(201)
    expect(half.body.payment).toMatchObject({ amount: 1000, currency: 'SAR', rate: 76 })
    expect(half.body.payment.settled).toBeUndefined()

    // More rupees than the rest converts to is refused, and stores nothing.
    const over = await pay({
      source_type: 'umrah',
      source_id: umrah.id,
      amount: 80000,
      currency: 'PKR',
      date: '2027-03-10',
      rate: 77.777,
    })
    expect(over.status).toBe(400)
    expect(over.body.errors.amount).toBe(over.body.message)

    // Rs 77,776.50 at 77.777 is SAR 999.9936: within the rounding of the SAR 1,000 left, it settles it.
    const rest = await pay({
      source_type: 'umrah',
      source_id: umrah.id,
      amount: 77776.5,
      currency: 'PKR',
      date: '2027-03-10',
      rate: 77.777,
    })
    expect(rest.status, JSON.stringify(rest.body)).toBe(201)
    expect(rest.body.payment).toMatchObject({
      amount: 1000,
      currency: 'SAR',
      rate: 77.777,
      paid: { currency: 'PKR', amount: 77776.5 },
      settled: 'Rs 77,776.50 settled SAR 1,000.00 at 77.777',
    })
    expect(rest.body.message).toBe('Payment received: Rs 77,776.50 settled SAR 1,000.00 at 77.777')
    const after = await t.call('employee', 'GET', `/api/umrah/${umrah.id}`)
    expect(after.body.umrahBooking).toMatchObject({ remainingAmount: 0, paymentsTotal: 1000 * 2 })
    // The sale is 0.00 in riyals and in rupees: the customer's balances are as before it.
    expect(await ledger.balance(t.app.db, customer)).toEqual(owed)
    expect(await ledger.rupeeBalance(t.app.db, customer)).toEqual(owedRupees)
    // Cash took exactly the rupees paid: Rs 76,000 and Rs 77,776.50.
    expect(await ledger.rupeeBalance(t.app.db, 'cash')).toEqual({
      currency: 'PKR',
      minor: cash.minor + 7_600_000n + 7_777_650n,
    })
    // Billed SAR 2,000 at the sale's rate, received Rs 153,776.50: the difference realised in March.
    const realised = 15_377_650n - 2000n * billRate
    const exchange = await t.call('admin', 'GET', '/api/reports/exchange?from=2027-03-01&to=2027-03-31')
    expect(exchange.status).toBe(200)
    expect(exchange.body.realised).toEqual([
      expect.objectContaining({ account: customer, currency: 'SAR', amount: Number(realised) / 100 }),
    ])
    await booksBalance(t)

    // The list and the receipt say what it settled.
    const listed = await t.call('employee', 'GET', `/api/payments?source_type=umrah&source_id=${umrah.id}`)
    expect(listed.body.payments[1]).toMatchObject({ settled: 'Rs 77,776.50 settled SAR 1,000.00 at 77.777' })
    const receipt = await download(t, 'employee', `/api/payments/${rest.body.payment.id}/receipt.pdf`)
    expect(receipt.status).toBe(200)
    expect(await pdfText(receipt.bytes)).toContain('Rs 77,776.50 settled SAR 1,000.00 at 77.777')

    // Taken back, it gives back what it settled and the rupees it paid.
    expect((await t.call('admin', 'DELETE', `/api/payments/${rest.body.payment.id}`)).status).toBe(200)
    expect(await ledger.balance(t.app.db, customer)).toEqual({
      currency: 'SAR',
      minor: owed.minor + 100_000n,
    })
    expect(await ledger.rupeeBalance(t.app.db, 'cash')).toEqual({
      currency: 'PKR',
      minor: cash.minor + 7_600_000n,
    })
    await booksBalance(t)
  })

  it('another currency than the party keeps is a 400 saying why; so is a payment in it and a day with no rate', async () => {
    const customer = await setUp()
    const owed = await ledger.balance(t.app.db, customer)
    const wrong = await t.call('employee', 'POST', '/api/umrah', {
      ...riyalUmrah('SAR-2', 'Makkah Hotels'),
      currency: 'PKR',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors.currency).toBe('Rana Family keeps its account in SAR: enter the amounts in SAR')
    const rupeeAgent = await t.call('employee', 'POST', '/api/ticket', {
      ...recordInput('tickets'),
      currency: 'SAR',
    })
    expect(rupeeAgent.status).toBe(400)
    expect(rupeeAgent.body.errors.currency).toBe('Agent A keeps its account in PKR: enter the amounts in PKR')
    const umrah = await t.call('employee', 'POST', '/api/umrah', riyalUmrah('SAR-3', 'Makkah Hotels'))
    expect(umrah.status, JSON.stringify(umrah.body)).toBe(201)
    // Rupees are converted (decision 152), so they need a rate too, and at least a hundredth.
    const inRupees = await pay({
      source_type: 'umrah',
      source_id: umrah.body.umrahBooking.id,
      amount: 100,
      currency: 'PKR',
      date: '2026-10-01',
    })
    expect(inRupees.status).toBe(400)
    expect(inRupees.body.errors.rate).toBe(
      "No SAR rate on or before 2026-10-01: type the rate, or save the day's rate under Rates",
    )
    const tiny = await pay({
      source_type: 'umrah',
      source_id: umrah.body.umrahBooking.id,
      amount: 0.3,
      currency: 'PKR',
      rate: 75,
    })
    expect(tiny.status).toBe(400)
    expect(tiny.body.errors.amount).toBe('Rs 0.30 is less than 0.01 SAR at this rate')
    const early = await pay({
      source_type: 'umrah',
      source_id: umrah.body.umrahBooking.id,
      amount: 100,
      date: '2026-10-01',
    })
    expect(early.status).toBe(400)
    expect(early.body.errors.rate).toBe(
      "No SAR rate on or before 2026-10-01: type the rate, or save the day's rate under Rates",
    )
    // Nothing was stored by the refusals: only the Umrah saved moved the balance (SAR 300,000).
    expect(await ledger.balance(t.app.db, customer)).toEqual({
      currency: 'SAR',
      minor: owed.minor + 30_000_000n,
    })
    await booksBalance(t)
  })

  it('a Ticket sold in SAR to a SAR agent: part paid into a rupee bank at the rate, the rest by Receive Payment', async () => {
    await setUp()
    const bank = await t.call('admin', 'POST', '/api/admin/banks', { name: 'Meezan' })
    expect(bank.status, JSON.stringify(bank.body)).toBe(201)
    const ticket = await agentTicket({
      receivable_amount: 1000,
      bank_title: 'Meezan',
      paid_in_bank: 200,
      payable_to_vendor: 60000,
      vendor_name: 'Vendor V',
      rates: { SAR: 75 },
    })
    expect(ticket).toMatchObject({
      currency: 'SAR',
      vendor_currency: 'PKR',
      rates: { SAR: 75 },
      profit: 15000,
    })
    // The rupee bank takes the rupees: SAR 200 at 75.
    expect(await ledger.rupeeBalance(t.app.db, 'bank:Meezan')).toEqual({ currency: 'PKR', minor: 1_500_000n })
    expect(await ledger.balance(t.app.db, 'agent:Riyadh Agent')).toEqual({ currency: 'SAR', minor: 80000n })
    const office = await t.call('admin', 'GET', '/api/accounts?bank_name=Meezan')
    expect(office.status).toBe(200)
    const paid = await pay({
      source_type: 'ticket',
      source_id: ticket.id,
      amount: 800,
      date: '2027-01-05',
      rate: 75,
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    expect(await ledger.balance(t.app.db, 'agent:Riyadh Agent')).toEqual({ currency: 'SAR', minor: 0n })
    expect(await ledger.rupeeBalance(t.app.db, 'agent:Riyadh Agent')).toEqual({ currency: 'PKR', minor: 0n })
    // The Agent ledger's rows in riyals: the ticket's as typed, the payment's from its line's riyals.
    const rows = await t.app.db
      .selectFrom('agent_ledger')
      .select(['source_type', 'debit', 'credit'])
      .where('agent_name', '=', 'Riyadh Agent')
      .orderBy('id')
      .execute()
    expect(rows.map((r) => [r.source_type, Number(r.debit), Number(r.credit)])).toEqual([
      ['tickets', 100000, 20000],
      ['payments', 0, 80000],
    ])
    await booksBalance(t)
  })

  it('a bank kept in the sale’s currency takes the riyals, at booking and by Receive Payment', async () => {
    await setUp()
    const bank = await t.call('admin', 'POST', '/api/admin/banks', { name: 'Al Rajhi SAR', currency: 'SAR' })
    expect(bank.status, JSON.stringify(bank.body)).toBe(201)
    const ticket = await agentTicket({
      receivable_amount: 600,
      bank_title: 'Al Rajhi SAR',
      paid_in_bank: 100,
      payable_to_vendor: 0,
      vendor_name: '',
      rates: { SAR: 74 },
    })
    expect(await ledger.balance(t.app.db, 'bank:Al Rajhi SAR')).toEqual({ currency: 'SAR', minor: 10000n })
    const paid = await pay({
      source_type: 'ticket',
      source_id: ticket.id,
      amount: 500,
      method: 'bank',
      bank_title: 'Al Rajhi SAR',
      date: '2027-01-05',
      rate: 74.5,
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    expect(await ledger.balance(t.app.db, 'bank:Al Rajhi SAR')).toEqual({ currency: 'SAR', minor: 60000n })
    // Its Office Accounts rows read in riyals.
    const rows = await t.app.db
      .selectFrom('office_ledger')
      .select(['source_type', 'credit', 'debit', 'currency'])
      .where('bank_name', '=', 'Al Rajhi SAR')
      .orderBy('id')
      .execute()
    expect(rows.map((r) => [r.source_type, Number(r.credit), Number(r.debit), r.currency])).toEqual([
      ['tickets', 10000, 0, 'SAR'],
      ['payments', 50000, 0, 'SAR'],
    ])
    await booksBalance(t)
  })

  it('the spec calls without the keys, to rupee parties: rupees as before', async () => {
    const made = await t.call('employee', 'POST', '/api/ticket', recordInput('tickets'))
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body.ticket).toMatchObject({ currency: 'PKR', rates: {} })
    const paid = await pay({ source_type: 'ticket', source_id: made.body.ticket.id, amount: 10 })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    expect(paid.body.payment).toMatchObject({ amount: 10, currency: 'PKR', rate: null })
    await booksBalance(t)
  })
})
