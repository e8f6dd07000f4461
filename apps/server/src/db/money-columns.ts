import { ALL_RECORD_SPECS, fromPaisa, toPaisa } from '@booking/shared'
import type { TableName } from './schema.ts'

/** Columns held as integer paisa; the API speaks rupees. Record tables name theirs in their RecordSpec. */
export const MONEY_COLUMNS: Partial<Record<TableName, readonly string[]>> = {
  ...Object.fromEntries(ALL_RECORD_SPECS.map((s) => [s.table, s.money])),
  payments: ['amount'],
}

/**
 * The money columns the table itself stores: a ledger's running balance is a money key of its answer
 * but no column (an amount search compared it, and the database answered "no such column").
 */
export const STORED_MONEY_COLUMNS: Partial<Record<TableName, readonly string[]>> = {
  ...MONEY_COLUMNS,
  ...Object.fromEntries(
    ALL_RECORD_SPECS.map((s) => [
      s.table,
      s.money.filter((c) => (s.columns as readonly string[]).includes(c)),
    ]),
  ),
}

const convert = (
  table: TableName,
  row: Record<string, unknown>,
  fn: (v: number | string) => number | null,
) => {
  const out: Record<string, unknown> = { ...row }
  for (const column of MONEY_COLUMNS[table] ?? []) {
    if (column in out) out[column] = out[column] === null ? null : fn(out[column] as number | string)
  }
  return out
}

/** A database row with its money in rupees (also the running-balance columns a query adds). */
export const moneyOut = <R extends Record<string, unknown>>(table: TableName, row: R): R =>
  convert(table, row, fromPaisa) as R

/** Values in rupees made ready for the database. */
export const moneyIn = <R extends Record<string, unknown>>(table: TableName, values: R): R =>
  convert(table, values, toPaisa) as R

/** A money figure or sum as the database answers it (PostgreSQL sums are numeric strings), as BigInt paisa. */
export const dbPaisa = (v: unknown): bigint => BigInt(String(v ?? 0).split('.')[0] || '0')
