import { AGING_BUCKETS, addDaysIso, agingBucket } from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { addNames, COMMON_NAMES, seededRandom, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

/**
 * Decision 068: the readers answer from checkpoints (posting_months, posting_days, profit_days)
 * and open items, never from the lines. Here every figure they give is compared with the same
 * figure worked out from the posting lines by the readers' previous rules (a GROUP BY over the
 * lines, first-in-first-out over each party's days), after random writes on random days: edits and
 * deletes (reversals), later payments, agent, vendor and bank entries, a bank rename.
 */

const rand = seededRandom(2604)
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!
const DAYS = Array.from({ length: 40 }, (_, i) => addDaysIso('2026-01-03', i * 7 + Math.floor(i / 3)))
const amount = () => Math.round(rand() * 500_000 + 1_000) / 100
const AGENTS = ['Agent A', 'Agent B', 'Agent C']
const p = (x: number) => Math.round(x * 100)

const t = setupTestApp(async (t) => {
  await addNames(t, { ...COMMON_NAMES, agents: AGENTS })
  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await t.call('admin', 'POST', path, body)
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`)
    return res.body
  }
  const tickets: number[] = []
  for (let i = 0; i < 24; i++) {
    const date = pick(DAYS)
    const receivable = Math.round(amount() * 300) / 100
    const ticket = await post('/api/ticket', {
      ...VALID_BODIES['/api/ticket']!.body,
      agent_name: pick([...AGENTS, '']),
      customer_add: pick(['Rana', 'Bibi', 'Shah']),
      depart_date: date,
      return_date: null,
      receivable_amount: receivable,
      paid_cash: Math.round(receivable * rand() * 40) / 100,
      paid_in_bank: 0,
      payable_to_vendor: Math.round(receivable * 70) / 100,
    })
    tickets.push(Number(ticket.ticket?.id ?? ticket.id ?? ticket.data?.id))
    const side = rand() < 0.6 ? { debit: amount(), credit: 0 } : { debit: 0, credit: amount() }
    await post('/api/agent', { ...VALID_BODIES['/api/agent']!.body, agent_name: pick(AGENTS), date, ...side })
    await post('/api/vender', {
      ...VALID_BODIES['/api/vender']!.body,
      date: pick(DAYS),
      ...(rand() < 0.5 ? { credit: amount(), debit: 0 } : { credit: 0, debit: amount() }),
    })
    await post('/api/accounts', {
      ...VALID_BODIES['/api/accounts']!.body,
      date: pick(DAYS),
      ...(rand() < 0.5 ? { credit: amount(), debit: 0 } : { credit: 0, debit: amount() }),
    })
    await post('/api/expenses', {
      ...VALID_BODIES['/api/expenses']!.body,
      date: pick(DAYS),
      withdraw: amount(),
    })
  }
  // Later payments on random days, edits (a reversal and a new entry) and deletes (a reversal).
  for (const id of tickets.slice(0, 10)) {
    await t.call('admin', 'POST', '/api/payments', {
      source_type: 'ticket',
      source_id: id,
      amount: 1,
      method: 'cash',
      date: pick(DAYS),
    })
  }
  for (const id of tickets.slice(10, 16)) {
    const got = (await t.call('admin', 'GET', `/api/ticket/${id}`)).body
    const row = got.ticket ?? got.data ?? got
    const res = await t.call('admin', 'PUT', `/api/ticket/${id}`, {
      ...VALID_BODIES['/api/ticket']!.body,
      agent_name: row.agent_name ?? '',
      customer_add: row.customer_add ?? 'Rana',
      return_date: null,
      receivable_amount: 90_000,
      paid_cash: 1_000,
      paid_in_bank: 0,
      payable_to_vendor: 60_000,
    })
    if (res.status !== 200) throw new Error(`edit: ${JSON.stringify(res.body)}`)
  }
  for (const id of tickets.slice(16, 20))
    expect((await t.call('admin', 'DELETE', `/api/ticket/${id}`)).status).toBe(200)
  const banks = (await t.call('admin', 'GET', '/api/admin/banks')).body.banks as {
    id: number
    name: string
  }[]
  const renamed = await t.call('admin', 'PUT', `/api/admin/banks/${banks[0]!.id}`, {
    name: 'Renamed Bank 068',
  })
  if (renamed.status !== 200) throw new Error(`rename: ${JSON.stringify(renamed.body)}`)
})

const db = () => t.app.db as unknown as Kysely<any>
const big = (v: unknown) => Number(v ?? 0)

/** The lines' own sums per account up to `to` (the trial balance's previous read). */
const linesTo = async (to: string) => {
  // By the account's address now: a renamed bank's lines keep its first code (decision 082).
  const { rows } = await sql<{ account: string; d: string; c: string }>`
    SELECT coalesce(a.address, l.account) AS account, sum(l.debit) AS d, sum(l.credit) AS c
    FROM posting_lines l LEFT JOIN accounts a ON a.id = l.account_id
    WHERE l.date <= ${to} GROUP BY coalesce(a.address, l.account)`.execute(db())
  return new Map(rows.map((r) => [String(r.account), { d: big(r.d), c: big(r.c) }]))
}

/** The previous aging: each party's days up to as_of, first in first out over them (paisa). */
const agedFromLines = async (kind: string, asOf: string, owedSide: 'debit' | 'credit') => {
  const rows = await db()
    .selectFrom('posting_lines')
    .select(['account', 'date', sql<string>`sum(debit)`.as('d'), sql<string>`sum(credit)`.as('c')])
    .where('account', 'like', `${kind}:%`)
    .where('date', '<=', asOf)
    .groupBy(['account', 'date'])
    .orderBy('date')
    .execute()
  const parties = new Map<string, { date: string; owed: number; settled: number }[]>()
  for (const r of rows) {
    const [owed, settled] = owedSide === 'debit' ? [big(r.d), big(r.c)] : [big(r.c), big(r.d)]
    parties.set(String(r.account), [
      ...(parties.get(String(r.account)) ?? []),
      { date: String(r.date), owed, settled },
    ])
  }
  const out = new Map<string, { parts: { date: string | null; amount: number }[] }>()
  for (const [account, list] of parties) {
    let left = list.reduce((s, l) => s + l.owed - l.settled, 0)
    if (left <= 0) continue
    const parts: { date: string | null; amount: number }[] = []
    for (let i = list.length - 1; i >= 0 && left > 0; i--) {
      const part = Math.min(left, list[i]!.owed)
      if (part <= 0) continue
      parts.push({ date: list[i]!.date, amount: part })
      left -= part
    }
    if (left > 0) parts.push({ date: null, amount: left })
    out.set(account, { parts })
  }
  return out
}

const ageOf = (asOf: string, date: string) => Math.round((Date.parse(asOf) - Date.parse(date)) / 86_400_000)

const bucketsOf = (parts: { date: string | null; amount: number }[], asOf: string) => {
  const b: Record<string, number> = Object.fromEntries(AGING_BUCKETS.map((k) => [k, 0]))
  for (const part of parts)
    b[part.date === null ? '90+' : agingBucket(ageOf(asOf, part.date))]! += part.amount
  return b
}

/** The days the tests look at: before everything, month edges, mid-month, each write day, far on. */
const asOfs = () => [
  '2025-12-31',
  '2026-01-31',
  '2026-02-01',
  '2026-03-15',
  ...DAYS.filter((_, i) => i % 5 === 2),
  '2026-12-31',
  '2099-12-31',
]

describe('readers from checkpoints (decision 068)', () => {
  it('keeps posting_days and profit_days equal to the lines they sum', async () => {
    const days = await db()
      .selectFrom('posting_days')
      .select(['account', 'date', 'n', 'debit', 'credit'])
      .orderBy('account')
      .orderBy('date')
      .execute()
    const fromLines = await db()
      .selectFrom('posting_lines')
      .select([
        'account',
        'date',
        sql<string>`count(*)`.as('n'),
        sql<string>`sum(debit)`.as('debit'),
        sql<string>`sum(credit)`.as('credit'),
      ])
      .groupBy(['account', 'date'])
      .orderBy('account')
      .orderBy('date')
      .execute()
    const norm = (rows: Record<string, unknown>[]) =>
      rows.map((r) => [r.account, r.date, big(r.n), big(r.debit), big(r.credit)])
    expect(fromLines.length).toBeGreaterThan(100)
    expect(norm(days)).toEqual(norm(fromLines))
    // Reversals were written (edits and deletes), and the renamed bank's days moved with its lines.
    expect(
      big(
        (
          await db()
            .selectFrom('posting_lines')
            .select(sql`count(*)`.as('n'))
            .where('reverses', 'is not', null)
            .executeTakeFirst()
        )?.n,
      ),
    ).toBeGreaterThan(0)
    // The renamed bank's days stay under its code; its account answers to the new name.
    const renamed = await db()
      .selectFrom('accounts')
      .select('code')
      .where('address', '=', 'bank:Renamed Bank 068')
      .executeTakeFirstOrThrow()
    expect(renamed.code).not.toBe('bank:Renamed Bank 068')
    expect(days.some((d) => d.account === renamed.code)).toBe(true)

    const profit = await db()
      .selectFrom('profit_days')
      .select(['date', 'source_type', 'sources', 'income', 'cost'])
      .orderBy('date')
      .orderBy('source_type')
      .execute()
    const { rows: expected } = await sql<Record<string, unknown>>`
      SELECT date, source_type, count(*) AS sources, sum(income) AS income, sum(cost) AS cost FROM (
        SELECT date, source_type, source_id,
          sum(CASE WHEN account LIKE 'income:%' THEN credit - debit ELSE 0 END) AS income,
          sum(CASE WHEN account LIKE 'cost:%' THEN debit - credit ELSE 0 END) AS cost
        FROM posting_lines WHERE account LIKE 'income:%' OR account LIKE 'cost:%'
        GROUP BY date, source_type, source_id) s
      GROUP BY date, source_type ORDER BY date, source_type`.execute(db())
    const normP = (rows: Record<string, unknown>[]) =>
      rows.map((r) => [r.date, r.source_type, big(r.sources), big(r.income), big(r.cost)])
    expect(profit.length).toBeGreaterThan(0)
    expect(normP(profit)).toEqual(normP(expected))
  })

  it('answers the trial balance, Cash in Office and the day book as the lines do, on any day', async () => {
    for (const to of [...asOfs(), undefined]) {
      const res = await t.call('admin', 'GET', `/api/reports/trial-balance${to ? `?to=${to}` : ''}`)
      expect(res.status).toBe(200)
      const lines = await linesTo(to ?? '9999-12-31')
      const shown = new Map<string, { debit: number; credit: number }>(
        res.body.accounts.map((a: { code: string; debit: number; credit: number }) => [a.code, a]),
      )
      for (const [code, s] of lines) {
        expect(p(shown.get(code)?.debit ?? Number.NaN), `${to} ${code} debit`).toBe(s.d)
        expect(p(shown.get(code)?.credit ?? Number.NaN), `${to} ${code} credit`).toBe(s.c)
      }
      // Nothing but the lines' accounts, and cash and banks that have not moved yet (at 0).
      for (const [code, a] of shown)
        if (!lines.has(code)) expect([a.debit, a.credit, code]).toEqual([0, 0, code])
      if (!to) continue
      const cash = lines.get('cash') ?? { d: 0, c: 0 }
      const cio = await t.call('admin', 'GET', `/api/reports/cash-in-office?to=${to}`)
      expect(p(cio.body.cashInOffice)).toBe(cash.d - cash.c)
      const book = (await t.call('admin', 'GET', `/api/reports/day-book?date=${to}`)).body
      const before = await linesTo(addDaysIso(to, -1))
      const opening = (code: string) => (before.get(code)?.d ?? 0) - (before.get(code)?.c ?? 0)
      expect(p(book.cash.opening), `day book ${to}`).toBe(opening('cash'))
      expect(p(book.cash.closing)).toBe(cash.d - cash.c)
      const banks = [...before.keys()].filter((c) => c.startsWith('bank:'))
      expect(p(book.bank.opening)).toBe(banks.reduce((s, c) => s + opening(c), 0))
    }
  })

  it('ages receivables, payables and To Collect first in first out exactly as over the lines', async () => {
    for (const asOf of asOfs()) {
      const rec = (await t.call('admin', 'GET', `/api/reports/receivables?as_of=${asOf}`)).body
      const pay = (await t.call('admin', 'GET', `/api/reports/payables?as_of=${asOf}`)).body
      for (const [rows, kind, side] of [
        [rec.agents, 'agent', 'debit'],
        [rec.customers, 'customer', 'debit'],
        [pay.vendors, 'vendor', 'credit'],
      ] as const) {
        const expected = await agedFromLines(kind, asOf, side)
        expect(rows.length, `${kind} ${asOf}`).toBe(expected.size)
        for (const row of rows as {
          key: string
          name: string
          buckets: Record<string, number>
          total: number
        }[]) {
          const account =
            kind === 'customer'
              ? [...expected.keys()].find((a) => a === `customer:#${row.key}` || a === `customer:${row.key}`)
              : `${kind}:${row.name}`
          const want = expected.get(account ?? '')
          expect(want, `${kind} ${row.name} ${asOf}`).toBeDefined()
          const b = bucketsOf(want!.parts, asOf)
          expect(Object.fromEntries(AGING_BUCKETS.map((k) => [k, p(row.buckets[k]!)]))).toEqual(b)
          expect(p(row.total)).toBe(want!.parts.reduce((s, x) => s + x.amount, 0))
        }
      }
      for (const minDays of [0, 7, 30, 45]) {
        const res = await t.call('admin', 'GET', `/api/collections?as_of=${asOf}&min_days=${minDays}`)
        expect(res.status).toBe(200)
        const expected: { kind: string; total: number; overdue: number }[] = []
        for (const kind of ['agent', 'customer'] as const)
          for (const { parts } of (await agedFromLines(kind, asOf, 'debit')).values()) {
            const overdue = parts
              .filter((x) => x.date === null || ageOf(asOf, x.date) > minDays)
              .reduce((s, x) => s + x.amount, 0)
            if (overdue > 0) expected.push({ kind, total: parts.reduce((s, x) => s + x.amount, 0), overdue })
          }
        const got = res.body.rows.map((r: { kind: string; total: number; overdue: number }) => ({
          kind: r.kind,
          total: p(r.total),
          overdue: p(r.overdue),
        }))
        const order = (xs: { kind: string; total: number; overdue: number }[]) =>
          [...xs].sort((a, b) => a.kind.localeCompare(b.kind) || a.overdue - b.overdue || a.total - b.total)
        expect(order(got), `collections ${asOf} ${minDays}`).toEqual(order(expected))
      }
    }
  })

  it('reports profit by month and by type, and net profit, as the lines do over any period', async () => {
    const ranges: { from?: string; to?: string }[] = [
      {},
      { from: '2026-01-01', to: '2026-12-31' },
      { from: '2026-02-10', to: '2026-02-20' },
      { from: '2026-02-01', to: '2026-02-28' },
      { from: '2026-03-01', to: '2026-05-31' },
      { from: '2026-03-01' },
      { from: '2026-03-15' },
      { to: '2026-04-02' },
      ...Array.from({ length: 4 }, () => {
        const [a, b] = [pick(DAYS), pick(DAYS)].sort()
        return { from: a, to: b }
      }),
    ]
    for (const range of ranges) {
      const qs = [range.from && `from=${range.from}`, range.to && `to=${range.to}`].filter(Boolean).join('&')
      const { rows } = await sql<Record<string, unknown>>`
        SELECT date, source_type, source_id,
          sum(CASE WHEN account LIKE 'income:%' THEN credit - debit ELSE 0 END) AS income,
          sum(CASE WHEN account LIKE 'cost:%' THEN debit - credit ELSE 0 END) AS cost
        FROM posting_lines
        WHERE (account LIKE 'income:%' OR account LIKE 'cost:%')
          AND date >= ${range.from ?? '0000-00-00'} AND date <= ${range.to ?? '9999-12-31'}
        GROUP BY date, source_type, source_id`.execute(db())
      const byMonth = new Map<string, { count: number; receivable: number; profit: number }>()
      for (const r of rows) {
        const key = String(r.date).slice(0, 7)
        const g = byMonth.get(key) ?? { count: 0, receivable: 0, profit: 0 }
        g.count++
        g.receivable += big(r.income)
        g.profit += big(r.income) - big(r.cost)
        byMonth.set(key, g)
      }
      const month = (await t.call('admin', 'GET', `/api/reports/profit?by=month${qs ? `&${qs}` : ''}`)).body
      expect(
        month.rows.map((r: { key: string; count: number; receivable: number; profit: number }) => [
          r.key,
          r.count,
          p(r.receivable),
          p(r.profit),
        ]),
        JSON.stringify(range),
      ).toEqual(
        [...byMonth]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, g]) => [k, g.count, g.receivable, g.profit]),
      )
      const type = (await t.call('admin', 'GET', `/api/reports/profit?by=type${qs ? `&${qs}` : ''}`)).body
      expect(type.totals.count).toBe(rows.length)
      expect(p(type.totals.profit)).toBe(rows.reduce((s, r) => s + big(r.income) - big(r.cost), 0))
      const net = (await t.call('admin', 'GET', `/api/reports/net-profit${qs ? `?${qs}` : ''}`)).body
      const { rows: accounts } = await sql<Record<string, unknown>>`
        SELECT account, sum(debit) - sum(credit) AS net FROM posting_lines
        WHERE (account LIKE 'income:%' OR account LIKE 'cost:%' OR account LIKE 'expense:%')
          AND date >= ${range.from ?? '0000-00-00'} AND date <= ${range.to ?? '9999-12-31'}
        GROUP BY account ORDER BY account`.execute(db())
      const shown = [...net.income, ...net.cost_of_sales, ...net.expenses].map(
        (a: { code: string; amount: number }) => a.code,
      )
      expect(shown.sort()).toEqual(accounts.map((a) => String(a.account)).sort())
      const expenses = accounts
        .filter((a) => String(a.account).startsWith('expense:'))
        .reduce((s, a) => s + big(a.net), 0)
      expect(p(net.totals.expenses)).toBe(expenses)
    }
  })
})
