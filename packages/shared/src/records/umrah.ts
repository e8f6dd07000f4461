import { z } from 'zod'
import { currencyCode, rateField } from '../currency.ts'
import { requiredDate } from '../dates.ts'
import { amount, optionalText, requiredText } from '../fields.ts'
import { taxAuthorityField } from '../tax.ts'
import { notNegative } from './not-negative.ts'
import { refuseOverpayment } from './overpayment.ts'
import { FullPassenger, passengerCount, passengerList } from './passenger.ts'
import {
  BANK_TITLE_REQUIRED,
  PASSENGER_COUNT_MISMATCH,
  RETURN_BEFORE_DEPART,
  returnAfterDepart,
} from './ticket.ts'

const parsedJson = (v: unknown): unknown => {
  if (typeof v !== 'string') return v
  try {
    return JSON.parse(v)
  } catch {
    return v
  }
}

/**
 * Umrah pilgrims (decision 048): the spec's one passenger (an object, or JSON text of one) is read
 * as the lead pilgrim with its errors at passportDetail.<field>, as before; a list (JSON text or
 * array) holds one block per person counted, errors at passportDetail.<n>.<field>. Always a list out.
 */
const UmrahPassengers = z.unknown().transform((v, ctx): z.output<typeof FullPassenger>[] => {
  const shape = parsedJson(v)
  const isList = Array.isArray(shape)
  const list = isList ? passengerList(shape) : [passengerList(shape)[0] ?? {}]
  if (isList && list.length === 0) list.push({})
  if (list.length > 99) {
    ctx.addIssue({ code: 'custom', message: 'At most 99 passengers', path: [] })
    return z.NEVER
  }
  const out: z.output<typeof FullPassenger>[] = []
  list.forEach((p, i) => {
    const r = FullPassenger.safeParse(p)
    if (r.success) out.push(r.data)
    else
      for (const issue of r.error.issues)
        ctx.addIssue({
          code: 'custom',
          message: issue.message,
          path: isList ? [i, ...issue.path] : issue.path,
        })
  })
  return out
})
export const UMRAH_NOBODY = 'Adults + Children + Infants must count the passenger entered'

/** Umrah travels in camelCase (spec §3); every field of §5's list is required. */
export const UmrahInput = z
  .object({
    /** Issue 36: the sale's sales tax authority ('none': no tax); left out, the customer's or agency's province. */
    tax_authority: taxAuthorityField,
    userName: requiredText('Employee Name is required', 100),
    customerAdd: requiredText('Customer Address is required', 200),
    reference: requiredText('Reference is required', 200),
    packageDetail: requiredText('Package Detail is required', 1000),
    depart_date: requiredDate('Depart Date is required'),
    return_date: requiredDate('Return Date is required'),
    sector: requiredText('Sector is required', 200),
    airline: requiredText('Airline is required', 100),
    adults: passengerCount({
      required: 'Adults is required',
      typeError: 'Adults must be a number',
      negative: 'Adults cannot be negative',
    }),
    // The spec's list spells this one in lower case.
    children: passengerCount({
      required: 'children is required',
      typeError: 'children must be a number',
      negative: 'Children cannot be negative',
    }),
    infants: passengerCount({
      required: 'Infants is required',
      typeError: 'Infants must be a number',
      negative: 'Infants cannot be negative',
    }),
    // Spec §7 sends one passenger as JSON text; a list carries every pilgrim (decision 048).
    passportDetail: UmrahPassengers,
    receivableAmount: amount({
      required: 'Receivable Amount is required',
      typeError: 'Receivable Amount must be a number',
      min: notNegative('Receivable Amount'),
    }),
    paidCash: amount({
      required: 'Paid Cash is required',
      typeError: 'Paid Cash must be a number',
      min: notNegative('Paid Cash'),
    }),
    bank_title: optionalText(100),
    paidInBank: amount({
      required: 'Paid In Bank is required',
      typeError: 'Paid In Bank must be a number',
      min: notNegative('Paid In Bank'),
    }),
    payableToVendor: amount({
      required: 'Payable To Vendor is required',
      typeError: 'Payable To Vendor must be a number',
      min: notNegative('Payable To Vendor'),
    }),
    vendorName: requiredText('Vendor Name is required', 100),
    // profit and remainingAmount are ignored: the server computes them.
    /** Issue 34 (decision 109): the selling side's currency, the payable's, and the rates used. */
    currency: currencyCode.optional(),
    vendor_currency: currencyCode.optional(),
    rates: z.record(z.string(), rateField, { error: 'Rates must be {"SAR": 74.85}' }).optional(),
  })
  .superRefine(
    (v, ctx) => {
      if (!v || typeof v !== 'object') return
      if (!returnAfterDepart(v))
        ctx.addIssue({ code: 'custom', message: RETURN_BEFORE_DEPART, path: ['return_date'] })
      refuseOverpayment({ owed: 'receivableAmount', cash: 'paidCash', bank: 'paidInBank' })(v, ctx)
      // One passenger block (the lead traveller) is always sent, so the party counts at least one.
      const n = (x: unknown) => (typeof x === 'number' ? x : 0)
      const counted = [v.adults, v.children, v.infants].every((x) => typeof x === 'number')
      const count = n(v.adults) + n(v.children) + n(v.infants)
      if (counted && count < 1) ctx.addIssue({ code: 'custom', message: UMRAH_NOBODY, path: ['adults'] })
      // The spec's single passenger stands for the party (the lead pilgrim); a longer list is
      // every pilgrim, one per person counted, as a ticket's is.
      const pilgrims = Array.isArray(v.passportDetail) ? v.passportDetail.length : 0
      if (counted && count >= 1 && pilgrims > 1 && pilgrims !== count)
        ctx.addIssue({ code: 'custom', message: PASSENGER_COUNT_MISMATCH, path: ['passportDetail'] })
      if (typeof v.paidInBank === 'number' && v.paidInBank > 0 && !v.bank_title)
        ctx.addIssue({ code: 'custom', message: BANK_TITLE_REQUIRED, path: ['bank_title'] })
    },
    { when: () => true },
  )
export type UmrahInput = z.input<typeof UmrahInput>

/** An Umrah booking as GET /umrah answers it (spec §3). */
export interface UmrahBooking {
  id: number
  userName: string
  entry: string
  customerAdd: string
  reference: string
  packageDetail: string
  depart_date: string | null
  return_date: string | null
  sector: string
  airline: string
  adults: number
  children: number
  infants: number
  /** JSON text of the lead pilgrim, the spec's one passenger (decision 048). */
  passportDetail: string
  /** Every pilgrim, one per person counted (the lead first). */
  passengers: Record<string, unknown>[]
  receivableAmount: number
  paidCash: number
  bank_title: string
  paidInBank: number
  payableToVendor: number
  vendorName: string
  profit: number | null
  remainingAmount: number
  /** Issue 34: the selling side's currency, the payable's, and rupees per unit of each rate used. */
  currency: string
  vendor_currency: string
  rates: Record<string, number>
  /** What Receive Payment took against the booking since it was saved (the books' payments). */
  paymentsTotal: number
  createdAt: string
}
