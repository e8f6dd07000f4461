import { describe, expect, it } from 'vitest'
import { addNames, COMMON_NAMES, seededRandom, setupTestApp } from './helpers.ts'
import { download, pdfText } from './paperwork-helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

const rand = seededRandom(1616)
const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!
const days = Array.from({ length: 30 }, (_, i) =>
  new Date(Date.UTC(2026, 0, 1) + i * 6 * 86_400_000).toISOString().slice(0, 10),
)
const amount = () => Math.round(rand() * 2_000_000 + 10_000) / 100
const cents = (x: number) => Math.round(x * 100)
const BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const

/** Every account's balance (debit − credit) in the trial balance up to `to`. */
const trialBalance = async (to: string) => {
  const res = await t.call('admin', 'GET', `/api/reports/trial-balance?to=${to}`)
  expect(res.status).toBe(200)
  return res.body.accounts as Array<{ code: string; kind: string; balance: number }>
}

const t = setupTestApp(async (t) => {
  await addNames(t, { ...COMMON_NAMES, agents: ['Agent A', 'Agent B'] })
  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await t.call('admin', 'POST', path, body)
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`)
  }
  for (let i = 0; i < 40; i++) {
    const date = pick(days)
    const receivable = Math.round(amount() * 300) / 100
    await post('/api/ticket', {
      ...VALID_BODIES['/api/ticket']!.body,
      agent_name: pick(['Agent A', 'Agent B', '']),
      customer_add: pick(['Rana', 'Bibi', 'Shah']),
      depart_date: date,
      return_date: null,
      receivable_amount: receivable,
      paid_cash: Math.round(receivable * rand() * 50) / 100,
      paid_in_bank: 0,
      payable_to_vendor: Math.round(receivable * 70) / 100,
    })
    await post('/api/agent', {
      ...VALID_BODIES['/api/agent']!.body,
      agent_name: pick(['Agent A', 'Agent B']),
      date,
      credit: amount(),
      debit: 0,
    })
    await post('/api/vender', { ...VALID_BODIES['/api/vender']!.body, date, credit: 0, debit: amount() })
    await post('/api/accounts', {
      ...VALID_BODIES['/api/accounts']!.body,
      date,
      ...(rand() < 0.5 ? { credit: amount(), debit: 0 } : { credit: 0, debit: amount() }),
    })
    await post('/api/expenses', { ...VALID_BODIES['/api/expenses']!.body, date, withdraw: amount() })
  }
})

const addsUp = (row: { buckets: Record<string, number>; total: number }) =>
  expect(BUCKETS.reduce((s, b) => s + cents(row.buckets[b]!), 0)).toBe(cents(row.total))

describe('reports', () => {
  it('receivables: each row and the totals add their aging buckets up to the total owed', async () => {
    // Tickets post on the day they were entered (decision 019): the far date holds them all.
    for (const asOf of ['2026-03-01', '2026-06-30', '2099-12-31']) {
      const res = await t.call('admin', 'GET', `/api/reports/receivables?as_of=${asOf}`)
      expect(res.status).toBe(200)
      const r = res.body
      for (const row of [...r.agents, ...r.customers]) addsUp(row)
      addsUp(r.totals)
      expect(cents(r.totals.total)).toBe(
        [...r.agents, ...r.customers].reduce((s, x) => s + cents(x.total), 0),
      )
      // An agent's total is its ledger's debit − credit up to the day (what it owes).
      for (const a of r.agents) {
        const s = (
          await t.call('admin', 'GET', `/api/statements/agent/${encodeURIComponent(a.name)}?to=${asOf}`)
        ).body
        expect(cents(a.total)).toBe(cents(s.closing))
      }
      // A customer's total is the remaining amount of their bookings without an agent up to the day.
      for (const c of r.customers) {
        const s = (
          await t.call('admin', 'GET', `/api/statements/customer/${encodeURIComponent(c.key)}?to=${asOf}`)
        ).body
        expect(cents(c.total)).toBe(cents(s.closing))
      }
      // The receivables are the agent and customer accounts of the trial balance that are owed.
      const owed = (await trialBalance(asOf))
        .filter((a) => (a.kind === 'agent' || a.kind === 'customer') && a.balance > 0)
        .reduce((s, a) => s + cents(a.balance), 0)
      if (asOf === '2099-12-31') expect(r.customers.length * owed).toBeGreaterThan(0)
      expect(cents(r.totals.total)).toBe(owed)
    }
  })

  it('payables: buckets add up; a vendor total is what the office owes it', async () => {
    const r = (await t.call('admin', 'GET', '/api/reports/payables?as_of=2026-12-31')).body
    for (const row of r.vendors) addsUp(row)
    addsUp(r.totals)
    for (const v of r.vendors) {
      const s = (
        await t.call('admin', 'GET', `/api/statements/vendor/${encodeURIComponent(v.name)}?to=2026-12-31`)
      ).body
      expect(cents(v.total)).toBe(-cents(s.closing))
    }
    // The payables are the vendor accounts of the trial balance the office owes (credit balances).
    const owed = (await trialBalance('2026-12-31'))
      .filter((a) => a.kind === 'vendor' && a.balance < 0)
      .reduce((s, a) => s - cents(a.balance), 0)
    expect(owed).toBeGreaterThan(0)
    expect(cents(r.totals.total)).toBe(owed)
  })

  it("day book: the day's closing cash equals the dashboard's Cash in Office for that day", async () => {
    for (const date of days.slice(0, 8)) {
      const book = (await t.call('admin', 'GET', `/api/reports/day-book?date=${date}`)).body
      const dash = (await t.call('admin', 'GET', `/api/dashboard?to=${date}`)).body
      expect(cents(book.cash.closing)).toBe(cents(dash.cashInOffice))
      const accounts = await trialBalance(date)
      expect(cents(book.cash.closing)).toBe(cents(accounts.find((a) => a.code === 'cash')?.balance ?? 0))
      const cio = (await t.call('admin', 'GET', `/api/reports/cash-in-office?to=${date}`)).body
      expect(cents(book.cash.closing)).toBe(cents(cio.cashInOffice))
      const cashIn = book.rows.filter((m: { account: string }) => m.account === 'Cash in office')
      const net = cashIn.reduce(
        (s: number, m: { in: number; out: number }) => s + cents(m.in) - cents(m.out),
        0,
      )
      expect(cents(book.cash.opening) + net).toBe(cents(book.cash.closing))
      const bank = (await t.call('admin', 'GET', `/api/statements/bank/MCB%20FIT?to=${date}`)).body
      expect(
        cents(book.accounts.find((a: { account: string }) => a.account === 'MCB FIT')?.closing ?? 0),
      ).toBe(cents(bank.closing))
    }
  })

  it("profit: the groups add up to the books' income less cost of sales, by month, type and employee alike", async () => {
    // Decision 053: the report reads the books, so its total is the trial balance's income less
    // cost of sales, and the tickets' own row is the sum of their stored profit.
    const accounts = await trialBalance('2999-12-31')
    const expected = accounts
      .filter((a) => a.kind === 'income' || a.kind === 'cost')
      .reduce((s, a) => s - cents(a.balance), 0)
    const tickets = (await t.call('admin', 'GET', '/api/ticket')).body.ticket as Array<{ profit: number }>
    const ticketProfit = tickets.reduce((s, x) => s + cents(x.profit ?? 0), 0)
    for (const by of ['month', 'type', 'employee']) {
      const r = (await t.call('admin', 'GET', `/api/reports/profit?by=${by}`)).body
      expect(cents(r.totals.profit)).toBe(expected)
      expect(r.rows.reduce((s: number, x: { profit: number }) => s + cents(x.profit), 0)).toBe(expected)
      if (by === 'type')
        expect(cents(r.rows.find((x: { key: string }) => x.key === 'Ticket')?.profit ?? 0)).toBe(ticketProfit)
    }
  })

  it('each report comes as PDF and XLSX; reports are admin-only', async () => {
    for (const url of [
      '/api/reports/receivables?as_of=2026-06-30',
      '/api/reports/payables',
      '/api/reports/profit?by=type',
      `/api/reports/day-book?date=${days[3]}`,
    ]) {
      const pdf = await download(t, 'admin', `${url}${url.includes('?') ? '&' : '?'}format=pdf`)
      expect(pdf.status, url).toBe(200)
      expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-')
      const xlsx = await download(t, 'admin', `${url}${url.includes('?') ? '&' : '?'}format=xlsx`)
      expect(xlsx.status, url).toBe(200)
      expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK')
      expect((await t.call('employee', 'GET', url)).status).toBe(403)
    }
    const text = await pdfText(
      (await download(t, 'admin', '/api/reports/receivables?as_of=2026-06-30&format=pdf')).bytes,
    )
    expect(text).toContain('Receivables')
    expect(text).toContain('As of 30/06/2026')
    expect((await t.call('admin', 'GET', '/api/reports/profit?by=year')).status).toBe(400)
  })
})
