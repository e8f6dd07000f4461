import type { Column } from './data-table.tsx'

/**
 * A sale's selling side is in its `currency` (decisions 137, 151): its receivable, paid and remaining
 * columns name it (rows saved before issue 34, and types with none, are rupees).
 */
export const saleCurrency = <T>(row: T): string | undefined => {
  const c = (row as { currency?: unknown }).currency
  return typeof c === 'string' ? c : undefined
}

/**
 * What a booking still owes: pinned at the row's end beside the actions, so it stays in view
 * however many columns the user picks.
 */
export const remainingColumn = <T>(more: Partial<Column<T>> = {}): Column<T> => ({
  key: 'remaining_amount',
  header: 'Remaining Amount',
  format: 'amount',
  pin: 'end',
  width: 120,
  currencyOf: saleCurrency,
  ...more,
})

/**
 * Money received by later payments (Receive Payment) since the booking (decision 054). The spec's
 * Paid Cash and Paid In Bank columns stay what was paid at booking (the form's own fields), so a row
 * adds up: Receivable = Paid Cash + Paid In Bank + Paid Later + Remaining.
 */
export const paidLaterColumn = <T>(more: Partial<Column<T>> = {}): Column<T> => ({
  key: 'payments_total',
  header: 'Paid Later',
  format: 'amount',
  sortable: false,
  currencyOf: saleCurrency,
  ...more,
})
