import { customerLabel } from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import { balanceBefore, balancesBefore, ledgerLines } from '../../books/read.ts'
import type { Db } from '../../db/connect.ts'
import { accountName, CASH, customerIdOfAccount } from '../../lib/books/accounts.ts'

/**
 * Where every report figure comes from. Paisa throughout. Receivables, payables, cash and banks are
 * the books' posting lines (issue 13), by the account codes the trial balance sums: agent:*,
 * customer:*, vendor:*, cash, bank:*. Profit reads each booking's stored profit by its journal date.
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

/** The lines in force of every account of one kind up to as_of, in ledger order (the books' read API). */
const accountLines = (db: Db, kind: string, asOf: string) => ledgerLines(db, { kind }, { to: asOf })

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

/** One booking's figures for the profit report. */
export interface ProfitLine {
  date: string
  type: string
  employee: string
  receivable: number
  profit: number
}

const PROFIT_TABLES = ['tickets', 'umrah', 'visa_processing', 'gamca_tokens', 'services', 'navtcc'] as const

/** Each booking in from..to (by its journal date) with its receivable and profit. */
export const profitLines = async (db: Db, range: { from?: string; to?: string }): Promise<ProfitLine[]> => {
  const parts = PROFIT_TABLES.map(
    (table) => sql`
      SELECT j.date, j.source_type AS type, j.employee, j.receivable, COALESCE(r.profit, 0) AS profit
      FROM journal j JOIN ${sql.table(table)} r ON r.id = j.source_id
      WHERE j.source_type = ${table}
        AND ${range.from ? sql`j.date >= ${range.from}` : sql`1 = 1`}
        AND ${range.to ? sql`j.date <= ${range.to}` : sql`1 = 1`}`,
  )
  const { rows } = await sql<ProfitLine>`${sql.join(parts, sql` UNION ALL `)}`.execute(k(db))
  return rows.map((r) => ({
    date: String(r.date),
    type: String(r.type),
    employee: String(r.employee ?? ''),
    receivable: Number(r.receivable),
    profit: Number(r.profit),
  }))
}

/** One movement of money on a day: cash (the journal) or a bank (office accounts). */
export interface Movement {
  account: string
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
    entry: String(r.entry ?? ''),
    detail: String(r.detail ?? ''),
    in: Number(r.debit),
    out: Number(r.credit),
  }))
}
