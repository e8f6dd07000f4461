import { type Kysely, sql } from 'kysely'
import { dbPaisa } from '../db/money-columns.ts'
import type { Database, TableName } from '../db/schema.ts'
import { SALE_TABLES } from './day-checkpoints.ts'
import type { BookSource } from './moves.ts'

/**
 * A statement shows a sale's one netted line on its party's account as the sale at its full price
 * and each amount paid at booking as a line of its own (decision 054), the same net, so the split
 * adds the same amount to both sides of the statement's totals. That amount is kept on the line
 * (`posting_lines.split_add`) and summed per day (`posting_days.split_add`) by the books' write, so a
 * statement page's totals read checkpoints instead of the period's lines (decision 080).
 */

// The record tables whose lines a statement splits: the sales (the specs' `payment` capability).
export { SALE_TABLES }

/** The accounts whose statements split sales: an agent's and a customer's. */
export const splitsSales = (account: string) =>
  account.startsWith('agent:') || account.startsWith('customer:')

/**
 * What a sale bills its party (paisa), in SQL over its record aliased `alias`: the price, and the
 * sales tax when it was added on top (decision 089), as its line on the party's account has it. So
 * a taxed sale's statement shows the whole bill and what was paid at booking too (decision 100).
 */
export const billSql = (table: string, alias: string) =>
  sql`(coalesce(${sql.ref(`${alias}.receivable_amount`)}, 0) + coalesce((SELECT st.tax_amount FROM sale_taxes st
    WHERE st.source_type = ${table} AND st.source_id = ${sql.ref(`${alias}.id`)} AND st.inclusive = 0), 0))`

/** What a sale charged and was paid at booking (paisa), as its record says. */
export interface BookingFigures {
  receivable: bigint
  cash: bigint
  bank: bigint
}

/** The source's booking figures read from its record when it is a sale (undefined otherwise, or when it is gone). */
export const saleFiguresOf = async (
  trx: Kysely<Database>,
  source: BookSource,
): Promise<BookingFigures | undefined> => {
  if (!SALE_TABLES.has(source.type)) return undefined
  const { rows } = await sql<{ r: unknown; c: unknown; b: unknown }>`SELECT ${billSql(source.type, 't')} AS r,
      t.paid_cash AS c, t.paid_in_bank AS b FROM ${sql.table(source.type as TableName)} t WHERE t.id = ${source.id}`.execute(
    trx,
  )
  const row = rows[0]
  return row ? { receivable: dbPaisa(row.r), cash: dbPaisa(row.c), bank: dbPaisa(row.b) } : undefined
}

const neg = (v: bigint) => (v < 0n ? -v : 0n)

/**
 * What the split of a line in force adds to each side (paisa): the split rows' debits less the
 * line's debit when the statement splits it (a sale's line on its party's account that equals its
 * record's figures and something was paid at booking), else 0. The rule of `saleRows`
 * (areas/readers/statements/sources.ts), which shows the rows.
 */
export const splitAddOf = (
  line: { account: string; debit: bigint; credit: bigint },
  sale: BookingFigures | undefined,
): bigint => {
  if (!sale || !splitsSales(line.account)) return 0n
  if (sale.cash === 0n && sale.bank === 0n) return 0n
  if (sale.receivable - sale.cash - sale.bank !== line.debit - line.credit) return 0n
  return sale.receivable + neg(sale.cash) + neg(sale.bank) - line.debit
}

/**
 * The same rule in SQL over a line `l` (its record looked up by id in `table`), for the books check
 * and statements that prove the kept figure: what the line's split_add must be while it is in force.
 */
export const splitAddSql = (table: string) => {
  const t = (c: string) => sql`coalesce(${sql.ref(`t.${c}`)}, 0)`
  const neg = (c: string) => sql`CASE WHEN ${t(c)} < 0 THEN -${t(c)} ELSE 0 END`
  const bill = billSql(table, 't')
  return sql<string>`coalesce((SELECT CASE
      WHEN (${t('paid_cash')} <> 0 OR ${t('paid_in_bank')} <> 0)
        AND ${bill} - ${t('paid_cash')} - ${t('paid_in_bank')} = l.debit - l.credit
      THEN ${bill} + ${neg('paid_cash')} + ${neg('paid_in_bank')} - l.debit
      ELSE 0 END
    FROM ${sql.table(table)} t WHERE t.id = l.source_id), 0)`
}

/**
 * What any line `l` must carry while in force: on a party account, its sale record's split (one
 * lookup by id, chosen by the line's source type); 0 on every other line.
 */
export const lineSplitSql = () =>
  sql<string>`(CASE WHEN (l.account LIKE 'agent:%' OR l.account LIKE 'customer:%') THEN (CASE l.source_type ${sql.join(
    [...SALE_TABLES].map((table) => sql`WHEN ${table} THEN ${splitAddSql(table)}`),
    sql` `,
  )} ELSE 0 END) ELSE 0 END)`
