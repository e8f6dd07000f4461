import { rateMicroOf } from '@booking/shared'
import { describe, expect, it } from 'vitest'
import * as ledger from '../src/books/ledger.ts'
import { DB_KIND } from './harness.ts'
import { addNames, riyalUmrah, setupTestApp } from './helpers.ts'

// Issue 34 items 1-3 (decisions 107, 108).
describe(`currencies, rates and lines in two currencies (${DB_KIND})`, () => {
  const t = setupTestApp(async (t) => {
    await addNames(t, {
      agents: ['Gulf Agent', 'Riyadh Agent'],
      vendors: [
        'Makkah Hotels',
        'Madinah Hotels',
        'Jeddah Transport',
        'Dubai Visas',
        'Lahore Printers',
        'Taif Hotels',
      ],
    })
  })
  const turnOn = (code: string) => t.call('admin', 'PUT', `/api/admin/currencies/${code}`, { enabled: true })

  it('rates: a currency must be on; POST 201 keeps the rate exactly; GET answers the rate in force, 404 before any', async () => {
    const off = await t.call('employee', 'POST', '/api/rates', {
      date: '2026-11-01',
      currency: 'SAR',
      rate: 74.85,
      source: 'open market',
    })
    expect(off.status).toBe(400)
    expect(off.body.errors.currency).toMatch(/SAR is not turned on/)
    expect((await t.call('employee', 'PUT', '/api/admin/currencies/SAR', { enabled: true })).status).toBe(403)
    expect((await turnOn('SAR')).status).toBe(200)
    const currencies = await t.call('employee', 'GET', '/api/currencies')
    expect(currencies.body.currencies).toContainEqual({ code: 'SAR', minor_units: 2, enabled: true })
    expect(currencies.body.currencies).toContainEqual({ code: 'KWD', minor_units: 3, enabled: false })

    const saved = await t.call('employee', 'POST', '/api/rates', {
      date: '2026-11-01',
      currency: 'sar',
      rate: '74.851234',
      source: 'open market',
    })
    expect(saved.status).toBe(201)
    expect(saved.body).toMatchObject({
      currency: 'SAR',
      date: '2026-11-01',
      rate: 74.851234,
      source: 'open market',
    })
    const stored = await t.app.db
      .selectFrom('exchange_rates')
      .select('rate')
      .where('currency', '=', 'SAR')
      .executeTakeFirstOrThrow()
    expect(BigInt(stored.rate)).toBe(74_851_234n)

    for (const bad of [
      { date: '2026-11-01', currency: 'SAR', rate: '74.8512345' },
      { date: '2026-11-01', currency: 'SAR', rate: 0 },
      { date: '2026-13-01', currency: 'SAR', rate: 74 },
      { date: '2026-11-01', currency: 'XYZ', rate: 74 },
      { date: '2026-11-01', currency: 'PKR', rate: 1 },
    ]) {
      const res = await t.call('employee', 'POST', '/api/rates', bad)
      expect(res.status, JSON.stringify(bad)).toBe(400)
    }
    expect(await t.app.db.selectFrom('exchange_rates').select('id').execute()).toHaveLength(1)

    const later = await t.call('employee', 'GET', '/api/rates?currency=SAR&date=2026-11-20')
    expect(later.status).toBe(200)
    expect(later.body).toMatchObject({
      currency: 'SAR',
      date: '2026-11-01',
      rate: 74.851234,
      source: 'open market',
    })
    expect((await t.call('employee', 'GET', '/api/rates?currency=SAR&date=2026-10-31')).status).toBe(404)
    // A later rate for the same day supersedes the earlier one.
    await t.call('employee', 'POST', '/api/rates', {
      date: '2026-11-01',
      currency: 'SAR',
      rate: 75,
      source: 'SBP',
    })
    expect((await t.call('employee', 'GET', '/api/rates?currency=SAR&date=2026-11-01')).body).toMatchObject({
      rate: 75,
      source: 'SBP',
    })
  })

  it('a party’s currency is its account’s, set on the profile or bank form, changed only while the account has no lines', async () => {
    await turnOn('SAR')
    const set = await t.call('admin', 'PUT', '/api/vendors/Makkah Hotels', { currency: 'SAR' })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(set.body.profile.currency).toBe('SAR')
    expect((await t.call('admin', 'GET', '/api/vendors/Makkah Hotels')).body.profile.currency).toBe('SAR')
    const account = await t.app.db
      .selectFrom('accounts')
      .select('currency')
      .where('address', '=', 'vendor:Makkah Hotels')
      .executeTakeFirstOrThrow()
    expect(account.currency).toBe('SAR')
    expect((await t.call('admin', 'PUT', '/api/vendors/Makkah Hotels', { currency: 'AED' })).status).toBe(400)
    // Still no lines: back and forth is allowed.
    expect((await t.call('admin', 'PUT', '/api/vendors/Makkah Hotels', { currency: 'PKR' })).status).toBe(200)
    expect((await t.call('admin', 'PUT', '/api/vendors/Makkah Hotels', { currency: 'SAR' })).status).toBe(200)
    // Omitted: left as it is.
    expect(
      (await t.call('admin', 'PUT', '/api/vendors/Makkah Hotels', { city: 'Makkah' })).body.profile.currency,
    ).toBe('SAR')

    const rate = rateMicroOf('74.85')!
    await t.app.db.transaction().execute((trx) =>
      ledger.post(trx, {
        source: { type: 'currency_test', id: 1 },
        day: '2026-11-02',
        meta: { entry: 'FX-1', detail: 'Hotel, 3 nights' },
        moves: ledger.transfer(
          'cost:umrah',
          'vendor:Makkah Hotels',
          { currency: 'SAR', minor: 1_000_00n },
          rate,
        ),
      }),
    )
    const refused = await t.call('admin', 'PUT', '/api/vendors/Makkah Hotels', { currency: 'PKR' })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(
      /already has entries in SAR: the currency can change only while the account has none/,
    )

    // An agent with rupee lines cannot become a riyal agent.
    await t.app.db.transaction().execute((trx) =>
      ledger.post(trx, {
        source: { type: 'currency_test', id: 2 },
        day: '2026-11-02',
        meta: { entry: 'FX-2', detail: 'Rupee sale' },
        moves: ledger.transfer('agent:Gulf Agent', 'income:umrah', { currency: 'PKR', minor: 500_00n }),
      }),
    )
    const agent = await t.call('employee', 'PUT', '/api/agents/Gulf Agent', { currency: 'SAR' })
    expect(agent.status).toBe(409)
    expect(agent.body.errors.currency).toMatch(/in PKR/)

    // The bank form: a riyal account from the start.
    const bank = await t.call('admin', 'POST', '/api/admin/banks', { name: 'Al Rajhi SAR', currency: 'SAR' })
    expect(bank.status).toBe(201)
    expect(bank.body.bank.currency).toBe('SAR')
    const changed = await t.call('admin', 'PUT', `/api/admin/banks/${bank.body.bank.id}`, { currency: 'PKR' })
    expect(changed.body.bank.currency).toBe('PKR')
  })

  it('lines keep the amount in their currency, the rate and the rupees; a foreign account takes only its currency; the books check proves both balances', async () => {
    await turnOn('SAR')
    await t.call('admin', 'PUT', '/api/vendors/Madinah Hotels', { currency: 'SAR' })
    const rate = rateMicroOf('74.851234')!
    const sar = (minor: bigint) => ({ currency: 'SAR', minor })
    const post = (id: number, moves: ReturnType<typeof ledger.transfer>) =>
      t.app.db.transaction().execute((trx) =>
        ledger.post(trx, {
          source: { type: 'currency_test', id },
          day: '2026-11-03',
          meta: { entry: `FX-${id}`, detail: 'Umrah package' },
          moves,
        }),
      )
    // Sold in rupees, bought in riyals: SAR 99.99 over three costs.
    await post(10, [
      ...ledger.transfer('customer:walk-in Rana', 'income:umrah', { currency: 'PKR', minor: 10_000_00n }),
      ...ledger.transfer('cost:umrah', 'vendor:Madinah Hotels', sar(3333n), rate),
      ...ledger.transfer('cost:visa', 'vendor:Madinah Hotels', sar(3333n), rate),
      ...ledger.transfer('cost:transport', 'vendor:Madinah Hotels', sar(3333n), rate),
    ])
    const lines = await t.app.db
      .selectFrom('posting_lines')
      .select(['account', 'currency', 'debit', 'credit', 'fx_debit', 'fx_credit', 'rate'])
      .where('source_type', '=', 'currency_test')
      .where('source_id', '=', 10)
      .execute()
    const vendor = lines.find((l) => l.account === 'vendor:Madinah Hotels')!
    expect(vendor).toMatchObject({ currency: 'SAR' })
    expect(BigInt(vendor.fx_credit)).toBe(9999n)
    expect(BigInt(vendor.credit)).toBe(748437n)
    expect(BigInt(vendor.rate!)).toBe(74_851_234n)
    const sum = (k: 'debit' | 'credit') => lines.reduce((s, l) => s + BigInt(l[k]), 0n)
    expect(sum('debit')).toBe(sum('credit'))
    expect(await ledger.balance(t.app.db, 'vendor:Madinah Hotels')).toEqual(sar(-9999n))
    expect(await ledger.rupeeBalance(t.app.db, 'vendor:Madinah Hotels')).toEqual({
      currency: 'PKR',
      minor: -748437n,
    })

    // An edit reverses in both currencies; the check proves every entry.
    await post(10, ledger.transfer('cost:umrah', 'vendor:Madinah Hotels', sar(5000n), rate))
    expect(await ledger.balance(t.app.db, 'vendor:Madinah Hotels')).toEqual(sar(-5000n))
    // Rupees onto a riyal account: refused before anything is written.
    await expect(
      post(11, ledger.transfer('cost:umrah', 'vendor:Madinah Hotels', { currency: 'PKR', minor: 100n })),
    ).rejects.toThrow(/Madinah Hotels keeps its account in SAR/)
    expect((await ledger.check(t.app.db, { full: true })).first_divergence).toBeUndefined()
    expect(await ledger.check(t.app.db)).toMatchObject({ ok: true })
  })

  it('Vendor ledger entries in the vendor’s currency: the day’s rate by default, a typed one kept; rupee calls unchanged', async () => {
    await turnOn('SAR')
    await turnOn('AED')
    await t.call('admin', 'PUT', '/api/vendors/Jeddah Transport', { currency: 'SAR' })
    await t.call('admin', 'PUT', '/api/vendors/Dubai Visas', { currency: 'AED' })
    await t.call('employee', 'POST', '/api/rates', {
      date: '2027-01-01',
      currency: 'SAR',
      rate: '74.85',
      source: 'open market',
    })
    const entry = (more: Record<string, unknown>) => ({
      vender_name: 'Jeddah Transport',
      date: '2027-01-05',
      detail: 'Buses Makkah-Madinah',
      bank_title: 'Cash',
      credit: 0,
      debit: 0,
      withdraw: 0,
      ...more,
    })
    const bill = await t.call('admin', 'POST', '/api/vender', entry({ credit: 1000 }))
    expect(bill.status, JSON.stringify(bill.body)).toBe(201)
    expect(bill.body.vendor).toMatchObject({ currency: 'SAR', rate: 74.85, credit: 1000 })
    const paid = await t.call(
      'admin',
      'POST',
      '/api/vender',
      entry({ debit: 1000, rate: 76.1, date: '2027-02-05' }),
    )
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    expect(paid.body.vendor).toMatchObject({ currency: 'SAR', rate: 76.1 })
    const lines = await t.app.db
      .selectFrom('posting_lines')
      .select(['source_id', 'account', 'currency', 'debit', 'credit', 'fx_debit', 'fx_credit'])
      .where('source_type', '=', 'vender_entries')
      .where('account', '=', 'vendor:Jeddah Transport')
      .orderBy('id')
      .execute()
    expect(
      lines.map((l) => [
        l.currency,
        BigInt(l.fx_credit),
        BigInt(l.credit),
        BigInt(l.fx_debit),
        BigInt(l.debit),
      ]),
    ).toEqual([
      ['SAR', 100000n, 7485000n, 0n, 0n],
      // The payment settles SAR 1,000 exactly; the Rs 1,250 the rates left goes at once to
      // "Exchange gain/loss (realised)" in the payment's own entry: 0.00 in both currencies.
      ['PKR', 0n, 125000n, 0n, 0n],
      ['SAR', 0n, 0n, 100000n, 7610000n],
    ])
    expect(await ledger.balance(t.app.db, 'vendor:Jeddah Transport')).toEqual({ currency: 'SAR', minor: 0n })
    expect(await ledger.rupeeBalance(t.app.db, 'vendor:Jeddah Transport')).toEqual({
      currency: 'PKR',
      minor: 0n,
    })
    expect(await ledger.rupeeBalance(t.app.db, 'expense:Exchange gain/loss (realised)')).toEqual({
      currency: 'PKR',
      minor: 125000n,
    })
    // An edit that keeps the day keeps its rate, though a newer rate is in force.
    await t.call('employee', 'POST', '/api/rates', {
      date: '2027-01-05',
      currency: 'SAR',
      rate: '75',
      source: 'SBP',
    })
    const edited = await t.call('admin', 'PUT', `/api/vender/${bill.body.vendor.id}`, entry({ credit: 1200 }))
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.vendor).toMatchObject({ currency: 'SAR', rate: 74.85, credit: 1200 })

    const wrong = await t.call('admin', 'POST', '/api/vender', entry({ credit: 10, currency: 'PKR' }))
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors.currency).toMatch(/Jeddah Transport keeps its account in SAR/)
    const noRate = await t.call(
      'admin',
      'POST',
      '/api/vender',
      entry({ vender_name: 'Dubai Visas', credit: 10 }),
    )
    expect(noRate.status).toBe(400)
    expect(noRate.body.errors.rate).toMatch(/No AED rate on or before 2027-01-05/)
    const rupees = await t.call(
      'admin',
      'POST',
      '/api/vender',
      entry({ vender_name: 'Lahore Printers', credit: 2500 }),
    )
    expect(rupees.status).toBe(201)
    expect(rupees.body.vendor).toMatchObject({ currency: 'PKR', rate: null, credit: 2500 })
    expect((await ledger.check(t.app.db, { full: true })).first_divergence).toBeUndefined()
  })

  it('an Umrah package bought in riyals and sold in rupees: the payable in SAR at its rate, the profit in rupees; rupee calls unchanged', async () => {
    await turnOn('SAR')
    await t.call('admin', 'PUT', '/api/vendors/Taif Hotels', { currency: 'SAR' })
    const body = (more: Record<string, unknown>) => ({
      ...riyalUmrah('FX-UMRAH', 'Taif Hotels'),
      ...more,
    })
    const made = await t.call(
      'admin',
      'POST',
      '/api/umrah',
      body({ vendor_currency: 'SAR', rates: { SAR: 74.85 } }),
    )
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const booking = made.body.umrahBooking
    expect(booking).toMatchObject({
      currency: 'PKR',
      vendor_currency: 'SAR',
      rates: { SAR: 74.85 },
      payableToVendor: 4000,
    })
    // SAR 4,000 × 74.85 = Rs 299,400: the profit is rupees less the payable's rupees.
    expect(booking.profit).toBe(50600)
    const vendorLine = await t.app.db
      .selectFrom('posting_lines')
      .select(['currency', 'credit', 'fx_credit', 'rate'])
      .where('source_type', '=', 'umrah')
      .where('source_id', '=', booking.id)
      .where('account', '=', 'vendor:Taif Hotels')
      .executeTakeFirstOrThrow()
    expect([
      vendorLine.currency,
      BigInt(vendorLine.fx_credit),
      BigInt(vendorLine.credit),
      BigInt(vendorLine.rate!),
    ]).toEqual(['SAR', 400000n, 29940000n, 74850000n])
    // The vendor's ledger row is in riyals at the booking's rate.
    const vendorRow = await t.app.db
      .selectFrom('vender_entries')
      .select(['currency', 'rate', 'credit'])
      .where('source_type', '=', 'umrah')
      .where('source_id', '=', booking.id)
      .executeTakeFirstOrThrow()
    expect(vendorRow.currency).toBe('SAR')
    expect(BigInt(vendorRow.rate!)).toBe(74_850_000n)
    expect(await ledger.balance(t.app.db, 'vendor:Taif Hotels')).toEqual({ currency: 'SAR', minor: -400000n })

    // Without the keys: the vendor's currency and the day's rate; none in force is a 400 naming it.
    await t.call('employee', 'POST', '/api/rates', {
      date: '2026-11-27',
      currency: 'SAR',
      rate: 74.5,
      source: 'SBP',
    })
    const dayRate = await t.call('admin', 'POST', '/api/umrah', body({}))
    expect(dayRate.status, JSON.stringify(dayRate.body)).toBe(201)
    expect(dayRate.body.umrahBooking).toMatchObject({
      vendor_currency: 'SAR',
      rates: { SAR: 74.5 },
      profit: 52000,
    })
    const wrong = await t.call('admin', 'POST', '/api/umrah', body({ vendor_currency: 'PKR' }))
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors.vendor_currency).toMatch(/Taif Hotels keeps its account in SAR/)
    const sold = await t.call('admin', 'POST', '/api/umrah', body({ currency: 'SAR', rates: { SAR: 74.85 } }))
    expect(sold.status).toBe(400)
    // The spec's call, a rupee vendor, no new keys: rupees as always.
    const rupees = await t.call(
      'admin',
      'POST',
      '/api/umrah',
      body({ vendorName: 'Lahore Printers', payableToVendor: 300000 }),
    )
    expect(rupees.status, JSON.stringify(rupees.body)).toBe(201)
    expect(rupees.body.umrahBooking).toMatchObject({
      currency: 'PKR',
      vendor_currency: 'PKR',
      rates: {},
      profit: 50000,
    })
    expect((await ledger.check(t.app.db, { full: true })).first_divergence).toBeUndefined()
  })

  it('Agent ledger entries in the agent’s currency: charged and received in riyals, each at its rate', async () => {
    await turnOn('SAR')
    const set = await t.call('employee', 'PUT', '/api/agents/Riyadh Agent', { currency: 'SAR' })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    const entry = (more: Record<string, unknown>) => ({
      agent_name: 'Riyadh Agent',
      date: '2027-03-01',
      employee: 'emp',
      detail: 'Visa batch',
      credit: 0,
      debit: 0,
      paid_cash: 0,
      paid_bank: 0,
      ...more,
    })
    const charged = await t.call('employee', 'POST', '/api/agent', entry({ debit: 500, rate: '75.5' }))
    expect(charged.status, JSON.stringify(charged.body)).toBe(201)
    expect(charged.body.agent).toMatchObject({ currency: 'SAR', rate: 75.5, debit: 500 })
    const received = await t.call(
      'employee',
      'POST',
      '/api/agent',
      entry({ credit: 500, paid_cash: 500, rate: 76 }),
    )
    expect(received.status, JSON.stringify(received.body)).toBe(201)
    expect(await ledger.balance(t.app.db, 'agent:Riyadh Agent')).toEqual({ currency: 'SAR', minor: 0n })
    // Charged Rs 37,750, received Rs 38,000: the Rs 250 gain is realised with the receipt; 0.00 in both.
    expect(await ledger.rupeeBalance(t.app.db, 'agent:Riyadh Agent')).toEqual({
      currency: 'PKR',
      minor: 0n,
    })
    // The exchange report: realised differences by party (the vendor's loss above, this gain).
    const report = await t.call('admin', 'GET', '/api/reports/exchange?from=2027-01-01&to=2027-12-31')
    expect(report.status).toBe(200)
    expect(report.body.realised).toEqual([
      { account: 'agent:Riyadh Agent', name: 'Riyadh Agent', currency: 'SAR', amount: 250 },
      { account: 'vendor:Jeddah Transport', name: 'Jeddah Transport', currency: 'SAR', amount: -1250 },
    ])
    expect(report.body.realised_total).toBe(-1000)
    expect(
      (await t.call('employee', 'GET', '/api/reports/exchange?from=2027-01-01&to=2027-12-31')).status,
    ).toBe(403)
    // Without `to`, through the agency's today.
    const open = await t.call('admin', 'GET', '/api/reports/exchange?from=2027-01-01')
    expect(open.status).toBe(200)
    expect(open.body.from).toBe('2027-01-01')
    expect((await t.call('admin', 'GET', '/api/reports/exchange?from=2027-13-01')).status).toBe(400)
    const wrong = await t.call(
      'employee',
      'POST',
      '/api/agent',
      entry({ debit: 10, currency: 'AED', rate: 20 }),
    )
    expect(wrong.status).toBe(400)
    expect((await ledger.check(t.app.db, { full: true })).first_divergence).toBeUndefined()
  })
})
