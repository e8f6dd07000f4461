import {
  bookingProfit,
  formatDate,
  passengerList,
  passengerName,
  remainingAmount,
  type TravelTable,
} from '@booking/shared'
import type { Kysely } from 'kysely'
import { createdDay } from '../../../books/index.ts'
import type { Database } from '../../../db/schema.ts'
import type { ApiRow } from '../../../lib/crud.ts'
import { HttpError } from '../../../lib/http-error.ts'

/**
 * What Ticket and Umrah share: the two derived figures, the booking's ledger date,
 * the passenger summary and the bank check.
 */

/** remaining and profit from the amounts, never from the client. */
export const bookingFigures = (
  receivable: number,
  paidCash: number,
  paidInBank: number,
  payable: number,
) => ({
  remaining: remainingAmount(receivable, paidCash, paidInBank),
  profit: bookingProfit(receivable, payable),
})

/**
 * The business day the booking was made (docs/decisions/019): its money date, not the travel date.
 * Postings use it on create and keep it on edit, so an edit never moves a posting to another place
 * in a running balance.
 */
export const bookingDate = (row: ApiRow): string => createdDay(row)

/** The first passenger's full name ("Mr Ali Khan"), '' when there is none. */
export const firstPassengerName = (passengers: unknown): string => passengerName(passengerList(passengers)[0])

/** The vendor row's detail: sector, depart date, return date, airline and first passenger, comma separated. */
export const travelDetail = (row: ApiRow<TravelTable>, passengers: unknown): string =>
  [
    row.sector,
    formatDate(row.depart_date),
    formatDate(row.return_date),
    row.airline,
    firstPassengerName(passengers),
  ]
    .filter((s) => typeof s === 'string' && s.trim() !== '')
    .join(', ')

/**
 * A booking may name only a bank account the office has (the banks table), so its office-account
 * posting never lands in a ledger nobody can see. An account deactivated later stays valid on the
 * records that already carry it.
 */
export const checkBank = async (
  trx: Kysely<Database>,
  bank: string,
  previous: string | undefined,
  field: string,
) => {
  if (!bank || bank === previous) return
  const found = await trx
    .selectFrom('banks')
    .select('id')
    .where('name', '=', bank)
    .where('active', '=', 1)
    .executeTakeFirst()
  if (!found) throw new HttpError(400, 'Unknown bank account', { [field]: 'Select a bank from the list' })
}

/**
 * Postings go only to an agent or vendor from the names lists (the add-name dialogs), so a typo
 * or an invented name cannot open a ledger nobody keeps. As NAVTCC answers: "Unknown … name".
 */
export const checkName = async (
  trx: Kysely<Database>,
  list: 'agent_names' | 'vender_names',
  name: string | null | undefined,
  previous: string | undefined,
  field: string,
) => {
  const wanted = String(name ?? '').trim()
  if (!wanted || wanted === previous) return
  const found = await trx.selectFrom(list).select('id').where('name', '=', wanted).executeTakeFirst()
  if (found) return
  const message = list === 'agent_names' ? 'Unknown agent name' : 'Unknown vendor name'
  throw new HttpError(400, message, { [field]: message })
}
