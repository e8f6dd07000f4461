import { z } from 'zod'
import { currencyCode, rateField } from '../currency.ts'
import { amount, optionalText } from '../fields.ts'
import { fromPaisa, toPaisa } from '../money.ts'
import { notNegative } from './not-negative.ts'

/**
 * Issue 34 item 3 (decision 140): a sale whose spec has no vendor (Visa, the medical token, Services)
 * may name one and what is owed to it, in the vendor's currency (`vendor_currency`, default the
 * vendor's) at `rates` (default the day's rate), as a Ticket does. All optional: left out, the record
 * is what the spec made it.
 */
export const vendorPayableFields = {
  payable_to_vendor: amount({
    typeError: 'Payable To Vendor must be a number',
    min: notNegative('Payable To Vendor'),
  }).optional(),
  vendor_name: optionalText(100),
  vendor_currency: currencyCode.optional(),
  /** The selling side's currency (decision 151): default the customer's. */
  currency: currencyCode.optional(),
  rates: z.record(z.string(), rateField, { error: 'Rates must be {"USD": 280.5}' }).optional(),
}

export const PAYABLE_NEEDS_VENDOR = 'Select the vendor the payable is owed to'

/** A payable owed to nobody would post a cost to no ledger: the vendor is asked for. */
export const requireVendorForPayable = (
  v: { payable_to_vendor?: number; vendor_name?: string },
  ctx: z.RefinementCtx,
) => {
  if ((v.payable_to_vendor ?? 0) > 0 && !String(v.vendor_name ?? '').trim())
    ctx.addIssue({ code: 'custom', path: ['vendor_name'], message: PAYABLE_NEEDS_VENDOR })
}

/** As the API answers the buying side: the currency, and rupees per unit of each rate used. */
export interface VendorPayableAnswer {
  /** The selling side's currency (decision 151). */
  currency: string
  vendor_currency: string
  rates: Record<string, number>
}

/**
 * A typed profit (the medical token's, a service's) gives way to the payable's when a vendor is owed
 * one: receivable − payable (rupees; the server counts a foreign payable at its rate).
 */
export const profitWithPayable = (v: {
  receivable_amount?: number
  payable_to_vendor?: number
  vendor_name?: string
  profit?: number
}): number | undefined =>
  (v.payable_to_vendor ?? 0) > 0 && String(v.vendor_name ?? '').trim()
    ? fromPaisa(toPaisa(v.receivable_amount ?? 0) - toPaisa(v.payable_to_vendor ?? 0))
    : v.profit
