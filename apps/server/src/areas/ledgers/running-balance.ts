import type { ListQuery } from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import type { Db } from '../../db/connect.ts'
import { moneyOut } from '../../db/money-columns.ts'
import { type ApiRow, applyListFilters, applySort } from '../../lib/crud.ts'
import { HttpError } from '../../lib/http-error.ts'
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
}

/**
 * A ledger list whose running balance the database computes while reading, so no edit can leave
 * a stored balance stale. The window runs in a subquery over the whole partition and the search and
 * date filters apply outside it: they choose which rows are shown, never what their balances are.
 * The name filter is the partition itself, so it may narrow the window's input.
 */
export const ledgerList = (cfg: LedgerListConfig) => async (db: Db, query: ListQuery) => {
  const k = db as unknown as Kysely<any>
  const running = sql`SUM(${sql.ref('credit')} - ${sql.ref('debit')}) OVER (PARTITION BY ${sql.ref(cfg.partition)} ORDER BY ${sql.ref('date')}, ${sql.ref('id')})`
  let inner = k.selectFrom(cfg.table).selectAll().select(running.as(cfg.balanceColumn))
  if (query.name) inner = inner.where(cfg.partition, '=', query.name)
  const filters = { search: cfg.search, dateColumn: 'date' }
  const shown = applyListFilters(
    k,
    k.selectFrom(inner.as('l')).selectAll(),
    { ...query, name: undefined },
    filters,
  )
  const allowed = [
    'date',
    'entry',
    'detail',
    'credit',
    'debit',
    cfg.partition,
    cfg.balanceColumn,
    ...cfg.search,
  ]
  const ordered = query.sort
    ? applySort(shown, query.sort, allowed, 'date')
    : cfg.defaultOrder === 'id'
      ? shown.orderBy('id')
      : shown.orderBy('date').orderBy('id')
  const paged = query.limit !== undefined
  const rows = await (paged ? ordered.limit(query.limit!).offset(query.offset ?? 0) : ordered).execute()
  let total: number | undefined
  if (paged) {
    // Counting needs no balances, so it reads the table directly with the same filters.
    const counted = (await applyListFilters(k, k.selectFrom(cfg.table), query, {
      ...filters,
      nameColumn: cfg.partition,
    })
      .select((eb: any) => eb.fn.countAll().as('total'))
      .executeTakeFirst()) as { total?: number | string } | undefined
    total = Number(counted?.total ?? 0)
  }
  return { rows: rows.map((r) => moneyOut(cfg.table, r) as ApiRow), total }
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

/** Only admins reach the Office Accounts and Vendor ledgers, for every method. */
export const adminOnly = async (req: { user: { role: string } | null }) => {
  if (req.user?.role !== 'admin') throw new HttpError(403, 'Only admins can do this')
}
