import { z } from 'zod'
import { amount, requiredText } from '../fields.ts'
import { taxAuthorityField } from '../tax.ts'
import { refuseOverpayment } from './overpayment.ts'
import { RequiredPassenger } from './single-passenger.ts'
import { requireVendorForPayable, type VendorPayableAnswer, vendorPayableFields } from './vendor-payable.ts'

/** GAMCA token (spec part 1 §5): profit is typed by the user; remaining is the server's. */
export const GamcaInput = z
  .object({
    /** Issue 36: the sale's sales tax authority ('none': no tax); left out, the customer's or agency's province. */
    tax_authority: taxAuthorityField,
    employee_name: requiredText('Employee Name is required'),
    customer_add: requiredText('Customer Address is required'),
    reference: requiredText('Reference is required', 200),
    country: requiredText('Country is required', 100),
    passport_detail: RequiredPassenger,
    receivable_amount: amount({
      required: 'Receivable Amount is required',
      typeError: 'Receivable Amount must be a number',
      min: { value: 0, message: 'Receivable Amount cannot be negative' },
    }),
    paid_cash: amount({
      required: 'Paid Cash is required',
      typeError: 'Paid Cash must be a number',
      min: { value: 0, message: 'Paid Cash cannot be negative' },
    }),
    paid_from_bank: requiredText('Bank Title is required', 200),
    paid_in_bank: amount({
      typeError: 'Paid_in_bank must be a number',
      min: { value: 0, message: 'Paid In Bank cannot be negative' },
    }),
    profit: amount({ typeError: 'Profit must be a number' }),
    ...vendorPayableFields,
  })
  .superRefine(refuseOverpayment({ owed: 'receivable_amount', cash: 'paid_cash', bank: 'paid_in_bank' }), {
    when: () => true,
  })
  .superRefine(requireVendorForPayable, { when: () => true })
export type GamcaInput = z.input<typeof GamcaInput>

export interface Gamca
  extends Omit<z.output<typeof GamcaInput>, 'passport_detail' | 'currency' | 'vendor_currency' | 'rates'>,
    VendorPayableAnswer {
  id: number
  entry: string
  /** JSON text of one passenger. */
  passport_detail: string
  remaining_amount: number
  /** What Receive Payment took against the record since it was saved (the books' payments). */
  payments_total: number
  created_at: string
}

// GAMCA's select names the bank in full, e.g. "United Bank (holder Ali)" for the account "UBL Ali".
const FULL_NAMES: Record<string, string> = {
  UBL: 'United Bank',
  HBL: 'Habib Bank',
  JAZ: 'Jazzcash',
  MCB: 'MCB',
}

/** The GAMCA bank title of an office account (spec part 1 §5 "GAMCA bank titles"). */
export const gamcaBankTitle = (bankName: string): string => {
  const [prefix = '', ...holder] = bankName.trim().split(/\s+/)
  const bank = FULL_NAMES[prefix.toUpperCase()]
  return bank ? `${bank} (holder ${holder.join(' ')})` : bankName
}
