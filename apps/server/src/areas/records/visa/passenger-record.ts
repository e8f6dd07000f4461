import { type OnePassengerTable, readPassenger } from '@booking/shared'
import { createdDay } from '../../../books/index.ts'
import type { ApiRow } from '../../../lib/crud.ts'
import type { JournalFields } from '../../../lib/journal.ts'

/**
 * What Visa and GAMCA records share: one passenger kept as JSON text, and a dashboard line named
 * after the customer like every other booking's (the passenger when no customer was given).
 */
export const passengerText = (passenger: unknown) => JSON.stringify(readPassenger(passenger))

const displayName = (row: ApiRow<OnePassengerTable>) => {
  const p = readPassenger(row.passport_detail)
  const full = [p.firstName, p.lastName].filter((s) => typeof s === 'string' && s.trim()).join(' ')
  return String(row.customer_add ?? '').trim() || full
}

export const passengerJournal = (
  row: ApiRow<OnePassengerTable>,
  date: string | null | undefined,
): JournalFields => ({
  date: date || createdDay(row),
  entry: row.entry,
  name: displayName(row),
  employee: row.employee_name,
})
