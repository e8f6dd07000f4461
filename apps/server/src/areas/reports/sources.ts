import { customerLabel } from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import { balanceBefore, balancesBefore, ledgerLines } from '../../books/read.ts'
import type { Db } from '../../db/connect.ts'
import { dbKind } from '../../db/dialect.ts'
import { accountName, CASH, customerIdOfAccount } from '../../lib/books/accounts.ts'

/**
 * Where every report figure comes from. Paisa throughout. Receivables, payables, cash and banks are
 * the books' posting lines (issue 13), by the account codes the trial balance sums: agent:*,
 * customer:*, vendor:*, cash, bank:*. Profit and net profit read the income:*, cost:* and expense:* lines.
 */

const k = (db: Db) => db as unknown as Kysely<any>

/** A dated amount that makes up a party's balance (a receivable raised, a payable incurred). */
export interface DatedAmount {
  /** The account code: lines are grouped by it. */
  party: string
  /** The name a person reads. */
  name: string
  /** The statement name of the party (`/api/statements/{kind}/{key}`). */
  key: string
  date: string
  /** Paisa added to what is owed. */
  owed: number
  /** Paisa that settled part of it. */
  settled: number
}

/**
 * Every account of one kind up to as_of, one row per account and day (debits and credits summed), in
 * date order. Aging only needs a day's total (its lines all fall in one bucket), and summing in the
 * database hands the report at most a row per day a party moved, however many lines it has: one
 * agent's 50,000 lines no longer arrive as 50,000 rows that the server holds the event loop to read.
 */
const accountLines = (db: Db, kind: string, asOf: string) =>
  k(db)
    .selectFrom('posting_lines')
    .select((eb: any) => [
      'account',
      'date',
      eb.fn.sum('debit').as('debit'),
      eb.fn.sum('credit').as('credit'),
    ])
    .where('account', 'like', `${kind}:%`)
    .where('date', '<=', asOf)
    .groupBy(['account', 'date'])
    .orderBy('date')
    .orderBy('account')
    .execute()

/** Agents' lines up to as_of: the receivable is the debit, what they paid the credit. */
export const agentMovements = async (db: Db, asOf: string): Promise<DatedAmount[]> =>
  (await accountLines(db, 'agent', asOf)).map((r) => {
    const name = accountName(String(r.account))
    return {
      party: String(r.account),
      name,
      key: name,
      date: String(r.date),
      owed: Number(r.debit),
      settled: Number(r.credit),
    }
  })

/**
 * Customers' lines up to as_of (bookings without an agent and their payments): the receivable is the
 * debit, what they paid the credit. A customer account keyed by id (decision 033) is named by the
 * customer's label and its statement key is the id; a text account by its text.
 */
export const customerMovements = async (db: Db, asOf: string): Promise<DatedAmount[]> => {
  const lines = await accountLines(db, 'customer', asOf)
  const ids = [...new Set(lines.map((l) => customerIdOfAccount(String(l.account))).filter((x) => x !== null))]
  const labels = new Map<number, string>()
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await k(db)
      .selectFrom('customers')
      .select(['id', 'name', 'mobile_number', 'passport_number'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute()
    for (const c of rows) labels.set(Number(c.id), customerLabel(c))
  }
  return lines.map((r) => {
    const code = String(r.account)
    const id = customerIdOfAccount(code)
    const name = id === null ? accountName(code) : (labels.get(id) ?? `Customer ${id}`)
    return {
      party: code,
      key: id === null ? name : String(id),
      date: String(r.date),
      name,
      owed: Number(r.debit),
      settled: Number(r.credit),
    }
  })
}

/** Vendors' lines up to as_of: what the office owes is the credit, what it paid the debit. */
export const vendorMovements = async (db: Db, asOf: string): Promise<DatedAmount[]> =>
  (await accountLines(db, 'vendor', asOf)).map((r) => {
    const name = accountName(String(r.account))
    return {
      party: String(r.account),
      name,
      key: name,
      date: String(r.date),
      owed: Number(r.credit),
      settled: Number(r.debit),
    }
  })

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
    LEFT JOIN journal j ON j.source_type = s.type AND j.source_id = s.id`.execute(k(db))
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
  const rows = await k(db)
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

/** Each income, cost of sales and expense account's movement over from..to (paisa, debit − credit). */
export const resultAccounts = async (db: Db, range: { from?: string; to?: string }) => {
  const accounts = await resultAccountCodes(db, ['income', 'cost', 'expense'])
  if (accounts.length === 0) return []
  const { rows } = await sql<Record<string, unknown>>`
    SELECT l.account, SUM(l.debit) - SUM(l.credit) AS net
    FROM posting_lines l
    WHERE l.account IN (${sql.join(accounts)}) AND ${dayRange(range)}
    GROUP BY l.account
    ORDER BY l.account`.execute(k(db))
  return rows.map((r) => ({
    account: String(r.account),
    name: accountName(String(r.account)),
    net: Number(r.net),
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
export const banksBefore = async (db: Db, date: string) =>
  new Map(
    [...(await balancesBefore(db, 'bank', date))].map(([code, net]) => [accountName(code), Number(net)]),
  )

/** Every cash and bank movement dated `date`, cash first, each in its saved order. */
export const movementsOn = async (db: Db, date: string): Promise<Movement[]> => {
  const [cash, banks] = await Promise.all([
    ledgerLines(db, { account: CASH }, { from: date, to: date }),
    ledgerLines(db, { kind: 'bank' }, { from: date, to: date }, { byAccount: true }),
  ])
  return [...cash, ...banks].map((r) => ({
    account: r.account === CASH ? CASH_ACCOUNT : accountName(String(r.account)),
    source_type: r.source_type,
    entry: String(r.entry ?? ''),
    detail: String(r.detail ?? ''),
    in: Number(r.debit),
    out: Number(r.credit),
  }))
}
