import { describe, expect, it } from 'vitest'
import * as ledger from '../src/books/ledger.ts'
import { DB_KIND } from './harness.ts'
import { addBanks, booksBalance, setupTestApp, typeRate } from './helpers.ts'

/**
 * Issue 34 item 3's leftover (decision 143): a transfer between a rupee bank and a bank kept in
 * riyals. Rupees out of the one, riyals into the other at a rate (typed, from both amounts, or the
 * day's), each entry balanced in rupees and in riyals, "bank transfers" back at 0, and what the
 * rounding or a bank's spread leaves realised. Each bank's Office Accounts list shows its side.
 */
describe(`a transfer between a rupee bank and a riyal bank (${DB_KIND})`, () => {
  const t = setupTestApp()

  const setUp = async () => {
    for (const code of ['SAR', 'AED'])
      expect((await t.call('admin', 'PUT', `/api/admin/currencies/${code}`, { enabled: true })).status).toBe(
        200,
      )
    await addBanks(t, [
      ['Al Rajhi SAR', 'SAR'],
      ['Emirates AED', 'AED'],
      ['Meezan PKR', undefined],
      ['HBL PKR', undefined],
    ])
    await typeRate(t, 'SAR', '2027-05-01')
  }
  const transfer = (body: Record<string, unknown>, as: 'admin' | 'employee' = 'admin') =>
    t.call(as, 'POST', '/api/admin/bank-transfers', body)
  const rupees = async (address: string) => (await ledger.rupeeBalance(t.app.db, address)).minor
  /** Every entry of a source balanced in rupees and in each currency of its lines. */
  const balancedInBoth = async (type: string, id: number) => {
    const lines = await t.app.db
      .selectFrom('posting_lines')
      .select(['currency', 'debit', 'credit', 'fx_debit', 'fx_credit', 'entry_id'])
      .where('source_type', '=', type)
      .where('source_id', '=', id)
      .execute()
    expect(lines.length).toBeGreaterThan(0)
    const sums = new Map<string, { n: bigint; fx: bigint }>()
    for (const l of lines) {
      const key = `${l.entry_id}:${l.currency}`
      const s = sums.get(key) ?? { n: 0n, fx: 0n }
      s.n += BigInt(l.debit) - BigInt(l.credit)
      s.fx += BigInt(l.fx_debit) - BigInt(l.fx_credit)
      sums.set(key, s)
    }
    for (const s of sums.values()) expect(s).toEqual({ n: 0n, fx: 0n })
  }

  it("rupees out of a rupee bank, riyals in at the day's rate: exact in both, the rounding realised, each bank's list shows its side", async () => {
    await setUp()
    const res = await transfer({
      date: '2027-05-03',
      from_bank: 'Meezan PKR',
      to_bank: 'Al Rajhi SAR',
      sent: 100000,
      detail: 'For Makkah hotels',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    // Rs 100,000 at 74.85 = SAR 1,336.005... -> SAR 1,336.01 (half up), carried at Rs 100,000.35.
    expect(res.body.transfer).toMatchObject({
      sent: { currency: 'PKR', amount: 100000, rupees: 100000 },
      received: { currency: 'SAR', amount: 1336.01, rupees: 100000.35 },
      rate: 74.85,
      realised: 0.35,
    })
    const id = res.body.transfer.id as number
    expect(await ledger.balance(t.app.db, 'bank:Al Rajhi SAR')).toEqual({ currency: 'SAR', minor: 133_601n })
    expect(await rupees('bank:Al Rajhi SAR')).toBe(10_000_035n)
    expect(await rupees('bank:Meezan PKR')).toBe(-10_000_000n)
    expect(await rupees('equity:bank transfers')).toBe(0n)
    expect(await rupees('expense:Exchange gain/loss (realised)')).toBe(-35n)
    await balancedInBoth('bank_transfer_out', id)
    await balancedInBoth('bank_transfer_in', id)
    // Office Accounts: the rupee bank's row in rupees, the riyal bank's in riyals.
    const pkr = await t.call('admin', 'GET', '/api/accounts/Meezan PKR')
    expect(pkr.body).toContainEqual(
      expect.objectContaining({
        entry: `Transfer ${id}`,
        debit: 100000,
        credit: 0,
        detail: 'Transfer to Al Rajhi SAR: For Makkah hotels',
      }),
    )
    const sar = await t.call('admin', 'GET', '/api/accounts/Al Rajhi SAR')
    expect(sar.body).toContainEqual(
      expect.objectContaining({ entry: `Transfer ${id}`, credit: 1336.01, debit: 0 }),
    )
    // A linked row is the transfer's: not edited in Office Accounts.
    const row = (sar.body as { id: number; entry: string }[]).find((r) => r.entry === `Transfer ${id}`)!
    expect((await t.call('admin', 'DELETE', `/api/accounts/${row.id}`)).status).toBe(409)
    // The riyal bank's statement: riyals, the rate and the rupees on the line.
    const st = await t.call('admin', 'GET', '/api/statements/bank/Al%20Rajhi%20SAR')
    expect(st.status).toBe(200)
    expect(st.body.currency).toBe('SAR')
    expect(st.body.closing).toBe(1336.01)
    expect(st.body.closing_pkr).toBe(100000.35)
    const report = await t.call('admin', 'GET', '/api/reports/exchange?from=2027-05-01&to=2027-05-31')
    expect(report.body.realised).toContainEqual(
      expect.objectContaining({ account: 'bank:Al Rajhi SAR', amount: 0.35 }),
    )
    await booksBalance(t)

    // Deleted: both entries reversed, both rows gone.
    expect((await t.call('admin', 'DELETE', `/api/admin/bank-transfers/${id}`)).status).toBe(200)
    expect(await ledger.balance(t.app.db, 'bank:Al Rajhi SAR')).toEqual({ currency: 'SAR', minor: 0n })
    expect(await rupees('bank:Meezan PKR')).toBe(0n)
    expect(await rupees('expense:Exchange gain/loss (realised)')).toBe(0n)
    const after = await t.call('admin', 'GET', '/api/accounts/Meezan PKR')
    expect((after.body as { entry: string }[]).filter((r) => r.entry === `Transfer ${id}`)).toEqual([])
    expect((await t.call('admin', 'DELETE', `/api/admin/bank-transfers/${id}`)).status).toBe(404)
    await booksBalance(t)
  })

  it('riyals back into rupees with both amounts typed (the rate from them: nothing realised); a rate and both amounts: the spread realised', async () => {
    await setUp()
    await transfer({
      date: '2027-05-04',
      from_bank: 'HBL PKR',
      to_bank: 'Al Rajhi SAR',
      sent: 80000,
      received: 1000,
    })
    const back = await transfer({
      date: '2027-05-10',
      from_bank: 'Al Rajhi SAR',
      to_bank: 'HBL PKR',
      sent: 500,
      received: 37600,
    })
    expect(back.status, JSON.stringify(back.body)).toBe(201)
    expect(back.body.transfer).toMatchObject({
      sent: { currency: 'SAR', amount: 500, rupees: 37600 },
      received: { currency: 'PKR', amount: 37600, rupees: 37600 },
      rate: 75.2,
      realised: 0,
    })
    // The bank's own rate beside the market's: SAR 990 for Rs 75,000 where 74.85 makes Rs 74,101.50.
    const spread = await transfer({
      date: '2027-05-11',
      from_bank: 'HBL PKR',
      to_bank: 'Al Rajhi SAR',
      sent: 75000,
      received: 990,
      rate: '74.85',
    })
    expect(spread.status, JSON.stringify(spread.body)).toBe(201)
    expect(spread.body.transfer).toMatchObject({
      received: { currency: 'SAR', amount: 990, rupees: 74101.5 },
      realised: -898.5,
    })
    await balancedInBoth('bank_transfer_in', spread.body.transfer.id)
    expect(await ledger.balance(t.app.db, 'bank:Al Rajhi SAR')).toEqual({ currency: 'SAR', minor: 149_000n })
    // Rs 80,000 (1,000 at 80) - Rs 37,600 + Rs 74,101.50.
    expect(await rupees('bank:Al Rajhi SAR')).toBe(11_650_150n)
    expect(await rupees('bank:HBL PKR')).toBe(-11_740_000n)
    expect(await rupees('equity:bank transfers')).toBe(0n)
    await booksBalance(t)
  })

  it('refused before anything is written: one bank, two foreign banks, no rate, rupees that differ, an employee', async () => {
    await setUp()
    const before = await t.app.db.selectFrom('bank_transfers').select('id').execute()
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { from_bank: 'HBL PKR', to_bank: 'HBL PKR', sent: 10 },
        'to_bank',
        'Choose another bank than the one the money leaves',
      ],
      [
        { from_bank: 'Al Rajhi SAR', to_bank: 'Emirates AED', sent: 10 },
        'to_bank',
        'Al Rajhi SAR keeps SAR and Emirates AED keeps AED: a transfer between two banks kept in other currencies than rupees is not kept yet',
      ],
      [
        { from_bank: 'HBL PKR', to_bank: 'Emirates AED', sent: 10 },
        'rate',
        "No AED rate on or before 2027-05-20: type the rate, or save the day's rate under Rates",
      ],
      [
        { from_bank: 'HBL PKR', to_bank: 'Meezan PKR', sent: 10, received: 11 },
        'received',
        'Both banks keep rupees: the amount received is the amount sent',
      ],
      [{ from_bank: 'Nowhere Bank', to_bank: 'HBL PKR', sent: 10 }, 'from_bank', 'Unknown bank account'],
      [{ from_bank: 'HBL PKR', to_bank: 'Meezan PKR', sent: 0 }, 'sent', 'Amount sent must be more than 0'],
    ]
    for (const [body, field, message] of cases) {
      const res = await transfer({ date: '2027-05-20', ...body })
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(res.body.errors[field]).toBe(message)
    }
    expect(
      (
        await transfer(
          { date: '2027-05-20', from_bank: 'HBL PKR', to_bank: 'Meezan PKR', sent: 10 },
          'employee',
        )
      ).status,
    ).toBe(403)
    expect(await t.app.db.selectFrom('bank_transfers').select('id').execute()).toEqual(before)
    // Between two rupee banks: rupees, no rate.
    const plain = await transfer({
      date: '2027-05-20',
      from_bank: 'HBL PKR',
      to_bank: 'Meezan PKR',
      sent: 2500,
    })
    expect(plain.status).toBe(201)
    expect(plain.body.transfer).toMatchObject({
      rate: null,
      realised: 0,
      received: { currency: 'PKR', amount: 2500 },
    })
    await booksBalance(t)
  })
})
