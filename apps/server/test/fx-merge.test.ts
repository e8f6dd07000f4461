import { describe, expect, it } from 'vitest'
import * as ledger from '../src/books/ledger.ts'
import { REALISED } from '../src/books/moves.ts'
import { DB_KIND } from './harness.ts'
import { setupTestApp } from './helpers.ts'

/**
 * Decision 144: merging two customers kept in the same foreign currency carries each line as it was
 * (its amount in the currency, its rate and its rupees), so the survivor's balance is the two
 * balances added in both currencies to the paisa; accounts in different currencies are not merged
 * (409 saying why, nothing written). The riyal lines are posted through the books' own write (no
 * sale posts to a riyal customer yet, decision 109).
 */
describe(`a merge of accounts kept in a foreign currency (${DB_KIND})`, () => {
  const t = setupTestApp()

  const customer = async (name: string, mobile: string, currency?: string) => {
    const res = await t.call('admin', 'POST', '/api/customers', { name, mobile_number: mobile })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const id = res.body.customer.id as number
    if (currency) {
      const set = await t.call('employee', 'PUT', `/api/customers/${id}/profile`, { currency })
      expect(set.status, JSON.stringify(set.body)).toBe(200)
    }
    return id
  }
  let n = 0
  /** A riyal (or dirham) sale to the customer at `rate` micro-rupees, and optionally its realised line. */
  const sale = async (
    id: number,
    currency: string,
    minor: bigint,
    rate: bigint,
    realised = 0n,
    month = '2027-06',
  ) => {
    n++
    await t.app.db.transaction().execute(async (trx) => {
      await ledger.post(trx, {
        source: { type: 'fx_merge_test', id: n },
        day: `${month}-${String(n).padStart(2, '0')}`,
        meta: { entry: `T${n}`, detail: `Test sale ${n}` },
        moves: [
          ...ledger.transfer(`customer:#${id}`, 'income:umrah', { currency, minor }, rate),
          ...ledger.transfer(`customer:#${id}`, REALISED, { currency: 'PKR', minor: realised }),
        ],
      })
    })
  }
  const both = async (id: number) => ({
    fx: await ledger.balance(t.app.db, `customer:#${id}`),
    rupees: (await ledger.rupeeBalance(t.app.db, `customer:#${id}`)).minor,
  })
  const booksBalance = async () => {
    const check = await ledger.check(t.app.db, { full: true })
    expect(check.first_divergence).toBeUndefined()
    expect(check.ok).toBe(true)
  }

  it('two riyal customers merged: both balances added, in riyals and in rupees, to the paisa', async () => {
    for (const code of ['SAR', 'AED'])
      expect((await t.call('admin', 'PUT', `/api/admin/currencies/${code}`, { enabled: true })).status).toBe(
        200,
      )
    const a = await customer('Hamid Raza', '03005551001', 'SAR')
    const b = await customer('Hamid Raza Sb', '03005551002', 'SAR')
    await sale(a, 'SAR', 100_001n, 74_850_000n)
    // A receipt at another rate: riyals in, and a realised rupee line on the customer.
    await sale(a, 'SAR', -50_000n, 76_100_000n, 62_500n)
    await sale(b, 'SAR', 20_001n, 75_123_457n)
    // A month end between: both restated at 76 (reversed on 1 July).
    const reval = await t.call('admin', 'POST', '/api/admin/books/revaluation', {
      as_of: '2027-06-30',
      rates: { SAR: '76' },
    })
    expect(reval.status, JSON.stringify(reval.body)).toBe(201)
    const before = { a: await both(a), b: await both(b) }
    expect(before.a.fx).toEqual({ currency: 'SAR', minor: 50_001n })
    const res = await t.call('admin', 'POST', `/api/customers/${a}/merge`, { into_id: b })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const after = await both(b)
    expect(after).toEqual({
      fx: { currency: 'SAR', minor: before.a.fx.minor + before.b.fx.minor },
      rupees: before.a.rupees + before.b.rupees,
    })
    // The month end is redone once on the finished books: the survivor restated at 76 for both
    // balances (SAR 700.02 = Rs 53,201.52), the merged account left with nothing.
    expect(await ledger.rupeeBalance(t.app.db, `customer:#${b}`, '2027-06-30')).toEqual({
      currency: 'PKR',
      minor: 5_320_152n,
    })
    const again = await t.call('admin', 'POST', '/api/admin/books/revaluation', {
      as_of: '2027-06-30',
      rates: { SAR: '76' },
    })
    expect(again.body.revaluation.accounts.map((r: { account: string }) => r.account)).toEqual([
      `customer:#${b}`,
    ])
    const left = await t.app.db
      .selectFrom('posting_lines')
      .select(['debit', 'credit', 'fx_debit', 'fx_credit', 'date'])
      .where('account', '=', `customer:#${a}`)
      .execute()
    expect(left.length).toBeGreaterThan(0)
    for (const day of ['2027-06-30', '2027-07-01', '2099-12-31']) {
      const upTo = left.filter((l) => l.date <= day)
      expect(
        upTo.reduce((s, l) => s + BigInt(l.debit) - BigInt(l.credit), 0n),
        day,
      ).toBe(0n)
      expect(
        upTo.reduce((s, l) => s + BigInt(l.fx_debit) - BigInt(l.fx_credit), 0n),
        day,
      ).toBe(0n)
    }
    // The survivor's statement is in riyals with each line's own rate and rupees.
    const st = await t.call('admin', 'GET', `/api/statements/customer/${b}`)
    expect(st.status, JSON.stringify(st.body).slice(0, 300)).toBe(200)
    expect(st.body.currency).toBe('SAR')
    expect(st.body.closing).toBe(700.02)
    expect(Math.round(st.body.closing_pkr * 100)).toBe(Number(after.rupees))
    expect(st.body.rows.map((r: { rate: number | null }) => r.rate)).toEqual(
      expect.arrayContaining([74.85, 76.1, 75.123457]),
    )
    await booksBalance()
  })

  it('accounts in different currencies: 409 saying why, nothing written; a customer with no entries takes the currency first', async () => {
    const sar = await customer('Bilal Ahmed', '03005552001', 'SAR')
    const aed = await customer('Bilal Ahmed Sb', '03005552002', 'AED')
    // After the first test's month end (a back-dated dirham line would need that day's AED rate).
    await sale(sar, 'SAR', 30_000n, 74_850_000n, 0n, '2027-08')
    await sale(aed, 'AED', 10_000n, 76_200_000n, 0n, '2027-08')
    const before = { sar: await both(sar), aed: await both(aed) }
    const res = await t.call('admin', 'POST', `/api/customers/${aed}/merge`, { into_id: sar })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(
      'Bilal Ahmed Sb · 03005552002 keeps its account in AED and the account it is merged into keeps SAR: accounts in different currencies cannot be merged',
    )
    expect({ sar: await both(sar), aed: await both(aed) }).toEqual(before)
    expect((await t.call('admin', 'GET', `/api/customers/${aed}`)).status).toBe(200)
    // A rupee customer with no entries yet: the answer says to set its currency first; then it merges.
    const fresh = await customer('Bilal Ahmed Jr', '03005552003')
    const refused = await t.call('admin', 'POST', `/api/customers/${sar}/merge`, { into_id: fresh })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/set the other's currency to SAR first: it has no entries yet\)$/)
    expect(
      (await t.call('employee', 'PUT', `/api/customers/${fresh}/profile`, { currency: 'SAR' })).status,
    ).toBe(200)
    expect((await t.call('admin', 'POST', `/api/customers/${sar}/merge`, { into_id: fresh })).status).toBe(
      200,
    )
    expect(await both(fresh)).toEqual(before.sar)
    await booksBalance()
  })
})
