import { CASH_IN_OFFICE, type ListQuery, RECORD_SPECS } from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import { addressCodes, agentAccount, bankAccount, CASH, vendorAccount } from '../../../books/index.ts'
import { type ByName, type ByNameSelect, byName } from '../../../db/by-name.ts'
import type { Db } from '../../../db/connect.ts'
import { moneyOut } from '../../../db/money-columns.ts'
import { nullableColumns } from '../../../db/nullable-columns.ts'
import type { Database } from '../../../db/schema.ts'
import { SEARCH_INDEX } from '../../../db/search-index.ts'
import type { AnyRecordRow } from '../../../lib/crud.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { applyListFilters, applySort } from '../../../lib/list-query.ts'
import { LEDGER_VIEW, type Ledger } from '../../../lib/postings.ts'

interface LedgerListConfig {
  table: Ledger
  /** What the rows are read from: the table with posted rows' figures from their sources (decision 072). */
  view: (typeof LEDGER_VIEW)[Ledger]
  /** Sortable answer keys the view derives (a posted row stores no money): sorted on the view. */
  money: readonly string[]
  /** The column a running balance restarts on: agent, vendor or bank name. */
  partition: string
  /** Answer key of the running balance. */
  balanceColumn: 'balance' | 'remaining_amount'
  search: readonly string[]
  /** Order when the caller gives no `sort`: 'ledger' is (date, id); the spec's vendor list is by id. */
  defaultOrder: 'ledger' | 'id'
  /** The account whose posting lines a row belongs to (decision 034). */
  accountOf: (row: AnyRecordRow) => string
  /** The row's balance is sign × (debit − credit) of its account's lines. */
  sign: 1 | -1
  /** Tests set 0 to take the month-skipping path on small ledgers. */
  walkedOffset?: number
}

/** The three ledger lists; the routes, the benchmark and the tests share them. */
export const LEDGER_LISTS = {
  agent: {
    table: 'agent_entries',
    view: LEDGER_VIEW.agent_entries,
    money: ['credit', 'debit', 'paid_cash', 'paid_bank', 'receivable_amount'],
    partition: 'agent_name',
    balanceColumn: 'balance',
    search: SEARCH_INDEX.agent_entries,
    defaultOrder: 'ledger',
    // The Agent ledger's credit − debit is what the agent is owed: the receivable's credit side.
    accountOf: (row) => agentAccount(String(row.agent_name)),
    sign: -1,
  },
  vender: {
    table: 'vender_entries',
    view: LEDGER_VIEW.vender_entries,
    money: ['credit', 'debit', 'withdraw'],
    partition: 'vender_name',
    balanceColumn: 'remaining_amount',
    search: SEARCH_INDEX.vender_entries,
    defaultOrder: 'id',
    accountOf: (row) => vendorAccount(String(row.vender_name)),
    sign: -1,
  },
  accounts: {
    table: 'account_entries',
    view: LEDGER_VIEW.account_entries,
    money: ['credit', 'debit'],
    partition: 'bank_name',
    balanceColumn: 'balance',
    search: SEARCH_INDEX.account_entries,
    defaultOrder: 'ledger',
    // Credit is money into the account: the bank's (or the cash account's) debit side.
    accountOf: (row) => (row.bank_name === CASH_IN_OFFICE ? CASH : bankAccount(String(row.bank_name))),
    sign: 1,
  },
} as const satisfies Record<string, LedgerListConfig>

type Row = AnyRecordRow & Record<string, unknown> & { date: string; credit: number; debit: number }

/** The order a running balance accumulates in: (date, id) ascending. */
const byLedgerOrder = (a: Row, b: Row) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1)

const order = <QB extends ByNameSelect>(k: ByName, qb: QB, cfg: LedgerListConfig, query: ListQuery): QB =>
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
 * The reference answer: every row of the ledger (or of one name) gets its balance from its
 * account's lines in one pass (balancesInOrder), and the search and date filters apply after, so
 * they choose which rows are shown, never what their balances are. It reads the whole ledger on
 * every call, so ledgerList only falls back to it where nothing cheaper is exact (sorting by the
 * balance itself, an unpaged search); the benchmark and the tests compare ledgerList against it.
 */
export const windowList = (cfg: LedgerListConfig) => async (db: Db, query: ListQuery) => {
  const k = byName(db)
  let every = k.selectFrom(cfg.view).selectAll()
  if (query.name) every = every.where(cfg.partition, '=', query.name)
  const all = (await every.execute()) as Row[]
  await addBalances(k, cfg, all, true)
  const balance = new Map(all.map((r) => [r.id, r[cfg.balanceColumn] as number]))
  const filters = { search: cfg.search, dateColumn: 'date', table: cfg.table, nameColumn: cfg.partition }
  const shown = applyListFilters(k, k.selectFrom(cfg.view).selectAll(), query, filters)
  const sortKey = query.sort?.replace(/^-/, '')
  const byBalance = sortKey === cfg.balanceColumn
  const paged = query.limit !== undefined
  let rows: Row[]
  if (byBalance) {
    const desc = query.sort!.startsWith('-') ? -1 : 1
    rows = ((await shown.execute()) as Row[]).sort(
      // Ties by id, like every other sort (decision 025).
      (a, b) => desc * (balance.get(a.id)! - balance.get(b.id)!) || desc * (a.id - b.id),
    )
    if (paged) rows = rows.slice(query.offset ?? 0, (query.offset ?? 0) + query.limit!)
  } else {
    const ordered = order(k, shown, cfg, query)
    rows = (await (paged
      ? ordered.limit(query.limit!).offset(query.offset ?? 0)
      : ordered
    ).execute()) as Row[]
  }
  for (const r of rows) r[cfg.balanceColumn] = balance.get(r.id)!
  const total = paged ? await countDirect(k, cfg, query) : undefined
  return { rows: rows.map((r) => moneyOut(cfg.table, r) as AnyRecordRow), total }
}

const countDirect = async (k: ByName, cfg: LedgerListConfig, query: ListQuery) => {
  // A search may name an amount, which only the view holds for a posted row.
  const counted = (await applyListFilters(k, k.selectFrom(query.q ? cfg.view : cfg.table), query, {
    search: cfg.search,
    dateColumn: 'date',
    table: cfg.table,
    nameColumn: cfg.partition,
  })
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirst()) as { total?: number | string } | undefined
  return Number(counted?.total ?? 0)
}

/** Points (or sources) per statement; keeps the bound parameters far below either database's limit. */
const PREFIX_BATCH = 200

/**
 * Each row's own line on its account (debit − credit, paisa; decision 034): a row is its source's
 * line on that account (a typed row is its own source); 0 where its money nets to nothing there.
 */
const ownLines = async (k: ByName, cfg: LedgerListConfig, rows: Row[]): Promise<bigint[]> => {
  const sourceOf = (r: Row) =>
    r.source_type ? { type: String(r.source_type), id: Number(r.source_id) } : { type: cfg.table, id: r.id }
  const keys = [...new Map(rows.map((r) => [`${sourceOf(r).type} ${sourceOf(r).id}`, sourceOf(r)])).values()]
  const lines = new Map<string, bigint>()
  for (let start = 0; start < keys.length; start += PREFIX_BATCH) {
    const batch = keys.slice(start, start + PREFIX_BATCH)
    const found = await k
      .selectFrom('posting_lines')
      .select(['source_type', 'source_id', 'account', 'debit', 'credit'])
      .where((eb) =>
        eb.or(batch.map((s) => eb.and([eb('source_type', '=', s.type), eb('source_id', '=', s.id)]))),
      )
      .execute()
    // A source's entries net to its current one (a reversal cancels what it replaces).
    for (const l of found) {
      const key = `${l.source_type} ${Number(l.source_id)} ${l.account}`
      lines.set(key, (lines.get(key) ?? 0n) + BigInt(String(l.debit)) - BigInt(String(l.credit)))
    }
  }
  return rows.map((r) => {
    const s = sourceOf(r)
    return lines.get(`${s.type} ${s.id} ${cfg.accountOf(r)}`) ?? 0n
  })
}

/** A row's place: its account, its name in the ledger, its day and id. */
interface Point {
  account: string
  name: string
  date: string
  id: number
}

/**
 * Each point's account balance (debit − credit, paisa) over the lines dated before its day, plus,
 * when `sameDay`, the lines of that day's rows of its name up to and including it in id order (so
 * a day runs in the order the ledger shows it). Whole earlier months come from posting_months, the
 * rest of its month is an index range on posting_lines (account, date, id), and its day's rows are
 * the ledger's (name, date, id) index joined to their lines by source. The points travel as one
 * VALUES list joined to correlated sums, so a page costs one round trip however many accounts it shows.
 */
const balancesAt = async (k: ByName, cfg: LedgerListConfig, points: Point[], sameDay: boolean) => {
  const out: bigint[] = []
  const t = (c: string) => sql.ref(`t.${c}`)
  const day = sameDay
    ? sql`(SELECT COALESCE(SUM(l.debit), 0) - COALESCE(SUM(l.credit), 0) FROM ${sql.table(cfg.table)} t
          JOIN posting_lines l ON l.source_type = COALESCE(${t('source_type')}, ${cfg.table})
            AND l.source_id = COALESCE(${t('source_id')}, ${t('id')}) AND l.account = p.account
          WHERE ${t(cfg.partition)} = p.name AND ${t('date')} = p.date AND ${t('id')} <= p.id)`
    : sql`0`
  for (let start = 0; start < points.length; start += PREFIX_BATCH) {
    const batch = points.slice(start, start + PREFIX_BATCH)
    // substr(date, 1, 7) in SQL, so a checkpoint month and this month always split lines alike.
    const values = batch.map(
      (p, i) =>
        sql`(CAST(${i} AS integer), CAST(${p.account} AS text), CAST(${p.name} AS text), CAST(${p.date.slice(0, 7)} AS text), CAST(${p.date} AS text), CAST(${p.id} AS integer))`,
    )
    const { rows } = await sql<{ k: number; done: unknown; part: unknown; day: unknown }>`
      WITH p (k, account, name, month, date, id) AS (VALUES ${sql.join(values)})
      SELECT p.k,
        (SELECT COALESCE(SUM(m.debit), 0) - COALESCE(SUM(m.credit), 0) FROM posting_months m
          WHERE m.account = p.account AND m.month < p.month) AS done,
        (SELECT COALESCE(SUM(l.debit), 0) - COALESCE(SUM(l.credit), 0) FROM posting_lines l
          WHERE l.account = p.account AND l.date >= p.month AND l.date < p.date
            AND substr(l.date, 1, 7) = p.month) AS part,
        ${day} AS day
      FROM p`.execute(k)
    for (const r of rows)
      out[start + Number(r.k)] =
        BigInt(String(r.done ?? 0)) + BigInt(String(r.part ?? 0)) + BigInt(String(r.day ?? 0))
  }
  return out
}

const pointOf = (cfg: LedgerListConfig, r: Row): Point => ({
  account: cfg.accountOf(r),
  name: String(r[cfg.partition]),
  date: String(r.date),
  id: r.id,
})

/**
 * Sets each row's running balance (paisa): its account's balance over the lines up to it
 * (decision 034). When the rows hold, for every name on them, an unbroken run of that name's
 * (date, id) order (`contiguous`: no search, and unpaged or a page in that order), one balance per
 * name just before its first row plus the rows' own lines summed here are enough; otherwise (a
 * search, a page in another order) each row gets its own balance in the database.
 */
const addBalances = async (k: ByName, named: LedgerListConfig, rows: Row[], contiguous: boolean) => {
  const sign = BigInt(named.sign)
  // A row names its account by address; its lines carry the account's code (decision 081).
  const code = await addressCodes(k as unknown as Kysely<Database>)
  const cfg = { ...named, accountOf: (r: AnyRecordRow) => code(named.accountOf(r)) }
  if (!contiguous) {
    const at = await balancesAt(
      k,
      cfg,
      rows.map((r) => pointOf(cfg, r)),
      true,
    )
    rows.forEach((r, i) => {
      r[cfg.balanceColumn] = Number(sign * at[i]!)
    })
    return
  }
  const own = await ownLines(k, cfg, rows)
  const order = rows.map((_, i) => i).sort((a, b) => byLedgerOrder(rows[a]!, rows[b]!))
  const firsts = new Map<string, Point>()
  for (const i of order) {
    const p = pointOf(cfg, rows[i]!)
    // Just before the first row: that day's rows of the name up to the one before it.
    if (!firsts.has(p.name)) firsts.set(p.name, { ...p, id: p.id - 1 })
  }
  const opening = await balancesAt(k, cfg, [...firsts.values()], true)
  const running = new Map([...firsts.keys()].map((name, i) => [name, opening[i]!]))
  for (const i of order) {
    const name = String(rows[i]![cfg.partition])
    const balance = running.get(name)! + own[i]!
    running.set(name, balance)
    rows[i]![cfg.balanceColumn] = Number(sign * balance)
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
  k: ByName,
  cfg: LedgerListConfig,
  query: ListQuery,
  perMonth: boolean,
): Promise<MonthCount[]> => {
  const lo = query.from?.slice(0, 7)
  const hi = query.to?.slice(0, 7)
  if (lo && hi && lo > hi) return []
  if (lo && hi && lo === hi) return [{ month: lo, n: await countDirect(k, cfg, query) }]
  const named = <QB extends ByNameSelect>(qb: QB, column: string): QB =>
    query.name ? (qb.where(column, '=', query.name) as QB) : qb
  let months: ByNameSelect = query.name
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
      .select((eb) => eb.fn.countAll().as('n'))
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
    const k = byName(db)
    const inLedgerOrder = query.sort ? sortKey === 'date' : cfg.defaultOrder === 'ledger'
    // Ids come from the table's indexes, except where a figure chooses or orders them: a search
    // (it may name an amount) or a sort by money read the view (decision 072).
    const byFigure = Boolean(query.q) || (sortKey !== undefined && cfg.money.includes(sortKey))
    const filters = { search: cfg.search, dateColumn: 'date', table: cfg.table, nameColumn: cfg.partition }
    let filtered = applyListFilters(k, k.selectFrom(byFigure ? cfg.view : cfg.table), query, filters)
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
      ).map((r) => r.id as number)
      const found = ids.length
        ? await k.selectFrom(cfg.view).selectAll().where('id', 'in', ids).execute()
        : []
      const byId = new Map((found as Row[]).map((r) => [r.id, r]))
      rows = ids.map((id: number) => byId.get(id)!)
    } else {
      const shown = byFigure ? filtered : applyListFilters(k, k.selectFrom(cfg.view), query, filters)
      rows = (await order(k, shown.selectAll(), cfg, query).execute()) as Row[]
    }
    // Date and name filters cut a ledger only at its ends, so without a search the rows are a run
    // of each name's (date, id) order, unless a page was cut from a different order.
    await addBalances(k, cfg, rows, !query.q && (!paged || inLedgerOrder))
    return { rows: rows.map((r) => moneyOut(cfg.table, r) as AnyRecordRow), total }
  }
}

/**
 * Rows posted by another record (a ticket's agent line, an account's vendor line) follow that
 * record; changing them here would be overwritten or orphaned, so they are changed at their source.
 */
export const refuseLinked = (row: AnyRecordRow | null) => {
  if (row?.source_type) {
    throw new HttpError(
      409,
      `This entry was posted by ${row.source_type} #${row.source_id}; change or delete it there`,
    )
  }
}
