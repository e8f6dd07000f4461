import { z } from 'zod'
import { strictDate } from '../dates.ts'
import { amount, requiredText } from '../fields.ts'
import { SettlesCostOf } from '../tax.ts'

const NOT_NEGATIVE = { value: 0, message: 'Amount cannot be negative' }

export const ProtectorInput = z.object({
  /** Issue 36: the record whose "Costs to pay" this entry pays (null: none). */
  settles_cost_of: SettlesCostOf,
  employee: requiredText('Enter Employee'),
  name: requiredText('Enter Name'),
  passport: requiredText('Enter Passport'),
  reference: requiredText('Enter Reference'),
  file_no: requiredText('Enter File No'),
  withdraw: amount({ typeError: 'Withdraw must be a number', min: NOT_NEGATIVE }),
  mcb_fee_6000_date: strictDate('Enter Date'),
  ncb_fee_6700_date: strictDate('Enter Date'),
  ncb_fee_500_date: strictDate('Enter Date'),
  protector_date: strictDate('Enter Protector Date'),
  additional_charges: amount({
    required: 'Enter Additional Charges',
    typeError: 'Additional Charges must be a number',
    min: NOT_NEGATIVE,
  }),
})
export type ProtectorInput = z.input<typeof ProtectorInput>

export interface Protector extends z.output<typeof ProtectorInput> {
  id: number
  entry: string
  created_at: string
}
