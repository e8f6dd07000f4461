import { z } from 'zod'
import { optionalDate } from '../dates.ts'
import { amount, optionalText, requiredText } from '../fields.ts'
import { taxAuthorityField } from '../tax.ts'
import { requireBankTitle } from './bank-title.ts'
import { notNegative } from './not-negative.ts'
import { refuseOverpayment } from './overpayment.ts'
import { OptionalPassenger } from './single-passenger.ts'
import { requireVendorForPayable, type VendorPayableAnswer, vendorPayableFields } from './vendor-payable.ts'

const money = (label: string) =>
  amount({
    typeError: `${label} must be a number`,
    min: notNegative(label),
  })

/** Visa processing: only Employee Name is required (spec part 1 §5); profit and remaining are the server's. */
export const VisaInput = z
  .object({
    /** Issue 36: the sale's sales tax authority ('none': no tax); left out, the customer's or agency's province. */
    tax_authority: taxAuthorityField,
    employee_name: requiredText('Employee Name is required'),
    file_number: optionalText(100),
    reference: optionalText(200),
    sponsor_name: optionalText(200),
    visa_number: optionalText(100),
    id_number: optionalText(100),
    embassy: optionalText(200),
    passport_detail: OptionalPassenger.prefault({}),
    e_number: optionalText(100),
    customer_add: optionalText(500),
    ptn_permission: optionalText(200),
    embassy_send_date: optionalDate(),
    embassy_return_date: optionalDate(),
    protector_date: optionalDate(),
    expiry_medical_date: optionalDate(),
    /** The visa's own expiry, for the expiry alerts (issue 17). */
    visa_expiry_date: optionalDate(),
    passport_deliver_date: optionalDate(),
    receivable_amount: money('Receivable Amount'),
    additional_charges: money('Additional Charges'),
    pay_for_protector: money('Pay For Protector'),
    paid_cash: money('Paid Cash'),
    paid_in_bank: money('Paid In Bank'),
    /** The bank (banks table) Paid In Bank went into; needed only when it is above 0. */
    bank_title: optionalText(100),
    ...vendorPayableFields,
  })
  .superRefine(refuseOverpayment({ owed: 'receivable_amount', cash: 'paid_cash', bank: 'paid_in_bank' }), {
    when: () => true,
  })
  .superRefine(requireBankTitle('paid_in_bank'), { when: () => true })
  .superRefine(requireVendorForPayable, { when: () => true })
export type VisaInput = z.input<typeof VisaInput>

export interface Visa
  extends Omit<z.output<typeof VisaInput>, 'passport_detail' | 'currency' | 'vendor_currency' | 'rates'>,
    VendorPayableAnswer {
  id: number
  entry: string
  /** JSON text of one passenger. */
  passport_detail: string
  profit: number
  remaining_amount: number
  /** What Receive Payment took against the record since it was saved (the books' payments). */
  payments_total: number
  created_at: string
}
