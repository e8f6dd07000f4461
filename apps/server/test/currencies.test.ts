import { rateMicroOf } from '@booking/shared'
import { describe, expect, it } from 'vitest'
import * as ledger from '../src/books/ledger.ts'
import { DB_KIND } from './harness.ts'
import { addNames, setupTestApp } from './helpers.ts'

// Issue 34 items 1-3 (decisions 107, 108).
describe(`currencies, rates and lines in two currencies (${DB_KIND})`, () => {
  const t = setupTestApp(async (t) => {
    await addNames(t, { agents: ['Gulf Agent'], vendors: ['Makkah Hotels', 'Madinah Hotels'] })
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
    expect(await ledger.check(t.app.db, { full: true })).toMatchObject({ ok: true })
    expect(await ledger.check(t.app.db)).toMatchObject({ ok: true })
  })
})
