import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { callerOf } from '@booking/shared'
import { sql } from 'kysely'
import { netProfit } from '../apps/server/src/areas/readers/reports/net-profit.ts'
import { profitLines } from '../apps/server/src/areas/readers/reports/sources.ts'
import { byName } from '../apps/server/src/db/by-name.ts'
import { connect, type Db } from '../apps/server/src/db/connect.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { random } from './seed.ts'

/**
 * Profit report latency (decision 053): `node --import tsx bench/profit.ts`. Seeds PROFIT_ROWS
 * (default 100,000) visa records on SQLite, each with its journal line and its posting lines
 * (receivable, cash, cost), over five years, then times over one month and over all dates, in the
 * same run: the report read from the books (profitLines), the old stored-profit read (the journal
 * joined to the record tables, copied here as the baseline), and the net profit report.
 */
const ROWS = Number(process.env.PROFIT_ROWS ?? 100_000)
const ITERATIONS = Number(process.env.ITERATIONS ?? 20)

const seed = async (db: Db) => {
  const k = byName(db)
  const rand = random(11)
  const start = Date.UTC(2021, 0, 1)
  const now = new Date().toISOString()
  for (let i = 0; i < ROWS; i += 1000) {
    const rows = []
    const lines = []
    const journal = []
    for (let j = i; j < Math.min(ROWS, i + 1000); j++) {
      const date = new Date(start + Math.floor(rand() * 5 * 365) * 86_400_000).toISOString().slice(0, 10)
      const receivable = 1_000_000 + Math.round(rand() * 9_000_000)
      const cost = Math.round(receivable * 0.2)
      const cash = Math.round(receivable * 0.5)
      rows.push({
        employee_name: 'bench',
        entry: `${j + 1}`,
        customer_add: `Customer ${j % 5000}`,
        passport_detail: '[]',
        receivable_amount: receivable,
        additional_charges: cost,
        pay_for_protector: 0,
        paid_cash: cash,
        paid_in_bank: 0,
        profit: receivable - cost,
        remaining_amount: receivable - cash,
        created_at: now,
      })
      const source = {
        source_type: 'visa_processing',
        source_id: j + 1,
        date,
        entry: `${j + 1}`,
        detail: '',
        created_at: now,
      }
      lines.push(
        { ...source, account: `customer:customer ${j % 5000}`, debit: receivable - cash, credit: 0 },
        { ...source, account: 'income:visa_processing', debit: 0, credit: receivable },
        { ...source, account: 'cash', debit: cash, credit: 0 },
        { ...source, account: 'cost:sales', debit: cost, credit: 0 },
        { ...source, account: 'accrued:visa_processing', debit: 0, credit: cost },
      )
      journal.push({
        source_type: 'visa_processing',
        source_id: j + 1,
        date,
        entry: `${j + 1}`,
        name: 'bench',
        employee: 'bench',
        receivable,
        paid_cash: cash,
        paid_in_bank: 0,
        remaining: receivable - cash,
        withdraw: 0,
      })
    }
    await k.insertInto('visa_processing').values(rows).execute()
    for (let x = 0; x < lines.length; x += 200)
      await k
        .insertInto('posting_lines')
        .values(lines.slice(x, x + 200))
        .execute()
    await k.insertInto('journal').values(journal).execute()
  }
  // The month checkpoints syncLines keeps (decision 034), as migration 0016 builds them.
  await sql`INSERT INTO posting_months (account, month, n, debit, credit)
    SELECT account, substr(date, 1, 7), count(*), sum(debit), sum(credit) FROM posting_lines
    GROUP BY account, substr(date, 1, 7)`.execute(k)
  await sql`ANALYZE`.execute(k)
}

/** The previous profit report's read: each booking's stored profit by its journal date (one table here). */
const storedProfit = async (db: Db, range: { from?: string; to?: string }) => {
  const { rows } = await sql<{ profit: number }>`
    SELECT j.date, j.source_type AS type, j.employee, j.receivable, COALESCE(r.profit, 0) AS profit
    FROM journal j JOIN visa_processing r ON r.id = j.source_id
    WHERE j.source_type = 'visa_processing'
      AND ${range.from ? sql`j.date >= ${range.from}` : sql`1 = 1`}
      AND ${range.to ? sql`j.date <= ${range.to}` : sql`1 = 1`}`.execute(db)
  return rows.reduce((s, r) => s + Number(r.profit), 0)
}

const time = async (fn: () => Promise<unknown>) => {
  const ms: number[] = []
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now()
    await fn()
    ms.push(performance.now() - t0)
  }
  ms.sort((a, b) => a - b)
  return {
    p50: ms[Math.floor(ms.length / 2)]!,
    p99: ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.99))]!,
  }
}

const dir = mkdtempSync(join(tmpdir(), 'bench-profit-'))
const db = connect(`sqlite:${join(dir, 'profit.db')}`)
try {
  await migrateToLatest(db)
  const t0 = performance.now()
  await seed(db)
  console.log(
    `seeded ${ROWS} visa records (${ROWS * 5} lines) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  )
  for (const [label, range] of [
    ['one month', { from: '2023-03-01', to: '2023-03-31' }],
    ['all dates', {}],
  ] as const) {
    const books = (await profitLines(db, range)).reduce((s, l) => s + l.profit, 0)
    const stored = await storedProfit(db, range)
    if (books !== stored) throw new Error(`profit differs: books ${books}, stored ${stored}`)
    const a = await time(() => profitLines(db, range))
    const b = await time(() => storedProfit(db, range))
    const n = await time(() => netProfit(db, callerOf({ role: 'admin' }), range))
    const f = (x: { p50: number; p99: number }) => `p50 ${x.p50.toFixed(1)} ms, p99 ${x.p99.toFixed(1)} ms`
    console.log(
      `${label}: profit from the books ${f(a)} | stored profit (before) ${f(b)} | ratio p50 ${(a.p50 / b.p50).toFixed(2)} | net profit ${f(n)}`,
    )
  }
} finally {
  await db.destroy()
  rmSync(dir, { recursive: true, force: true })
}
