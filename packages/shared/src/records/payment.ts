import { z } from 'zod'
import { currencyCode, rateField } from '../currency.ts'
import { requiredDate } from '../dates.ts'
import { amount, MAX_ID, oneOf, optionalText } from '../fields.ts'
import { TaxWithheldInput } from '../tax.ts'
import { PAYMENT_SOURCES, type PaymentSource } from './spec.ts'
import { BANK_TITLE_REQUIRED } from './ticket.ts'

export const PAYMENT_METHODS = ['cash', 'bank'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const OVERPAID_PAYMENT = 'Amount cannot exceed the Remaining Amount'

/** POST /api/payments: a customer's or agent's later payment against a record's remaining amount. */
export const PaymentInput = z
  .object({
    /** Issue 36: income tax the customer withheld; it settles the record too. */
    tax_withheld: TaxWithheldInput,
    source_type: oneOf(PAYMENT_SOURCES, 'Record type is required', 'Unknown record type'),
    source_id: z.coerce
      .number({ error: 'Record is required' })
      .int('Record is required')
      .positive('Record is required')
      .max(MAX_ID, 'Record not found'),
    /** The day the money moved; the agency's today when left out. */
    date: requiredDate('Date is required').optional(),
    amount: amount({
      required: 'Amount is required',
      typeError: 'Amount must be a number',
      min: { value: 0.01, message: 'Amount must be more than 0' },
    }),
    method: oneOf(PAYMENT_METHODS, 'Cash or Bank is required', 'Cash or Bank is required'),
    bank_title: optionalText(100),
    note: optionalText(500),
    /**
     * Issue 34 (decision 138): the payment's currency, its record's (another is a 400), and the
     * rate (rupees per unit; default the rate in force on its day).
     */
    currency: currencyCode.optional(),
    rate: rateField.optional(),
  })
  .superRefine(
    (v, ctx) => {
      if (v && typeof v === 'object' && v.method === 'bank' && !v.bank_title)
        ctx.addIssue({ code: 'custom', message: BANK_TITLE_REQUIRED, path: ['bank_title'] })
    },
    { when: () => true },
  )
export type PaymentInput = z.input<typeof PaymentInput>

/** A payment as the API answers it. */
export interface Payment {
  id: number
  /** "Receipt n" from the entry counters (form type "payment"). */
  receipt_no: string
  source_type: PaymentSource
  source_id: number
  date: string
  amount: number
  method: PaymentMethod
  /** The bank's name for a bank payment, '' for cash. */
  bank_title: string
  note: string
  /** Who took it (username) and their user id. */
  employee: string
  created_by: number | null
  created_at: string
  /** Issue 34 (decision 138): the record's currency `amount` is in, and rupees per unit (null in rupees). */
  currency: string
  rate: number | null
  /**
   * Decision 152: a payment in rupees against a record in another currency: the rupees paid, and
   * what they settled ("Rs 76,000 settled SAR 1,000.00 at 76"); `amount` is the record's currency.
   */
  paid?: { currency: string; amount: number }
  settled?: string
  /** Income tax the customer withheld (issue 36): it settled the record beside `amount`. */
  tax_withheld?: { amount: number; section: string; certificate: string }
}

/** POST answer: 201 {status, message, payment}. GET ?source_type=&source_id=: {status, payments}. */
export interface PaymentAnswer {
  status: 'success'
  message: string
  payment: Payment
}
export interface PaymentList {
  status: 'success'
  payments: Payment[]
}
