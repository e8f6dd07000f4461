import {
  CUSTOMER_COLUMN,
  type FileRecord,
  isCustomerTable,
  passengerFileOf,
  passengerList,
  passengerName,
  toIsoDate,
} from '@booking/shared'
import type { AnyRecordRow } from '../../../lib/crud.ts'

const str = (v: unknown) => (typeof v === 'string' ? v : '')
const num = (v: unknown) => (typeof v === 'number' ? v : 0)
const customerColumnOf = (table: string) => (isCustomerTable(table) ? CUSTOMER_COLUMN[table] : 'customer_add')
/** A record's date as a day; a created_at instant is the agency's business day it fell on. */
const day = (v: unknown) => (typeof v === 'string' && v ? toIsoDate(v) || null : null)

/**
 * One stored record (money in rupees) as a line of a passenger's file or a customer's page; its
 * spec's `passengers` says its name, date, detail and which columns are its figures.
 */
export const fileRecord = (table: string, r: AnyRecordRow): FileRecord => {
  // Read by the spec's column names, which only some record tables have.
  const byColumn = r as Record<string, unknown>
  const file = passengerFileOf(table)
  const names =
    r.passport_detail !== undefined ? passengerList(r.passport_detail).map(passengerName).filter(Boolean) : []
  const plainName = file?.passports === 'plain' ? str(r.name) : ''
  // Paid so far (decision 054): at booking and by every later payment, so receivable = paid + remaining.
  const paidSoFar = num(r.paid_cash) + num(r.paid_in_bank) + num(r.payments_total)
  const cols = file?.figures
  const figures = cols
    ? {
        receivable: cols.receivable ? num(byColumn[cols.receivable]) : 0,
        paid: cols.paid ? num(byColumn[cols.paid]) : paidSoFar,
        remaining: cols.remaining ? num(byColumn[cols.remaining]) : 0,
      }
    : { receivable: num(r.receivable_amount), paid: paidSoFar, remaining: num(r.remaining_amount) }
  return {
    type: file?.typeLabel ?? table,
    table,
    id: r.id,
    entry: str(r.entry),
    // The timeline's date: the record's own date, else the day it was entered.
    date: (file?.dateColumn ? day(byColumn[file.dateColumn]) : null) ?? day(r.created_at),
    name: names.join(', ') || plainName,
    customer: str(byColumn[customerColumnOf(table)]),
    detail: file?.detail(byColumn) ?? '',
    ...figures,
  }
}

/** Newest first; undated records after dated ones, then by id. */
export const byDateDesc = (a: FileRecord, b: FileRecord) =>
  (b.date ?? '').localeCompare(a.date ?? '') || b.id - a.id
