import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { booksCheck } from '../src/books/check.ts'
import { dbPaisa } from '../src/db/money-columns.ts'
import { DB_KIND } from './harness.ts'
import {
  addNames,
  riyalPayableUmrah,
  riyalVendor,
  riyalVendorRows,
  setupTestApp,
  vendorRow,
} from './helpers.ts'

const VENDOR = 'vendor:Makkah Stays'

// Issue 34's "readers at 1M lines with 20 % foreign stay within today's p99" (decision 149): the
// month and day checkpoints carry the lines' sums in their own currency, moved by every post and
// reversal and proved by the books check like the rupee sums beside them.
describe(`foreign sums in the checkpoints (${DB_KIND})`, () => {
  const t = setupTestApp(async (t) => {
    await addNames(t, { vendors: ['Makkah Stays'] })
    await riyalVendor(t, 'Makkah Stays', '2027-01-01')
  })
  const entry = (more: Record<string, unknown>) => vendorRow('Makkah Stays', more)

  /** The vendor's checkpoints against its lines: per month and per day, in riyal hundredths. */
  const sums = async () => {
    const db = t.app.db
    const read = async (q: ReturnType<typeof sql>) =>
      ((await q.execute(db)).rows as Record<string, unknown>[]).map((r) => [
        String(r.k),
        dbPaisa(r.d),
        dbPaisa(r.c),
      ])
    return {
      months: await read(
        sql`SELECT month AS k, fx_debit AS d, fx_credit AS c FROM posting_months WHERE account = ${VENDOR} ORDER BY month`,
      ),
      monthsFromLines: await read(
        sql`SELECT substr(date, 1, 7) AS k, sum(fx_debit) AS d, sum(fx_credit) AS c FROM posting_lines
          WHERE account = ${VENDOR} GROUP BY substr(date, 1, 7) ORDER BY substr(date, 1, 7)`,
      ),
      days: await read(
        sql`SELECT date AS k, fx_debit AS d, fx_credit AS c FROM posting_days WHERE account = ${VENDOR} ORDER BY date`,
      ),
      daysFromLines: await read(
        sql`SELECT date AS k, sum(fx_debit) AS d, sum(fx_credit) AS c FROM posting_lines
          WHERE account = ${VENDOR} GROUP BY date ORDER BY date`,
      ),
    }
  }

  it('posts, edits and deletes move the foreign sums by exactly their lines; the payables aging reads them', async () => {
    await riyalPayableUmrah(t, 'FX-CP', 'Makkah Stays')
    const ids = await riyalVendorRows(t, 'Makkah Stays')
    // An edit reverses the old lines and posts new ones; a delete reverses.
    const edited = await t.call('admin', 'PUT', `/api/vender/${ids[0]}`, entry({ credit: 1250.5 }))
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect((await t.call('admin', 'DELETE', `/api/vender/${ids[2]}`)).status).toBe(200)

    const s = await sums()
    expect(s.months).toEqual(s.monthsFromLines)
    expect(s.days).toEqual(s.daysFromLines)
    // 3,333.33 + 1,250.50 riyals owed, 2,000 paid: 2,583.83 (the deleted charge nets to 0).
    const owed = s.months.reduce((n, [, d, c]) => n + (c as bigint) - (d as bigint), 0n)
    expect(owed).toBe(258_383n)

    const aging = await t.call('admin', 'GET', '/api/reports/payables?as_of=2027-03-01')
    expect(aging.status).toBe(200)
    expect(JSON.stringify(aging.body)).toContain('2583.83')
    expect((await booksCheck(t.app.db, { full: true })).first_divergence).toBeUndefined()
  })

  it('the books check proves the foreign sums: a planted wrong month or day sum fails it, full and incremental', async () => {
    const res = await t.call('admin', 'POST', '/api/vender', entry({ credit: 500 }))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const db = t.app.db
    expect((await booksCheck(db, { full: true })).ok).toBe(true)

    // A month's riyal credits off by one hundredth.
    await sql`UPDATE posting_months SET fx_credit = fx_credit + 1 WHERE account = ${VENDOR} AND month = '2027-01'`.execute(
      db,
    )
    const month = await booksCheck(db, { full: true })
    expect(month.ok).toBe(false)
    expect(month.first_divergence).toMatchObject({
      check: 'posting checkpoint fx_credit',
      account: `${VENDOR} 2027-01`,
      row: 'posting_months',
    })
    // The incremental check proves a month the new lines touch, from what it proved before.
    await sql`UPDATE posting_months SET fx_credit = fx_credit - 1 WHERE account = ${VENDOR} AND month = '2027-01'`.execute(
      db,
    )
    expect((await booksCheck(db, { full: true })).ok).toBe(true)
    expect((await t.call('admin', 'POST', '/api/vender', entry({ credit: 10 }))).status).toBe(201)
    expect((await booksCheck(db)).ok).toBe(true)
    await sql`UPDATE posting_months SET fx_debit = fx_debit + 7 WHERE account = ${VENDOR} AND month = '2027-01'`.execute(
      db,
    )
    expect((await t.call('admin', 'POST', '/api/vender', entry({ credit: 20 }))).status).toBe(201)
    const incremental = await booksCheck(db)
    expect(incremental.scope).toBe('incremental')
    expect(incremental.first_divergence).toMatchObject({ check: 'posting checkpoint fx_debit' })
    await sql`UPDATE posting_months SET fx_debit = fx_debit - 7 WHERE account = ${VENDOR} AND month = '2027-01'`.execute(
      db,
    )

    // A day's riyal debits off: the full check's day checkpoints.
    await sql`UPDATE posting_days SET fx_debit = fx_debit + 3 WHERE account = ${VENDOR} AND date = '2027-01-05'`.execute(
      db,
    )
    const day = await booksCheck(db, { full: true })
    expect(day.first_divergence).toMatchObject({
      check: 'day checkpoint fx_debit',
      account: `${VENDOR} 2027-01-05`,
    })
    await sql`UPDATE posting_days SET fx_debit = fx_debit - 3 WHERE account = ${VENDOR} AND date = '2027-01-05'`.execute(
      db,
    )
    expect((await booksCheck(db, { full: true })).ok).toBe(true)
  })
})
