import {
  formatDate,
  passengerList,
  passengerName,
  RECEIPT_SPECS,
  type ReceiptPayment,
  type ReceiptTax,
  rateOfMicro,
  receiptFigures,
  rupeesAt,
} from '@booking/shared'
import type { AnyRecordRow } from '../../../lib/crud.ts'
import type { ReceiptDoc } from '../../platform/documents/receipt.ts'

// Which records have a receipt, and how each one's row reads as one.

type Particulars = Array<[string, string]>

export interface BookingReceipt {
  /** The list path after /api. */
  path: string
  table: string
  kind: string
  /** The record's own lines (customer, sector, …) for the left column. */
  particulars: (row: AnyRecordRow) => Particulars
  /** The day the receipt is dated: the record's own date where it has one, else the day it was saved. */
  date?: (row: AnyRecordRow) => string | null | undefined
}

/** A column the spec names by text (`receipt.particulars`), which only some record tables have. */
const cell = (row: AnyRecordRow, column: string): unknown => (row as Record<string, unknown>)[column]
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))
const travelDates = (row: AnyRecordRow) =>
  [row.depart_date, row.return_date]
    .filter(Boolean)
    .map((d) => String(d).split('-').reverse().join('/'))
    .join(' – ')

/** Records a customer pays for (their specs' `receipt`): receivable, paid in cash and bank, remaining. */
export const BOOKING_RECEIPTS: BookingReceipt[] = RECEIPT_SPECS.map(({ path, table, receipt }) => ({
  path,
  table,
  kind: receipt.kind,
  particulars: (r) =>
    receipt.particulars.map(([label, column]) => [
      label,
      column === 'travel' ? travelDates(r) : text(cell(r, column)),
    ]),
  date: receipt.dateColumn ? (r) => text(cell(r, receipt.dateColumn as string)) || null : undefined,
}))

/**
 * The receipt of one booking row (rupees, as the lifecycle reads it) with every later payment
 * against it (decision 054): price and sales tax when taxed (decision 100), total, paid at
 * booking, each payment, received in all, remaining.
 */
export const bookingReceipt = (
  cfg: BookingReceipt,
  row: AnyRecordRow,
  savedOn: string,
  payments: readonly ReceiptPayment[] = [],
  tax: ReceiptTax | null = null,
): ReceiptDoc => {
  const f = receiptFigures(
    {
      receivable: Number(row.receivable_amount ?? 0),
      cash: Number(row.paid_cash ?? 0),
      bank: Number(row.paid_in_bank ?? 0),
      tax,
    },
    payments,
  )
  const bankTitle = text(row.bank_title ?? row.paid_from_bank)
  // A sale in its party's currency (decision 139): figures in it, the rate and the rupees beside.
  const currency = text(row.currency) || 'PKR'
  const micro =
    currency === 'PKR' ? null : (JSON.parse(text(row.rates) || '{}') as Record<string, string>)[currency]
  const rate = micro ? rateOfMicro(micro) : null
  return {
    ...(rate === null ? {} : { currency }),
    title: 'Receipt',
    // "Umrah 1/5", not "1/5": the record type beside the number (issue 37); "Ticket 1/5" stays.
    number: /^\p{L}/u.test(text(row.entry)) ? text(row.entry) : `${cfg.kind} ${text(row.entry)}`,
    date: cfg.date?.(row) ?? savedOn,
    kind: cfg.kind,
    // A void ticket's receipt says so first (decision 092): its money was reversed in the books.
    particulars: [
      ['Status', row.voided_at ? `VOID: ${text(row.void_reason)}` : ''] as [string, string],
      ...cfg.particulars(row),
      ['Bank', f.bank ? bankTitle : ''] as [string, string],
      ['Rate', rate === null ? '' : `Rs ${rate} per ${currency}`] as [string, string],
    ].filter(([, v]) => v !== ''),
    passengers: passengerList(row.passport_detail)
      .map((p) => {
        const name = passengerName(p)
        const doc = typeof p.documentNo === 'string' && p.documentNo ? ` (${p.documentNo})` : ''
        return name ? `${name}${doc}` : ''
      })
      .filter(Boolean),
    amounts: [
      ...f.lines(formatDate, !!row.voided_at),
      ...(rate === null
        ? []
        : [{ label: `Total in rupees at ${rate}`, value: rupeesAt(f.total, currency, rate), rupees: true }]),
    ],
    inWords: [
      ['Total', f.total],
      ['Received', f.received],
    ],
  }
}
