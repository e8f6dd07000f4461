import {
  type FileRecord,
  formatDate,
  passengerList,
  passengerName,
  RECORD_TYPE_LABEL,
  toIsoDate,
} from '@booking/shared'
import type { AnyRecordRow } from '../../lib/crud.ts'

const str = (v: unknown) => (typeof v === 'string' ? v : '')
const num = (v: unknown) => (typeof v === 'number' ? v : 0)
/** A record's date as a day; a created_at instant is the agency's business day it fell on. */
const day = (v: unknown) => (typeof v === 'string' && v ? toIsoDate(v) || null : null)

/** The date a record is placed at on a timeline: its own date, else the day it was entered. */
const DATE_OF: Record<string, (r: AnyRecordRow) => string | null> = {
  tickets: (r) => day(r.depart_date),
  umrah: (r) => day(r.depart_date),
  visa_processing: (r) => day(r.embassy_send_date),
  protectors: (r) => day(r.protector_date),
  refunded: (r) => day(r.date),
  refund_customers: (r) => day(r.date),
  services: (r) => day(r.booking_date),
}

const DETAIL_OF: Record<string, (r: AnyRecordRow) => string> = {
  tickets: (r) => [r.sector, r.airline].map(str).filter(Boolean).join(' · '),
  umrah: (r) => [r.package_detail, r.sector].map(str).filter(Boolean).join(' · '),
  visa_processing: (r) =>
    [
      r.visa_number && `Visa ${r.visa_number}`,
      r.embassy,
      r.expiry_medical_date && `medical to ${formatDate(r.expiry_medical_date)}`,
    ]
      .map(str)
      .filter(Boolean)
      .join(' · '),
  gamca_tokens: (r) => str(r.country),
  protectors: (r) =>
    [r.file_no && `File ${r.file_no}`, r.protector_date && `protector ${formatDate(r.protector_date)}`]
      .map(str)
      .filter(Boolean)
      .join(' · '),
  navtcc: (r) => str(r.profession_key),
  refunded: (r) => str(r.reference),
  refund_customers: (r) => str(r.detail_sector),
  services: (r) => [r.visa_type, r.specific_detail].map(str).filter(Boolean).join(' · '),
}

/** One stored record (money in rupees) as a line of a passenger's file or a customer's page. */
export const fileRecord = (table: string, r: AnyRecordRow): FileRecord => {
  const names =
    r.passport_detail !== undefined ? passengerList(r.passport_detail).map(passengerName).filter(Boolean) : []
  const plainName =
    table === 'protectors' || table === 'refunded' || table === 'refund_customers' ? str(r.name) : ''
  // Paid so far (decision 054): at booking and by every later payment, so receivable = paid + remaining.
  const paid = num(r.paid_cash) + num(r.paid_in_bank) + num(r.payments_total)
  const figures =
    table === 'refund_customers'
      ? { receivable: num(r.total_amount), paid, remaining: num(r.balance) }
      : table === 'protectors'
        ? { receivable: 0, paid: num(r.withdraw), remaining: 0 }
        : table === 'refunded'
          ? { receivable: num(r.total_balance), paid: num(r.withdraw), remaining: 0 }
          : { receivable: num(r.receivable_amount), paid, remaining: num(r.remaining_amount) }
  return {
    type: RECORD_TYPE_LABEL[table] ?? table,
    table,
    id: r.id,
    entry: str(r.entry),
    date: DATE_OF[table]?.(r) ?? day(r.created_at),
    name: names.join(', ') || plainName,
    customer: table === 'refund_customers' ? str(r.name) : str(r.customer_add),
    detail: DETAIL_OF[table]?.(r) ?? '',
    ...figures,
  }
}

/** Newest first; undated records after dated ones, then by id. */
export const byDateDesc = (a: FileRecord, b: FileRecord) =>
  (b.date ?? '').localeCompare(a.date ?? '') || b.id - a.id
