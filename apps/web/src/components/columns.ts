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
