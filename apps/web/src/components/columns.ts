import type { Column } from './data-table.tsx'

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
  ...more,
})
