import { customerLabel } from '@booking/shared'
import { sql } from 'kysely'
import { renamedCodes } from '../../../books/account-rows.ts'
import { accountName, CASH, customerIdOfAccount } from '../../../books/accounts.ts'
import {
  type BookLine,
  balanceBefore,
  balancesBefore,
  ledgerLines,
  ledgerLinesPage,
  linesInForce,
} from '../../../books/read.ts'
import { accountsOfKind, openParties, sumsBetween } from '../../../books/sums.ts'
import type { Db } from '../../../db/connect.ts'
import { dbKind } from '../../../db/dialect.ts'
import { type Scope, scopeAccounts } from '../../../lib/caller-scope.ts'

/**
 * Where every report figure comes from. Paisa throughout. Receivables, payables, cash and banks are
 * the books' posting lines (issue 13), by the account codes the trial balance sums: agent:*,
 * customer:*, vendor:*, cash, bank:*. Profit and net profit read the income:*, cost:* and expense:* lines.
 */

/** What one party leaves owed on a day (paisa), first in first out (decision 068). */
export interface OpenItem {
  /** The account code. */
  party: string
  /** The name a person reads. */
  name: string
  /** The statement name of the party (`/api/statements/{kind}/{key}`). */
  key: string
  /** What is left owed on the day (above 0). */
  left: number
  /** Per window start asked for: what the party's days from that start to the day raised. */
  raised: number[]
}

/**
 * Every agent, customer or vendor owing something on `asOf` (a vendor: the office owing it), with
 * what its days raised since each of `windowStarts`: the books' checkpoints only, never the lines
 * (books/sums.ts openParties). Receivables are owed on the debit side (agents, customers: a sale
 * raises, a payment settles); payables on the credit side. A customer account keyed by id
 * (decision 033) is named by the customer's label and its statement key is the id; a text account
 * by its text. Only the parties the scope covers: every one for staff, one party's own aging for
 * a one-party caller (decision 147), read from its own checkpoints only.
 */
export const openItems = async (
  db: Db,
  scope: Scope,
  type: 'agent' | 'customer' | 'vendor',
  asOf: string,
  windowStarts: readonly string[],
): Promise<OpenItem[]> => {
  const side = type === 'vendor' ? 'credit' : 'debit'
  const open = await openParties(db, type, side, asOf, windowStarts, scopeAccounts(scope))
  const ids = [...new Set(open.map((p) => customerIdOfAccount(p.account)).filter((x) => x !== null))]
  const labels = new Map<number, string>()
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('customers')
      .select(['id', 'name', 'mobile_number', 'passport_number'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute()
    for (const c of rows) labels.set(Number(c.id), customerLabel(c))
  }
  return open.map((p) => {
    const id = customerIdOfAccount(p.account)
    const name = id === null ? accountName(p.account) : (labels.get(id) ?? `Customer ${id}`)
    return {
      party: p.account,
      name,
      key: id === null ? name : String(id),
      left: Number(p.left),
      raised: p.raised.map(Number),
    }
  })
}

/** Income, cost of sales and how many sources moved them, per month and source type (paisa). */
export interface ProfitCell {
  month: string
  type: string
  sources: number
  income: number
  cost: number
}

/**
 * The profit report by month or by type over from..to, from the day checkpoints (profit_days,
 * decision 068): the same income less cost of sales as the lines' (profitLines), and "Bookings"
 * counts each source once per day it has income or cost lines, as grouping the lines did.
 */
export const profitCells = async (db: Db, range: { from?: string; to?: string }): Promise<ProfitCell[]> => {
  const month = sql<string>`substr(date, 1, 7)`
  let q = db
    .selectFrom('profit_days')
    .select([
      month.as('month'),
      'source_type',
      sql<string>`sum(sources)`.as('sources'),
      sql<string>`sum(income)`.as('income'),
      sql<string>`sum(cost)`.as('cost'),
    ])
    .groupBy([month, 'source_type'])
  if (range.from) q = q.where('date', '>=', range.from)
  if (range.to) q = q.where('date', '<=', range.to)
  return (await q.execute()).map((r) => ({
    month: String(r.month),
    type: String(r.source_type),
    sources: Number(r.sources),
    income: Number(r.income),
    cost: Number(r.cost),
  }))
}

/** One source's figures for the profit report (paisa): its income and cost of sales on a day. */
export interface ProfitLine {
  date: string
  type: string
  employee: string
  /** Income (credit − debit of its income:* lines): a booking's receivable. */
  receivable: number
  /** Income less cost of sales (debit − credit of its cost:* lines). */
  profit: number
}

const dayRange = (range: { from?: string; to?: string }, column = 'l.date') =>
  sql`${range.from ? sql`${sql.ref(column)} >= ${range.from}` : sql`1 = 1`}
    AND ${range.to ? sql`${sql.ref(column)} <= ${range.to}` : sql`1 = 1`}`

/**
 * Every source with income or cost of sales lines in from..to, by the lines' own day (decision 053):
 * the profit report is the books' income less cost of sales, so over any period it equals the trial
 * balance's income less cost of sales. The employee is the one on the source's dashboard line.
 */
export const profitLines = async (db: Db, range: { from?: string; to?: string }): Promise<ProfitLine[]> => {
  const accounts = await resultAccountCodes(db, ['income', 'cost'])
  if (accounts.length === 0) return []
  // Each source summed first, then its employee looked up once.
  const { rows } = await sql<Record<string, unknown>>`
    SELECT s.date, s.type, j.employee, s.income, s.cost
    FROM (
      SELECT l.date, l.source_type AS type, l.source_id AS id,
        SUM(CASE WHEN l.account LIKE 'income:%' THEN l.credit - l.debit ELSE 0 END) AS income,
        SUM(CASE WHEN l.account LIKE 'cost:%' THEN l.debit - l.credit ELSE 0 END) AS cost
      FROM posting_lines l
      WHERE l.account IN (${sql.join(accounts)}) AND ${dayRange(range)}
      GROUP BY l.date, l.source_type, l.source_id
    ) s
    LEFT JOIN journal_rows j ON j.source_type = s.type AND j.source_id = s.id
    -- A void ticket's lines net to nothing and it is no booking (decision 092).
    WHERE NOT (s.type = 'tickets' AND EXISTS (SELECT 1 FROM tickets t WHERE t.id = s.id AND t.voided_at <> ''))`.execute(
    db,
  )
  return rows.map((r) => ({
    date: String(r.date),
    type: String(r.type),
    employee: String(r.employee ?? ''),
    receivable: Number(r.income),
    profit: Number(r.income) - Number(r.cost),
  }))
}

/**
 * The income, cost and expense account codes the books hold, from the month checkpoints (a few rows
 * per account), so the lines are then read on their (account, date) index, one period at a time.
 */
const resultAccountCodes = async (db: Db, kinds: readonly string[]): Promise<string[]> => {
  const rows = await db
    .selectFrom('posting_months')
    .select('account')
    .distinct()
    .where(
      sql<boolean>`(${sql.join(
        // SQLite compares text bytewise: a range on the primary key (account, month) finds the
        // kind's accounts without reading every customer's months; PostgreSQL's collation may not
        // order ':' and ';' that way, so it matches the prefix.
        kinds.map((kind) =>
          dbKind(db) === 'sqlite'
            ? sql`(account >= ${`${kind}:`} AND account < ${`${kind};`})`
            : sql`account LIKE ${`${kind}:%`}`,
        ),
        sql` OR `,
      )})`,
    )
    .execute()
  return rows.map((r) => String(r.account))
}

/**
 * Each income, cost of sales and expense account's movement over from..to (paisa, debit − credit),
 * from the checkpoints (decision 068).
 */
export const resultAccounts = async (db: Db, range: { from?: string; to?: string }) => {
  const kinds = await Promise.all(
    ['income', 'cost', 'expense'].map((kind) => sumsBetween(db, { kind }, range)),
  )
  return kinds
    .flatMap((m) => [...m])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([account, sums]) => ({
      account,
      name: accountName(account),
      net: Number(sums.debit - sums.credit),
    }))
}

/** One movement of money on a day: cash (the journal) or a bank (office accounts). */
export interface Movement {
  account: string
  /** The record type (or "payments", "cash_counts") the line belongs to. */
  source_type: string
  entry: string
  detail: string
  /** Paisa in. */
  in: number
  /** Paisa out. */
  out: number
}

export const CASH_ACCOUNT = 'Cash in office'

/** Cash balance (paisa) after every line dated before `date`: Cash in Office the day before. */
export const cashBefore = async (db: Db, date: string) => Number(await balanceBefore(db, CASH, date))

/** Each bank's balance (paisa) before `date`. */
export const banksBefore = async (db: Db, date: string) => {
  const nameOf = await namer(db)
  return new Map(
    [...(await balancesBefore(db, 'bank', date))].map(([code, net]) => [nameOf(code), Number(net)]),
  )
}

/** How a code reads: a renamed bank by its name now (decision 082), else accountName. */
const namer = async (db: Db) => {
  const renamed = await renamedCodes(db)
  return (code: string) => renamed.get(code)?.name ?? accountName(code)
}

/** Every cash and bank movement dated `date`, cash first, each in its saved order. */
export const movementsOn = async (db: Db, date: string): Promise<Movement[]> => {
  // The banks by their codes (a few checkpoint rows), so each is an index range on its day.
  const bankCodes = await accountsOfKind(db, 'bank')
  const [cash, banks] = await Promise.all([
    ledgerLines(db, { account: CASH }, { from: date, to: date }),
    bankCodes.length === 0
      ? Promise.resolve([])
      : ledgerLines(db, { accounts: bankCodes }, { from: date, to: date }, { byAccount: true }),
  ])
  const nameOf = await namer(db)
  return [...cash, ...banks].map((r) => movement(r, nameOf))
}

const movement = (r: BookLine, nameOf: (code: string) => string): Movement => ({
  account: r.account === CASH ? CASH_ACCOUNT : nameOf(String(r.account)),
  source_type: r.source_type,
  entry: String(r.entry ?? ''),
  detail: String(r.detail ?? ''),
  in: Number(r.debit),
  out: Number(r.credit),
})

/** Each account's in and out over a day (by its name), and the cash count's share of the cash's. */
export interface DayFlows {
  /** Accounts with lines in force that day, cash first, then the banks by code. */
  flows: Map<string, { in: number; out: number }>
  count: { in: number; out: number }
}

/** The day's flows summed from its lines (the unpaged day book has them all). */
export const flowsOfMoves = (moves: readonly Movement[], countSource: string): DayFlows => {
  const flows = new Map<string, { in: number; out: number }>()
  const count = { in: 0, out: 0 }
  for (const m of moves) {
    const a = flows.get(m.account) ?? { in: 0, out: 0 }
    a.in += m.in
    a.out += m.out
    flows.set(m.account, a)
    if (m.account === CASH_ACCOUNT && m.source_type === countSource) {
      count.in += m.in
      count.out += m.out
    }
  }
  return { flows, count }
}

/**
 * The day's flows from the day checkpoints (decision 077): a reversal's lines are its line's
 * negated, so a day's debit and credit sums are those of its lines in force; an account shows when
 * it has lines in force that day. The cash count's lines are summed in the database.
 */
export const dayFlows = async (db: Db, date: string, countSource: string): Promise<DayFlows> => {
  const codes = [CASH, ...(await accountsOfKind(db, 'bank'))]
  const range = { from: date, to: date }
  const [sums, counts, count] = await Promise.all([
    sumsBetween(db, { accounts: codes }, range),
    linesInForce(db, { accounts: codes }, range),
    db
      .selectFrom('posting_lines')
      .select([sql<string>`coalesce(sum(debit), 0)`.as('d'), sql<string>`coalesce(sum(credit), 0)`.as('c')])
      .where('account', '=', CASH)
      .where('date', '=', date)
      .where('source_type', '=', countSource)
      .executeTakeFirst(),
  ])
  const flows = new Map<string, { in: number; out: number }>()
  const nameOf = await namer(db)
  for (const code of codes) {
    const s = sums.get(code)
    if (s && (counts.get(code) ?? 0) > 0)
      flows.set(code === CASH ? CASH_ACCOUNT : nameOf(code), {
        in: Number(s.debit),
        out: Number(s.credit),
      })
  }
  return { flows, count: { in: Number(count?.d ?? 0), out: Number(count?.c ?? 0) } }
}

/** Lines on a day book page when only `offset` is given. */
export const DAY_BOOK_PAGE = 100

/**
 * A page of the day's movements in the order the whole day book lists them (cash, then each bank
 * by code): cash's lines in force first, then the banks', each asked with limit and offset in SQL.
 */
export const movementsPage = async (
  db: Db,
  date: string,
  page: { limit: number; offset: number },
): Promise<{ rows: Movement[]; total: number }> => {
  const bankCodes = await accountsOfKind(db, 'bank')
  const range = { from: date, to: date }
  const counts = await linesInForce(db, { accounts: [CASH, ...bankCodes] }, range)
  const cashCount = counts.get(CASH) ?? 0
  const total = [...counts.values()].reduce((a, b) => a + b, 0)
  const cash = page.offset < cashCount ? await ledgerLinesPage(db, { account: CASH }, range, page) : []
  const left = page.limit - cash.length
  const banks =
    left > 0 && bankCodes.length > 0
      ? await ledgerLinesPage(
          db,
          { accounts: bankCodes },
          range,
          { limit: left, offset: Math.max(0, page.offset - cashCount) },
          { byAccount: true },
        )
      : []
  const nameOf = await namer(db)
  return { rows: [...cash, ...banks].map((r) => movement(r, nameOf)), total }
}
