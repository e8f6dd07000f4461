import { z } from 'zod'
import { refundFigures } from '../calc.ts'
import { requiredDate } from '../dates.ts'
import { amount, requiredText } from '../fields.ts'
import { numberOrZero } from '../money.ts'
import { NOT_NEGATIVE } from './not-negative.ts'
import { OVERPAID_REMAINING, refuseOverpayment } from './overpayment.ts'

const num = (v: unknown) => (typeof v === 'number' ? v : 0)

const money = (label: string) =>
  amount({ required: `${label} is required`, typeError: `${label} must be a number`, min: NOT_NEGATIVE })

export const RefundCustomerInput = z
  .object({
    employee: requiredText('Employee is required'),
    name: requiredText('Name is required'),
    date: requiredDate('Date is required'),
    passport: requiredText('Passport is required'),
    reference: requiredText('Reference is required'),
    detail_sector: requiredText('Detail Sector is required'),
    total_amount: amount({
      required: 'Total Amount is required',
      typeError: 'Total Amount must be a number',
      min: NOT_NEGATIVE,
    }),
    vender_name: requiredText('Vendor Name is required'),
    return_from_vendor: money('Return From Vendor'),
    office_service_charges: money('Office Service Charges'),
    paid_cash: amount({
      required: 'Paid Cash is required',
      typeError: 'Paid Cash must be a number',
      min: NOT_NEGATIVE,
    }),
    paid_in_bank: amount({
      required: 'Paid In Bank is required',
      typeError: 'Paid In Bank must be a number',
      min: NOT_NEGATIVE,
    }),
    bank_title: requiredText('Bank Title is required'),
  })
  .superRefine(
    refuseOverpayment(
      { owed: 'remaining_amount', cash: 'paid_cash', bank: 'paid_in_bank', message: OVERPAID_REMAINING },
      (v) =>
        refundFigures(num(v.total_amount), num(v.return_from_vendor), num(v.office_service_charges), 0, 0)
          .remaining_amount,
    ),
    { when: () => true },
  )
export type RefundCustomerInput = z.input<typeof RefundCustomerInput>

export interface RefundCustomer extends z.output<typeof RefundCustomerInput> {
  id: number
  entry: string
  remaining_amount: number
  balance: number
  created_at: string
}

/** Remaining and balance as the form shows them while typing: junk or empty inputs count as 0. */
export const refundLiveFigures = (v: Partial<Record<keyof RefundCustomerInput, unknown>>) =>
  refundFigures(
    numberOrZero(v.total_amount),
    numberOrZero(v.return_from_vendor),
    numberOrZero(v.office_service_charges),
    numberOrZero(v.paid_cash),
    numberOrZero(v.paid_in_bank),
  )

const BANK_PREFIXES: Record<string, (holder: string) => string> = {
  UBL: (holder) => `UNITED BANK (${holder})`,
  HBL: (holder) => `HABIB BANK (${holder})`,
  JAZ: (holder) => `JAZZCASH (${holder})`,
  MCB: () => 'MCB (FIT MANPOWER)',
}

/**
 * The customer-facing bank titles (Customer Refund, NAVTCC) derived from the office banks table,
 * e.g. "UBL Ali Travel" -> "UNITED BANK (Ali Travel)", "JAZ C" -> "JAZZCASH (C)". The label is what
 * gets stored, so renaming a bank later does not rewrite old records.
 */
export const bankTitle = (bankName: string): string => {
  const [prefix = '', ...rest] = bankName.trim().split(/\s+/)
  const make = BANK_PREFIXES[prefix.toUpperCase()]
  return make ? make(rest.join(' ') || prefix) : bankName.trim()
}
