import { recordInput } from '@booking/shared/test-data'
import { describe, expect, it } from 'vitest'
import * as ledger from '../src/books/ledger.ts'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'

/** Hundredths, so sums of two-decimal amounts stay exact. */
const c = (n: number) => Math.round(n * 100)

// Issue 34 item 3 (decision 140): Visa, the medical token and Services bought from a vendor kept in
// another currency, as a Ticket (decision 136).
describe(`sales bought in the vendor's currency (${DB_KIND})`, () => {
  const t = setupTestApp(async (t) => {
    await addNames(t, {
      ...COMMON_NAMES,
      vendors: [...COMMON_NAMES.vendors, 'Dubai Visa Desk', 'Riyadh Medical', 'Texas Docs'],
    })
    for (const [code, vendor] of [
      ['AED', 'Dubai Visa Desk'],
      ['SAR', 'Riyadh Medical'],
      ['USD', 'Texas Docs'],
    ] as const) {
      await t.call('admin', 'PUT', `/api/admin/currencies/${code}`, { enabled: true })
      const set = await t.call('admin', 'PUT', `/api/vendors/${vendor}`, { currency: code })
      expect(set.status, JSON.stringify(set.body)).toBe(200)
    }
  })

  /** The vendor's statement in its currency, its closing balances, and a payment that clears it. */
  const statement = async (vendor: string) => {
    const s = await t.call('admin', 'GET', `/api/statements/vendor/${encodeURIComponent(vendor)}`)
    expect(s.status, JSON.stringify(s.body)).toBe(200)
    return s.body
  }
  const pay = async (vendor: string, debit: number, rate: number) => {
    const res = await t.call('admin', 'POST', '/api/vender', {
      vender_name: vendor,
      date: '2027-01-20',
      detail: 'Settlement',
      bank_title: 'Cash',
      credit: 0,
      debit,
      withdraw: 0,
      rate,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
  }
  const clearedInBoth = async (vendor: string) => {
    const account = `vendor:${vendor}`
    expect((await ledger.balance(t.app.db, account)).minor).toBe(0n)
    expect(await ledger.rupeeBalance(t.app.db, account)).toEqual({ currency: 'PKR', minor: 0n })
  }
  const vendorRow = (type: string, id: number) =>
    t.app.db
      .selectFrom('vender_entries')
      .select(['vender_name', 'currency', 'rate'])
      .where('source_type', '=', type)
      .where('source_id', '=', id)
      .executeTakeFirstOrThrow()

  it('a Visa bought from an AED vendor: the payable in dirhams, the vendor paid to 0.00 in both currencies', async () => {
    const made = await t.call('admin', 'POST', '/api/visa-processing', {
      ...recordInput('visa_processing'),
      receivable_amount: 60000,
      additional_charges: 1000,
      pay_for_protector: 500,
      paid_cash: 0,
      paid_in_bank: 0,
      bank_title: '',
      vendor_name: 'Dubai Visa Desk',
      payable_to_vendor: 500,
      vendor_currency: 'AED',
      rates: { AED: 76.25 },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const visa = made.body.visa_processing
    // AED 500 × 76.25 = Rs 38,125, beside the charges and the protector fee (Rs 1,500).
    expect(visa).toMatchObject({
      vendor_name: 'Dubai Visa Desk',
      payable_to_vendor: 500,
      vendor_currency: 'AED',
      rates: { AED: 76.25 },
      currency: 'PKR',
      profit: 20375,
    })
    expect(await vendorRow('visa_processing', visa.id)).toMatchObject({ currency: 'AED' })
    expect(BigInt((await vendorRow('visa_processing', visa.id)).rate!)).toBe(76_250_000n)
    const read = await t.call('admin', 'GET', `/api/visa-processing/${visa.id}`)
    expect(read.body.visa_processing).toMatchObject({
      vendor_currency: 'AED',
      rates: { AED: 76.25 },
      profit: 20375,
    })

    const s = await statement('Dubai Visa Desk')
    expect(s.currency).toBe('AED')
    expect(s.rows).toHaveLength(1)
    expect(s.rows[0]).toMatchObject({ credit: 500, credit_pkr: 38125, rate: 76.25 })
    expect(c(s.closing)).toBe(-50000)
    expect(c(s.closing_pkr)).toBe(-3812500)

    // Paid in dirhams at 77: AED 0.00 and Rs 0.00 owed, Rs 375 realised as a loss.
    await pay('Dubai Visa Desk', 500, 77)
    await clearedInBoth('Dubai Visa Desk')
    // The profile's last payment in dirhams, with its rupees and rate beside.
    const profile = await t.call('admin', 'GET', '/api/vendors/Dubai%20Visa%20Desk')
    expect(profile.status, JSON.stringify(profile.body)).toBe(200)
    expect(profile.body.profile.last_payment).toMatchObject({
      date: '2027-01-20',
      currency: 'AED',
      amount_fx: 500,
      amount: 38500,
      rate: 77,
    })
    const after = await statement('Dubai Visa Desk')
    expect([c(after.closing), c(after.closing_pkr)]).toEqual([0, 0])
    expect(await ledger.rupeeBalance(t.app.db, 'expense:Exchange gain/loss (realised)')).toEqual({
      currency: 'PKR',
      minor: 37500n,
    })
    expect((await ledger.check(t.app.db, { full: true })).first_divergence).toBeUndefined()
  })

  it('a GAMCA token from a SAR vendor: the profit is the receivable less the riyals’ rupees, none left to “Costs to pay”', async () => {
    await t.call('employee', 'POST', '/api/rates', {
      date: '2026-01-01',
      currency: 'SAR',
      rate: 74.85,
      source: 'open market',
    })
    const body = {
      ...recordInput('gamca_tokens'),
      receivable_amount: 18000,
      paid_cash: 0,
      paid_in_bank: 0,
      vendor_name: 'Riyadh Medical',
      payable_to_vendor: 100,
    }
    // No keys: the vendor's currency at the day's rate; the typed profit gives way to the payable's.
    const made = await t.call('admin', 'POST', '/api/gamca-token', body)
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const token = made.body.gamcaToken
    // SAR 100 × 74.85 = Rs 7,485.
    expect(token).toMatchObject({ vendor_currency: 'SAR', rates: { SAR: 74.85 }, profit: 10515 })
    expect(await vendorRow('gamca_tokens', token.id)).toMatchObject({ currency: 'SAR' })
    const costs = await t.app.db
      .selectFrom('posting_lines')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('source_type', '=', 'gamca_tokens')
      .where('source_id', '=', token.id)
      .where('account', 'like', 'accrued:%')
      .executeTakeFirstOrThrow()
    expect(Number(costs.n)).toBe(0)

    const s = await statement('Riyadh Medical')
    expect(s.currency).toBe('SAR')
    expect([c(s.closing), c(s.closing_pkr)]).toEqual([-10000, -748500])
    // Paid at 74 the riyals cost less: Rs 85 realised as a gain.
    const realised = async () =>
      (await ledger.rupeeBalance(t.app.db, 'expense:Exchange gain/loss (realised)')).minor
    const earlier = await realised()
    await pay('Riyadh Medical', 100, 74)
    await clearedInBoth('Riyadh Medical')
    expect((await realised()) - earlier).toBe(-8500n)

    // An edit of the same day keeps the token's rate, though a newer one is in force.
    await t.call('employee', 'POST', '/api/rates', {
      date: '2026-01-02',
      currency: 'SAR',
      rate: 80,
      source: 'open market',
    })
    const other = await t.call('admin', 'POST', '/api/gamca-token', { ...body, payable_to_vendor: 50 })
    expect(other.body.gamcaToken).toMatchObject({ rates: { SAR: 80 }, profit: 14000 })
    const edited = await t.call('admin', 'PUT', `/api/gamca-token/${other.body.gamcaToken.id}`, {
      ...body,
      payable_to_vendor: 60,
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.gamcaToken).toMatchObject({ rates: { SAR: 80 }, profit: 13200 })
    expect((await ledger.check(t.app.db, { full: true })).first_divergence).toBeUndefined()
  })

  it('Services from a USD vendor: the rate of its Booking Date; the 400s say why', async () => {
    for (const [date, rate] of [
      ['2026-05-01', 280],
      ['2026-06-01', 300],
    ] as const)
      await t.call('employee', 'POST', '/api/rates', { date, currency: 'USD', rate, source: 'SBP' })
    const body = (more: Record<string, unknown>) => ({
      ...recordInput('services'),
      booking_date: '2026-05-20',
      receivable_amount: 20000,
      paid_cash: 0,
      paid_in_bank: 0,
      bank_title: '',
      profit: 1,
      vendor_name: 'Texas Docs',
      payable_to_vendor: 45.5,
      ...more,
    })
    const made = await t.call('admin', 'POST', '/api/services', body({}))
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    // USD 45.50 × 280 (the rate of 20/05) = Rs 12,740.
    expect(made.body.service).toMatchObject({ vendor_currency: 'USD', rates: { USD: 280 }, profit: 7260 })
    expect(await vendorRow('services', made.body.service.id)).toMatchObject({ currency: 'USD' })
    const s = await statement('Texas Docs')
    expect(s.currency).toBe('USD')
    expect(s.rows[0]).toMatchObject({ credit: 45.5, credit_pkr: 12740, rate: 280 })
    await pay('Texas Docs', 45.5, 300)
    await clearedInBoth('Texas Docs')

    // The 400s: another currency than the vendor's, no rate in force, a payable owed to nobody,
    // a vendor not on the list.
    const wrong = await t.call('admin', 'POST', '/api/services', body({ vendor_currency: 'PKR' }))
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors.vendor_currency).toBe(
      'Texas Docs keeps its account in USD: enter the amounts in USD',
    )
    const early = await t.call('admin', 'POST', '/api/services', body({ booking_date: '2026-04-30' }))
    expect(early.status).toBe(400)
    expect(early.body.errors.rates).toMatch(/^No USD rate on or before 2026-04-30/)
    const nobody = await t.call('admin', 'POST', '/api/visa-processing', {
      ...recordInput('visa_processing'),
      payable_to_vendor: 10,
    })
    expect(nobody.status).toBe(400)
    expect(nobody.body.errors.vendor_name).toBe('Select the vendor the payable is owed to')
    const unknown = await t.call('admin', 'POST', '/api/gamca-token', {
      ...recordInput('gamca_tokens'),
      vendor_name: 'Nobody Ltd',
      payable_to_vendor: 10,
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors.vendor_name).toBe('Unknown vendor name')
    const count = await t.app.db
      .selectFrom('services')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(1)
    expect((await ledger.check(t.app.db, { full: true })).first_divergence).toBeUndefined()
  })

  it('the spec’s calls without the keys: what they were, in rupees, with no vendor row', async () => {
    for (const [path, key, type, profit] of [
      ['/api/visa-processing', 'visa_processing', 'visa_processing', 150000],
      ['/api/gamca-token', 'gamcaToken', 'gamca_tokens', 2500],
      ['/api/services', 'service', 'services', 8000],
    ] as const) {
      const made = await t.call('admin', 'POST', path, recordInput(type))
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      expect(made.body[key]).toMatchObject({
        profit,
        vendor_name: '',
        payable_to_vendor: 0,
        vendor_currency: 'PKR',
        rates: {},
      })
      const rows = await t.app.db
        .selectFrom('vender_entries')
        .select('id')
        .where('source_type', '=', type)
        .where('source_id', '=', made.body[key].id)
        .execute()
      expect(rows).toEqual([])
    }
    // A rupee vendor named: the payable in rupees, a cost beside the visa's own.
    const rupees = await t.call('admin', 'POST', '/api/visa-processing', {
      ...recordInput('visa_processing'),
      vendor_name: COMMON_NAMES.vendors[0],
      payable_to_vendor: 40000,
    })
    expect(rupees.status, JSON.stringify(rupees.body)).toBe(201)
    expect(rupees.body.visa_processing).toMatchObject({ vendor_currency: 'PKR', rates: {}, profit: 110000 })
    expect(await ledger.rupeeBalance(t.app.db, `vendor:${COMMON_NAMES.vendors[0]}`)).toEqual({
      currency: 'PKR',
      minor: -4000000n,
    })
    expect((await ledger.check(t.app.db, { full: true })).first_divergence).toBeUndefined()
  })
})
