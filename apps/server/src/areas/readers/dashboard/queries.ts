import {
  addDaysIso,
  type Caller,
  DASHBOARD_CARDS,
  DASHBOARD_SPECS,
  type DashboardCardKey,
  fromPaisa,
} from '@booking/shared'
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely'
import { CASH, incomeAccount } from '../../../books/accounts.ts'
import { SALE_TABLES } from '../../../books/day-checkpoints.ts'
import { balanceBefore } from '../../../books/read.ts'
import { monthlySums, splitRange } from '../../../books/sums.ts'
import type { Db } from '../../../db/connect.ts'
import { dbPaisa } from '../../../db/money-columns.ts'
import type { Database } from '../../../db/schema.ts'
import { officeReader } from '../../../lib/caller-scope.ts'

/** How each journal source is named on the dashboard (its spec's dashboard label, in its `dashboardOrder`: the spec's bookingsByType names first). */
export const TYPE_LABELS: Record<string, string> = {
  ...Object.fromEntries(DASHBOARD_SPECS.map((spec) => [spec.table, spec.dashboardLabel ?? spec.name])),
  // Money the ledgers and payments move on their own (decision 023).
  agent_entries: 'Agent',
  account_entries: 'Office Account',
  payments: 'Payment',
  // The drawer counted at a day's end: over is cash in, short is cash out (decision 065).
  cash_counts: 'Cash count',
}
export const typeLabel = (sourceType: string) => TYPE_LABELS[sourceType] ?? sourceType

/**
 * An entry number with its record type in front where the number alone is "1/5" (issue 37): the
 * statements, the day book and receipts show "Umrah 1/5"; "Ticket 1/5" and "Receipt 3" stay.
 */
export const entryWithType = (sourceType: string, entry: string) =>
  !entry || /^\p{L}/u.test(entry) ? entry : `${typeLabel(sourceType)} ${entry}`

/** Journal rows of one (month, source type). */
export interface Cell {
  month: string
  source_type: string
  n: number
}

/** Lower bound: date >= from. Upper bound: date <= to, or strictly before the row (date, id). */
export interface Range {
  from?: string
  to?: string
  before?: { date: string; id: number }
}

const month = (date: string) => date.slice(0, 7)

const num = (row: { month?: unknown; source_type: unknown; n: unknown }): Cell => ({
  month: String(row.month),
  source_type: String(row.source_type),
  n: Number(row.n ?? 0),
})

const negate = (list: Cell[]): Cell[] => list.map((c) => ({ ...c, n: -c.n }))

type JournalEb = ExpressionBuilder<Database, 'journal_rows'>

/** Journal rows of one month counted per type under extra conditions, over the (date, id) index. */
const journalCells = async (
  db: Kysely<Database>,
  inMonth: string,
  where: (eb: JournalEb) => Expression<SqlBool>,
) => {
  const rows = await db
    .selectFrom('journal_rows')
    .select(['source_type', sql<number>`count(*)`.as('n')])
    .where(where)
    .groupBy('source_type')
    .execute()
  return rows.map((r) => num({ ...r, month: inMonth }))
}

const checkpointCells = async (db: Kysely<Database>, inMonth: string) =>
  (await db.selectFrom('journal_months').selectAll().where('month', '=', inMonth).execute()).map(num)

const day = (date: string) => Number(date.slice(8, 10)) || 1

/**
 * One month cut by the range's bounds. Whichever is fewer rows to read: count the rows inside
 * directly, or take the month's checkpoint and subtract the rows outside (so the newest page
 * of the feed reads a handful of rows, not a whole month).
 */
const edgeMonth = async (db: Kysely<Database>, m: string, range: Range): Promise<Cell[]> => {
  const end = `${m}-99` // sorts after every day of the month and before the next month
  const from = range.from !== undefined && month(range.from) === m ? range.from : undefined
  const hiDate = range.before?.date ?? range.to
  const hi = hiDate !== undefined && month(hiDate) === m ? hiDate : undefined
  const upper = (eb: JournalEb) =>
    range.before
      ? eb.or([
          eb('date', '<', range.before.date),
          eb.and([eb('date', '=', range.before.date), eb('id', '<', range.before.id)]),
        ])
      : eb('date', '<=', range.to!)
  const insideShare = ((hi ? day(hi) : 31) - (from ? day(from) : 1) + 1) / 31
  if (insideShare <= 0.5) {
    return journalCells(db, m, (eb) =>
      eb.and([eb('date', '>=', from ?? m), eb('date', '<', end), ...(hi ? [upper(eb)] : [])]),
    )
  }
  const parts = [checkpointCells(db, m)]
  if (from)
    parts.push(journalCells(db, m, (eb) => eb.and([eb('date', '>=', m), eb('date', '<', from)])).then(negate))
  if (hi) {
    parts.push(
      journalCells(db, m, (eb) =>
        eb.and([eb('date', '>=', hi), eb('date', '<', end), eb.not(upper(eb))]),
      ).then(negate),
    )
  }
  return (await Promise.all(parts)).flat()
}

/**
 * Journal rows per (month, type) over a date range (per type only unless byMonth). Whole months
 * come from the trigger-kept counts; the (at most two) months a bound cuts through go through
 * edgeMonth. Equal to counting the rows themselves, only fast.
 */
export const cells = async (database: Db, range: Range, byMonth = false): Promise<Cell[]> => {
  const db = database
  const hiDate = range.before?.date ?? range.to
  const loMonth = range.from === undefined ? undefined : month(range.from)
  const hiMonth = hiDate === undefined ? undefined : month(hiDate)
  if (range.from !== undefined && hiDate !== undefined && hiDate < range.from) return []
  if (loMonth !== undefined && loMonth === hiMonth) return edgeMonth(db, loMonth, range)

  let full = db
    .selectFrom('journal_months')
    .select([byMonth ? 'month' : sql<string>`''`.as('month'), 'source_type', sql<number>`sum(n)`.as('n')])
    .groupBy(byMonth ? ['month', 'source_type'] : ['source_type'])
  if (loMonth !== undefined) full = full.where('month', '>', loMonth)
  if (hiMonth !== undefined) full = full.where('month', '<', hiMonth)
  const parts: Array<Promise<Cell[]>> = [full.execute().then((rows) => rows.map(num))]
  if (loMonth !== undefined) parts.push(edgeMonth(db, loMonth, range))
  if (hiMonth !== undefined) parts.push(edgeMonth(db, hiMonth, range))
  return (await Promise.all(parts)).flat()
}

const count = (list: Cell[], sourceType?: string) =>
  list.reduce((n, c) => (sourceType === undefined || c.source_type === sourceType ? n + c.n : n), 0)

/** Records per type, in the spec's order of types, leaving out types with none. */
const bookingsByType = (list: Cell[]) => {
  const byType = new Map<string, number>()
  for (const c of list) byType.set(c.source_type, (byType.get(c.source_type) ?? 0) + c.n)
  return Object.keys(TYPE_LABELS)
    .concat([...byType.keys()].filter((k) => !(k in TYPE_LABELS)))
    .filter((k) => (byType.get(k) ?? 0) > 0)
    .map((k) => ({ type: typeLabel(k), count: byType.get(k) ?? 0 }))
}

/** The sales' income accounts: a sale credits its receivable there (decision 020). */
const SALE_INCOME = [...SALE_TABLES].map(incomeAccount)

/**
 * The dashboard's money over a range from the books (decision 078), paisa, per month when asked:
 * receivable is the sales' income, paid cash and withdraw the cash account's debits and credits,
 * paid in bank and remaining the source_days checkpoint.
 */
export const money = async (db: Db, range: { from?: string; to?: string }) => {
  const [accounts, days] = await Promise.all([
    monthlySums(db, { accounts: [CASH, ...SALE_INCOME] }, range),
    sourceDaysByMonth(db, range),
  ])
  const out = new Map<string, Money>()
  const at = (m: string) => {
    const v = out.get(m) ?? { receivable: 0n, paid_cash: 0n, paid_in_bank: 0n, remaining: 0n, withdraw: 0n }
    out.set(m, v)
    return v
  }
  for (const [m, byAccount] of accounts) {
    for (const [account, sums] of byAccount) {
      const v = at(m)
      if (account === CASH) {
        v.paid_cash += sums.debit
        v.withdraw += sums.credit
      } else v.receivable += sums.credit - sums.debit
    }
  }
  for (const r of days) {
    const v = at(r.month)
    v.paid_in_bank += r.bank_in
    v.remaining += r.owed
  }
  return out
}

interface Money {
  receivable: bigint
  paid_cash: bigint
  paid_in_bank: bigint
  remaining: bigint
  withdraw: bigint
}

/** source_days per month over a range: whole months from source_months, the edge months' days. */
const sourceDaysByMonth = async (db: Db, range: { from?: string; to?: string }) => {
  if (range.from !== undefined && range.to !== undefined && range.from > range.to) return []
  const split = splitRange(range)
  let months = db
    .selectFrom('source_months')
    .select(['month', sql<string>`sum(bank_in)`.as('bank_in'), sql<string>`sum(owed)`.as('owed')])
    .groupBy('month')
  if (split.after) months = months.where('month', ...split.after)
  if (split.before) months = months.where('month', ...split.before)
  const days = db
    .selectFrom('source_days')
    .select([
      sql<string>`substr(date, 1, 7)`.as('month'),
      sql<string>`sum(bank_in)`.as('bank_in'),
      sql<string>`sum(owed)`.as('owed'),
    ])
    .where((eb) => eb.or(split.edges.map((e) => eb.and([eb('date', '>=', e.from), eb('date', '<=', e.to)]))))
    .groupBy(sql`substr(date, 1, 7)`)
  const [m, d] = await Promise.all([
    split.wholeMonths ? months.execute() : Promise.resolve([]),
    split.edges.length === 0 ? Promise.resolve([]) : days.execute(),
  ])
  return [...m, ...d].map((r) => ({ month: r.month, bank_in: dbPaisa(r.bank_in), owed: dbPaisa(r.owed) }))
}

const sumMoney = (byMonth: ReadonlyMap<string, Money>): Money => {
  const t: Money = { receivable: 0n, paid_cash: 0n, paid_in_bank: 0n, remaining: 0n, withdraw: 0n }
  for (const v of byMonth.values()) {
    t.receivable += v.receivable
    t.paid_cash += v.paid_cash
    t.paid_in_bank += v.paid_in_bank
    t.remaining += v.remaining
    t.withdraw += v.withdraw
  }
  return t
}

const rupees = (paisa: bigint) => fromPaisa(Number(paisa))

/** The spec's summary plus the twelve card figures (rupees). */
const summarize = (list: Cell[], m: Money, cash: number) => {
  const n = count(list)
  return {
    totalBookings: n,
    bookingsByType: bookingsByType(list),
    totalRevenue: rupees(m.receivable),
    totalEntries: n,
    ...(Object.fromEntries(DASHBOARD_CARDS.map((c) => [c.key, count(list, c.table)])) as Record<
      DashboardCardKey,
      number
    >),
    totalReceivable: rupees(m.receivable),
    totalPaidCash: rupees(m.paid_cash),
    totalPaidInBank: rupees(m.paid_in_bank),
    totalRemainingAmount: rupees(m.remaining),
    withdraw: rupees(m.withdraw),
    cashInOffice: fromPaisa(cash),
  }
}

/**
 * The cash account's debits − credits dated before `day` (every line when undefined), in paisa:
 * whole months from posting_months, the rest of its month from posting_days (decision 068).
 */
const cashBefore = async (k: Kysely<Database>, day?: string) => Number(await balanceBefore(k, CASH, day))

/**
 * The cash account's movement over the range, in paisa (docs/decisions/034): without bounds, the
 * cash account's balance, Cash in Office. `to` is inclusive, `beforeDay` exclusive.
 */
export const cashLines = async (database: Db, range: { from?: string; to?: string; beforeDay?: string }) => {
  const k = database
  const hi = range.beforeDay ?? (range.to === undefined ? undefined : addDaysIso(range.to, 1))
  if (range.from !== undefined && hi !== undefined && hi <= range.from) return 0
  const [upTo, before] = await Promise.all([
    cashBefore(k, hi),
    range.from === undefined ? 0 : cashBefore(k, range.from),
  ])
  return upTo - before
}

/** GET /api/dashboard. */
export const summary = async (db: Db, caller: Caller | null, range: Range) => {
  officeReader(caller, 'staff-area')
  const [list, m, cash] = await Promise.all([cells(db, range), money(db, range), cashLines(db, range)])
  return summarize(list, sumMoney(m), cash)
}

/** GET /api/dashboard/charts: bookings per type and receivable vs received per month (rupees). */
export const charts = async (db: Db, caller: Caller | null, range: Range) => {
  officeReader(caller, 'staff-area')
  const [list, m] = await Promise.all([cells(db, range, true), money(db, range)])
  const months = new Map<string, number>()
  for (const c of list) months.set(c.month, (months.get(c.month) ?? 0) + c.n)
  return {
    bookingsByType: bookingsByType(list),
    monthly: [...months.entries()]
      .filter(([, n]) => n > 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([mo]) => {
        const v = m.get(mo)
        return {
          month: mo,
          receivable: rupees(v?.receivable ?? 0n),
          received: rupees((v?.paid_cash ?? 0n) + (v?.paid_in_bank ?? 0n)),
        }
      }),
  }
}

/**
 * GET /api/dashboard/bookings: one page, newest first, with cash in office running over every
 * row in range in (date, id) order. The database windows over the page only and starts it from
 * the sum of all rows before the page's oldest row, which equals windowing over the whole range.
 */
export const bookings = async (
  database: Db,
  caller: Caller | null,
  range: Range,
  limit: number,
  offset: number,
) => {
  officeReader(caller, 'staff-area')
  const db = database
  let inRange = db.selectFrom('journal_rows')
  if (range.from) inRange = inRange.where('date', '>=', range.from)
  if (range.to) inRange = inRange.where('date', '<=', range.to)
  const pageIds = await inRange
    .select(['id', 'date'])
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
  if (pageIds.length === 0) return { rows: [], total: count(await cells(database, range)) }
  const oldest = pageIds[pageIds.length - 1] as { id: number; date: string }
  const b = count(await cells(database, { from: range.from, before: { date: oldest.date, id: oldest.id } }))
  // Cash in office runs over the cash account's lines (decision 034): each feed row moves it by its
  // source's cash line; the start is every cash line in range dated before the page's oldest row's
  // day, plus the cash lines of that day's earlier feed rows.
  const cashOf = sql<string>`coalesce((select sum(l.debit) - sum(l.credit) from posting_lines l
    where l.source_type = j.source_type and l.source_id = j.source_id and l.account = ${CASH}), 0)`
  const before = await cashLines(database, { from: range.from, beforeDay: oldest.date })
  const sameDay = await db
    .selectFrom('journal_rows as j')
    .select(sql<string>`coalesce(sum(${cashOf}), 0)`.as('n'))
    .where('j.date', '=', oldest.date)
    .where('j.id', '<', oldest.id)
    .executeTakeFirst()
  const start = before + Number(sameDay?.n ?? 0)
  // The page's rows with their money from the lines (the journal view, decision 078).
  const page = await db
    .selectFrom('journal')
    .selectAll()
    .where(
      'id',
      'in',
      pageIds.map((r) => r.id),
    )
    .execute()
  const figures = page.map((r) => ({
    ...r,
    receivable: Number(r.receivable),
    paid_cash: Number(r.paid_cash),
    paid_in_bank: Number(r.paid_in_bank),
    remaining: Number(r.remaining),
    withdraw: Number(r.withdraw),
  }))
  // Oldest first to run the cash, then newest first as the feed shows.
  figures.sort((x, y) => (x.date === y.date ? x.id - y.id : x.date < y.date ? -1 : 1))
  let running = start
  const rows = figures
    .map((r) => {
      running += r.paid_cash - r.withdraw
      return { ...r, running }
    })
    .reverse()
  return {
    // Rows in range = those before the page's oldest row + the ones from it up to the newest.
    total: b + offset + pageIds.length,
    rows: rows.map((r) => ({
      id: r.id,
      source_type: r.source_type,
      source_id: r.source_id,
      date: r.date,
      employee_name: r.employee,
      entry: r.entry,
      type: typeLabel(r.source_type),
      name: r.name,
      receivable_amount: fromPaisa(r.receivable),
      paid_cash: fromPaisa(r.paid_cash),
      paid_in_bank: fromPaisa(r.paid_in_bank),
      remaining_amount: fromPaisa(r.remaining),
      withdraw: fromPaisa(r.withdraw),
      cash_in_office: fromPaisa(r.running),
    })),
  }
}
