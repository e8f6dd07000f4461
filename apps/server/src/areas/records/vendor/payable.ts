import { fromPaisa, toPaisa } from '@booking/shared'
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
import { syncPosting } from '../../../lib/postings.ts'

/**
 * A sale's payable to a vendor in the vendor's currency (issue 34 item 3; decisions 109, 136, 140):
 * what every type with a buying side shares (Umrah, Ticket, NAVTCC, Visa, the medical token, Services).
 */

/** The payable's currency and rate as stored (a row written before issue 34: rupees). */
export const payableCurrency = (row: { vendor_currency?: unknown; rates?: unknown }): RecordCurrency => {
  const currency = String(row.vendor_currency ?? 'PKR')
  return { currency, rate: currency === 'PKR' ? null : (storedRates(row.rates)[currency] ?? null) }
}

/** The vendor ledger row's `currency` and `rate` (micro-rupees) for a stored payable. */
export const payableRow = (row: { vendor_currency?: unknown; rates?: unknown }) => {
  const c = payableCurrency(row)
  return { currency: c.currency, rate: c.rate === null ? null : Number(c.rate) }
}

/** The body's `rates` ({"usd": 280.5}) as the column keeps them: codes upper case, rates as text. */
export const ratesColumn = (rates: Record<string, number | string> | undefined) =>
  JSON.stringify(
    Object.fromEntries(Object.entries(rates ?? {}).map(([k, v]) => [k.trim().toUpperCase(), v.toString()])),
  )

/**
 * A sale's currencies as stored: each side's only when typed (left out, the column keeps its default
 * or its stored value), and the rates.
 */
export const currencyColumns = (input: {
  currency?: string | undefined
  vendor_currency?: string | undefined
  rates?: Record<string, number | string> | undefined
}) => ({
  ...(input.currency ? { currency: input.currency } : {}),
  ...(input.vendor_currency ? { vendor_currency: input.vendor_currency } : {}),
  rates: ratesColumn(input.rates),
})

export interface PayableOptions {
  /** The payable's column (NAVTCC's is `payed_to_bank`). */
  payable?: string
  /** The record's money day (a Service's Booking Date); left out, the day it was made. */
  day?: (row: Record<string, unknown>) => string
  /** Rupee costs the profit also leaves out (a Visa's charges and protector fee). */
  otherCosts?: number
}

/**
 * Before anything is written: the payable is in the vendor's currency (`vendor_currency`, its
 * default; another is a 400), at `rates[vendor_currency]` (typed, kept on an edit of the same day,
 * else the day's rate; none: a 400); the profit is the receivable less the other costs and the
 * payable's rupees as the lines round them.
 */
export const settlePayableCurrency = async (
  trx: Kysely<Database>,
  row: Record<string, unknown>,
  before: { vendor_currency?: unknown; rates?: unknown } | null,
  opts: PayableOptions = {},
) => {
  const payableField = opts.payable ?? 'payable_to_vendor'
  const dayOf = (r: Record<string, unknown>) => (opts.day ? opts.day(r) : createdDay(r as ApiRow))
  const typed = storedRates(row.rates)
  const date = opts.day ? dayOf(row) : dayOf((before ?? row) as Record<string, unknown>)
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
    kept: kept && before ? { ...kept, date: dayOf(before as Record<string, unknown>) } : null,
    currencyField: 'vendor_currency',
    rateField: 'rates',
  })
  row.vendor_currency = c.currency
  row.rates = JSON.stringify(c.rate === null ? {} : { [c.currency]: c.rate.toString() })
  if (c.rate !== null && Number(row[payableField]) > 0) {
    const cost = rupeesOn(moveIn(c, COST_OF_SALES, vendor, Number(row[payableField])), COST_OF_SALES)
    row.profit = fromPaisa(
      toPaisa(Number(row.receivable_amount)) - toPaisa(opts.otherCosts ?? 0) - toPaisa(cost),
    )
  }
}

/** The stored payable as `postSale` takes it: the vendor, the amount and its currency. */
export const salePayable = (row: {
  vendor_name?: unknown
  payable_to_vendor?: unknown
  vendor_currency?: unknown
  rates?: unknown
}) => ({
  vendor: String(row.vendor_name ?? '').trim(),
  payable: Number(row.payable_to_vendor ?? 0),
  payableIn: payableCurrency(row),
})

/**
 * The Vendor ledger row of a sale that names a vendor (Visa, the medical token, Services), as a
 * Ticket's: the payable in the vendor's currency at the record's rate; none without a payable.
 */
export const syncVendorPayable = (
  trx: Kysely<Database>,
  source: { type: string; id: number },
  row: {
    vendor_name?: unknown
    payable_to_vendor?: unknown
    vendor_currency?: unknown
    rates?: unknown
    entry?: unknown
  },
  at: { date: string; detail: string },
  created: boolean,
) => {
  const { vendor, payable } = salePayable(row)
  return syncPosting(
    trx,
    'vender_entries',
    source,
    vendor && payable > 0
      ? {
          vender_name: vendor,
          detail: at.detail,
          credit: payable,
          debit: 0,
          withdraw: 0,
          date: at.date,
          entry: String(row.entry ?? ''),
          bank_title: '',
          ...payableRow(row),
        }
      : null,
    { created },
  )
}
