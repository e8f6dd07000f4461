import { addDaysIso, businessToday, formatDate, type MonthEndItem, RECORD_SPECS } from '@booking/shared'
import { CASH } from '../../../books/accounts.ts'
import { booksCheck } from '../../../books/trial-balance.ts'
import type { Db } from '../../../db/connect.ts'
import { CASH_COUNT_SOURCE } from './cash-counts.ts'
import { bankItems } from './month-end-banks.ts'
import type { MonthEndProvider, MonthRange } from './month-end-provider.ts'

const MAX_DETAILS = 20

/** Days of the month (up to today) on which cash moved and nobody counted the drawer. */
export const cashDaysWithoutCount: MonthEndProvider = async (db, range) => {
  const today = businessToday()
  const to = [range.to, today].sort()[0] as string
  const moved = await db
    .selectFrom('posting_lines')
    .select('date')
    .distinct()
    .where('account', '=', CASH)
    .where('source_type', '<>', CASH_COUNT_SOURCE)
    .where('date', '>=', range.from)
    .where('date', '<=', to)
    .execute()
  const counted = new Set(
    (
      await db
        .selectFrom('cash_counts')
        .select('date')
        .where('date', '>=', range.from)
        .where('date', '<=', to)
        .execute()
    ).map((r) => r.date),
  )
  const days = moved
    .map((r) => r.date)
    .filter((d) => !counted.has(d))
    .sort()
  return {
    key: 'cash_days',
    label: 'Cash days without a count',
    ok: days.length === 0,
    count: days.length,
    details: days.slice(0, MAX_DETAILS).map(formatDate),
  }
}

const labelOf = (table: string) =>
  (RECORD_SPECS as Record<string, { name: string } | undefined>)[table]?.name ?? table

/** Employees' correction requests no admin has decided yet (any month: approving one may change this one). */
export const correctionsWaiting: MonthEndProvider = async (db) => {
  const rows = await db
    .selectFrom('corrections')
    .select(['table_name', 'record_id', 'action', 'requested_by'])
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute()
  return {
    key: 'corrections',
    label: 'Corrections waiting',
    ok: rows.length === 0,
    count: rows.length,
    details: rows
      .slice(0, MAX_DETAILS)
      .map((r) => `${labelOf(r.table_name)} ${r.record_id}: ${r.action} asked by ${r.requested_by}`),
  }
}

/** The books check (every kept figure against the posting lines). */
export const booksCheckItem: MonthEndProvider = async (db) => {
  const check = await booksCheck(db)
  const first = check.first_divergence
  return {
    key: 'books_check',
    label: 'The books check',
    ok: check.ok,
    count: check.ok ? 0 : 1,
    details: first
      ? [
          `${first.check} ${first.account} ${first.row}: ${first.stored} kept, ${first.computed} from the lines`,
        ]
      : [],
  }
}

/** The checklist, in the order the month-end screen lists it. */
export const MONTH_END_ITEMS: MonthEndProvider[] = [
  bankItems,
  cashDaysWithoutCount,
  correctionsWaiting,
  booksCheckItem,
]

/** A month's first and last day ("2026-11" -> 2026-11-01..2026-11-30). */
export const monthRange = (month: string): MonthRange => {
  const from = `${month}-01`
  const [y, m] = month.split('-').map(Number) as [number, number]
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`
  return { month, from, to: addDaysIso(next, -1) }
}

export const monthEndItems = async (db: Db, range: MonthRange): Promise<MonthEndItem[]> =>
  (await Promise.all(MONTH_END_ITEMS.map((provider) => provider(db, range)))).flat()
