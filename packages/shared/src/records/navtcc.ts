import { z } from 'zod'
import { remainingAmount } from '../calc.ts'
import { currencyCode, rateField } from '../currency.ts'
import { amount, optionalText, requiredText } from '../fields.ts'
import { numberOrZero } from '../money.ts'
import { taxAuthorityField } from '../tax.ts'
import { requireBankTitle } from './bank-title.ts'
import { NOT_NEGATIVE } from './not-negative.ts'
import { refuseOverpayment } from './overpayment.ts'
import { RequiredPassenger } from './single-passenger.ts'

/** NAVTCC amounts are whole rupees (spec: parsed as integers). */
const wholeAmount = (label: string) =>
  amount({
    required: `${label} is required`,
    typeError: `${label} must be a number`,
    min: NOT_NEGATIVE,
    integer: true,
  })

export const NavtccInput = z
  .object({
    /** Issue 36: the sale's sales tax authority ('none': no tax); left out, the customer's or agency's province. */
    tax_authority: taxAuthorityField,
    employee_name: requiredText('Employee Name is required'),
    customer_add: requiredText('Customer Address is required'),
    reference: requiredText('Reference is required', 200),
    profession_key: requiredText('Airline is required', 200),
    // One passenger; JSON text, a one-element array or an object are all accepted.
    passport_detail: RequiredPassenger,
    receivable_amount: wholeAmount('Receivable Amount'),
    paid_cash: wholeAmount('Paid Cash'),
    paid_in_bank: wholeAmount('Paid In Bank'),
    /**
     * The customer-facing bank title the old client sends (e.g. "UNITED BANK (Account 1)"); the
     * bank is read from it when bank_title is empty (docs/decisions/018).
     */
    paid_from_bank: optionalText(200),
    /** The bank (banks table) Paid In Bank went into; needed only when it is above 0. */
    bank_title: optionalText(100),
    payed_to_bank: wholeAmount('Paid To Bank'),
    // Our addition: who the payed-to-bank amount is owed to; empty means no vendor posting.
    vendor_name: optionalText(100),
    /** Issue 34 (decision 136): Paid To Bank's currency (default the vendor's) and the rates used. */
    vendor_currency: currencyCode.optional(),
    /** Issue 34 (decision 151): the selling side's currency (default the customer's). */
    currency: currencyCode.optional(),
    rates: z.record(z.string(), rateField, { error: 'Rates must be {"USD": 280.5}' }).optional(),
  })
  .superRefine(refuseOverpayment({ owed: 'receivable_amount', cash: 'paid_cash', bank: 'paid_in_bank' }), {
    when: () => true,
  })
  .superRefine(requireBankTitle('paid_in_bank', { also: 'paid_from_bank' }), { when: () => true })
export type NavtccInput = z.input<typeof NavtccInput>

/** As the API answers: passport_detail is the stored JSON text. */
export interface Navtcc
  extends Omit<z.output<typeof NavtccInput>, 'passport_detail' | 'currency' | 'vendor_currency' | 'rates'> {
  id: number
  /** Issue 34 (decision 151): the selling side's currency. */
  currency: string
  /** Issue 34 (decision 136): Paid To Bank's currency, and rupees per unit of each rate used. */
  vendor_currency: string
  rates: Record<string, number>
  entry: string
  passport_detail: string
  profit: number
  remaining_amount: number
  /** What Receive Payment took against the record since it was saved (the books' payments). */
  payments_total: number
  created_at: string
}

/** Remaining and profit as the form shows them while typing: junk or empty inputs count as 0. */
export const navtccLiveFigures = (v: Partial<Record<keyof NavtccInput, unknown>>) => {
  const receivable = numberOrZero(v.receivable_amount)
  return {
    remaining_amount: remainingAmount(receivable, numberOrZero(v.paid_cash), numberOrZero(v.paid_in_bank)),
    profit: navtccProfit(receivable, numberOrZero(v.payed_to_bank)),
  }
}

const paisa = (v: number | null | undefined) => Math.round((v ?? 0) * 100)
/** NAVTCC's profit: receivable − payed to bank (worked in paisa, so exact). */
export const navtccProfit = (receivable: number, payedToBank: number): number =>
  (paisa(receivable) - paisa(payedToBank)) / 100
