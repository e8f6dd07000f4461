import { addDaysIso, DASHBOARD_SPECS, fromPaisa } from '@booking/shared'
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely'
import { balanceBefore } from '../../../books/read.ts'
import type { Db } from '../../../db/connect.ts'
import type { Database } from '../../../db/schema.ts'
import { CASH } from '../../../lib/books/accounts.ts'

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

/** Sums of one (month, source type) cell, in paisa. */
export interface Cell {
  month: string
  source_type: string
  n: number
  receivable: number
  paid_cash: number
  paid_in_bank: number
  remaining: number
  withdraw: number
}

/** Lower bound: date >= from. Upper bound: date <= to, or strictly before the row (date, id). */
export interface Range {
  from?: string
  to?: string
  before?: { date: string; id: number }
}

const SUMS = ['receivable', 'paid_cash', 'paid_in_bank', 'remaining', 'withdraw'] as const
const month = (date: string) => date.slice(0, 7)

const num = (row: Record<string, unknown>): Cell => ({
  month: String(row.month),
  source_type: String(row.source_type),
  n: Number(row.n ?? 0),
  receivable: Number(row.receivable ?? 0),
  paid_cash: Number(row.paid_cash ?? 0),
  paid_in_bank: Number(row.paid_in_bank ?? 0),
  remaining: Number(row.remaining ?? 0),
  withdraw: Number(row.withdraw ?? 0),
})

const negate = (list: Cell[]): Cell[] =>
  list.map((c) => ({
    ...c,
    n: -c.n,
    receivable: -c.receivable,
    paid_cash: -c.paid_cash,
    paid_in_bank: -c.paid_in_bank,
    remaining: -c.remaining,
    withdraw: -c.withdraw,
  }))

type JournalEb = ExpressionBuilder<Database, 'journal'>

/** Journal rows of one month summed per type under extra conditions, over the covering index. */
const journalCells = async (
  db: Kysely<Database>,
  inMonth: string,
  where: (eb: JournalEb) => Expression<SqlBool>,
) => {
  const rows = await db
    .selectFrom('journal')
    .select([
      'source_type',
      sql<number>`count(*)`.as('n'),
      ...SUMS.map((c) => sql<number>`sum(${sql.ref(c)})`.as(c)),
    ])
    .where(where)
    .groupBy('source_type')
    .execute()
  return rows.map((r) => num({ ...r, month: inMonth }))
}

const checkpointCells = async (db: Kysely<Database>, inMonth: string) =>
  (await db.selectFrom('journal_months').selectAll().where('month', '=', inMonth).execute()).map(num)

const day = (date: string) => Number(date.slice(8, 10)) || 1

/**
 * One month cut by the range's bounds. Whichever is fewer rows to read: sum the rows inside
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
 * Per-(month, type) sums over a date range (per type only unless byMonth). Whole months come
 * from the trigger-kept checkpoints; the (at most two) months a bound cuts through go through
 * edgeMonth. Equal to summing the journal itself, only fast.
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
    .select([
      byMonth ? 'month' : sql<string>`''`.as('month'),
      'source_type',
      ...(['n', ...SUMS] as const).map((c) => sql<number>`sum(${sql.ref(c)})`.as(c)),
    ])
    .groupBy(byMonth ? ['month', 'source_type'] : ['source_type'])
  if (loMonth !== undefined) full = full.where('month', '>', loMonth)
  if (hiMonth !== undefined) full = full.where('month', '<', hiMonth)
  const parts: Array<Promise<Cell[]>> = [full.execute().then((rows) => rows.map(num))]
  if (loMonth !== undefined) parts.push(edgeMonth(db, loMonth, range))
  if (hiMonth !== undefined) parts.push(edgeMonth(db, hiMonth, range))
  return (await Promise.all(parts)).flat()
}

/** Adds cells up into one set of totals (paisa). */
export const total = (list: Cell[]) => {
  const t = { n: 0, receivable: 0, paid_cash: 0, paid_in_bank: 0, remaining: 0, withdraw: 0 }
  for (const c of list) {
    t.n += c.n
    for (const k of SUMS) t[k] += c[k]
  }
  return t
}

const count = (list: Cell[], sourceType: string) =>
  list.reduce((n, c) => (c.source_type === sourceType ? n + c.n : n), 0)

/** Records per type, in the spec's order of types, leaving out types with none. */
const bookingsByType = (list: Cell[]) => {
  const byType = new Map<string, number>()
  for (const c of list) byType.set(c.source_type, (byType.get(c.source_type) ?? 0) + c.n)
  return Object.keys(TYPE_LABELS)
    .concat([...byType.keys()].filter((k) => !(k in TYPE_LABELS)))
    .filter((k) => (byType.get(k) ?? 0) > 0)
    .map((k) => ({ type: typeLabel(k), count: byType.get(k) ?? 0 }))
}

/** The spec's summary plus the twelve card figures (rupees). */
const summarize = (list: Cell[], cash: number) => {
  const t = total(list)
  return {
    totalBookings: t.n,
    bookingsByType: bookingsByType(list),
    totalRevenue: fromPaisa(t.receivable),
    totalEntries: t.n,
    ticket: count(list, 'tickets'),
    umrah: count(list, 'umrah'),
    visa: count(list, 'visa_processing'),
    gamcaToken: count(list, 'gamca_tokens'),
    service: count(list, 'services'),
    totalReceivable: fromPaisa(t.receivable),
    totalPaidCash: fromPaisa(t.paid_cash),
    totalPaidInBank: fromPaisa(t.paid_in_bank),
    totalRemainingAmount: fromPaisa(t.remaining),
    withdraw: fromPaisa(t.withdraw),
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
export const summary = async (db: Db, range: Range) => {
  const [list, cash] = await Promise.all([cells(db, range), cashLines(db, range)])
  return summarize(list, cash)
}

/** GET /api/dashboard/charts: bookings per type and receivable vs received per month (rupees). */
export const charts = async (db: Db, range: Range) => {
  const list = await cells(db, range, true)
  const months = new Map<string, { n: number; receivable: number; received: number }>()
  for (const c of list) {
    const m = months.get(c.month) ?? { n: 0, receivable: 0, received: 0 }
    m.n += c.n
    m.receivable += c.receivable
    m.received += c.paid_cash + c.paid_in_bank
    months.set(c.month, m)
  }
  return {
    bookingsByType: bookingsByType(list),
    monthly: [...months.entries()]
      .filter(([, v]) => v.n > 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([m, v]) => ({ month: m, receivable: fromPaisa(v.receivable), received: fromPaisa(v.received) })),
  }
}

/**
 * GET /api/dashboard/bookings: one page, newest first, with cash in office running over every
 * row in range in (date, id) order. The database windows over the page only and starts it from
 * the sum of all rows before the page's oldest row, which equals windowing over the whole range.
 */
export const bookings = async (database: Db, range: Range, limit: number, offset: number) => {
  const db = database
  let inRange = db.selectFrom('journal')
  if (range.from) inRange = inRange.where('date', '>=', range.from)
  if (range.to) inRange = inRange.where('date', '<=', range.to)
  const pageIds = await inRange
    .select(['id', 'date'])
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
  if (pageIds.length === 0) return { rows: [], total: total(await cells(database, range)).n }
  const oldest = pageIds[pageIds.length - 1] as { id: number; date: string }
  const b = total(await cells(database, { from: range.from, before: { date: oldest.date, id: oldest.id } }))
  // Cash in office runs over the cash account's lines (decision 034): each feed row moves it by its
  // source's cash line; the start is every cash line in range dated before the page's oldest row's
  // day, plus the cash lines of that day's earlier feed rows.
  const cashOf = sql<string>`coalesce((select sum(l.debit) - sum(l.credit) from posting_lines l
    where l.source_type = j.source_type and l.source_id = j.source_id and l.account = ${CASH}), 0)`
  const before = await cashLines(database, { from: range.from, beforeDay: oldest.date })
  const sameDay = await db
    .selectFrom('journal as j')
    .select(sql<string>`coalesce(sum(${cashOf}), 0)`.as('n'))
    .where('j.date', '=', oldest.date)
    .where('j.id', '<', oldest.id)
    .executeTakeFirst()
  const start = before + Number(sameDay?.n ?? 0)
  const page = await db
    .selectFrom('journal as j')
    .selectAll('j')
    .select(cashOf.as('cash'))
    .where(
      'j.id',
      'in',
      pageIds.map((r) => r.id),
    )
    .execute()
  // Oldest first to run the cash, then newest first as the feed shows.
  page.sort((x, y) => (x.date === y.date ? x.id - y.id : x.date < y.date ? -1 : 1))
  let running = start
  const rows = page
    .map((r) => {
      running += Number(r.cash)
      return { ...r, running }
    })
    .reverse()
  return {
    // Rows in range = those before the page's oldest row + the ones from it up to the newest.
    total: b.n + offset + pageIds.length,
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
