import { z } from 'zod'
import { strictDate } from '../dates.ts'
import { amount, oneOf, requiredText } from '../fields.ts'
import { EXPENSE_TYPES } from '../options.ts'
import { SettlesCostOf } from '../tax.ts'
import { NOT_NEGATIVE } from './not-negative.ts'

export const ExpenseInput = z.object({
  /** Issue 36: the record whose "Costs to pay" this entry pays (null: none). */
  settles_cost_of: SettlesCostOf,
  user_name: requiredText('Enter Name'),
  date: strictDate('Enter Date'),
  detail: requiredText('Enter Detail'),
  total_amount: amount({ required: 'Enter Total Amount', min: NOT_NEGATIVE }),
  selection: oneOf(EXPENSE_TYPES, 'Select Type'),
  withdraw: amount({ typeError: 'Withdraw must be a number', min: NOT_NEGATIVE }),
})
export type ExpenseInput = z.input<typeof ExpenseInput>

export interface Expense extends z.output<typeof ExpenseInput> {
  id: number
  entry: string
  created_at: string
}
