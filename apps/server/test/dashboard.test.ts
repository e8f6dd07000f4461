import { PAYMENT_TABLES } from '@booking/shared'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { byDateThenId, passenger, protectorBody, seededRandom, setupTestApp } from './helpers.ts'

const LABEL: Record<string, string> = {
  tickets: 'Ticket',
  umrah: 'Umrah',
  visa_processing: 'Visa Processing',
  gamca_tokens: 'GAMCA Token',
  services: 'Services',
}
const SALES = Object.values(PAYMENT_TABLES)

interface J {
  id: number
  source_type: string
  source_id: number
  date: string
  receivable: number
  paid_cash: number
  paid_in_bank: number
  remaining: number
  withdraw: number
  /** The source's cash line (debit − credit), rupees: what it moves Cash in Office by (decision 034). */
  cash: number
}

describe(`dashboard API (${DB_KIND})`, () => {
  const rand = seededRandom(7)
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T
  const dates = [
    '2025-11-03',
    '2025-11-30',
    '2025-12-01',
    '2025-12-15',
    '2026-01-08',
    '2026-01-08',
    '2026-02-28',
  ]
  let protectorIds: number[] = []
  const serviceIds: number[] = []

  /** Everything in rupees, read back from the journal (its money is the lines): the test's own arithmetic runs over it. */
  const journal = async (): Promise<J[]> => {
    const rows = await t.app.db.selectFrom('journal').selectAll().execute()
    const lines = await t.app.db
      .selectFrom('posting_lines')
      .select(['source_type', 'source_id', 'debit', 'credit'])
      .where('account', '=', 'cash')
      .execute()
    const cash = new Map<string, number>()
    for (const l of lines) {
      const k = `${l.source_type} ${l.source_id}`
      cash.set(k, (cash.get(k) ?? 0) + Number(l.debit) - Number(l.credit))
    }
    return rows.map((r) => ({
      cash: (cash.get(`${r.source_type} ${r.source_id}`) ?? 0) / 100,
      id: r.id,
      source_type: r.source_type,
      source_id: r.source_id,
      date: r.date,
      receivable: Number(r.receivable) / 100,
      paid_cash: Number(r.paid_cash) / 100,
      paid_in_bank: Number(r.paid_in_bank) / 100,
      remaining: Number(r.remaining) / 100,
      withdraw: Number(r.withdraw) / 100,
    }))
  }
  const inRange = (rows: J[], from?: string, to?: string) =>
    rows.filter((r) => (!from || r.date >= from) && (!to || r.date <= to))
  const sum = (rows: J[], k: keyof J) =>
    Math.round(rows.reduce((s, r) => s + (r[k] as number), 0) * 100) / 100
  const qs = (from?: string, to?: string) =>
    [from && `from=${from}`, to && `to=${to}`].filter(Boolean).join('&')

  const expectCards = async (from?: string, to?: string) => {
    const rows = inRange(await journal(), from, to)
    const res = await t.call('employee', 'GET', `/api/dashboard?${qs(from, to)}`)
    expect(res.status).toBe(200)
    const b = res.body
    const n = (type: string) => rows.filter((r) => r.source_type === type).length
    expect(b.totalEntries).toBe(rows.length)
    expect(b.totalBookings).toBe(rows.length)
    expect([b.ticket, b.umrah, b.visa, b.gamcaToken, b.service]).toEqual([
      n('tickets'),
      n('umrah'),
      n('visa_processing'),
      n('gamca_tokens'),
      n('services'),
    ])
    for (const [type, label] of Object.entries(LABEL)) {
      const entry = b.bookingsByType.find((x: any) => x.type === label)
      expect(entry?.count ?? 0).toBe(n(type))
    }
    expect(b.totalReceivable).toBe(sum(rows, 'receivable'))
    expect(b.totalRevenue).toBe(sum(rows, 'receivable'))
    expect(b.totalPaidCash).toBe(sum(rows, 'paid_cash'))
    expect(b.totalPaidInBank).toBe(sum(rows, 'paid_in_bank'))
    expect(b.totalRemainingAmount).toBe(sum(rows, 'remaining'))
    // What the records themselves still have to receive (payments lower it, on the record's day).
    let owed = 0
    for (const table of SALES) {
      const recs = await sql<{
        id: number
        remaining_amount: unknown
      }>`SELECT id, remaining_amount FROM ${sql.table(table)}`.execute(t.app.db)
      for (const r of recs.rows)
        if (rows.some((x) => x.source_type === table && x.source_id === Number(r.id)))
          owed += Number(r.remaining_amount)
    }
    expect(Math.round(b.totalRemainingAmount * 100)).toBe(owed)
    expect(b.withdraw).toBe(sum(rows, 'withdraw'))
    // Issue 13: Cash in Office is the cash account's lines in range.
    const cashLines = await t.app.db
      .selectFrom('posting_lines')
      .select(['date', 'debit', 'credit'])
      .where('account', '=', 'cash')
      .execute()
    const cash = cashLines
      .filter((l) => (!from || l.date >= from) && (!to || l.date <= to))
      .reduce((s, l) => s + Number(l.debit) - Number(l.credit), 0)
    expect(b.cashInOffice).toBe(cash / 100)
    expect(cash).toBe(Math.round(sum(rows, 'cash') * 100))
  }

  /** Every page of the feed against a running sum the test computes over all rows in range. */
  const expectFeed = async (from?: string, to?: string, limit = 7) => {
    const rows = inRange(await journal(), from, to).sort(byDateThenId)
    let run = 0
    const expected = rows.map((r) => {
      run = Math.round((run + r.cash) * 100) / 100
      return { id: r.id, cash_in_office: run }
    })
    expected.reverse()
    const got: Array<{ id: number; cash_in_office: number }> = []
    for (let offset = 0; offset < rows.length + limit; offset += limit) {
      const res = await t.call(
        'employee',
        'GET',
        `/api/dashboard/bookings?limit=${limit}&offset=${offset}&${qs(from, to)}`,
      )
      expect(res.status).toBe(200)
      expect(res.body.total).toBe(rows.length)
      got.push(...res.body.bookings.map((b: any) => ({ id: b.id, cash_in_office: b.cash_in_office })))
    }
    expect(got).toEqual(expected)
  }

  /** The trigger-kept monthly row counts must equal a full GROUP BY over the journal. */
  const expectCheckpoints = async () => {
    const rows = await journal()
    const full = new Map<string, number>()
    for (const r of rows) {
      const key = `${r.date.slice(0, 7)}|${r.source_type}`
      full.set(key, (full.get(key) ?? 0) + 1)
    }
    const months = await t.app.db.selectFrom('journal_months').selectAll().execute()
    const kept = new Map<string, number>()
    for (const m of months) if (Number(m.n) !== 0) kept.set(`${m.month}|${m.source_type}`, Number(m.n))
    expect(Object.fromEntries(kept)).toEqual(Object.fromEntries(full))
  }

  const t = setupTestApp(async (t) => {
    for (let i = 0; i < 8; i++) {
      const res = await t.call(
        'employee',
        'POST',
        '/api/protector',
        protectorBody({
          name: `Protector ${i}`,
          passport: `P${i}`,
          withdraw: 1000 + i * 10.25,
          protector_date: pick(dates),
        }),
      )
      expect(res.status).toBe(201)
      protectorIds.push(res.body.protector.id)
    }
    const expense = await t.call('employee', 'POST', '/api/expenses', {
      user_name: 'emp',
      date: '2025-12-15',
      detail: 'Office rent',
      total_amount: 5000,
      selection: 'OFFICE EXPENSE',
      withdraw: 4999.99,
    })
    // The expense area is another engineer's; when it is there its journal row must count.
    expect([201, 404]).toContain(expense.status)

    // Sales on the test's days (Services carry their booking date) and today (Visa), some paid
    // in part at booking in cash or through a bank, some paid later.
    for (let i = 0; i < 14; i++) {
      const receivable = Math.round(rand() * 1_000_000) / 100
      const paid_cash = Math.round(rand() * receivable * 50) / 100
      const paid_in_bank = Math.round(rand() * (receivable - paid_cash) * 50) / 100
      const res = await t.call('employee', 'POST', '/api/services', {
        user_name: 'emp',
        customer_add: `Customer ${i}`,
        booking_date: pick(dates),
        specific_detail: 'Stamping',
        visa_type: 'WORK VISA',
        receivable_amount: receivable,
        paid_cash,
        paid_in_bank,
        bank_title: paid_in_bank > 0 ? 'UBL Account 1' : '',
        profit: 10,
      })
      expect(res.status).toBe(201)
      serviceIds.push(res.body.service.id)
    }
    for (let i = 0; i < 3; i++) {
      const receivable = 1000 + i * 333
      const res = await t.call('employee', 'POST', '/api/visa-processing', {
        employee_name: 'emp',
        customer_add: `Visa ${i}`,
        passport_detail: JSON.stringify(passenger('Ali', `Khan${i}`)),
        receivable_amount: receivable,
        paid_cash: 100,
        paid_in_bank: i === 1 ? 200.5 : 0,
        bank_title: i === 1 ? 'HBL Account 1' : '',
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
    }
    for (const [i, id] of serviceIds.slice(0, 4).entries()) {
      const res = await t.call('employee', 'POST', '/api/payments', {
        source_type: 'services',
        source_id: id,
        amount: 1.25 + i,
        method: i % 2 ? 'bank' : 'cash',
        bank_title: i % 2 ? 'JAZ C' : '',
        date: dates[6],
      })
      expect(res.status).toBe(201)
    }
  })

  it('answers the summary and the twelve cards from the journal', async () => {
    await expectCards()
    await expectCheckpoints()
  })

  it('narrows everything by from/to, including ranges that cut through months', async () => {
    await expectCards('2025-11-30', '2026-01-08')
    await expectCards('2025-12-01', '2025-12-31')
    await expectCards('2025-12-02', '2025-12-15')
    await expectCards('2026-01-09')
    await expectCards(undefined, '2025-12-01')
    await expectCards('2030-01-01')
    // Both ways of summing a cut month: rows inside, or the checkpoint minus the rows outside.
    await expectCards('2025-11-03', '2025-11-30')
    await expectCards('2025-11-04', '2025-11-29')
    await expectCards(undefined, '2026-02-20')
    await expectCards('2025-12-10', '2026-02-27')
  })

  it('pages the feed newest first with the running cash in office of the whole range', async () => {
    await expectFeed()
    await expectFeed(undefined, undefined, 5)
    await expectFeed('2025-12-01', '2026-01-08', 4)
    const first = await t.call('employee', 'GET', '/api/dashboard/bookings?limit=1')
    const row = first.body.bookings[0]
    expect(Object.keys(row)).toEqual(
      expect.arrayContaining([
        'date',
        'employee_name',
        'entry',
        'type',
        'name',
        'receivable_amount',
        'paid_cash',
        'paid_in_bank',
        'remaining_amount',
        'withdraw',
        'cash_in_office',
      ]),
    )
    expect(row.date).toBe(
      (await journal())
        .map((r) => r.date)
        .sort()
        .at(-1),
    )
  })

  it('stays exact after an edit and a delete in the middle', async () => {
    const id = protectorIds[3] as number
    const edited = await t.call(
      'admin',
      'PUT',
      `/api/protector/${id}`,
      protectorBody({ name: 'Edited', passport: 'P', withdraw: 12345.67, protector_date: '2025-12-20' }),
    )
    expect(edited.status).toBe(200)
    expect((await t.call('admin', 'DELETE', `/api/protector/${protectorIds[5]}`)).status).toBe(200)
    protectorIds = protectorIds.filter((x) => x !== protectorIds[5])
    // A service paid later moves to another month: its row, its lines and its payments' part of
    // the remaining amount move with it.
    const moved = serviceIds[0] as number
    const was = (await t.call('admin', 'GET', `/api/services/${moved}`)).body
    const service = was.service ?? was
    const res = await t.call('admin', 'PUT', `/api/services/${moved}`, {
      user_name: service.user_name,
      customer_add: service.customer_add,
      booking_date: '2026-01-20',
      specific_detail: service.specific_detail,
      visa_type: service.visa_type,
      receivable_amount: service.receivable_amount,
      paid_cash: service.paid_cash,
      paid_in_bank: service.paid_in_bank,
      bank_title: service.bank_title,
      profit: service.profit,
    })
    expect(res.status).toBe(200)
    expect(res.body.service.booking_date).toBe('2026-01-20')
    await expectCards('2026-01-20', '2026-01-20')
    await expectCheckpoints()
    await expectCards()
    await expectCards('2025-12-01', '2026-01-31')
    await expectFeed()
    await expectFeed('2025-11-15', '2025-12-20', 3)
  })

  it('draws the charts from the same sums', async () => {
    const rows = await journal()
    const res = await t.call('employee', 'GET', '/api/dashboard/charts')
    expect(res.status).toBe(200)
    const months = [...new Set(rows.map((r) => r.date.slice(0, 7)))].sort()
    expect(res.body.monthly.map((m: any) => m.month)).toEqual(months)
    for (const m of res.body.monthly) {
      const inMonth = rows.filter((r) => r.date.startsWith(m.month))
      expect(m.receivable).toBe(sum(inMonth, 'receivable'))
      expect(m.received).toBe(
        Math.round((sum(inMonth, 'paid_cash') + sum(inMonth, 'paid_in_bank')) * 100) / 100,
      )
    }
    const narrowed = await t.call('employee', 'GET', '/api/dashboard/charts?from=2026-01-01&to=2026-01-31')
    expect(narrowed.body.monthly.map((m: any) => m.month)).toEqual(months.filter((m) => m === '2026-01'))
  })

  it('refuses bad dates and calls without a token', async () => {
    expect((await t.call('employee', 'GET', '/api/dashboard?from=01/01/2026')).status).toBe(400)
    expect((await t.call('none', 'GET', '/api/dashboard')).status).toBe(401)
  })
})
