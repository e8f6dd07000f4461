import { CASH_IN_OFFICE, fromPaisa, type ListQuery } from '@booking/shared'
import { CASH, type LedgerLine, page } from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import type { AnyRecordRow } from '../../../lib/crud.ts'

/**
 * A cash line as an Office Accounts row: credit = money in, debit = money out (the bank rows'
 * sides). Its id is the line's place, which an edit of its record keeps (decision 050).
 */
const asRow = (l: LedgerLine): AnyRecordRow => ({
  id: l.place,
  bank_name: CASH_IN_OFFICE,
  employee_name: '',
  vendor_name: '',
  entry: l.entry,
  date: l.date,
  detail: l.detail,
  credit: fromPaisa(Number(l.debit)),
  debit: fromPaisa(Number(l.credit)),
  balance: fromPaisa(Number(l.balance)),
  source_type: l.source_type,
  source_id: l.source_id,
})

/**
 * The "Cash in Office" account on the Office Accounts screen: the books' cash ledger (books/read.ts
 * page) as account rows, balance = running cash in office. Filters choose the rows shown,
 * never their balances; a page reads only what it shows.
 */
export const cashLedger = async (
  db: Db,
  query: ListQuery,
): Promise<{ rows: AnyRecordRow[]; total?: number }> => {
  const { rows, total } = await page(db, CASH, query)
  return { rows: rows.map(asRow), ...(total === undefined ? {} : { total }) }
}
