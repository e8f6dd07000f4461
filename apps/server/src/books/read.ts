import { addDaysIso, type ListQuery } from '@booking/shared'
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import { containsCI, dbKind } from '../db/dialect.ts'
import { dbPaisa } from '../db/money-columns.ts'
import type { Database } from '../db/schema.ts'
import { type Sums, sumsBetween, sumsTo } from './sums.ts'

/**
 * The books' one read API (issue 21, decision 050): an account's balance to a day, its lines in
 * ledger order, a page of its ledger with running balances, and (trial-balance.ts, check.ts) the
 * trial balance and the books check. Paisa throughout (BigInt where a sum may pass 2^53).
 *
 * Sums read posting_lines: a reversal and the lines it cancels share a day, so they cancel in
 * every range. Lists read current_lines (the entries in force) in (date, place, id) order, the
 * order an in-place edit kept: an edited record's line keeps the place of the line it replaced.
 */

type Reader = Kysely<Database>

/**
 * An account's debits − credits over the lines dated before `before` (every line when undefined):
 * whole months from the posting_months checkpoints, the rest of the month from posting_days
 * (decision 068), never the lines themselves.
 */
export const balanceBefore = async (db: Reader, account: string, before?: string): Promise<bigint> => {
  let months = db
    .selectFrom('posting_months')
    .select(sql<string>`coalesce(sum(debit), 0) - coalesce(sum(credit), 0)`.as('n'))
    .where('account', '=', account)
  if (before !== undefined) months = months.where('month', '<', before.slice(0, 7))
  if (before === undefined) return dbPaisa((await months.executeTakeFirst())?.n)
  const days = db
    .selectFrom('posting_days')
    .select(sql<string>`coalesce(sum(debit), 0) - coalesce(sum(credit), 0)`.as('n'))
    .where('account', '=', account)
    .where('date', '>=', before.slice(0, 7))
    .where('date', '<', before)
  const [whole, part] = await Promise.all([months.executeTakeFirst(), days.executeTakeFirst()])
  return dbPaisa(whole?.n) + dbPaisa(part?.n)
}

/** An account's balance up to and including `to` (every line when undefined). */
export const balanceTo = (db: Reader, account: string, to?: string) =>
  balanceBefore(db, account, to === undefined ? undefined : addDaysIso(to, 1))

/** Every account of a kind ("bank", "agent"...) with lines before `before`, and its balance there. */
export const balancesBefore = async (db: Reader, kind: string, before: string) => {
  const sums = await sumsTo(db, { kind }, addDaysIso(before, -1))
  return new Map(
    [...sums.keys()].sort().map((account) => {
      const s = sums.get(account) as Sums
      return [account, s.debit - s.credit]
    }),
  )
}

/** Whether any line was ever posted to the account. */
export const hasLines = async (db: Reader, account: string) =>
  !!(await db.selectFrom('posting_lines').select('id').where('account', '=', account).executeTakeFirst())

/** A line in force, as the screens list it: paisa, never a reversal. */
export interface BookLine {
  id: number
  /** Its place in the day's order (the id of the line it replaced, through edits). */
  place: number
  source_type: string
  source_id: number
  account: string
  date: string
  entry: string
  detail: string
  debit: bigint
  credit: bigint
}

const toLine = (r: Record<string, unknown>): BookLine => ({
  id: Number(r.id),
  place: Number(r.place ?? r.id),
  source_type: String(r.source_type),
  source_id: Number(r.source_id),
  account: String(r.account),
  date: String(r.date),
  entry: String(r.entry ?? ''),
  detail: String(r.detail ?? ''),
  debit: dbPaisa(r.debit),
  credit: dbPaisa(r.credit),
})

const COLUMNS = [
  'id',
  'place',
  'source_type',
  'source_id',
  'account',
  'date',
  'entry',
  'detail',
  'debit',
  'credit',
] as const

/** A query over posting lines, which the filters below narrow. */
type LineQuery = SelectQueryBuilder<Database, 'posting_lines', object>

/** Which accounts: one code, or every account of a kind ("agent" means agent:*). */
export type Accounts = { account: string } | { kind: string } | { accounts: readonly string[] }

const ofAccounts = <QB extends LineQuery>(q: QB, which: Accounts): QB => {
  if ('account' in which) return q.where('account', '=', which.account) as QB
  if ('kind' in which) return q.where('account', 'like', `${which.kind}:%`) as QB
  return q.where('account', 'in', [...which.accounts]) as QB
}

/**
 * One account's lines in force, as a query a page can order and cut: its reversal lines and the
 * lines they cancel are two small id lists (partial index posting_lines_reversals), taken once,
 * so walking the account's (account, date, place, id) index needs no look at each row.
 */
const inForce = (db: Reader, account: string) => {
  const reversals = () =>
    db.selectFrom('posting_lines as r').where('r.account', '=', account).where('r.reverses', 'is not', null)
  return db
    .selectFrom('posting_lines')
    .select([...COLUMNS])
    .where('account', '=', account)
    .where('id', 'not in', reversals().select('r.id'))
    .where('id', 'not in', reversals().select('r.reverses'))
}

/**
 * The lines in force of an account (or kind) from..to (inclusive, either open), in ledger order:
 * (date, place, id), or `byAccount` first.
 */
export const ledgerLines = async (
  db: Reader,
  which: Accounts,
  range: { from?: string; to?: string } = {},
  opts: { byAccount?: boolean } = {},
): Promise<BookLine[]> => {
  // Every line of the range, then the reversed pairs dropped here: a reversal and the line it
  // cancels share account and day, so both are in any range or neither (cheaper than asking the
  // database, line by line, whether each was reversed).
  let q = ofAccounts(db.selectFrom('posting_lines').select([...COLUMNS, 'reverses']), which)
  if (range.from) q = q.where('date', '>=', range.from)
  if (range.to) q = q.where('date', '<=', range.to)
  if (opts.byAccount) q = q.orderBy('account')
  const rows = await q.orderBy('date').orderBy('place').orderBy('id').execute()
  const reversed = new Set(rows.filter((r) => r.reverses !== null).map((r) => Number(r.reverses)))
  return rows.filter((r) => r.reverses === null && !reversed.has(Number(r.id))).map(toLine)
}

/**
 * A page of the lines in force of an account or accounts from..to (inclusive, either open), in
 * ledger order ((date, place, id), or `byAccount` first) with `limit` and `offset` in SQL: the
 * reversals of the range are a partial index range (posting_lines_reversals), and a reversal shares
 * its line's account and day, so only the range's own reversals are asked for (decision 077).
 */
export const ledgerLinesPage = async (
  db: Reader,
  which: Accounts,
  range: { from?: string; to?: string },
  page: { limit: number; offset: number },
  opts: { byAccount?: boolean } = {},
): Promise<BookLine[]> => {
  const dated = <QB extends LineQuery>(q: QB): QB => {
    let out = q
    if (range.from) out = out.where('date', '>=', range.from) as QB
    if (range.to) out = out.where('date', '<=', range.to) as QB
    return out
  }
  const reversals = () =>
    dated(ofAccounts(db.selectFrom('posting_lines'), which)).where('reverses', 'is not', null)
  let q = dated(ofAccounts(db.selectFrom('posting_lines').select([...COLUMNS]), which))
    .where('reverses', 'is', null)
    .where('id', 'not in', reversals().select('reverses'))
  if (opts.byAccount) q = q.orderBy('account')
  const rows = await q
    .orderBy('date')
    .orderBy('place')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
  return rows.map(toLine)
}

/**
 * How many lines in force each account has from..to: the checkpoints' line counts (reversals
 * included) less twice the range's reversals (each cancels one line of its account and day).
 */
export const linesInForce = async (
  db: Reader,
  which: { account: string } | { accounts: readonly string[] },
  range: { from?: string; to?: string },
): Promise<Map<string, number>> => {
  const sums = await sumsBetween(db, which, range)
  const out = new Map([...sums].map(([account, s]) => [account, s.n]))
  if (out.size === 0) return out
  let q = ofAccounts(
    db.selectFrom('posting_lines').select(['account', (eb) => eb.fn.countAll<string | number>().as('n')]),
    which,
  ).where('reverses', 'is not', null)
  if (range.from) q = q.where('date', '>=', range.from)
  if (range.to) q = q.where('date', '<=', range.to)
  for (const r of await q.groupBy('account').execute())
    out.set(r.account, (out.get(r.account) ?? 0) - 2 * Number(r.n))
  return out
}

/**
 * How many lines in force the filters leave: every line less twice the reversals (each reversal
 * cancels one line of its account and day, and repeats its entry and detail, so the filters keep
 * or drop both), each an index count.
 */
const countInForce = async (db: Reader, account: string, query: ListQuery) => {
  // Unsearched, the checkpoints hold the count (a cash book of a million lines is not counted line by line).
  if (!query.q)
    return (await linesInForce(db, { account }, { from: query.from, to: query.to })).get(account) ?? 0
  const count = async (reversals: boolean) => {
    let q = db.selectFrom('posting_lines').where('account', '=', account)
    if (reversals) q = q.where('reverses', 'is not', null)
    return Number(
      (
        await filtered(db, q, query)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    )
  }
  const [all, reversals] = await Promise.all([count(false), count(true)])
  return all - 2 * reversals
}

/** A ledger row: a line in force with the account's balance (debit − credit, paisa) after it. */
export type LedgerLine = BookLine & { balance: bigint }

const filtered = <QB extends LineQuery>(db: Reader, qb: QB, query: ListQuery): QB => {
  let out = qb
  if (query.from) out = out.where('date', '>=', query.from) as QB
  if (query.to) out = out.where('date', '<=', query.to) as QB
  if (query.q) {
    const text = sql<string>`${sql.ref('entry')} || ' ' || ${sql.ref('detail')}`
    out = out.where(containsCI(dbKind(db), text, query.q)) as QB
  }
  return out
}

/**
 * One account's ledger: its lines in force with running balances in (date, place, id) order.
 * Filters (from, to, q) choose the lines shown, never their balances. Unpaged: the whole account
 * in one pass. Paged (`limit`): only the page's lines, the checkpoints before its first day and
 * the lines of the days it spans are read, so a page stays fast however long the account is.
 * `sort` '-date' or '-id' lists newest first.
 */
export const ledgerPage = async (
  db: Reader,
  account: string,
  query: ListQuery,
): Promise<{ rows: LedgerLine[]; total?: number }> => {
  const desc = query.sort === '-date' || query.sort === '-id'
  const dir = desc ? 'desc' : 'asc'
  const one = { account }
  if (query.limit === undefined) {
    const lines = await ledgerLines(db, one)
    const filters = Boolean(query.from || query.to || query.q)
    const ids = filters
      ? await filtered(
          db,
          db.selectFrom('posting_lines').select('id').where('account', '=', account),
          query,
        ).execute()
      : []
    const shown = new Set(ids.map((l: { id: number | string }) => Number(l.id)))
    let running = 0n
    const rows: LedgerLine[] = []
    for (const l of lines) {
      running += l.debit - l.credit
      if (!filters || shown.has(l.id)) rows.push({ ...l, balance: running })
    }
    return { rows: desc ? rows.reverse() : rows }
  }
  const page = (
    await filtered(db, inForce(db, account), query)
      .orderBy('date', dir)
      .orderBy('place', dir)
      .orderBy('id', dir)
      .limit(query.limit)
      .offset(query.offset ?? 0)
      .execute()
  ).map(toLine)
  const total = await countInForce(db, account, query)
  if (page.length === 0) return { rows: [], total }
  const days = page.map((l) => l.date).sort()
  const first = days[0] as string
  const last = days[days.length - 1] as string
  // Every line in force of the days the page spans, in ledger order, carrying the balance forward
  // (reversed pairs share a day and cancel, so the lines in force sum to every line's balance).
  const span = await ledgerLines(db, one, { from: first, to: last })
  let running = await balanceBefore(db, account, first)
  const balanceOf = new Map<number, bigint>()
  for (const l of span) {
    running += l.debit - l.credit
    balanceOf.set(l.id, running)
  }
  return { rows: page.map((l) => ({ ...l, balance: balanceOf.get(l.id) ?? 0n })), total }
}

/** A record's money history: every entry it posted, reversals included, oldest first, with its lines. */
export const entriesOf = async (db: Reader, source: { type: string; id: number }) =>
  withLines(
    db,
    await db
      .selectFrom('book_entries')
      .selectAll()
      .where('source_type', '=', source.type)
      .where('source_id', '=', source.id)
      .orderBy('id')
      .execute(),
  )

/** The newest entries of the given source types, newest first (at most `limit`). */
export const latestEntries = async (db: Reader, types: readonly string[], limit = 100) =>
  types.length === 0
    ? []
    : withLines(
        db,
        await db
          .selectFrom('book_entries')
          .selectAll()
          .where('source_type', 'in', [...types])
          .orderBy('id', 'desc')
          .limit(limit)
          .execute(),
      )

const withLines = async (db: Reader, headers: Record<string, unknown>[]) => {
  const ids = headers.map((h) => Number(h.id))
  const lines = ids.length
    ? await db
        .selectFrom('posting_lines')
        .select(['id', 'entry_id', 'account', 'date', 'debit', 'credit', 'reverses'])
        .where('entry_id', 'in', ids)
        .orderBy('id')
        .execute()
    : []
  const reversed = new Set(
    headers
      .map((h) => h.reverses)
      .filter((r) => r !== null)
      .map(Number),
  )
  return headers.map((h) => ({
    id: Number(h.id),
    source_type: String(h.source_type),
    source_id: Number(h.source_id),
    day: String(h.day),
    entry: String(h.entry),
    memo: String(h.memo),
    reverses: h.reverses === null ? null : Number(h.reverses),
    current: h.reverses === null && !reversed.has(Number(h.id)),
    user_id: h.user_id === null ? null : Number(h.user_id),
    audit_id: h.audit_id === null ? null : Number(h.audit_id),
    created_at: String(h.created_at),
    lines: lines
      .filter((l) => Number(l.entry_id) === Number(h.id))
      .map((l) => ({
        id: Number(l.id),
        account: String(l.account),
        date: String(l.date),
        debit: dbPaisa(l.debit),
        credit: dbPaisa(l.credit),
        reverses: l.reverses === null ? null : Number(l.reverses),
      })),
  }))
}
