import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { ApiRow } from '../lib/crud.ts'
import { CASH } from './accounts.ts'
import { move, removeLines, syncLines } from './lines.ts'

/**
 * Protector, Expense and Refunded entries: cash leaves the office for a cost (decision 022):
 * Dr the record's expense account, Cr cash, dated by the form's own date.
 */
export const postWithdraw = (
  trx: Kysely<Database>,
  table: string,
  row: ApiRow,
  w: { account: string; amount: number; date: string; detail: string },
) =>
  syncLines(
    trx,
    { type: table, id: row.id },
    { date: w.date, entry: row.entry, detail: w.detail },
    move(w.account, CASH, w.amount),
  )

export const removeWithdraw = (trx: Kysely<Database>, table: string, row: ApiRow) =>
  removeLines(trx, { type: table, id: row.id })
