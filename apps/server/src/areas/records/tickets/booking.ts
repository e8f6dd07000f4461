import {
  bookingProfit,
  formatDate,
  fromPaisa,
  passengerList,
  passengerName,
  remainingAmount,
  type TravelTable,
  toPaisa,
} from '@booking/shared'
import type { Kysely } from 'kysely'
import {
  COST_OF_SALES,
  createdDay,
  currencyOf,
  moveIn,
  type RecordCurrency,
  recordCurrency,
  rupeesOn,
  storedRates,
  vendorAccount,
} from '../../../books/index.ts'
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

/** The payable's currency and rate as stored (a row written before issue 34: rupees). */
export const payableCurrency = (row: { vendor_currency?: unknown; rates?: unknown }): RecordCurrency => {
  const currency = String(row.vendor_currency ?? 'PKR')
  return { currency, rate: currency === 'PKR' ? null : (storedRates(row.rates)[currency] ?? null) }
}

/** The body's `rates` ({"usd": 280.5}) as the column keeps them: codes upper case, rates as text. */
export const ratesColumn = (rates: Record<string, number | string> | undefined) =>
  JSON.stringify(
    Object.fromEntries(Object.entries(rates ?? {}).map(([k, v]) => [k.trim().toUpperCase(), v.toString()])),
  )

/**
 * Issue 34 (decisions 109, 136), before anything is written, for a sale with a buying side (Umrah,
 * Ticket, NAVTCC, whose payable is `payableField`): the payable is in the vendor's currency (`vendor_currency`, its default), at
 * `rates[vendor_currency]` (typed, kept on an edit of the same day, else the day's rate); the profit
 * is the receivable less the payable's rupees as the lines round them.
 */
export const settlePayableCurrency = async (
  trx: Kysely<Database>,
  row: Record<string, unknown>,
  before: { vendor_currency?: unknown; rates?: unknown } | null,
  payableField = 'payable_to_vendor',
) => {
  const typed = storedRates(row.rates)
  const date = bookingDate((before ?? row) as ApiRow)
  const given = row.vendor_currency as string | undefined
  const vendor = vendorAccount(String(row.vendor_name ?? '').trim())
  // No vendor, no payable to keep in a currency: rupees, as before.
  if (!String(row.vendor_name ?? '').trim() && !given) {
    row.vendor_currency = 'PKR'
    row.rates = '{}'
    return
  }
  const kept = before ? payableCurrency(before) : null
  const c = await recordCurrency(trx, {
    party: vendor,
    partyName: String(row.vendor_name),
    given,
    // No rate typed (a rupee call): no need to read the vendor's currency twice.
    typed: Object.keys(typed).length === 0 ? undefined : typed[given ?? (await currencyOf(trx, vendor))],
    date,
    kept: kept && before ? { ...kept, date: bookingDate(before as ApiRow) } : null,
    currencyField: 'vendor_currency',
    rateField: 'rates',
  })
  row.vendor_currency = c.currency
  row.rates = JSON.stringify(c.rate === null ? {} : { [c.currency]: c.rate.toString() })
  if (c.rate !== null && Number(row[payableField]) > 0) {
    const cost = rupeesOn(moveIn(c, COST_OF_SALES, vendor, Number(row[payableField])), COST_OF_SALES)
    row.profit = fromPaisa(toPaisa(Number(row.receivable_amount)) - toPaisa(cost))
  }
}
