import { type ListQuery, RECORD_SPECS } from '@booking/shared'
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import type { Db } from '../../db/connect.ts'
import { moneyOut } from '../../db/money-columns.ts'
import { nullableColumns } from '../../db/nullable-columns.ts'
import { SEARCH_INDEX } from '../../db/search-index.ts'
import type { ApiRow } from '../../lib/crud.ts'
import { HttpError } from '../../lib/http-error.ts'
import { applyListFilters, applySort } from '../../lib/list-query.ts'
import type { Ledger } from '../../lib/postings.ts'

interface LedgerListConfig {
  table: Ledger
  /** The column a running balance restarts on: agent, vendor or bank name. */
  partition: string
  /** Answer key of the running balance. */
  balanceColumn: 'balance' | 'remaining_amount'
  search: readonly string[]
  /** Order when the caller gives no `sort`: 'ledger' is (date, id); the spec's vendor list is by id. */
  defaultOrder: 'ledger' | 'id'
  /** Tests set 0 to take the month-skipping path on small ledgers. */
  walkedOffset?: number
}

/** The three ledger lists; the routes, the benchmark and the tests share them. */
export const LEDGER_LISTS = {
  agent: {
    table: 'agent_entries',
    partition: 'agent_name',
    balanceColumn: 'balance',
    search: SEARCH_INDEX.agent_entries,
    defaultOrder: 'ledger',
  },
  vender: {
    table: 'vender_entries',
    partition: 'vender_name',
    balanceColumn: 'remaining_amount',
    search: SEARCH_INDEX.vender_entries,
    defaultOrder: 'id',
  },
  accounts: {
    table: 'account_entries',
    partition: 'bank_name',
    balanceColumn: 'balance',
    search: SEARCH_INDEX.account_entries,
    defaultOrder: 'ledger',
  },
} as const satisfies Record<string, LedgerListConfig>

type Row = ApiRow & { date: string; credit: number; debit: number }

/** The order a running balance accumulates in: (date, id) ascending. */
const byLedgerOrder = (a: Row, b: Row) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1)

const order = <QB extends SelectQueryBuilder<any, any, any>>(
  k: Kysely<any>,
  qb: QB,
  cfg: LedgerListConfig,
  query: ListQuery,
): QB =>
  query.sort
    ? applySort(
        k,
        qb,
        query.sort,
        { sortable: RECORD_SPECS[cfg.table].sortable, nullable: nullableColumns(cfg.table) },
        'date',
      )
    : cfg.defaultOrder === 'id'
      ? (qb.orderBy('id') as QB)
      : (qb.orderBy('date').orderBy('id') as QB)

/**
 * The reference answer: the database runs the window over every row of the ledger (or of one name)
 * and the search and date filters apply outside it, so they choose which rows are shown, never
 * what their balances are. It reads the whole ledger on every call, so ledgerList only falls back to
 * it where nothing cheaper is exact (sorting by the balance itself, an unpaged search); the
 * benchmark and the tests compare ledgerList against it.
 */
export const windowList = (cfg: LedgerListConfig) => async (db: Db, query: ListQuery) => {
  const k = db as unknown as Kysely<any>
  const running = sql`SUM(${sql.ref('credit')} - ${sql.ref('debit')}) OVER (PARTITION BY ${sql.ref(cfg.partition)} ORDER BY ${sql.ref('date')}, ${sql.ref('id')})`
  let inner = k.selectFrom(cfg.table).selectAll().select(running.as(cfg.balanceColumn))
  if (query.name) inner = inner.where(cfg.partition, '=', query.name)
  // The window's rows keep their ledger ids, so the ledger's search index still applies.
  const filters = { search: cfg.search, dateColumn: 'date', table: cfg.table }
  const shown = applyListFilters(
    k,
    k.selectFrom(inner.as('l')).selectAll(),
    { ...query, name: undefined },
    filters,
  )
  const ordered = order(k, shown, cfg, query)
  const paged = query.limit !== undefined
  const rows = await (paged ? ordered.limit(query.limit!).offset(query.offset ?? 0) : ordered).execute()
  const total = paged ? await countDirect(k, cfg, query) : undefined
  return { rows: rows.map((r) => moneyOut(cfg.table, r) as ApiRow), total }
}

const countDirect = async (k: Kysely<any>, cfg: LedgerListConfig, query: ListQuery) => {
  const counted = (await applyListFilters(k, k.selectFrom(cfg.table), query, {
    search: cfg.search,
    dateColumn: 'date',
    table: cfg.table,
    nameColumn: cfg.partition,
  })
    .select((eb: any) => eb.fn.countAll().as('total'))
    .executeTakeFirst()) as { total?: number | string } | undefined
  return Number(counted?.total ?? 0)
}

/** Points per statement; keeps the bound parameters far below either database's limit. */
const PREFIX_BATCH = 200

/**
 * Each point's balance just before it: the sum of credit - debit over the rows of its name that
 * come earlier in (date, id) order. Whole earlier months come from the checkpoints; the part of the
 * point's own month is an index range on (name, date, id, credit, debit). The points travel as one
 * VALUES list joined to two correlated sums, so a page costs one round trip and one small plan
 * however many names it shows.
 */
const balancesBefore = async (k: Kysely<any>, cfg: LedgerListConfig, points: Row[]) => {
  const out: number[] = []
  const name = sql.ref(`t.${cfg.partition}`)
  for (let start = 0; start < points.length; start += PREFIX_BATCH) {
    const batch = points.slice(start, start + PREFIX_BATCH)
    // substr(date, 1, 7) in SQL, so a checkpoint month and this month always split rows alike.
    const values = batch.map(
      (p, i) =>
        sql`(CAST(${i} AS integer), CAST(${p[cfg.partition]} AS text), CAST(${String(p.date).slice(0, 7)} AS text), CAST(${p.date} AS text), CAST(${p.id} AS integer))`,
    )
    const { rows } = await sql<{ k: number; done: number; part: number }>`
      WITH p (k, name, month, date, id) AS (VALUES ${sql.join(values)})
      SELECT p.k,
        (SELECT COALESCE(SUM(m.net), 0) FROM ledger_months m
          WHERE m.ledger = ${cfg.table} AND m.name = p.name AND m.month < p.month) AS done,
        (SELECT COALESCE(SUM(t.credit - t.debit), 0) FROM ${sql.table(cfg.table)} t
          WHERE ${name} = p.name AND t.date >= p.month AND t.date <= p.date
            AND substr(t.date, 1, 7) = p.month AND (t.date < p.date OR t.id < p.id)) AS part
      FROM p`.execute(k)
    for (const r of rows) out[start + Number(r.k)] = Number(r.done) + Number(r.part)
  }
  return out
}

/**
 * Sets each row's running balance (paisa). When the rows hold, for every name on them, an unbroken
 * run of that name's (date, id) order, one opening balance per name plus running sums here are
 * enough; otherwise (a search, a page in another order) each row gets its own opening balance.
 */
const addBalances = async (k: Kysely<any>, cfg: LedgerListConfig, rows: Row[], contiguous: boolean) => {
  const net = (r: Row) => Number(r.credit) - Number(r.debit)
  if (!contiguous) {
    const before = await balancesBefore(k, cfg, rows)
    rows.forEach((r, i) => {
      r[cfg.balanceColumn] = before[i]! + net(r)
    })
    return
  }
  const ascending = [...rows].sort(byLedgerOrder)
  const firsts = new Map<string, Row>()
  for (const r of ascending) if (!firsts.has(r[cfg.partition])) firsts.set(r[cfg.partition], r)
  const opening = await balancesBefore(k, cfg, [...firsts.values()])
  const running = new Map([...firsts.keys()].map((name, i) => [name, opening[i]!]))
  for (const r of ascending) {
    const balance = running.get(r[cfg.partition])! + net(r)
    running.set(r[cfg.partition], balance)
    r[cfg.balanceColumn] = balance
  }
}

/** An offset up to this many rows is walked on the index (well under a millisecond); past it, months are skipped by count. */
const WALKED_OFFSET = 5000

interface MonthCount {
  month: string
  n: number
}

/**
 * How many rows the filters (no search) leave in each month, oldest first: whole months inside
 * from..to come from the checkpoints, only the (at most two) edge months are counted on an index.
 * Their sum is the page total, and they let a deep page skip whole months instead of walking them.
 */
const monthCounts = async (
  k: Kysely<any>,
  cfg: LedgerListConfig,
  query: ListQuery,
  perMonth: boolean,
): Promise<MonthCount[]> => {
  const lo = query.from?.slice(0, 7)
  const hi = query.to?.slice(0, 7)
  if (lo && hi && lo > hi) return []
  if (lo && hi && lo === hi) return [{ month: lo, n: await countDirect(k, cfg, query) }]
  const named = <QB extends SelectQueryBuilder<any, any, any>>(qb: QB, column: string): QB =>
    query.name ? (qb.where(column as any, '=', query.name) as QB) : qb
  let months: SelectQueryBuilder<any, any, any> = query.name
    ? k.selectFrom('ledger_months').where('ledger', '=', cfg.table).where('name', '=', query.name)
    : k.selectFrom('ledger_months_all').where('ledger', '=', cfg.table)
  if (lo) months = months.where('month', '>', lo)
  if (hi) months = months.where('month', '<', hi)
  // One checkpoint row per month here; summed in one go when nobody needs the months apart.
  const inner = (
    perMonth
      ? await months.select(['month', 'n']).orderBy('month').execute()
      : await months.select([sql<string>`''`.as('month'), sql<number>`COALESCE(SUM(n), 0)`.as('n')]).execute()
  ) as MonthCount[]
  // Validated dates never pass yyyy-MM-99, so it bounds the index range of one month.
  const edge = async (month: string, from: string, to: string) => {
    const counted = (await named(k.selectFrom(cfg.table), cfg.partition)
      .where('date', '>=', from)
      .where('date', '<=', to)
      .where(sql`substr(date, 1, 7)`, '=', month)
      .select((eb: any) => eb.fn.countAll().as('n'))
      .executeTakeFirst()) as { n?: number } | undefined
    return { month, n: Number(counted?.n ?? 0) }
  }
  return [
    ...(lo ? [await edge(lo, query.from!, `${lo}-99`)] : []),
    ...inner.map((m) => ({ month: m.month, n: Number(m.n) })),
    ...(hi ? [await edge(hi, `${hi}-00`, query.to!)] : []),
  ]
}

/**
 * A ledger list whose running balance is computed while reading, so no edit can leave a stored
 * balance stale, without reading the whole ledger. The page's rows are found on the indexes (ids
 * first; a deep page in date order first skips whole months by their checkpoint counts), then each
 * name's balance before its first row on the page comes from the monthly checkpoints
 * (0003_ledger_indexes) plus part of one month, and the rest is summed here.
 * Sorting by the balance itself and an unpaged search still take windowList (exact, slower).
 */
export const ledgerList = (cfg: LedgerListConfig) => {
  const fallback = windowList(cfg)
  return async (db: Db, query: ListQuery) => {
    const paged = query.limit !== undefined
    const sortKey = query.sort?.replace(/^-/, '')
    if (sortKey === cfg.balanceColumn || (query.q && !paged)) return fallback(db, query)
    const k = db as unknown as Kysely<any>
    const inLedgerOrder = query.sort ? sortKey === 'date' : cfg.defaultOrder === 'ledger'
    let filtered = applyListFilters(k, k.selectFrom(cfg.table), query, {
      search: cfg.search,
      dateColumn: 'date',
      table: cfg.table,
      nameColumn: cfg.partition,
    })
    let rows: Row[]
    let total: number | undefined
    if (paged) {
      let offset = query.offset ?? 0
      if (query.q) total = await countDirect(k, cfg, query)
      else {
        const skip = inLedgerOrder && offset > (cfg.walkedOffset ?? WALKED_OFFSET)
        const counts = await monthCounts(k, cfg, query, skip)
        total = counts.reduce((sum, m) => sum + m.n, 0)
        if (skip) {
          // Months before the page (in the page's direction) are skipped by count, not walked.
          const desc = query.sort?.startsWith('-') ?? false
          let skipped = 0
          let start: string | undefined
          for (const m of desc ? [...counts].reverse() : counts) {
            if (skipped + m.n > offset) {
              start = m.month
              break
            }
            skipped += m.n
          }
          if (start) {
            filtered = desc
              ? filtered.where('date', '<=', `${start}-99`)
              : filtered.where('date', '>=', start)
            offset -= skipped
          }
        }
      }
      const ids = (
        await order(k, filtered.select('id'), cfg, query).limit(query.limit!).offset(offset).execute()
      ).map((r: { id: number }) => r.id)
      const found = ids.length
        ? await k.selectFrom(cfg.table).selectAll().where('id', 'in', ids).execute()
        : []
      const byId = new Map((found as Row[]).map((r) => [r.id, r]))
      rows = ids.map((id: number) => byId.get(id)!)
    } else {
      rows = (await order(k, filtered.selectAll(), cfg, query).execute()) as Row[]
    }
    // Date and name filters cut a ledger only at its ends, so without a search the rows are a run
    // of each name's (date, id) order, unless a page was cut from a different order.
    await addBalances(k, cfg, rows, !query.q && (!paged || inLedgerOrder))
    return { rows: rows.map((r) => moneyOut(cfg.table, r) as ApiRow), total }
  }
}

/**
 * Rows posted by another record (a ticket's agent line, an account's vendor line) follow that
 * record; changing them here would be overwritten or orphaned, so they are changed at their source.
 */
export const refuseLinked = (row: ApiRow | null) => {
  if (row?.source_type) {
    throw new HttpError(
      409,
      `This entry was posted by ${row.source_type} #${row.source_id}; change or delete it there`,
    )
  }
}
