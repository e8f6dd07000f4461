import {
  addDaysIso,
  businessDayStart,
  isIsoDate,
  type ListQuery,
  ListQuery as ListQuerySchema,
  toPaisa,
} from '@booking/shared'
import { type RawBuilder, sql } from 'kysely'
import { type ByName, type ByNameSelect, byName } from '../db/by-name.ts'
import type { Db } from '../db/connect.ts'
import { containsCI, type DbKind, dbKind } from '../db/dialect.ts'
import { entryGlobalSql, entryNumberSql } from '../db/migrations/helpers/entry-order.ts'
import { moneyOut, STORED_MONEY_COLUMNS } from '../db/money-columns.ts'
import { nullableColumns } from '../db/nullable-columns.ts'
import type { TableName } from '../db/schema.ts'
import { indexedTable, type SearchPlan, searchCandidateIds, searchPrefilter } from '../db/search-index.ts'
import type { AuthUser } from '../plugins/auth.ts'
import { HttpError } from './http-error.ts'
import type { AnyRecordRow, CrudConfig } from './record-hooks.ts'
import { parseBody } from './validate.ts'

// Lists: the search box, date range, sort, paging and the total every record list and ledger shares.

/**
 * Paged searches and date ranges count matches up to this many past the page's offset; beyond it
 * `totalCapped: true` is added and `total` is a lower bound.
 */
export const SEARCH_COUNT_CAP = 1000

/** "10/10/2026" or "1/2/2026" as yyyy-mm-dd when it is a real day, else null. */
export const searchedDate = (q: string): string | null => {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(q.trim())
  if (!m) return null
  const iso = `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`
  return isIsoDate(iso) ? iso : null
}

/** "25,000", "25000" or "1,234.50" as paisa; null when the search is not an amount. */
export const searchedAmount = (q: string): number | null => {
  const t = q.trim()
  if (!/^\d{1,3}(,\d{3})+(\.\d{1,2})?$|^\d+(\.\d{1,2})?$/.test(t)) return null
  const paisa = toPaisa(Number(t.replace(/,/g, '')))
  // No stored amount is larger (bigint would refuse 9223372036854775808, or "1e+22"): not an amount.
  return Number.isSafeInteger(paisa) ? paisa : null
}

/**
 * A day range on a list's date column. Most hold a day (yyyy-mm-dd) and compare as they are; a
 * saved-at time (`created_at`, the date of Visa, GAMCA and NAVTCC lists) is an instant, so a day
 * is the agency's day (AGENCY_TZ) from its first instant up to the next day's, and "To 30/06"
 * takes in what was saved on 30 June (decision 035).
 */
const dayBounds = (column: string, from?: string, to?: string) =>
  column === 'created_at'
    ? {
        lower: from && businessDayStart(from),
        upper: to && businessDayStart(addDaysIso(to, 1)),
        strict: true,
      }
    : { lower: from, upper: to, strict: false }

/** Above this many trigram candidates a search is "dense" (see `planSearch`). */
export const DENSE_SEARCH = 5000

/**
 * SQLite: weighs a search by the trigram index's candidates for it, read once (decision 026
 * addendum). Up to DENSE_SEARCH (a reference, a rare name) they are handed to the page and its
 * count as a list, so neither asks the index again (the index read is most of such a search: 4 ms
 * for "REF-437457" at 1M records). More (a common word such as "khan"): reading each by id and
 * sorting them costs more than walking the list's own order (its date or sort index) and testing
 * each row against them, so the search becomes that membership test (a 2½-year range with "khan"
 * at 1M: 61 → 13 ms p50). PostgreSQL's planner weighs its trigram index itself: undefined there.
 */
export const planSearch = async (
  db: ByName,
  opts: { search: readonly string[]; table: string },
  q: string | undefined,
  threshold = DENSE_SEARCH,
): Promise<SearchPlan | undefined> => {
  if (!q || searchedDate(q)) return undefined
  const indexed = indexedTable(opts.search, opts.table)
  const ids = indexed && (await searchCandidateIds(db, indexed, q, threshold + 1))
  if (!ids) return undefined
  return ids.length > threshold ? { dense: true } : { ids }
}

/** Applies the search box, date range and name filters shared by every list. */
export const applyListFilters = <QB extends ByNameSelect>(
  db: ByName,
  qb: QB,
  query: ListQuery,
  /**
   * `table`: the record table whose ids the query returns (its search index is used when it has
   * one); `plan`: what `planSearch` made of this query's search.
   */
  opts: {
    search: readonly string[]
    dateColumn: string
    nameColumn?: string
    table: string
    plan?: SearchPlan
  },
): QB => {
  const kind = dbKind(db)
  let out = qb
  const date = query.q ? searchedDate(query.q) : null
  const paisa = query.q && !date ? searchedAmount(query.q) : null
  const money = STORED_MONEY_COLUMNS[opts.table as TableName] ?? []
  const inRange = (from?: string, to?: string) => {
    const { lower, upper, strict } = dayBounds(opts.dateColumn, from, to)
    if (lower) out = out.where(opts.dateColumn, '>=', lower) as QB
    if (upper) out = out.where(opts.dateColumn, strict ? '<' : '<=', upper) as QB
  }
  if (date) {
    // A date as the screens show it (10/10/2026): the record's date, on its (date, id) index.
    inRange(date, date)
  } else if (query.q) {
    const q = query.q
    // The trigram index (migration 0005) narrows the rows; the OR of LIKEs below stays the rule.
    const indexed = indexedTable(opts.search, opts.table)
    const prefilter = indexed && searchPrefilter(db, indexed, q, opts.plan)
    out = out.where((eb) => {
      const text = eb.or(opts.search.map((c) => containsCI(kind, sql.ref(c), q)))
      const textMatch = prefilter ? eb.and([prefilter, text]) : text
      // An amount as typed (25,000 or 25000.50): equal to any money column, or the text rule.
      if (paisa === null || money.length === 0) return textMatch
      return eb.or([...money.map((c) => eb(sql.ref(c), '=', paisa)), textMatch])
    }) as QB
  }
  inRange(query.from, query.to)
  if (query.name && opts.nameColumn) out = out.where(opts.nameColumn, '=', query.name) as QB
  return out
}

/** What a list may be sorted by: answer keys, the columns behind them, and which may be NULL. */
export interface SortRule {
  /** Answer keys (`?sort=key` or `-key`); `id` is always allowed. */
  sortable: readonly string[]
  /** The column behind a key when the names differ (Umrah's camelCase answer). */
  columnOf?: Readonly<Partial<Record<string, string>>>
  /** Columns that may be NULL: NULL sorts as the smallest value on both databases. */
  nullable?: readonly string[]
}

/**
 * The per-type and global counters of an entry ("3/7", "Ticket 3/7") as numbers, so 10/24 sorts
 * after 2/16. Letters and spaces before the digits are skipped; text that is not an entry number
 * sorts as 0 (SQLite's CAST) or NULL (PostgreSQL's pattern), never as an error.
 */
const entryNumbers = (kind: DbKind): [RawBuilder<number>, RawBuilder<number>] => [
  sql<number>`${sql.raw(entryNumberSql(kind))}`,
  sql<number>`${sql.raw(entryGlobalSql(kind))}`,
]

export const unknownSort = (key: string) =>
  new HttpError(400, `Cannot sort by "${key}"`, { sort: `Cannot sort by "${key}"` })

/**
 * `sort=-date` style ordering by the keys a list allows (anything else is a 400, never a silent
 * order); ties broken by id in the same direction so pages are stable. Entries sort by their
 * numbers (per type, then global).
 */
export const applySort = <QB extends ByNameSelect>(
  db: ByName,
  qb: QB,
  sort: string | undefined,
  rule: SortRule,
  fallback: string,
): QB => {
  const wanted = sort ?? fallback
  const desc = wanted.startsWith('-')
  const key = wanted.replace(/^-/, '')
  const dir = desc ? 'desc' : 'asc'
  if (key === 'id') return qb.orderBy('id', dir) as QB
  if (!rule.sortable.includes(key)) throw unknownSort(key)
  const column = rule.columnOf?.[key] ?? key
  const kind = dbKind(db)
  if (column === 'entry') {
    const [perType, global] = entryNumbers(kind)
    return qb.orderBy(perType, dir).orderBy(global, dir).orderBy('id', dir) as QB
  }
  if (kind === 'postgres' && rule.nullable?.includes(column)) {
    return qb
      .orderBy(sql.ref(column), (ob) => (desc ? ob.desc().nullsLast() : ob.asc().nullsFirst()))
      .orderBy('id', dir) as QB
  }
  return qb.orderBy(sql.ref(column), dir).orderBy('id', dir) as QB
}

export const parseListQuery = (query: unknown): ListQuery => parseBody(ListQuerySchema, query)

/** One page (or all) of a record list as the spec's answer: `{[listKey]: rows, total?}`. */
export const listAnswer = async (
  db: Db,
  cfg: Pick<
    CrudConfig,
    'list' | 'listExtras' | 'listKey' | 'table' | 'search' | 'dateColumn' | 'sortable' | 'columnOf'
  >,
  toApi: (row: AnyRecordRow) => Record<string, unknown>,
  query: ListQuery,
  u: AuthUser,
) => {
  const table = cfg.table
  const anyDb = byName(db)
  if (cfg.list) {
    const { rows, total } = await cfg.list(db, query, u)
    return {
      ...cfg.listExtras,
      [cfg.listKey]: rows.map(toApi),
      ...(total === undefined ? {} : { total }),
    }
  }
  const plan = await planSearch(anyDb, cfg, query.q)
  let qb = applyListFilters(anyDb, anyDb.selectFrom(table), query, { ...cfg, plan })
  const paged = query.limit !== undefined
  const sortRule = { sortable: cfg.sortable, columnOf: cfg.columnOf, nullable: nullableColumns(table) }
  // A page of a date range without a chosen order comes newest date first: the (date, id) index
  // then hands out the page directly, where newest-id-first had to read and sort every id in the
  // range (decision 026; 31.6 ms p99 for a 2½-year range at 1M records). Every list offers its
  // date column as a sort (sorting.test.ts holds them to it).
  const dateKey = cfg.sortable.find((k) => (cfg.columnOf?.[k] ?? k) === cfg.dateColumn)
  const fallback = !paged ? 'id' : (query.from || query.to) && dateKey ? `-${dateKey}` : '-id'
  const sorted = <Q extends ByNameSelect>(q: Q) => applySort(anyDb, q, query.sort, sortRule, fallback)
  // A page is found by its ids first, then only its rows are read (decision 026): the ids of a
  // date range come from the (date, id) index and a sort column's from its (column, id) index
  // without reading a row, where selecting whole rows read every matching row to sort them.
  const pageIds = paged
    ? sorted(qb.select('id'))
        .limit(query.limit!)
        .offset(query.offset ?? 0)
    : undefined
  const rowsQuery = pageIds
    ? sorted(anyDb.selectFrom(table).selectAll().where('id', 'in', pageIds))
    : sorted(qb.selectAll())
  const rows = await rowsQuery.execute()
  const out: Record<string, unknown> = {
    ...cfg.listExtras,
    [cfg.listKey]: rows.map((r) => toApi(moneyOut(table, r) as AnyRecordRow)),
  }
  if (paged && rows.length < query.limit! && (rows.length > 0 || !query.offset)) {
    // A short page is the last one: the total is known without counting.
    out.total = (query.offset ?? 0) + rows.length
  } else if (paged) {
    if (query.q || query.from || query.to) {
      // A filtered total is counted only up to SEARCH_COUNT_CAP rows past the page's offset:
      // counting every match grows with the table (a date range over a million rows, a common
      // word), while this bound keeps the page's cost flat. Beyond it the answer says the total
      // is "at least" (`totalCapped`), and the pager pages on by full pages
      // (docs/decisions/026-list-count-strategy.md).
      const bound = (query.offset ?? 0) + SEARCH_COUNT_CAP
      const capped = anyDb
        .selectFrom(
          qb
            .select(sql`1`.as('one'))
            .limit(bound + 1)
            .as('matches'),
        )
        .select((eb) => eb.fn.countAll().as('total'))
      const counted = (await capped.executeTakeFirst()) as { total?: number } | undefined
      const total = Number(counted?.total ?? 0)
      out.total = total
      if (total > bound) out.totalCapped = true
    } else {
      // The whole table: its trigger-kept row count (migration 0004), when it has one.
      const kept = await db
        .selectFrom('table_counts')
        .select('n')
        .where('table_name', '=', table)
        .executeTakeFirst()
      if (kept) {
        out.total = Number(kept.n)
      } else {
        qb = qb.select((eb) => eb.fn.countAll().as('total'))
        const counted = (await qb.executeTakeFirst()) as { total?: number } | undefined
        out.total = Number(counted?.total ?? 0)
      }
    }
  }
  return out
}
