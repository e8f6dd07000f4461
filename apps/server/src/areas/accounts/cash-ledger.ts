import { CASH_IN_OFFICE, fromPaisa, type ListQuery } from '@booking/shared'
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import type { Db } from '../../db/connect.ts'
import { containsCI, dbKind } from '../../db/dialect.ts'
import { CASH } from '../../lib/books/accounts.ts'
import type { ApiRow } from '../../lib/crud.ts'

interface CashLine {
  id: number
  date: string
  entry: string
  detail: string
  debit: number | string | bigint
  credit: number | string | bigint
  source_type: string
  source_id: number | string
}

const paisa = (v: CashLine['debit']) => BigInt(String(v))

/** A cash line as an Office Accounts row: credit = money in, debit = money out (the bank rows' sides). */
const asRow = (l: CashLine, balance: bigint): ApiRow => ({
  id: Number(l.id),
  bank_name: CASH_IN_OFFICE,
  employee_name: '',
  vendor_name: '',
  entry: l.entry,
  date: l.date,
  detail: l.detail,
  credit: fromPaisa(paisa(l.debit)),
  debit: fromPaisa(paisa(l.credit)),
  balance: fromPaisa(balance),
  source_type: l.source_type,
  source_id: Number(l.source_id),
})

const cashLines = (k: Kysely<any>) =>
  k
    .selectFrom('posting_lines')
    .select(['id', 'date', 'entry', 'detail', 'debit', 'credit', 'source_type', 'source_id'])
    .where('account', '=', CASH)

const filtered = <QB extends SelectQueryBuilder<any, any, any>>(
  k: Kysely<any>,
  qb: QB,
  query: ListQuery,
): QB => {
  let out = qb
  if (query.from) out = out.where('date', '>=', query.from) as QB
  if (query.to) out = out.where('date', '<=', query.to) as QB
  if (query.q) {
    const text = sql<string>`${sql.ref('entry')} || ' ' || ${sql.ref('detail')}`
    out = out.where(containsCI(dbKind(k), text, query.q)) as QB
  }
  return out
}

/**
 * The cash account's debits − credits dated before `day`, in paisa: whole months from the
 * posting_months checkpoints, the rest of the month an index range on (account, date, id).
 */
const cashBefore = async (k: Kysely<any>, day: string): Promise<bigint> => {
  const months = await k
    .selectFrom('posting_months')
    .select(sql<string>`coalesce(sum(debit), 0) - coalesce(sum(credit), 0)`.as('n'))
    .where('account', '=', CASH)
    .where('month', '<', day.slice(0, 7))
    .executeTakeFirst()
  const part = await k
    .selectFrom('posting_lines')
    .select(sql<string>`coalesce(sum(debit), 0) - coalesce(sum(credit), 0)`.as('n'))
    .where('account', '=', CASH)
    .where('date', '>=', day.slice(0, 7))
    .where('date', '<', day)
    .executeTakeFirst()
  return BigInt(String(months?.n ?? 0)) + BigInt(String(part?.n ?? 0))
}

/**
 * The "Cash in Office" account on the Office Accounts screen: the books' cash lines as account rows,
 * balance = running cash in office in (date, id) order. Filters choose the rows shown, never their
 * balances. A page reads only its own rows, the checkpoints before its first day and the lines of
 * the days it spans, so it stays fast however many cash lines the books hold.
 */
export const cashLedger = async (db: Db, query: ListQuery): Promise<{ rows: ApiRow[]; total?: number }> => {
  const k = db as unknown as Kysely<any>
  const desc = query.sort === '-date' || query.sort === '-id'
  const dir = desc ? 'desc' : 'asc'
  const ordered = filtered(k, cashLines(k), query).orderBy('date', dir).orderBy('id', dir)

  if (query.limit === undefined) {
    // The whole account (the spec's plain array): one pass from the first line.
    const lines = (await cashLines(k).orderBy('date').orderBy('id').execute()) as CashLine[]
    const filters = Boolean(query.from || query.to || query.q)
    const ids = filters
      ? await filtered(
          k,
          k.selectFrom('posting_lines').select('id').where('account', '=', CASH),
          query,
        ).execute()
      : []
    const shown = new Set(ids.map((l: { id: number | string }) => Number(l.id)))
    let running = 0n
    const rows: ApiRow[] = []
    for (const l of lines) {
      running += paisa(l.debit) - paisa(l.credit)
      if (!filters || shown.has(Number(l.id))) rows.push(asRow(l, running))
    }
    return { rows: desc ? rows.reverse() : rows }
  }

  const page = (await ordered
    .limit(query.limit)
    .offset(query.offset ?? 0)
    .execute()) as CashLine[]
  const total = Number(
    (
      await filtered(k, k.selectFrom('posting_lines').where('account', '=', CASH), query)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  )
  if (page.length === 0) return { rows: [], total }
  const days = page.map((l) => l.date).sort()
  const first = days[0] as string
  const last = days[days.length - 1] as string
  // Every cash line of the days the page spans, in ledger order, carrying the balance forward.
  const span = (await cashLines(k)
    .where('date', '>=', first)
    .where('date', '<=', last)
    .orderBy('date')
    .orderBy('id')
    .execute()) as CashLine[]
  let running = await cashBefore(k, first)
  const balanceOf = new Map<number, bigint>()
  for (const l of span) {
    running += paisa(l.debit) - paisa(l.credit)
    balanceOf.set(Number(l.id), running)
  }
  return { rows: page.map((l) => asRow(l, balanceOf.get(Number(l.id)) ?? 0n)), total }
}
