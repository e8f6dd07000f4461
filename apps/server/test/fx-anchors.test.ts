import { describe, expect, it } from 'vitest'
import * as ledger from '../src/books/ledger.ts'
import { DB_KIND } from './harness.ts'
import { addNames, booksBalance, riyalUmrah, setupTestApp, vendorRow } from './helpers.ts'

/**
 * Issue 34 "Must show": each anchor's public failure replayed through the API on a real server and
 * database (invoice at one rate, advance at another, revaluation between, part payments at a
 * third, full settlement). Afterwards the bill's residual is 0.00 in both currencies, realised +
 * unrealised equal the rupee difference once, the trial balance balances in rupees and every
 * foreign account balances in its own currency (decisions 108, 120, 121).
 */
describe(`exchange differences: the anchors' failures replayed (${DB_KIND})`, () => {
  const t = setupTestApp(async (t) => {
    await addNames(t, {
      agents: ['Riyadh Agent', 'Dubai Agent'],
      vendors: ['Makkah Hotels', 'Madinah Hotels', 'Jeddah Transport', 'Taif Hotels', 'Lahore Printers'],
    })
  })

  const setUp = async () => {
    for (const code of ['SAR', 'AED'])
      expect((await t.call('admin', 'PUT', `/api/admin/currencies/${code}`, { enabled: true })).status).toBe(
        200,
      )
    for (const v of ['Makkah Hotels', 'Madinah Hotels', 'Jeddah Transport', 'Taif Hotels'])
      expect((await t.call('admin', 'PUT', `/api/vendors/${v}`, { currency: 'SAR' })).status).toBe(200)
    expect((await t.call('employee', 'PUT', '/api/agents/Riyadh Agent', { currency: 'SAR' })).status).toBe(
      200,
    )
    expect((await t.call('employee', 'PUT', '/api/agents/Dubai Agent', { currency: 'AED' })).status).toBe(200)
  }
  const rate = async (date: string, currency: string, value: string) =>
    expect(
      (await t.call('employee', 'POST', '/api/rates', { date, currency, rate: value, source: 'open market' }))
        .status,
    ).toBe(201)
  const vendor = async (v: string, more: Record<string, unknown>) => {
    // Every call names its date, so the helper's default date never reaches the server.
    const res = await t.call('admin', 'POST', '/api/vender', vendorRow(v, more))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.vendor as { id: number; settled?: { id: number; amount: number; realised: number }[] }
  }
  const agent = async (a: string, more: Record<string, unknown>) => {
    const res = await t.call('employee', 'POST', '/api/agent', {
      agent_name: a,
      employee: 'emp',
      detail: 'Visas',
      credit: 0,
      debit: 0,
      paid_cash: 0,
      paid_bank: 0,
      ...more,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.agent as { id: number; settled?: { id: number; amount: number; realised: number }[] }
  }
  const revalue = async (as_of: string, rates?: Record<string, number | string>) => {
    const res = await t.call(
      'admin',
      'POST',
      '/api/admin/books/revaluation',
      rates ? { as_of, rates } : { as_of },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.revaluation as {
      id: number
      accounts: { account: string; difference: number; balance: number }[]
      total: number
    }
  }
  const document = async (table: string, id: number) => {
    const res = await t.call('admin', 'GET', `/api/books/document?table=${table}&id=${id}`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.document as {
      amount: number
      rupees: number
      open: { currency: string; amount: number; rupees: number }
      settled_by: unknown[]
    }
  }
  const exchange = async (from: string, to: string) => {
    const res = await t.call('admin', 'GET', `/api/reports/exchange?from=${from}&to=${to}`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body as {
      realised: { account: string; amount: number }[]
      realised_total: number
      unrealised: { account: string; amount: number }[]
      unrealised_total: number
    }
  }
  /** The books whole: trial balance equal in rupees, every entry balanced per currency, the full check clean. */
  const zeroInBoth = async (address: string, currency: string) => {
    expect(await ledger.balance(t.app.db, address)).toEqual({ currency, minor: 0n })
    expect(await ledger.rupeeBalance(t.app.db, address)).toEqual({ currency: 'PKR', minor: 0n })
  }

  it('ERPNext #43327 / #56648: a revaluation between bill and payment is reversed, the payment realises from the original rate, counted once', async () => {
    await setUp()
    await rate('2027-01-01', 'SAR', '74.85')
    const bill = await vendor('Makkah Hotels', { date: '2027-01-10', credit: 1000 })
    // Month end: SAR 1,000 owed restated at 76.00 (Rs 74,850 -> Rs 76,000: a loss of Rs 1,150).
    const jan = await revalue('2027-01-31', { SAR: 76 })
    expect(jan.accounts).toContainEqual(
      expect.objectContaining({ account: 'vendor:Makkah Hotels', balance: -1000, difference: -1150 }),
    )
    expect(await ledger.rupeeBalance(t.app.db, 'vendor:Makkah Hotels', '2027-01-31')).toEqual({
      currency: 'PKR',
      minor: -7_600_000n,
    })
    // Reversed the next day: back at the bill's rate.
    expect(await ledger.rupeeBalance(t.app.db, 'vendor:Makkah Hotels', '2027-02-01')).toEqual({
      currency: 'PKR',
      minor: -7_485_000n,
    })
    const paid = await vendor('Makkah Hotels', {
      date: '2027-02-15',
      debit: 1000,
      rate: '77.1',
      settles: [{ id: bill.id }],
    })
    // The answer says what it settled: SAR 1,000 of the bill, Rs 2,250 lost from the bill's own rate.
    expect(paid.settled).toEqual([
      expect.objectContaining({
        id: bill.id,
        currency: 'SAR',
        amount: 1000,
        rupees: 74850,
        paid_rupees: 77100,
        realised: -2250,
      }),
    ])
    const doc = await document('vender_entries', bill.id)
    expect(doc).toMatchObject({
      amount: 1000,
      rupees: 74850,
      open: { currency: 'SAR', amount: 0, rupees: 0 },
    })
    await zeroInBoth('vendor:Makkah Hotels', 'SAR')
    // #43327: the loss is booked once. Over the whole time realised + unrealised = Rs 74,850 - 77,100.
    const all = await exchange('2027-01-01', '2027-02-28')
    expect(all.realised_total + all.unrealised_total).toBe(-2250)
    expect(all.unrealised_total).toBe(0)
    // January shows the month end's unrealised loss; #56648: February's realised loss is the
    // original rate's, and with January's reversal the month moves by (77.10 - 76.00) x 1,000.
    expect((await exchange('2027-01-01', '2027-01-31')).unrealised).toEqual([
      { account: 'vendor:Makkah Hotels', name: 'Makkah Hotels', currency: 'SAR', amount: -1150 },
    ])
    const feb = await exchange('2027-02-01', '2027-02-28')
    expect(feb.realised_total).toBe(-2250)
    expect(feb.unrealised_total).toBe(1150)
    expect(feb.realised_total + feb.unrealised_total).toBe(-1100)
    await booksBalance(t)
  })

  it('ERPNext #54153: an advance and a bill at different rates, revaluation between, part payments at a third, full settlement: 0.00 in both', async () => {
    await setUp()
    await rate('2027-07-01', 'SAR', '75.5')
    const advance = await vendor('Madinah Hotels', { date: '2027-07-05', debit: 300 })
    const bill = await vendor('Madinah Hotels', { date: '2027-07-10', credit: 1000, rate: '74.85' })
    const jan = await revalue('2027-07-31', { SAR: '76' })
    // SAR 700 owed: Rs 52,200 at the original rates (74,850 - 22,650), Rs 53,200 at 76.
    expect(jan.accounts).toContainEqual(
      expect.objectContaining({ account: 'vendor:Madinah Hotels', balance: -700, difference: -1000 }),
    )
    // A part payment at 77 applies the advance and pays SAR 200 more.
    const part = await vendor('Madinah Hotels', {
      date: '2027-08-10',
      debit: 200,
      rate: 77,
      settles: [{ id: advance.id }, { id: bill.id }],
    })
    expect(part.settled?.map((p) => [p.amount, p.realised])).toEqual([
      [300, -195], // 300 x (74.85 - 75.50)
      [200, -430], // 200 x (74.85 - 77.00)
    ])
    expect((await document('vender_entries', bill.id)).open).toEqual({
      currency: 'SAR',
      amount: 500,
      rupees: 37425,
    })
    const rest = await vendor('Madinah Hotels', {
      date: '2027-08-20',
      debit: 500,
      rate: '78.25',
      settles: [{ id: bill.id }],
    })
    expect(rest.settled?.map((p) => p.realised)).toEqual([-1700])
    expect((await document('vender_entries', bill.id)).open).toEqual({
      currency: 'SAR',
      amount: 0,
      rupees: 0,
    })
    await zeroInBoth('vendor:Madinah Hotels', 'SAR')
    // Billed Rs 74,850, paid Rs 22,650 + 15,400 + 39,125 = 77,175: Rs 2,325 lost, once.
    const all = await exchange('2027-07-01', '2027-08-31')
    expect(all.realised.filter((r) => r.account === 'vendor:Madinah Hotels')).toEqual([
      { account: 'vendor:Madinah Hotels', name: 'Madinah Hotels', currency: 'SAR', amount: -2325 },
    ])
    expect(all.unrealised.filter((r) => r.account === 'vendor:Madinah Hotels')).toEqual([])
    // A bill settled is settled: another payment naming it is refused, nothing written.
    const again = await t.call('admin', 'POST', '/api/vender', {
      vender_name: 'Madinah Hotels',
      date: '2027-08-21',
      detail: 'Again',
      bank_title: 'Cash',
      debit: 10,
      settles: [{ id: bill.id }],
    })
    expect(again.status).toBe(400)
    expect(again.body.errors.settles).toBe(`Row ${bill.id} is settled already`)
    // The bill and the advance are settled by others: their money cannot change, nor they go.
    const edit = await t.call('admin', 'PUT', `/api/vender/${bill.id}`, {
      vender_name: 'Madinah Hotels',
      date: '2027-07-10',
      detail: 'Rooms',
      bank_title: 'Cash',
      credit: 1200,
    })
    expect(edit.status).toBe(409)
    expect((await t.call('admin', 'DELETE', `/api/vender/${advance.id}`)).status).toBe(409)
    await booksBalance(t)
  })

  it('Odoo #237889 / OCA #528 / #64620: six-decimal rates and odd amounts leave no -0.01 anywhere and no phantom 0.01 open', async () => {
    await setUp()
    await rate('2027-03-01', 'SAR', '74.853217')
    await rate('2027-03-01', 'AED', '76.318841')
    const bills = [
      await vendor('Jeddah Transport', { date: '2027-03-02', credit: 100.01 }),
      await vendor('Jeddah Transport', { date: '2027-03-03', credit: 333.33 }),
      await vendor('Taif Hotels', { date: '2027-03-04', credit: 0.07 }),
    ]
    const charge = await agent('Dubai Agent', { date: '2027-03-05', debit: 777.77 })
    const mar = await revalue('2027-03-31', { SAR: '75.111119', AED: '75.987653' })
    expect(mar.accounts.length).toBe(3)
    // Part payments at a third set of rates, each its own rounding.
    await rate('2027-04-01', 'SAR', '76.987651')
    await rate('2027-04-01', 'AED', '77.123457')
    await vendor('Jeddah Transport', { date: '2027-04-02', debit: 33.34, settles: [{ id: bills[0]!.id }] })
    await vendor('Jeddah Transport', { date: '2027-04-03', debit: 33.33, settles: [{ id: bills[0]!.id }] })
    await vendor('Jeddah Transport', {
      date: '2027-04-04',
      debit: 366.67,
      rate: '77.000001',
      settles: [{ id: bills[0]!.id }, { id: bills[1]!.id }],
    })
    await vendor('Taif Hotels', {
      date: '2027-04-05',
      debit: 0.07,
      rate: '79.999999',
      settles: [{ id: bills[2]!.id }],
    })
    await agent('Dubai Agent', {
      date: '2027-04-06',
      credit: 700,
      paid_cash: 700,
      settles: [{ id: charge.id }],
    })
    await agent('Dubai Agent', {
      date: '2027-04-07',
      credit: 77.77,
      paid_cash: 77.77,
      rate: '78.000003',
      settles: [{ id: charge.id }],
    })
    for (const b of bills)
      expect((await document('vender_entries', b.id)).open).toMatchObject({ amount: 0, rupees: 0 })
    expect((await document('agent_entries', charge.id)).open).toEqual({
      currency: 'AED',
      amount: 0,
      rupees: 0,
    })
    await zeroInBoth('vendor:Jeddah Transport', 'SAR')
    await zeroInBoth('vendor:Taif Hotels', 'SAR')
    await zeroInBoth('agent:Dubai Agent', 'AED')
    // The realised differences are exactly the rupees billed less the rupees paid, per party.
    const all = await exchange('2027-03-01', '2027-04-30')
    expect(all.unrealised_total).toBe(0)
    const rupeesOf = async (table: string, source: number[]) => {
      const rows = await t.app.db
        .selectFrom('posting_lines')
        .select(['debit', 'credit', 'source_id'])
        .where('source_type', '=', table)
        .where('account', 'in', ['vendor:Jeddah Transport', 'vendor:Taif Hotels', 'agent:Dubai Agent'])
        .where('currency', '<>', 'PKR')
        .execute()
      return rows
        .filter((r) => source.includes(Number(r.source_id)))
        .reduce((s, r) => s + Number(r.debit) - Number(r.credit), 0)
    }
    const vendorPaid = await rupeesOf(
      'vender_entries',
      (await t.app.db.selectFrom('vender_entries').select('id').execute()).map((r) => Number(r.id)),
    )
    const agentNet = await rupeesOf(
      'agent_entries',
      (await t.app.db.selectFrom('agent_entries').select('id').execute()).map((r) => Number(r.id)),
    )
    // Vendors: the net of their bills (credit) and payments (debit) is the loss; the agent's the gain's opposite.
    expect(Math.round(all.realised_total * 100)).toBe(-(vendorPaid + agentNet))
    await booksBalance(t)
  })

  it('an agent receivable and a riyal bank, revalued two month ends: the bank restated too; realised from the original rates', async () => {
    await setUp()
    const bank = await t.call('admin', 'POST', '/api/admin/banks', { name: 'Al Rajhi SAR', currency: 'SAR' })
    expect(bank.status, JSON.stringify(bank.body)).toBe(201)
    await rate('2027-05-01', 'SAR', '75')
    const charge = await agent('Riyadh Agent', { date: '2027-05-08', debit: 2000 })
    const may = await revalue('2027-05-31', { SAR: 76 })
    expect(may.accounts).toEqual([
      expect.objectContaining({ account: 'agent:Riyadh Agent', balance: 2000, difference: 2000 }),
    ])
    const got = await agent('Riyadh Agent', {
      date: '2027-06-12',
      credit: 2000,
      paid_bank: 2000,
      bank_title: 'Al Rajhi SAR',
      rate: 77,
      settles: [{ id: charge.id }],
    })
    expect(got.settled).toEqual([expect.objectContaining({ amount: 2000, realised: 4000 })])
    // June's month end: the agent is settled; the bank's SAR 2,000 (Rs 154,000 at 77) is restated at 76.50.
    await rate('2027-06-30', 'SAR', '76.5')
    const june = await revalue('2027-06-30')
    expect(june.accounts).toEqual([
      expect.objectContaining({ account: 'bank:Al Rajhi SAR', balance: 2000, difference: -1000 }),
    ])
    expect((await document('agent_entries', charge.id)).open).toEqual({
      currency: 'SAR',
      amount: 0,
      rupees: 0,
    })
    await zeroInBoth('agent:Riyadh Agent', 'SAR')
    const june30 = await exchange('2027-06-01', '2027-06-30')
    expect(june30.realised).toEqual([
      { account: 'agent:Riyadh Agent', name: 'Riyadh Agent', currency: 'SAR', amount: 4000 },
    ])
    expect(june30.unrealised).toEqual([
      { account: 'agent:Riyadh Agent', name: 'Riyadh Agent', currency: 'SAR', amount: -2000 },
      { account: 'bank:Al Rajhi SAR', name: 'Al Rajhi SAR', currency: 'SAR', amount: -1000 },
    ])
    // The bank keeps SAR 2,000 at its rupees of the day it came in, once June's restatement is reversed.
    expect(await ledger.balance(t.app.db, 'bank:Al Rajhi SAR')).toEqual({ currency: 'SAR', minor: 200000n })
    expect(await ledger.rupeeBalance(t.app.db, 'bank:Al Rajhi SAR')).toEqual({
      currency: 'PKR',
      minor: 15_400_000n,
    })
    await booksBalance(t)
  })

  it('a payment in rupees against a riyal bill converts at its rate, says what it settled, and pays exactly the rupees typed', async () => {
    await setUp()
    const bill = await vendor('Taif Hotels', { date: '2027-09-05', credit: 1000, rate: '74.85' })
    const refused = await t.call('admin', 'POST', '/api/vender', {
      vender_name: 'Taif Hotels',
      date: '2027-09-06',
      detail: 'A bill in rupees',
      bank_title: 'Cash',
      credit: 5000,
      currency: 'PKR',
    })
    expect(refused.status).toBe(400)
    expect(refused.body.errors.currency).toMatch(/^Taif Hotels keeps its account in SAR/)
    const res = await t.call('admin', 'POST', '/api/vender', {
      vender_name: 'Taif Hotels',
      date: '2027-09-20',
      detail: 'Part paid in rupees',
      bank_title: 'Cash',
      debit: 50000,
      currency: 'PKR',
      rate: '76.123457',
      settles: [{ id: bill.id }],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    // Rs 50,000 at 76.123457 is SAR 656.83 (to the halala, half up); the answer says so.
    expect(res.body.vendor).toMatchObject({
      currency: 'SAR',
      debit: 656.83,
      rate: 76.123457,
      paid: { currency: 'PKR', amount: 50000 },
    })
    expect(res.body.vendor.settled).toEqual([
      expect.objectContaining({ id: bill.id, currency: 'SAR', amount: 656.83 }),
    ])
    const cash = await t.app.db
      .selectFrom('posting_lines')
      .select(['debit', 'credit'])
      .where('source_type', '=', 'vender_entries')
      .where('source_id', '=', res.body.vendor.id)
      .where('account', '=', 'cash')
      .execute()
    expect(cash.reduce((s, l) => s + Number(l.credit) - Number(l.debit), 0)).toBe(5_000_000)
    expect((await document('vender_entries', bill.id)).open).toMatchObject({
      currency: 'SAR',
      amount: 343.17,
    })
    await vendor('Taif Hotels', { date: '2027-09-25', debit: 343.17, rate: 77, settles: [{ id: bill.id }] })
    expect((await document('vender_entries', bill.id)).open).toEqual({
      currency: 'SAR',
      amount: 0,
      rupees: 0,
    })
    await zeroInBoth('vendor:Taif Hotels', 'SAR')
    // Billed Rs 74,850; paid Rs 50,000 + 343.17 x 77 (Rs 26,424.09): Rs 1,574.09 lost, once.
    const sep = await exchange('2027-09-01', '2027-09-30')
    expect(sep.realised.filter((r) => r.account === 'vendor:Taif Hotels')).toEqual([
      { account: 'vendor:Taif Hotels', name: 'Taif Hotels', currency: 'SAR', amount: -1574.09 },
    ])
    // An agent's receipt in rupees likewise: Rs 7,600 at 76 is SAR 100 into cash.
    const charge = await agent('Riyadh Agent', { date: '2027-09-06', debit: 100, rate: 75 })
    const got = await agent('Riyadh Agent', {
      date: '2027-09-21',
      credit: 7600,
      paid_cash: 7600,
      currency: 'PKR',
      rate: 76,
      settles: [{ id: charge.id }],
    })
    expect(got).toMatchObject({
      currency: 'SAR',
      credit: 100,
      paid_cash: 100,
      paid: { currency: 'PKR', amount: 7600 },
    })
    expect(got.settled).toEqual([expect.objectContaining({ amount: 100, realised: 100 })])
    expect((await document('agent_entries', charge.id)).open).toEqual({
      currency: 'SAR',
      amount: 0,
      rupees: 0,
    })
    await zeroInBoth('agent:Riyadh Agent', 'SAR')
    await booksBalance(t)
  })

  it('an Umrah package bought in riyals: its payable row is the bill a riyal payment names; 0.00 in both', async () => {
    await setUp()
    const made = await t.call('admin', 'POST', '/api/umrah', {
      ...riyalUmrah('FX-ANCHOR', 'Jeddah Transport'),
      vendor_currency: 'SAR',
      rates: { SAR: 74.85 },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const row = await t.app.db
      .selectFrom('vender_entries')
      .select('id')
      .where('source_type', '=', 'umrah')
      .where('source_id', '=', made.body.umrahBooking.id)
      .executeTakeFirstOrThrow()
    const bill = await document('vender_entries', Number(row.id))
    expect(bill).toMatchObject({ currency: 'SAR', amount: 4000, rupees: 299400 })
    const paid = await vendor('Jeddah Transport', {
      date: '2026-12-20',
      debit: 4000,
      rate: 76,
      settles: [{ id: Number(row.id) }],
    })
    expect(paid.settled).toEqual([
      expect.objectContaining({ amount: 4000, rupees: 299400, paid_rupees: 304000, realised: -4600 }),
    ])
    expect((await document('vender_entries', Number(row.id))).open).toEqual({
      currency: 'SAR',
      amount: 0,
      rupees: 0,
    })
    await zeroInBoth('vendor:Jeddah Transport', 'SAR')
    await booksBalance(t)
  })

  it('a payment edited keeps the bills it named; settles [] names none; its delete takes its pieces', async () => {
    await setUp()
    const bill = await vendor('Madinah Hotels', { date: '2027-10-05', credit: 500, rate: 75 })
    const pay = await vendor('Madinah Hotels', {
      date: '2027-10-10',
      debit: 500,
      rate: 76,
      settles: [{ id: bill.id }],
    })
    expect((await document('vender_entries', bill.id)).open).toEqual({
      currency: 'SAR',
      amount: 0,
      rupees: 0,
    })
    const body = {
      vender_name: 'Madinah Hotels',
      date: '2027-10-10',
      detail: 'Paid less',
      bank_title: 'Cash',
      debit: 300,
      rate: 76,
    }
    const less = await t.call('admin', 'PUT', `/api/vender/${pay.id}`, body)
    expect(less.status, JSON.stringify(less.body)).toBe(200)
    expect((await document('vender_entries', bill.id)).open).toEqual({
      currency: 'SAR',
      amount: 200,
      rupees: 15000,
    })
    const none = await t.call('admin', 'PUT', `/api/vender/${pay.id}`, { ...body, settles: [] })
    expect(none.status, JSON.stringify(none.body)).toBe(200)
    expect((await document('vender_entries', bill.id)).open).toEqual({
      currency: 'SAR',
      amount: 500,
      rupees: 37500,
    })
    expect((await t.call('admin', 'DELETE', `/api/vender/${pay.id}`)).status).toBe(200)
    expect(
      await t.app.db.selectFrom('fx_settlements').select('id').where('source_id', '=', pay.id).execute(),
    ).toEqual([])
    // Two payments of the whole bill at once: one settles it, the other is refused (the party's
    // bills are the settling write's alone until it commits).
    const both = await Promise.all(
      [74, 74.5].map((rate) =>
        t.call('admin', 'POST', '/api/vender', {
          vender_name: 'Madinah Hotels',
          date: '2027-10-20',
          detail: 'All of it',
          bank_title: 'Cash',
          debit: 500,
          rate,
          settles: [{ id: bill.id, amount: 500 }],
        }),
      ),
    )
    expect(both.map((r) => r.status).sort()).toEqual([201, 400])
    const last = both.find((r) => r.status === 201)!.body.vendor
    expect(last.settled).toEqual([expect.objectContaining({ amount: 500 })])
    await zeroInBoth('vendor:Madinah Hotels', 'SAR')
    await booksBalance(t)
  })

  it('revaluation: admins only, once per day (the same call answers the one made; other rates 409), a rate needed, the lock date respected', async () => {
    await setUp()
    const body = { as_of: '2026-10-31', rates: { SAR: 76 } }
    expect((await t.call('employee', 'POST', '/api/admin/books/revaluation', body)).status).toBe(403)
    await rate('2026-10-01', 'SAR', '74.85')
    await vendor('Makkah Hotels', { date: '2026-10-10', credit: 500 })
    const first = await t.call('admin', 'POST', '/api/admin/books/revaluation', body)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body.revaluation).toMatchObject({
      as_of: '2026-10-31',
      reversed_on: '2026-11-01',
      total: -575,
    })
    const again = await t.call('admin', 'POST', '/api/admin/books/revaluation', { as_of: '2026-10-31' })
    expect(again.status).toBe(200)
    expect(again.body.revaluation).toEqual(first.body.revaluation)
    const other = await t.call('admin', 'POST', '/api/admin/books/revaluation', {
      as_of: '2026-10-31',
      rates: { SAR: 77 },
    })
    expect(other.status).toBe(409)
    const entries = await t.app.db
      .selectFrom('book_entries')
      .select('id')
      .where('source_type', 'in', ['revaluation', 'revaluation_reversal'])
      .where('source_id', '=', first.body.revaluation.id)
      .execute()
    expect(entries).toHaveLength(2)
    // No AED rate on or before the day: a 400 naming it, nothing written. (The AED charge dated
    // before 31/10 redoes that day's revaluation, which needs the day's AED rate: decision 142.)
    await rate('2026-10-31', 'AED', '76.5')
    await agent('Dubai Agent', { date: '2026-10-12', debit: 10, rate: '76' })
    const noRate = await t.call('admin', 'POST', '/api/admin/books/revaluation', { as_of: '2026-10-30' })
    expect(noRate.status).toBe(400)
    expect(noRate.body.errors.rates).toMatch(/^No AED rate on or before 2026-10-30/)
    const bad = await t.call('admin', 'POST', '/api/admin/books/revaluation', { as_of: '31/10/2026' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.as_of).toBe('Date must be yyyy-mm-dd')
    // Closed through 30/09: a revaluation of 30/09 is a 409 with the lock's message, nothing written.
    expect(
      (await t.call('admin', 'PUT', '/api/admin/books/lock', { through: '2026-09-30', confirm: true }))
        .status,
    ).toBe(200)
    const closed = await t.call('admin', 'POST', '/api/admin/books/revaluation', {
      as_of: '2026-09-30',
      rates: { SAR: 76, AED: 77 },
    })
    expect(closed.status).toBe(409)
    expect(closed.body.message).toBe('The books are closed through 30/09/2026')
    expect(
      await t.app.db.selectFrom('revaluations').select('as_of').where('as_of', '<', '2027-01-01').execute(),
    ).toEqual([{ as_of: '2026-10-31' }])
    await booksBalance(t)
  })

  it('the readers answer with revaluations and exchange differences in the books: day book, profit, entries, statements, dashboard', async () => {
    for (const url of [
      '/api/reports/day-book?date=2027-01-31',
      '/api/reports/day-book?date=2027-02-01',
      '/api/reports/profit',
      '/api/reports/net-profit',
      '/api/reports/payables',
      '/api/reports/receivables',
      '/api/books/entries',
      '/api/dashboard',
      '/api/statements/vendor/Makkah%20Hotels',
      '/api/statements/bank/Al%20Rajhi%20SAR',
      '/api/reports/exchange',
    ]) {
      const res = await t.call('admin', 'GET', url)
      expect(res.status, `${url} ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200)
    }
    await booksBalance(t)
  })

  it("open bills (decision 122): a foreign party's bills still open with what is open, for a payment to name", async () => {
    await setUp()
    await rate('2027-01-01', 'SAR', '74.85')
    const first = await vendor('Taif Hotels', { date: '2027-01-05', credit: 1000, detail: 'Rooms A' })
    const second = await vendor('Taif Hotels', { date: '2027-01-06', credit: 400.5, detail: 'Rooms B' })
    const open = async (kind: string, name: string, as: 'admin' | 'employee' = 'admin') =>
      t.call(as, 'GET', `/api/books/open-bills/${kind}/${encodeURIComponent(name)}`)
    let res = await open('vendor', 'Taif Hotels')
    expect(res.status).toBe(200)
    expect(res.body.currency).toBe('SAR')
    expect(res.body.bills.map((b: { id: number }) => b.id)).toEqual([second.id, first.id])
    expect(res.body.bills[0]).toMatchObject({ amount: 400.5, open: { currency: 'SAR', amount: 400.5 } })
    // A part payment leaves the rest open; a full one takes the bill off the list.
    await vendor('Taif Hotels', { date: '2027-01-20', debit: 600, rate: '75', settles: [{ id: first.id }] })
    await vendor('Taif Hotels', {
      date: '2027-01-21',
      debit: 400.5,
      rate: '75',
      settles: [{ id: second.id }],
    })
    res = await open('vendor', 'Taif Hotels')
    expect(res.body.bills).toEqual([
      expect.objectContaining({
        id: first.id,
        detail: 'Rooms A',
        open: { currency: 'SAR', amount: 400, rupees: 29_940 },
      }),
    ])
    expect(res.body.advances).toEqual([])
    // An advance paid without naming a bill is listed beside the bills, with what is left of it
    // (decision 122); a later payment names it with the bill and it leaves the list.
    const advance = await vendor('Taif Hotels', {
      date: '2027-01-22',
      debit: 250,
      rate: '75',
      detail: 'Advance',
    })
    res = await open('vendor', 'Taif Hotels')
    expect(res.body.advances).toEqual([
      {
        id: advance.id,
        date: '2027-01-22',
        detail: 'Advance',
        currency: 'SAR',
        rate: 75,
        amount: 250,
        open: { currency: 'SAR', amount: 250, rupees: 18_750 },
      },
    ])
    const rest = await vendor('Taif Hotels', {
      date: '2027-01-25',
      debit: 150,
      rate: '76',
      settles: [{ id: advance.id }, { id: first.id }],
    })
    // SAR 250 of the advance at 75 and SAR 150 at 76 against SAR 400 billed at 74.85.
    expect(rest.settled?.map((p) => [p.amount, p.realised])).toEqual([
      [250, -37.5],
      [150, -172.5],
    ])
    res = await open('vendor', 'Taif Hotels')
    expect(res.body).toMatchObject({ bills: [], advances: [] })
    await zeroInBoth('vendor:Taif Hotels', 'SAR')
    // A vendor's bills are admins' (as the Vendor ledger is); an agent's any staff's; a rupee party has none.
    expect((await open('vendor', 'Taif Hotels', 'employee')).status).toBe(403)
    await agent('Riyadh Agent', { date: '2027-01-07', debit: 250 })
    res = await open('agent', 'Riyadh Agent', 'employee')
    expect(res.status).toBe(200)
    expect(res.body.bills).toEqual([
      expect.objectContaining({ open: expect.objectContaining({ amount: 250 }) }),
    ])
    res = await open('vendor', 'Lahore Printers')
    expect(res.body).toMatchObject({ currency: 'PKR', bills: [], advances: [] })
    expect((await open('kiosk', 'X')).status).toBe(400)
  })

  it("a payment back-dated before a revaluation day redoes that day (decision 142): the unrealised difference is the books' own, counted once", async () => {
    await setUp()
    await rate('2028-09-01', 'SAR', '74.85')
    const bill = await vendor('Jeddah Transport', { date: '2028-09-10', credit: 1000 })
    const sep = await revalue('2028-09-30', { SAR: '76' })
    expect(sep.accounts).toContainEqual(
      expect.objectContaining({ account: 'vendor:Jeddah Transport', balance: -1000, difference: -1150 }),
    )
    // Entered in October, dated 20 September: SAR 400 at 75.50 (Rs 260 realised against 74.85).
    const late = await vendor('Jeddah Transport', {
      date: '2028-09-20',
      debit: 400,
      rate: '75.5',
      settles: [{ id: bill.id }],
    })
    expect(late.settled?.map((p) => p.realised)).toEqual([-260])
    // The month end now restates SAR 600 owed: Rs 44,910 at the original rates, Rs 45,600 at 76.
    expect(await ledger.rupeeBalance(t.app.db, 'vendor:Jeddah Transport', '2028-09-30')).toEqual({
      currency: 'PKR',
      minor: -4_560_000n,
    })
    expect(await ledger.rupeeBalance(t.app.db, 'vendor:Jeddah Transport', '2028-10-01')).toEqual({
      currency: 'PKR',
      minor: -4_491_000n,
    })
    // The day's answer is the redone one (the same call answers it; other rates still a 409).
    const again = await t.call('admin', 'POST', '/api/admin/books/revaluation', {
      as_of: '2028-09-30',
      rates: { SAR: '76' },
    })
    expect(again.status).toBe(200)
    expect(again.body.revaluation.accounts).toContainEqual(
      expect.objectContaining({
        account: 'vendor:Jeddah Transport',
        balance: -600,
        rupees_before: -44_910,
        rupees_after: -45_600,
        difference: -690,
      }),
    )
    const sepReport = await exchange('2028-09-01', '2028-09-30')
    expect(sepReport.realised.filter((r) => r.account === 'vendor:Jeddah Transport')).toEqual([
      expect.objectContaining({ amount: -260 }),
    ])
    expect(sepReport.unrealised.filter((r) => r.account === 'vendor:Jeddah Transport')).toEqual([
      expect.objectContaining({ amount: -690 }),
    ])
    // An edit of the back-dated payment (SAR 500) redoes it again; a delete would as well.
    const edit = await t.call('admin', 'PUT', `/api/vender/${late.id}`, {
      vender_name: 'Jeddah Transport',
      date: '2028-09-20',
      detail: 'Rooms',
      bank_title: 'Cash',
      credit: 0,
      debit: 500,
      withdraw: 0,
      rate: '75.5',
    })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    expect(await ledger.rupeeBalance(t.app.db, 'vendor:Jeddah Transport', '2028-09-30')).toEqual({
      currency: 'PKR',
      minor: -3_800_000n,
    })
    // The rest in October at 77: billed Rs 74,850, paid Rs 37,750 + 38,500: Rs 1,400 lost, once.
    await vendor('Jeddah Transport', {
      date: '2028-10-10',
      debit: 500,
      rate: '77',
      settles: [{ id: bill.id }],
    })
    await zeroInBoth('vendor:Jeddah Transport', 'SAR')
    const all = await exchange('2028-09-01', '2028-10-31')
    const mine = (rows: { account: string; amount: number }[]) =>
      rows.filter((r) => r.account === 'vendor:Jeddah Transport').reduce((s, r) => s + r.amount, 0)
    expect(mine(all.realised)).toBe(-1400)
    expect(mine(all.unrealised)).toBe(0)
    await booksBalance(t)
  })

  it('a back-dated line in a currency the revalued day had no rate for is a 409 naming the day, nothing kept', async () => {
    await setUp()
    await rate('2028-11-01', 'SAR', '74.85')
    await vendor('Taif Hotels', { date: '2028-11-10', credit: 100 })
    await revalue('2028-11-30')
    // A dollar agent, and no dollar rate anywhere in the books.
    expect((await t.call('admin', 'PUT', '/api/admin/currencies/USD', { enabled: true })).status).toBe(200)
    expect((await t.call('admin', 'POST', '/api/agent-names', { name: 'Houston Agent' })).status).toBe(201)
    expect((await t.call('employee', 'PUT', '/api/agents/Houston Agent', { currency: 'USD' })).status).toBe(
      200,
    )
    const res = await t.call('employee', 'POST', '/api/agent', {
      agent_name: 'Houston Agent',
      employee: 'emp',
      detail: 'Visas',
      date: '2028-11-15',
      debit: 50,
      credit: 0,
      paid_cash: 0,
      paid_bank: 0,
      rate: '280',
    })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(
      "This entry changes the balances revalued on 30/11/2028, and there is no USD rate on or before 2028-11-30: save that day's rate under Rates, then save the entry again",
    )
    expect(await ledger.balance(t.app.db, 'agent:Houston Agent')).toEqual({ currency: 'USD', minor: 0n })
    await booksBalance(t)
  })
})
