import { CASH_IN_OFFICE, fromPaisa, type ListQuery } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { Db } from '../../db/connect.ts'
import { CASH } from '../../lib/books/accounts.ts'
import type { ApiRow } from '../../lib/crud.ts'

/**
 * The "Cash in Office" account on the Office Accounts screen: every cash line of the books as an
 * account row (credit = money in, debit = money out, balance = running cash in office, in (date, id)
 * order). Filters choose the rows shown, never their balances.
 */
export const cashLedger = async (db: Db, query: ListQuery): Promise<{ rows: ApiRow[]; total?: number }> => {
  const lines = await (db as unknown as Kysely<any>)
    .selectFrom('posting_lines')
    .select(['id', 'date', 'entry', 'detail', 'debit', 'credit', 'source_type', 'source_id'])
    .where('account', '=', CASH)
    .orderBy('date')
    .orderBy('id')
    .execute()
  let running = 0n
  const q = query.q?.toLowerCase()
  const rows: ApiRow[] = []
  for (const l of lines) {
    const debit = BigInt(String(l.debit))
    const credit = BigInt(String(l.credit))
    running += debit - credit
    if (query.from && l.date < query.from) continue
    if (query.to && l.date > query.to) continue
    if (q && !`${l.entry} ${l.detail}`.toLowerCase().includes(q)) continue
    rows.push({
      id: Number(l.id),
      bank_name: CASH_IN_OFFICE,
      employee_name: '',
      vendor_name: '',
      entry: l.entry,
      date: l.date,
      detail: l.detail,
      credit: fromPaisa(debit),
      debit: fromPaisa(credit),
      balance: fromPaisa(running),
      source_type: l.source_type,
      source_id: Number(l.source_id),
    })
  }
  if (query.sort === '-date') rows.reverse()
  if (query.limit === undefined) return { rows }
  const offset = query.offset ?? 0
  return { rows: rows.slice(offset, offset + query.limit), total: rows.length }
}
