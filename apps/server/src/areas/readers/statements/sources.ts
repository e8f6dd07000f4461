import { MAX_ID, type StatementKind, toPaisa } from '@booking/shared'
import { sql } from 'kysely'
import { codeOf } from '../../../books/account-rows.ts'
import {
  agentAccount,
  bankAccount,
  CASH,
  customerIdAccount,
  customerTextAccount,
  vendorAccount,
} from '../../../books/accounts.ts'
import { type BookLine, balanceBefore, hasLines, ledgerLines } from '../../../books/read.ts'
import { SALE_TABLES, splitsSales } from '../../../books/split.ts'
import { byName } from '../../../db/by-name.ts'
import type { Db } from '../../../db/connect.ts'
import { moneyOut } from '../../../db/money-columns.ts'
import type { TableName } from '../../../db/schema.ts'
import { customerIdOfText } from '../customers/link.ts'
import { entryWithType } from '../dashboard/queries.ts'

/**
 * Where every statement figure comes from: the books' posting lines (issue 13), one account per
 * statement, the same account codes the trial balance sums. Everything returned is in paisa, in the
 * books' own sign: balance = opening + debit − credit (decision 030), so a statement's closing on a
 * day is the trial balance's balance of that account up to that day.
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

const k = (db: Db) => byName(db)

const named = async (db: Db, table: TableName, name: string) =>
  !!(await k(db).selectFrom(table).select('name').where('name', '=', name).executeTakeFirst())

/**
 * The customer account a statement's name segment means (decision 033): a customer's id (digits)
 * names that customer's account; other text naming exactly one customer (its name, or "Name
 * (mobile or passport)" as the pick-list writes it) names that customer's; any other text is the
 * account of records whose customer text is that and that are linked to no customer.
 */
export const customerAccountFor = async (
  db: Db,
  name: string,
): Promise<{ account: string; known: boolean }> => {
  // Past MAX_ID it names no customer (and PostgreSQL's integer would refuse it).
  if (/^\d{1,10}$/.test(name) && Number(name) <= MAX_ID) {
    const found = await k(db)
      .selectFrom('customers')
      .select('id')
      .where('id', '=', Number(name))
      .executeTakeFirst()
    if (found) return { account: customerIdAccount(Number(found.id)), known: true }
  }
  const id = await customerIdOfText(db, name)
  if (id !== null) return { account: customerIdAccount(id), known: true }
  return { account: customerTextAccount(name), known: false }
}

/** The account code of a statement, and whether its party is known (an unknown one is a 404). */
export const statementAccount = async (
  db: Db,
  kind: StatementKind,
  name: string,
): Promise<{ account: string; exists: boolean }> => {
  switch (kind) {
    case 'agent': {
      const account = await codeOf(db, agentAccount(name))
      return { account, exists: (await named(db, 'agent_names', name)) || (await hasLines(db, account)) }
    }
    case 'vendor': {
      const account = await codeOf(db, vendorAccount(name))
      return { account, exists: (await named(db, 'vender_names', name)) || (await hasLines(db, account)) }
    }
    case 'bank': {
      // A renamed bank's lines keep the code of its first name (decision 082).
      const account = await codeOf(db, bankAccount(name))
      return { account, exists: (await named(db, 'banks', name)) || (await hasLines(db, account)) }
    }
    // One cash account (Cash in Office); the name is ignored.
    case 'cash':
      return { account: CASH, exists: true }
    case 'customer': {
      const found = await customerAccountFor(db, name)
      const { known } = found
      const account = await codeOf(db, found.account)
      return { account, exists: known || (await hasLines(db, account)) }
    }
  }
}

/** debit − credit of every line of the account before `from` (paisa); 0 without a from. */
export const openingBalance = async (db: Db, account: string, from?: string) => {
  if (!from) return 0
  return Number(await balanceBefore(db, account, from))
}

/** The account's lines in force from..to (either may be open) in ledger order, sales split (saleRows). */
export const statementLines = async (
  db: Db,
  account: string,
  range: { from?: string; to?: string },
): Promise<SourceLine[]> => shownLines(db, account, await ledgerLines(db, { account }, range))

/** Book lines as a statement shows them: an agent's or customer's sales split (saleRows). */
export const shownLines = async (db: Db, account: string, rows: readonly BookLine[]): Promise<SourceLine[]> =>
  (await shownLineGroups(db, account, rows)).flat()

/** Each book line's rows as a statement shows them (one, or a sale and its payments at booking). */
export const shownLineGroups = async (
  db: Db,
  account: string,
  rows: readonly BookLine[],
): Promise<SourceLine[][]> => {
  const lines = rows.map((r) => ({
    date: String(r.date),
    entry: entryWithType(String(r.source_type), String(r.entry ?? '')),
    detail: String(r.detail ?? ''),
    debit: Number(r.debit),
    credit: Number(r.credit),
    source: { type: String(r.source_type), id: Number(r.source_id) },
  }))
  if (!splitsSales(account)) return lines.map(({ source: _, ...l }) => [l])
  const sales = await saleFigures(db, lines)
  return lines.map(({ source, ...l }) => saleRows(l, sales.get(`${source.type}:${source.id}`)))
}

/**
 * What splitting the period's sales adds to each side of a statement's totals (paisa; the same on
 * both, as a split keeps each line's net): the sum of the period's day checkpoints' split_add
 * (decision 080), kept by the books' write as it writes each sale's line on its party's account.
 * A reversal carries its line's negated, on the same day, so the sum is the lines in force's. At
 * most one row per day of the period, so a page's totals cost what the page shows.
 */
export const splitAdds = async (db: Db, account: string, range: { from?: string; to?: string }) => {
  if (!splitsSales(account)) return 0n
  let q = k(db)
    .selectFrom('posting_days')
    .select(sql<string>`coalesce(sum(split_add), 0)`.as('d'))
    .where('account', '=', account)
  if (range.from) q = q.where('date', '>=', range.from)
  if (range.to) q = q.where('date', '<=', range.to)
  const row = await q.executeTakeFirst()
  return BigInt(String(row?.d ?? 0).split('.')[0] || '0')
}

/** What a sale charged and was paid at booking (paisa). */
interface SaleFigures {
  receivable: number
  cash: number
  bank: number
  bankTitle: string
}

/** The booking figures of every sale among the lines' sources, keyed "table:id". */
const saleFigures = async (db: Db, lines: readonly { source: { type: string; id: number } }[]) => {
  const ids = new Map<string, number[]>()
  for (const { source } of lines) {
    if (!SALE_TABLES.has(source.type)) continue
    const list = ids.get(source.type)
    if (list) list.push(source.id)
    else ids.set(source.type, [source.id])
  }
  const out = new Map<string, SaleFigures>()
  for (const [table, all] of ids) {
    for (let i = 0; i < all.length; i += 500) {
      const slice = all.slice(i, i + 500)
      const found = await k(db)
        .selectFrom(table as TableName)
        .selectAll()
        .where('id', 'in', slice)
        .execute()
      // A sales tax added on top is on the party's line too (decision 100): the bill holds it.
      const taxes = await k(db)
        .selectFrom('sale_taxes')
        .select(['source_id', 'tax_amount'])
        .where('source_type', '=', table)
        .where('source_id', 'in', slice)
        .where('inclusive', '=', 0)
        .execute()
      const taxOf = new Map(taxes.map((x) => [Number(x.source_id), Number(x.tax_amount)]))
      for (const raw of found) {
        const r = moneyOut(table as TableName, raw) as Record<string, unknown>
        out.set(`${table}:${r.id}`, {
          receivable: toPaisa(Number(r.receivable_amount ?? 0)) + (taxOf.get(Number(r.id)) ?? 0),
          cash: toPaisa(Number(r.paid_cash ?? 0)),
          bank: toPaisa(Number(r.paid_in_bank ?? 0)),
          bankTitle: String(r.bank_title ?? r.paid_from_bank ?? ''),
        })
      }
    }
  }
  return out
}

/**
 * A sale's one line on its party's account is netted (receivable less what was paid at booking);
 * the statement shows it as the sale at its full price and each amount paid at booking as a line of
 * its own (decision 054), the same net. A line that is not the record's current figures (a later
 * books change) is shown as it is.
 */
const saleRows = (line: SourceLine, sale: SaleFigures | undefined): SourceLine[] => {
  if (!sale || (sale.cash === 0 && sale.bank === 0)) return [line]
  if (sale.receivable - sale.cash - sale.bank !== line.debit - line.credit) return [line]
  const paid = (credit: number, detail: string): SourceLine[] =>
    credit === 0 ? [] : [{ ...line, detail, debit: Math.max(-credit, 0), credit: Math.max(credit, 0) }]
  return [
    { ...line, debit: sale.receivable, credit: 0 },
    ...paid(sale.cash, `Paid in cash at booking, ${line.entry}`),
    ...paid(
      sale.bank,
      `Paid in bank at booking${sale.bankTitle ? ` (${sale.bankTitle})` : ''}, ${line.entry}`,
    ),
  ]
}

/** A void ticket that had lines on the account in the period (decision 092). */
export interface VoidOnStatement {
  entry: string
  date: string
  reason: string
}

/**
 * The void tickets whose reversed lines fall on the account in from..to: their lines cancel, so
 * the statement's rows leave them out, and the statement says under them that they were voided
 * (issue 37). Read from the reversal lines' partial index (account, date).
 */
export const voidsOnStatement = async (
  db: Db,
  account: string,
  range: { from?: string; to?: string },
): Promise<VoidOnStatement[]> => {
  let q = db
    .selectFrom('posting_lines as l')
    .innerJoin('tickets as t', 't.id', 'l.source_id')
    .select(['t.entry', 'l.date', 't.void_reason'])
    .distinct()
    .where('l.account', '=', account)
    .where('l.reverses', 'is not', null)
    .where('l.source_type', '=', 'tickets')
    .where('t.voided_at', '<>', '')
  if (range.from) q = q.where('l.date', '>=', range.from)
  if (range.to) q = q.where('l.date', '<=', range.to)
  const rows = await q.orderBy('l.date').orderBy('t.entry').limit(200).execute()
  return rows.map((r) => ({ entry: String(r.entry), date: String(r.date), reason: String(r.void_reason) }))
}
