import { type Kysely, sql } from 'kysely'
import type { Db } from '../../db/connect.ts'
import { CUSTOMER_TYPES } from '../statements/sources.ts'

/**
 * Where every report figure comes from: the one module the books (issue 13) replace. Paisa
 * throughout. Today: the agent and vendor ledgers, the journal (cash, customers' bookings) and the
 * office-account ledger (banks).
 */

const k = (db: Db) => db as unknown as Kysely<any>

/** A dated amount that makes up a party's balance (a receivable raised, a payable incurred). */
export interface DatedAmount {
  party: string
  date: string
  /** Paisa added to what is owed. */
  owed: number
  /** Paisa that settled part of it. */
  settled: number
}

/** Agents' ledger lines up to as_of: the receivable is the debit, what they paid the credit. */
export const agentMovements = async (db: Db, asOf: string): Promise<DatedAmount[]> => {
  const rows = await k(db)
    .selectFrom('agent_entries')
    .select(['agent_name as party', 'date', 'debit as owed', 'credit as settled'])
    .where('date', '<=', asOf)
    .orderBy('date')
    .orderBy('id')
    .execute()
  return rows.map(num)
}

/** Customers' bookings (those without an agent) up to as_of: receivable and what was paid on it. */
export const customerMovements = async (db: Db, asOf: string): Promise<DatedAmount[]> => {
  const { rows } = await sql<DatedAmount>`
    SELECT j.name AS party, j.date, j.receivable AS owed, (j.paid_cash + j.paid_in_bank) AS settled
    FROM journal j
    LEFT JOIN tickets t ON j.source_type = 'tickets' AND t.id = j.source_id
    WHERE j.date <= ${asOf}
      AND j.source_type IN (${sql.join(CUSTOMER_TYPES.map((s) => sql`${s}`))})
      AND (t.id IS NULL OR t.agent_name = '')
    ORDER BY j.date, j.id`.execute(k(db))
  return rows.map(num)
}

/** Vendors' ledger lines up to as_of: what the office owes is the credit, what it paid the debit. */
export const vendorMovements = async (db: Db, asOf: string): Promise<DatedAmount[]> => {
  const rows = await k(db)
    .selectFrom('vender_entries')
    .select(['vender_name as party', 'date', 'credit as owed', 'debit as settled'])
    .where('date', '<=', asOf)
    .orderBy('date')
    .orderBy('id')
    .execute()
  return rows.map(num)
}

const num = (r: any): DatedAmount => ({
  party: String(r.party),
  date: String(r.date),
  owed: Number(r.owed),
  settled: Number(r.settled),
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
export const cashBefore = async (db: Db, date: string) => {
  const { rows } = await sql<{ net: number | string | null }>`
    SELECT COALESCE(SUM(paid_cash - withdraw), 0) AS net FROM journal WHERE date < ${date}`.execute(k(db))
  return Number(rows[0]?.net ?? 0)
}

/** Each bank's balance (paisa) before `date`. */
export const banksBefore = async (db: Db, date: string) => {
  const { rows } = await sql<{ bank: string; net: number | string }>`
    SELECT bank_name AS bank, COALESCE(SUM(credit - debit), 0) AS net FROM account_entries
    WHERE date < ${date} GROUP BY bank_name ORDER BY bank_name`.execute(k(db))
  return new Map(rows.map((r) => [r.bank, Number(r.net)]))
}

/** Every cash and bank movement dated `date`, cash first, each in its saved order. */
export const movementsOn = async (db: Db, date: string): Promise<Movement[]> => {
  const cash = await sql<{
    entry: string
    source_type: string
    name: string
    paid_cash: number
    withdraw: number
  }>`
    SELECT entry, source_type, name, paid_cash, withdraw FROM journal
    WHERE date = ${date} AND (paid_cash <> 0 OR withdraw <> 0) ORDER BY id`.execute(k(db))
  const bank = await sql<{ bank_name: string; entry: string; detail: string; credit: number; debit: number }>`
    SELECT bank_name, entry, detail, credit, debit FROM account_entries WHERE date = ${date}
    ORDER BY bank_name, id`.execute(k(db))
  return [
    ...cash.rows.map((r) => ({
      account: CASH_ACCOUNT,
      entry: r.entry,
      detail: `${r.source_type}: ${r.name}`,
      in: Number(r.paid_cash),
      out: Number(r.withdraw),
    })),
    ...bank.rows.map((r) => ({
      account: r.bank_name,
      entry: r.entry,
      detail: r.detail,
      in: Number(r.credit),
      out: Number(r.debit),
    })),
  ]
}
