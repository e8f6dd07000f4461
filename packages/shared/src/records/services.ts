import { z } from 'zod'
import { remainingAmount } from '../calc.ts'
import { requiredDate } from '../dates.ts'
import { amount, oneOf, optionalText, requiredText } from '../fields.ts'
import { numberOrZero } from '../money.ts'
import { VISA_TYPES } from '../options.ts'
import { taxAuthorityField } from '../tax.ts'
import { requireBankTitle } from './bank-title.ts'
import { NOT_NEGATIVE } from './not-negative.ts'
import { requireVendorForPayable, type VendorPayableAnswer, vendorPayableFields } from './vendor-payable.ts'

/** Remaining as the form shows it while typing: junk or empty inputs count as 0. */
export const serviceRemaining = (v: {
  receivable_amount?: unknown
  paid_cash?: unknown
  paid_in_bank?: unknown
}) =>
  remainingAmount(numberOrZero(v.receivable_amount), numberOrZero(v.paid_cash), numberOrZero(v.paid_in_bank))

export const SERVICE_REMAINING_NEGATIVE = 'Remaining amount cannot be negative'

export const ServiceInput = z
  .object({
    /** Issue 36: the sale's sales tax authority ('none': no tax); left out, the customer's or agency's province. */
    tax_authority: taxAuthorityField,
    user_name: requiredText('User Name is required'),
    customer_add: requiredText('Customer Address is required'),
    booking_date: requiredDate('Booking Date is required'),
    specific_detail: requiredText('Specific Detail is required'),
    visa_type: oneOf(VISA_TYPES, 'Visa Type is required', 'Invalid Visa Type'),
    receivable_amount: amount({ required: 'Receivable Amount is required', min: NOT_NEGATIVE }),
    paid_cash: amount({ required: 'Paid Cash is required', min: NOT_NEGATIVE }),
    // The spec calls it a bank title, but remaining subtracts it, so it is held as an amount.
    paid_in_bank: amount({ required: 'Number is required', min: NOT_NEGATIVE }),
    /** The bank (banks table) Paid In Bank went into; needed only when it is above 0. */
    bank_title: optionalText(100),
    profit: amount({ required: 'Profit is required', typeError: 'Profit must be a number' }),
    // Sent by the client for display only; the server recomputes it.
    remaining_amount: z.unknown().optional(),
    ...vendorPayableFields,
  })
  .superRefine((v, ctx) => {
    if (serviceRemaining(v) < 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['remaining_amount'],
        message: 'Remaining amount cannot be negative',
      })
    }
    requireBankTitle('paid_in_bank')(v, ctx)
    requireVendorForPayable(v, ctx)
  })
export type ServiceInput = z.input<typeof ServiceInput>

export interface Service
  extends Omit<z.output<typeof ServiceInput>, 'remaining_amount' | 'currency' | 'vendor_currency' | 'rates'>,
    VendorPayableAnswer {
  id: number
  entry: string
  remaining_amount: number
  /** What Receive Payment took against the record since it was saved (the books' payments). */
  payments_total: number
  created_at: string
}
