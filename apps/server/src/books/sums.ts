import { addDaysIso } from '@booking/shared'
import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import { dbKind } from '../db/dialect.ts'
import { dbPaisa } from '../db/money-columns.ts'
import type { Database } from '../db/schema.ts'

/**
 * Sums over the books from their checkpoints only (issue 26 item 1, decision 068): whole months
 * from posting_months, the days of a range's edge months from posting_days. However many lines
 * the books hold, a sum reads at most one row per account and month plus one per account and
 * day of the two edge months. Paisa, BigInt.
 */

type Reader = Kysely<Database>

/** Which accounts: one code, several, every account of a kind ("agent" means agent:*), or all. */
export type Which = { account: string } | { accounts: readonly string[] } | { kind: string } | 'all'

export interface Sums {
  debit: bigint
  credit: bigint
  /** The same in the lines' own currency (minor units; a rupee line adds 0; decision 149). */
  fxDebit: bigint
  fxCredit: bigint
  /** Lines (reversals included). */
  n: number
}

type Checkpoints = 'posting_months' | 'posting_days'

/**
 * The accounts' condition on a checkpoint table, whose key starts with the account. SQLite
 * compares text bytewise, so a kind is a range on that key; PostgreSQL's collation may not order
 * ':' and ';' that way, so it matches the prefix.
 */
const accountsOf =
  (db: Reader, which: Exclude<Which, 'all'>) =>
  <T extends Checkpoints>(eb: ExpressionBuilder<Database, T>) => {
    const account = sql.ref<string>('account')
    if ('account' in which) return eb(account, '=', which.account)
    if ('accounts' in which)
      return which.accounts.length === 0 ? sql<boolean>`1 = 0` : eb(account, 'in', [...which.accounts])
    return dbKind(db) === 'sqlite'
      ? eb.and([eb(account, '>=', `${which.kind}:`), eb(account, '<', `${which.kind};`)])
      : eb(account, 'like', `${which.kind}:%`)
  }

const add = (
  out: Map<string, Sums>,
  rows: readonly { account: string; d: unknown; c: unknown; fd: unknown; fc: unknown; n: unknown }[],
) => {
  for (const r of rows) {
    const s = out.get(r.account) ?? { debit: 0n, credit: 0n, fxDebit: 0n, fxCredit: 0n, n: 0 }
    s.debit += dbPaisa(r.d)
    s.credit += dbPaisa(r.c)
    s.fxDebit += dbPaisa(r.fd)
    s.fxCredit += dbPaisa(r.fc)
    s.n += Number(r.n)
    out.set(r.account, s)
  }
  return out
}

const monthEnd = (month: string) => `${month}-31`

/**
 * Each account's debits, credits and line count dated from..to (inclusive; either open), for the
 * accounts that have lines there. From checkpoints only.
 */
export const sumsBetween = async (
  db: Reader,
  which: Which,
  range: { from?: string; to?: string } = {},
): Promise<Map<string, Sums>> => add(new Map(), await checkpointRows(db, which, range, false))

/** The same per month ("2026-11" -> account -> sums), for a chart's months. */
export const monthlySums = async (
  db: Reader,
  which: Which,
  range: { from?: string; to?: string } = {},
): Promise<Map<string, Map<string, Sums>>> => {
  const out = new Map<string, Map<string, Sums>>()
  for (const r of await checkpointRows(db, which, range, true)) {
    const m = String(r.month)
    add(out.get(m) ?? out.set(m, new Map()).get(m)!, [r])
  }
  return out
}

/**
 * How a day range splits over month and day checkpoints: whole months from `after` to `before`
 * (when `wholeMonths`), and the days of the edge months the range does not cover whole (`edges`).
 */
export const splitRange = (range: { from?: string; to?: string }) => {
  const { from, to } = range
  const fm = from?.slice(0, 7)
  const tm = to?.slice(0, 7)
  // An edge month the range covers whole (from on its 1st, to on its last day) is a month row.
  const fromWhole = from?.endsWith('-01') === true
  const toWhole = to !== undefined && addDaysIso(to, 1).slice(0, 7) !== tm
  // The edge months not covered whole, by day: from's month from `from` on, to's month up to `to`
  // (one month when both fall in it).
  const edges: { from: string; to: string }[] = []
  const sameMonth = fm !== undefined && fm === tm
  if (sameMonth && !(fromWhole && toWhole)) edges.push({ from: from as string, to: to as string })
  if (!sameMonth) {
    if (from !== undefined && fm !== undefined && !fromWhole) edges.push({ from, to: monthEnd(fm) })
    if (to !== undefined && tm !== undefined && !toWhole) edges.push({ from: `${tm}-01`, to })
  }
  return {
    after: fm === undefined ? undefined : ([fromWhole ? '>=' : '>', fm] as const),
    before: tm === undefined ? undefined : ([toWhole ? '<=' : '<', tm] as const),
    wholeMonths: !sameMonth || (fromWhole && toWhole),
    edges,
  }
}

type SumRow = {
  account: string
  month?: unknown
  d: unknown
  c: unknown
  fd: unknown
  fc: unknown
  n: unknown
}

/** Whole months from posting_months, the edge months' days from posting_days; grouped by account (and month). */
const checkpointRows = async (
  db: Reader,
  which: Which,
  range: { from?: string; to?: string },
  byMonth: boolean,
): Promise<SumRow[]> => {
  const { from, to } = range
  if (from !== undefined && to !== undefined && from > to) return []
  const split = splitRange(range)
  let months = db
    .selectFrom('posting_months')
    .select([
      'account',
      byMonth ? sql<string>`month`.as('month') : sql<string>`''`.as('month'),
      sql<string>`sum(debit)`.as('d'),
      sql<string>`sum(credit)`.as('c'),
      sql<string>`sum(fx_debit)`.as('fd'),
      sql<string>`sum(fx_credit)`.as('fc'),
      sql<string>`sum(n)`.as('n'),
    ])
    .groupBy(byMonth ? ['account', 'month'] : ['account'])
  if (which !== 'all') months = months.where(accountsOf(db, which))
  if (split.after) months = months.where('month', ...split.after)
  if (split.before) months = months.where('month', ...split.before)
  const { edges, wholeMonths } = split
  // The day checkpoints are keyed (account, date): a kind or all accounts are first named (their
  // month checkpoints, a few rows each), so each account's edge days are one index range.
  const accounts =
    edges.length === 0
      ? undefined
      : which === 'all'
        ? await allAccounts(db)
        : 'kind' in which
          ? await accountsOfKind(db, which.kind)
          : undefined
  const month = byMonth ? sql<string>`substr(date, 1, 7)` : sql<string>`''`
  const dayRows = async () => {
    const chunks = accounts === undefined ? [which as Exclude<Which, 'all'>] : chunked(accounts)
    const rows: SumRow[] = []
    for (const part of chunks) {
      rows.push(
        ...(await db
          .selectFrom('posting_days')
          .select([
            'account',
            month.as('month'),
            sql<string>`sum(debit)`.as('d'),
            sql<string>`sum(credit)`.as('c'),
            sql<string>`sum(fx_debit)`.as('fd'),
            sql<string>`sum(fx_credit)`.as('fc'),
            sql<string>`sum(n)`.as('n'),
          ])
          .where(accountsOf(db, part))
          .where((eb) => eb.or(edges.map((e) => eb.and([eb('date', '>=', e.from), eb('date', '<=', e.to)]))))
          .groupBy(byMonth ? [sql`account`, month] : [sql`account`])
          .execute()),
      )
    }
    return rows
  }
  const [m, d] = await Promise.all([
    wholeMonths ? months.execute() : Promise.resolve([]),
    edges.length === 0 ? Promise.resolve([]) : dayRows(),
  ])
  return [...m, ...d]
}

/** Each account's sums up to and including `to` (every line when undefined). */
export const sumsTo = (db: Reader, which: Which, to?: string) => sumsBetween(db, which, { to })

const chunked = (accounts: readonly string[]): { accounts: readonly string[] }[] => {
  const out: { accounts: readonly string[] }[] = []
  for (let i = 0; i < accounts.length; i += 500) out.push({ accounts: accounts.slice(i, i + 500) })
  return out
}

/** Every account code the books hold, from the month checkpoints. */
const allAccounts = async (db: Reader): Promise<string[]> =>
  (await db.selectFrom('posting_months').select('account').distinct().execute()).map((r) => r.account)

/** The account codes of a kind the books hold ("bank" -> bank:*), from the month checkpoints. */
export const accountsOfKind = async (db: Reader, kind: string): Promise<string[]> =>
  (
    await db
      .selectFrom('posting_months')
      .select('account')
      .distinct()
      .where(accountsOf(db, { kind }))
      .orderBy('account')
      .execute()
  ).map((r) => r.account)

/** What a party is owed on: a receivable's debits (agents, customers), a payable's credits (vendors). */
export type OwedSide = 'debit' | 'credit'

/** A party that owes (or is owed) something on a day, with what recent days raised. */
export interface OpenParty {
  account: string
  /** What is left owed on the day (paisa, above 0): owed side − the other side, every line to the day. */
  left: bigint
  /**
   * For each window start asked for: the positive part of each day's owed side summed over the
   * days from that start to the day (a day whose owed side nets below 0 raised nothing).
   */
  raised: bigint[]
}

/**
 * The open items of every party of a kind on `asOf`, first in first out (payments settle the oldest
 * amounts first, so what is left owed was raised on the newest days): each party's balance to the
 * day from the checkpoints, and what its days raised over recent windows (posting_days). The part
 * of `left` raised on or after a window's start is min(left, raised); the rest is older. Aging
 * reads no line and no day older than its longest window.
 */
export const openParties = async (
  db: Reader,
  kind: string,
  side: OwedSide,
  asOf: string,
  windowStarts: readonly string[],
  /** Only these accounts of the kind (one party's aging, decision 147); every one when absent. */
  only?: readonly string[],
): Promise<OpenParty[]> => {
  const which: Which = only ? { accounts: only.filter((a) => a.startsWith(`${kind}:`)) } : { kind }
  const sums = await sumsTo(db, which, asOf)
  const open: OpenParty[] = []
  for (const [account, s] of sums) {
    const left = side === 'debit' ? s.debit - s.credit : s.credit - s.debit
    if (left > 0n) open.push({ account, left, raised: windowStarts.map(() => 0n) })
  }
  const starts = windowStarts.filter((w) => w <= asOf)
  if (open.length === 0 || starts.length === 0) return open
  const earliest = [...starts].sort()[0] as string
  const byAccount = new Map(open.map((p) => [p.account, p]))
  const owed = sql.ref<string>(side)
  for (let i = 0; i < open.length; i += 500) {
    const rows = await db
      .selectFrom('posting_days')
      .select([
        'account',
        ...windowStarts.map((start, w) =>
          sql<string>`sum(case when date >= ${start} and ${owed} > 0 then ${owed} else 0 end)`.as(`w${w}`),
        ),
      ])
      .where(
        'account',
        'in',
        open.slice(i, i + 500).map((p) => p.account),
      )
      .where('date', '>=', earliest)
      .where('date', '<=', asOf)
      .groupBy('account')
      .execute()
    for (const r of rows as Record<string, unknown>[]) {
      const p = byAccount.get(String(r.account))
      if (p) p.raised = windowStarts.map((_, w) => dbPaisa(r[`w${w}`]))
    }
  }
  return open
}

/** The day `days` before `asOf` (yyyy-mm-dd). */
export const daysBefore = (asOf: string, days: number) => addDaysIso(asOf, -days)
