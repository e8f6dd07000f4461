import { addDaysIso, CASH_IN_OFFICE, gamcaBankTitle, toPaisa } from '@booking/shared'
import { recordInput } from '@booking/shared/test-data'
import fc from 'fast-check'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { DB_KIND, type TestApp } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'

/**
 * Issue 21 item 2 as a property (decisions 053, 055), a sibling of books-model.test.ts: after
 * random records of every kind that earns, costs or spends (tickets, visas with charges, GAMCA and
 * Services with a typed profit, expenses, two-sided Cash in Office entries, later payments), over
 * random periods the profit report is the trial balance's income less cost of sales, the net profit
 * report is that less expenses, and the dashboard's Total Paid Cash and Withdraw are the cash
 * account's debits and credits.
 */
const RUNS = Number(process.env.PROFIT_MODEL_RUNS ?? 6)
const c = toPaisa
const DAYS = ['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-15', '2026-11-20', '2026-12-01'] as const
const dayArb = fc.constantFrom(...DAYS)
const money = fc.integer({ min: 0, max: 40_000 })
const seen = { creates: 0, periods: 0 }

type Call = TestApp['call']

/** A create (path, body) that earns, costs or spends. */
const createArb = fc.oneof(
  fc
    .record({ r: fc.integer({ min: 1, max: 90_000 }), payable: money, cash: money })
    .map(({ r, payable, cash }) => ({
      path: '/api/ticket',
      pay: 'ticket',
      key: 'ticket',
      body: recordInput('tickets', {
        agent_name: '',
        receivable_amount: r,
        paid_cash: Math.min(cash, r),
        bank_title: '',
        paid_in_bank: 0,
        payable_to_vendor: payable,
      }),
    })),
  fc
    .record({ r: fc.integer({ min: 1, max: 90_000 }), charges: money, fee: money })
    .map(({ r, charges, fee }) => ({
      path: '/api/visa-processing',
      pay: 'visa-processing',
      key: 'visa_processing',
      body: recordInput('visa_processing', {
        receivable_amount: r,
        additional_charges: charges,
        pay_for_protector: fee,
        paid_cash: 0,
        paid_in_bank: 0,
        bank_title: '',
      }),
    })),
  fc.record({ r: fc.integer({ min: 1, max: 90_000 }), profit: money }).map(({ r, profit }) => ({
    path: '/api/gamca-token',
    pay: 'gamca-token',
    key: 'gamcaToken',
    body: recordInput('gamca_tokens', {
      receivable_amount: r,
      profit,
      paid_cash: 0,
      paid_in_bank: 0,
      paid_from_bank: gamcaBankTitle('UBL Account 1'),
    }),
  })),
  fc
    .record({ r: fc.integer({ min: 1, max: 90_000 }), profit: money, day: dayArb })
    .map(({ r, profit, day }) => ({
      path: '/api/services',
      pay: 'services',
      key: 'service',
      body: recordInput('services', {
        receivable_amount: r,
        profit,
        paid_cash: 0,
        paid_in_bank: 0,
        bank_title: '',
        booking_date: day,
      }),
    })),
  fc.record({ w: fc.integer({ min: 1, max: 40_000 }), day: dayArb }).map(({ w, day }) => ({
    path: '/api/expenses',
    key: 'expense',
    body: {
      user_name: 'emp',
      date: day,
      detail: 'Rent',
      total_amount: w,
      selection: 'OFFICE EXPENSE',
      withdraw: w,
    },
  })),
  fc.record({ credit: money, debit: money, day: dayArb }).map(({ credit, debit, day }) => ({
    path: '/api/accounts',
    key: 'account',
    admin: true,
    body: {
      bank_name: CASH_IN_OFFICE,
      employee_name: 'admin',
      vendor_name: '',
      date: day,
      detail: 'Both sides',
      credit: credit + 1,
      debit,
    },
  })),
)

const periodArb = fc.tuple(dayArb, dayArb).map(([a, b]) => (a <= b ? { from: a, to: b } : { from: b, to: a }))

/** Income, cost of sales and expenses (paisa, as earned and spent) of the trial balance up to `to`. */
const results = async (call: Call, to: string) => {
  const tb = await call('admin', 'GET', `/api/reports/trial-balance?to=${to}`)
  expect(tb.status).toBe(200)
  expect(c(tb.body.totals.debit)).toBe(c(tb.body.totals.credit))
  const of = (kind: string) =>
    (tb.body.accounts as Array<{ kind: string; balance: number }>)
      .filter((a) => a.kind === kind)
      .reduce((s, a) => s + c(a.balance), 0)
  return { income: -of('income'), cost: of('cost'), expenses: of('expense') }
}

describe(`profit and cards from the books, property (${DB_KIND}, ${RUNS} runs)`, () => {
  const t = setupTestApp((t) => addNames(t, COMMON_NAMES))

  it('profit = income − cost of sales, net profit = that − expenses, cards = cash lines, over random periods', {
    timeout: 120_000,
  }, async () => {
    const call: Call = (...args) => t.call(...args)
    const db = t.app.db
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ make: createArb, payShare: fc.option(fc.integer({ min: 1, max: 100 })), day: dayArb }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        fc.array(periodArb, { minLength: 2, maxLength: 3 }),
        async (makes, periods) => {
          for (const { make, payShare, day } of makes) {
            const res = await call('admin' in make ? 'admin' : 'employee', 'POST', make.path, make.body)
            expect(res.status, `${make.path} ${JSON.stringify(res.body)}`).toBe(201)
            seen.creates++
            const record = res.body[make.key]
            if ('pay' in make && payShare && c(record.remaining_amount) > 0) {
              const amount = Math.max(1, Math.floor((c(record.remaining_amount) * payShare) / 100)) / 100
              const paid = await call('employee', 'POST', '/api/payments', {
                source_type: make.pay,
                source_id: record.id,
                amount,
                method: 'cash',
                date: day,
              })
              expect(paid.status, JSON.stringify(paid.body)).toBe(201)
            }
          }
          for (const { from, to } of periods) {
            seen.periods++
            const end = await results(call, to)
            const start = await results(call, addDaysIso(from, -1))
            const income = end.income - start.income
            const cost = end.cost - start.cost
            const expenses = end.expenses - start.expenses
            const profit = (await call('admin', 'GET', `/api/reports/profit?from=${from}&to=${to}&by=type`))
              .body
            expect(c(profit.totals.profit), `profit ${from}..${to}`).toBe(income - cost)
            expect(c(profit.totals.receivable)).toBe(income)
            const net = (await call('admin', 'GET', `/api/reports/net-profit?from=${from}&to=${to}`)).body
            expect(c(net.totals.gross_profit)).toBe(income - cost)
            expect(c(net.totals.net_profit)).toBe(income - cost - expenses)
            const dash = (await call('admin', 'GET', `/api/dashboard?from=${from}&to=${to}`)).body
            const cash = await db
              .selectFrom('posting_lines')
              .select([
                sql<string>`coalesce(sum(debit), 0)`.as('d'),
                sql<string>`coalesce(sum(credit), 0)`.as('c'),
              ])
              .where('account', '=', 'cash')
              .where('date', '>=', from)
              .where('date', '<=', to)
              .executeTakeFirstOrThrow()
            expect(c(dash.totalPaidCash), `paid cash ${from}..${to}`).toBe(Number(cash.d))
            expect(c(dash.withdraw), `withdraw ${from}..${to}`).toBe(Number(cash.c))
            expect(c(dash.cashInOffice)).toBe(Number(cash.d) - Number(cash.c))
          }
        },
      ),
      { numRuns: RUNS, seed: Number(process.env.PROFIT_MODEL_SEED ?? 20261125) },
    )
    expect(seen.creates).toBeGreaterThan(RUNS)
    expect(seen.periods).toBeGreaterThanOrEqual(RUNS * 2)
  })
})
