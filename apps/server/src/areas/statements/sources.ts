import type { StatementKind } from '@booking/shared'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Db } from '../../db/connect.ts'
import { typeLabel } from '../dashboard/queries.ts'

/**
 * Where every statement figure comes from: the one module the books (issue 13) replace. Today it
 * reads the ledger tables (agent, vendor, bank), the journal (cash: paid_cash − withdraw) and the
 * journal's booking lines (customers). Everything returned is in paisa, in the statement's sign:
 * balance = opening + debit − credit (decision 030).
 */

export interface SourceLine {
  date: string
  entry: string
  detail: string
  /** Paisa. */
  debit: number
  /** Paisa. */
  credit: number
}

/** Booking types whose journal line is a customer's receivable. */
export const CUSTOMER_TYPES = [
  'tickets',
  'umrah',
  'visa_processing',
  'gamca_tokens',
  'services',
  'navtcc',
] as const

interface LineSql {
  /** FROM … WHERE … of the party's lines, with columns date, id, entry, detail, debit, credit. */
  lines: (k: Kysely<any>, name: string) => RawBuilder<unknown>
  /** Whether the party is known (a statement of an unknown name is a 404, not an empty page). */
  exists: (k: Kysely<any>, name: string) => Promise<boolean>
}

const known = (table: string) => async (k: Kysely<any>, name: string) =>
  !!(await k.selectFrom(table).select('name').where('name', '=', name).executeTakeFirst())

/** A ticket with an agent is the agent's receivable (its ledger debit), not the customer's. */
const customerLines = (name: string) => sql`
  SELECT j.date, j.id, j.entry, j.source_type AS detail, j.receivable AS debit,
         (j.paid_cash + j.paid_in_bank) AS credit
  FROM journal j
  LEFT JOIN tickets t ON j.source_type = 'tickets' AND t.id = j.source_id
  WHERE j.name = ${name}
    AND j.source_type IN (${sql.join(CUSTOMER_TYPES.map((s) => sql`${s}`))})
    AND (t.id IS NULL OR t.agent_name = '')`

const SOURCES: Record<StatementKind, LineSql> = {
  agent: {
    lines: (_k, name) =>
      sql`SELECT date, id, entry, detail, debit, credit FROM agent_entries WHERE agent_name = ${name}`,
    exists: async (k, name) =>
      (await known('agent_names')(k, name)) ||
      !!(await k.selectFrom('agent_entries').select('id').where('agent_name', '=', name).executeTakeFirst()),
  },
  vendor: {
    lines: (_k, name) =>
      sql`SELECT date, id, entry, detail, debit, credit FROM vender_entries WHERE vender_name = ${name}`,
    exists: async (k, name) =>
      (await known('vender_names')(k, name)) ||
      !!(await k
        .selectFrom('vender_entries')
        .select('id')
        .where('vender_name', '=', name)
        .executeTakeFirst()),
  },
  // A bank is an asset: money in (the ledger's credit) is the statement's debit.
  bank: {
    lines: (_k, name) =>
      sql`SELECT date, id, entry, detail, credit AS debit, debit AS credit FROM account_entries WHERE bank_name = ${name}`,
    exists: async (k, name) =>
      (await known('banks')(k, name)) ||
      !!(await k.selectFrom('account_entries').select('id').where('bank_name', '=', name).executeTakeFirst()),
  },
  // Cash in office: every journal line's cash in (paid_cash) and out (withdraw); the name is ignored.
  cash: {
    lines: () =>
      sql`SELECT date, id, entry, (source_type || ': ' || name) AS detail, paid_cash AS debit, withdraw AS credit
          FROM journal WHERE (paid_cash <> 0 OR withdraw <> 0)`,
    exists: async () => true,
  },
  customer: {
    lines: (_k, name) => customerLines(name),
    exists: async (k, name) =>
      !!(await k.selectFrom('customers').select('id').where('name', '=', name).executeTakeFirst()) ||
      !!(await k.selectFrom('journal').select('id').where('name', '=', name).executeTakeFirst()),
  },
}

export const partyExists = (db: Db, kind: StatementKind, name: string) =>
  SOURCES[kind].exists(db as unknown as Kysely<any>, name)

/** debit − credit of every line before `from` (paisa); 0 without a from. */
export const openingBalance = async (db: Db, kind: StatementKind, name: string, from?: string) => {
  if (!from) return 0
  const k = db as unknown as Kysely<any>
  const { rows } = await sql<{ net: number | string | null }>`
    SELECT COALESCE(SUM(l.debit - l.credit), 0) AS net FROM (${SOURCES[kind].lines(k, name)}) l
    WHERE l.date < ${from}`.execute(k)
  return Number(rows[0]?.net ?? 0)
}

/** The lines from..to (either may be open) in (date, id) order. */
export const statementLines = async (
  db: Db,
  kind: StatementKind,
  name: string,
  range: { from?: string; to?: string },
): Promise<SourceLine[]> => {
  const k = db as unknown as Kysely<any>
  const { rows } = await sql<SourceLine & { id: number }>`
    SELECT l.date, l.id, l.entry, l.detail, l.debit, l.credit FROM (${SOURCES[kind].lines(k, name)}) l
    WHERE ${range.from ? sql`l.date >= ${range.from}` : sql`1 = 1`}
      AND ${range.to ? sql`l.date <= ${range.to}` : sql`1 = 1`}
    ORDER BY l.date, l.id`.execute(k)
  return rows.map((r) => ({
    date: r.date,
    entry: r.entry,
    detail: kind === 'cash' || kind === 'customer' ? readableDetail(r.detail) : r.detail,
    debit: Number(r.debit),
    credit: Number(r.credit),
  }))
}

/** "tickets: Ali" -> "Ticket: Ali"; "umrah" -> "Umrah". */
const readableDetail = (detail: string) => {
  const [type, ...rest] = detail.split(': ')
  return [typeLabel(type!), ...rest].join(': ')
}
