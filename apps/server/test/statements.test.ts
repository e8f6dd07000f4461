import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { addNames, COMMON_NAMES, seededRandom, setupTestApp } from './helpers.ts'
import { download, pdfText } from './paperwork-helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

const rand = seededRandom(16)
const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!
const days = Array.from(
  { length: 40 },
  (_, i) => `2026-0${1 + Math.floor(i / 10)}-${String(1 + (i % 10) * 2).padStart(2, '0')}`,
)
const amount = () => Math.round(rand() * 5_000_000) / 100
/** One side of a ledger row, as the ledger forms take it. */
const oneSide = () => (rand() < 0.6 ? { credit: amount(), debit: 0 } : { credit: 0, debit: amount() })

const t = setupTestApp(async (t) => {
  await addNames(t, { ...COMMON_NAMES, agents: ['Agent A', 'Agent B'] })
  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await t.call('admin', 'POST', path, body)
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`)
  }
  for (let i = 0; i < 60; i++) {
    const date = pick(days)
    await post('/api/agent', {
      ...VALID_BODIES['/api/agent']!.body,
      agent_name: pick(['Agent A', 'Agent B']),
      date,
      detail: `row ${i}`,
      ...oneSide(),
    })
    await post('/api/accounts', {
      ...VALID_BODIES['/api/accounts']!.body,
      date,
      ...oneSide(),
    })
    await post('/api/vender', {
      ...VALID_BODIES['/api/vender']!.body,
      date,
      ...oneSide(),
    })
    const receivable = Math.round(amount() * 100 + 100000) / 100
    await post('/api/ticket', {
      ...VALID_BODIES['/api/ticket']!.body,
      agent_name: i % 2 ? 'Agent A' : '',
      customer_add: 'Walk-in Rana',
      depart_date: date,
      return_date: null,
      receivable_amount: receivable,
      paid_cash: Math.round(receivable * 30) / 100,
      paid_in_bank: 0,
    })
    await post('/api/expenses', {
      ...VALID_BODIES['/api/expenses']!.body,
      date,
      withdraw: Math.round(amount() * 10) / 100,
    })
  }
})

/** The ledger screen's balance on `to`: the last row's running balance of the name's rows up to it. */
const ledgerBalanceOn = async (path: string, key: string, name: string, to: string, column = 'balance') => {
  const res = await t.call('admin', 'GET', `${path}?name=${encodeURIComponent(name)}&to=${to}&sort=date`)
  const rows = res.body[key] as Array<Record<string, number>>
  return rows.length ? rows[rows.length - 1]![column]! : 0
}

const cents = (x: number) => Math.round(x * 100)

/** The trial balance's balance (debit − credit) of one account up to `to`. */
const trialBalanceOf = async (code: string, to: string) => {
  const res = await t.call('admin', 'GET', `/api/reports/trial-balance?to=${to}`)
  expect(res.status).toBe(200)
  const found = (res.body.accounts as Array<{ code: string; balance: number }>).find((a) => a.code === code)
  return found?.balance ?? 0
}

describe('statements', () => {
  const cases = [
    {
      kind: 'agent',
      name: 'Agent A',
      code: 'agent:Agent A',
      path: '/api/agent',
      key: 'agents',
      column: 'balance',
      sign: -1,
    },
    {
      kind: 'vendor',
      name: 'Vendor V',
      code: 'vendor:Vendor V',
      path: '/api/vender',
      key: 'vendors',
      column: 'remaining_amount',
      sign: -1,
    },
    {
      kind: 'bank',
      name: 'MCB FIT',
      code: 'bank:MCB FIT',
      path: '/api/accounts',
      key: 'accounts',
      column: 'balance',
      sign: 1,
    },
  ] as const
  for (const c of cases) {
    it(`${c.kind}: closing is the ledger's balance on the day; opening + debits − credits = closing`, async () => {
      for (const [from, to] of [
        ['2026-02-05', '2026-03-13'],
        ['2026-01-01', '2026-04-30'],
        ['2026-03-09', '2026-03-09'],
      ] as const) {
        const res = await t.call(
          'admin',
          'GET',
          `/api/statements/${c.kind}/${encodeURIComponent(c.name)}?from=${from}&to=${to}`,
        )
        expect(res.status).toBe(200)
        const s = res.body
        // The statement states balances debit-normal (decision 030): a receivable is positive.
        expect(cents(s.closing)).toBe(
          c.sign * cents(await ledgerBalanceOn(c.path, c.key, c.name, to, c.column)) || 0,
        )
        // The books: the closing is the trial balance's balance of the account on that day.
        expect(cents(s.closing)).toBe(cents(await trialBalanceOf(c.code, to)))
        const before = new Date(Date.parse(from) - 86_400_000).toISOString().slice(0, 10)
        expect(cents(s.opening)).toBe(cents(await trialBalanceOf(c.code, before)))
        expect(cents(s.opening)).toBe(
          c.sign * cents(await ledgerBalanceOn(c.path, c.key, c.name, before, c.column)) || 0,
        )
        const debits = s.rows.reduce((a: number, r: { debit: number }) => a + cents(r.debit), 0)
        const credits = s.rows.reduce((a: number, r: { credit: number }) => a + cents(r.credit), 0)
        expect(cents(s.opening) + debits - credits).toBe(cents(s.closing))
        expect([cents(s.totals.debit), cents(s.totals.credit)]).toEqual([debits, credits])
        let running = cents(s.opening)
        for (const r of s.rows) {
          running += cents(r.debit) - cents(r.credit)
          expect(cents(r.balance)).toBe(running)
          expect(r.date >= from && r.date <= to).toBe(true)
        }
      }
    })
  }

  it("cash: closing equals the dashboard's Cash in Office up to that day", async () => {
    for (const to of ['2026-02-15', '2026-04-19']) {
      const s = (await t.call('admin', 'GET', `/api/statements/cash/office?from=2026-02-01&to=${to}`)).body
      const dash = (await t.call('admin', 'GET', `/api/dashboard?to=${to}`)).body
      expect(cents(s.closing)).toBe(cents(dash.cashInOffice))
      expect(cents(s.closing)).toBe(cents(await trialBalanceOf('cash', to)))
      const debits = s.rows.reduce((a: number, r: { debit: number }) => a + cents(r.debit), 0)
      const credits = s.rows.reduce((a: number, r: { credit: number }) => a + cents(r.credit), 0)
      expect(cents(s.opening) + debits - credits).toBe(cents(s.closing))
    }
  })

  it('customer: bookings without an agent, closing = what the customer still owes', async () => {
    const s = (await t.call('employee', 'GET', '/api/statements/customer/Walk-in%20Rana')).body
    const tickets = (await t.call('admin', 'GET', '/api/ticket?q=Walk-in%20Rana')).body.ticket as Array<{
      agent_name: string
      receivable_amount: number
      remaining_amount: number
    }>
    const own = tickets.filter((x) => x.agent_name === '')
    // Each sale at its full price, and what was paid at booking as lines of their own (decision 054).
    const sales = s.rows.filter((r: { debit: number }) => r.debit > 0)
    expect(sales).toHaveLength(own.length)
    expect(sales.reduce((a: number, r: { debit: number }) => a + cents(r.debit), 0)).toBe(
      own.reduce((a, x) => a + cents(x.receivable_amount), 0),
    )
    expect(cents(s.closing)).toBe(own.reduce((a, x) => a + cents(x.remaining_amount), 0))
    // No customer row stands behind "Walk-in Rana": its account is keyed by the text (decision 033).
    expect(cents(s.closing)).toBe(cents(await trialBalanceOf('customer:walk-in rana', '2026-12-31')))
    const upTo = (await t.call('employee', 'GET', '/api/statements/customer/Walk-in%20Rana?to=2026-02-11'))
      .body
    expect(cents(upTo.closing)).toBe(cents(await trialBalanceOf('customer:walk-in rana', '2026-02-11')))
  })

  it('PDF, XLSX and CSV carry the same figures', async () => {
    const url = '/api/statements/agent/Agent%20A?from=2026-02-01&to=2026-03-31'
    const s = (await t.call('employee', 'GET', url)).body
    const pdf = await download(t, 'employee', `${url}&format=pdf`)
    expect(pdf.status).toBe(200)
    expect(pdf.type).toBe('application/pdf')
    const text = await pdfText(pdf.bytes)
    expect(text).toContain('Statement of Account')
    expect(text).toContain('Agent: Agent A')
    expect(text).toContain('01/02/2026 to 31/03/2026')
    const fmt = (x: number) =>
      new Intl.NumberFormat('en-US', { minimumFractionDigits: cents(x) % 100 ? 2 : 0 }).format(x)
    expect(text).toContain(`Closing balance Rs ${fmt(s.closing)}`)

    const xlsx = await download(t, 'employee', `${url}&format=xlsx`)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(xlsx.bytes as unknown as ArrayBuffer)
    const values: unknown[][] = []
    wb.worksheets[0]!.eachRow((r) => values.push((r.values as unknown[]).slice(1)))
    const head = values.findIndex((r) => r[0] === 'Date')
    const body = values.slice(head + 2, head + 2 + s.rows.length)
    expect(body.map((r) => r[1])).toEqual(s.rows.map((r: { entry: string }) => r.entry))
    expect(values[values.length - 1]![5]).toBe(s.closing)

    const csv = await download(t, 'employee', `${url}&format=csv`)
    const lines = csv.bytes.toString('utf8').trim().split('\r\n')
    expect(lines.at(-1)).toContain(String(s.closing))
  })

  it('employees take agent and customer statements only; bad input is a 400, unknown names a 404', async () => {
    for (const kind of ['vendor', 'bank', 'cash']) {
      expect((await t.call('employee', 'GET', `/api/statements/${kind}/x`)).status).toBe(403)
    }
    expect((await t.call('employee', 'GET', '/api/statements/agent/Nobody')).status).toBe(404)
    expect((await t.call('admin', 'GET', '/api/statements/bogus/x')).status).toBe(400)
    const bad = await t.call('admin', 'GET', '/api/statements/agent/Agent%20A?from=2026-05-01&to=2026-04-01')
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ to: 'From must not be after To' })
    expect((await t.call('admin', 'GET', '/api/statements/agent/Agent%20A?format=doc')).status).toBe(400)
  })
})
