import { CASH_IN_OFFICE } from '@booking/shared'
import type { Kysely } from 'kysely'
import {
  bankAccount,
  CASH,
  type Move,
  move,
  moveIn,
  OPENING,
  officePurposeAccountOf,
  rowCurrency,
  syncLines,
  vendorAccount,
  withRealised,
} from '../../../books/index.ts'
import type { Database } from '../../../db/schema.ts'
import type { ApiRow } from '../../../lib/crud.ts'

/** The account an Office Accounts row is kept in: office cash for "Cash in Office", else its bank. */
export const officeAccountOf = (row: ApiRow<'account_entries'>) =>
  row.bank_name === CASH_IN_OFFICE ? CASH : bankAccount(row.bank_name)

/**
 * An Office Accounts entry (decision 023): a credit is money into the account, a debit money out.
 * With a vendor the other side is that vendor (a payment to it, or money back from it); without one
 * it is an opening balance or the owner's own money in or out (equity).
 */
export const officeMoves = (row: ApiRow<'account_entries'>, purposeAccount: string | null = null): Move[] => {
  const account = officeAccountOf(row)
  // A bank charge or bank profit (issue 36 item 6) goes to its expense or income, not to equity.
  const other = String(row.vendor_name ?? '').trim()
    ? vendorAccount(row.vendor_name)
    : (purposeAccount ?? OPENING)
  // A bank kept in another currency: the amounts in it at the entry's rate (decision 132).
  const c = rowCurrency(row)
  if (c.rate !== null)
    return [...moveIn(c, account, other, row.credit), ...moveIn(c, other, account, row.debit)]
  return [...move(account, other, row.credit), ...move(other, account, row.debit)]
}

/** Rows another record posted (a ticket's bank money) carry that record's lines, not these. */
export const postOfficeEntry = async (trx: Kysely<Database>, row: ApiRow<'account_entries'>) => {
  if (row.source_type) return
  const detail = [row.bank_name, row.detail].filter(Boolean).join(': ')
  const source = { type: 'account_entries', id: row.id }
  const moves = officeMoves(row, await officePurposeAccountOf(trx, row.id))
  // A foreign vendor paid from a bank in its currency: settled to 0.00 in both (decision 109).
  const settled = String(row.vendor_name ?? '').trim()
    ? await withRealised(trx, source, vendorAccount(row.vendor_name), moves)
    : moves
  await syncLines(trx, source, { date: row.date, entry: row.entry, detail }, settled)
}

/**
 * The All Bookings row of a "Cash in Office" entry. Its figures are its cash line, netted as the
 * books net it (decision 055): paid cash when money came in, withdraw when it went out.
 */
export const officeCashJournal = (row: ApiRow<'account_entries'>) => ({
  date: row.date,
  entry: row.entry,
  name: CASH_IN_OFFICE,
  employee: row.employee_name,
})
