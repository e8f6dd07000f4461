import { z } from 'zod'
import { optionalStrictDate, strictDate } from '../dates.ts'
import { amount, requiredText } from '../fields.ts'
import { NOT_NEGATIVE } from './not-negative.ts'

export const RefundedInput = z.object({
  employee: requiredText('Employee is required'),
  date: strictDate('Date is required'),
  name: requiredText('Name is required'),
  passport: requiredText('Passport is required'),
  reference: requiredText('Reference is required'),
  paid_fee_date: optionalStrictDate(),
  paid_refund_date: optionalStrictDate(),
  total_balance: amount({ required: 'Total balance is required', min: NOT_NEGATIVE }),
  withdraw: amount({ typeError: 'Withdraw must be a number', min: NOT_NEGATIVE }),
})
export type RefundedInput = z.input<typeof RefundedInput>

export interface Refunded extends z.output<typeof RefundedInput> {
  id: number
  entry: string
  created_at: string
}
