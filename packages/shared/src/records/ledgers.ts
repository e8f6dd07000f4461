import { z } from 'zod'
import { currencyCode, rateField } from '../currency.ts'
import { requiredDate } from '../dates.ts'
import { SettlesField } from '../exchange.ts'
import { amount, optionalText, requiredText } from '../fields.ts'
import { OfficePurpose } from '../tax.ts'
import { requireBankTitle } from './bank-title.ts'

/** A ledger amount: optional (0), a number, never negative. */
const ledgerAmount = (typeError: string, negative: string) =>
  amount({ typeError, min: { value: 0, message: negative } })

/** Optional text that may be missing or null from older clients; becomes ''. */
const optionalString = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '')

/** The entry is assigned by the server on create; older clients still send it, so it is accepted and ignored. */
const entry = optionalString(50)

/** Agent ledger row (spec part 2 §5 "Agent"). Balance is computed by the database, never sent. */
export const AgentInput = z
  .object({
    agent_name: requiredText('Agent name is required', 100),
    date: requiredDate('Date is required'),
    employee: requiredText('Employee is required', 100),
    entry,
    detail: requiredText('Detail is required'),
    credit: ledgerAmount('Credit must be a number', 'Credit must be positive'),
    debit: ledgerAmount('Debit must be a number', 'Debit must be positive'),
    paid_cash: ledgerAmount('Paid cash must be a number', 'Paid cash must be positive'),
    paid_bank: ledgerAmount('Paid bank must be a number', 'Paid bank must be positive'),
    /** The bank (banks table) Paid bank went into; needed only when it is above 0. */
    bank_title: optionalText(100),
    /** Issue 34 (decision 109): the agent's currency by default; its rate the day's by default. */
    currency: currencyCode.optional(),
    rate: rateField.optional(),
    /** A receipt's bills (charges) and advances it settles (decision 120). */
    settles: SettlesField,
  })
  .refine((v) => v.credit > 0 || v.debit > 0, {
    message: 'Either Credit or Debit is required',
    path: ['credit'],
  })
  .superRefine(requireBankTitle('paid_bank'), { when: () => true })
export type AgentInput = z.input<typeof AgentInput>

export interface AgentEntry extends Omit<z.output<typeof AgentInput>, 'rate' | 'currency' | 'settles'> {
  id: number
  currency: string
  /** Rupees per unit as stored (micro-rupees); the answer shows it as a decimal. */
  rate: number | null
  entry: string
  receivable_amount: number
  /** Running SUM(credit - debit) for this agent in (date, id) order. */
  balance: number
  source_type: string | null
}

/**
 * A vendor payment (debit) comes out of office cash when its bank_title is "Cash", else out of the
 * bank of that name (banks table) (docs/decisions/018).
 */
export const VENDOR_CASH = 'Cash'

/** Vendor ledger row: credit is payable, debit is payed; exactly one of them per row. */
export const VendorInput = z
  .object({
    vender_name: requiredText('Vendor name is required', 100),
    date: requiredDate('Date is required'),
    entry,
    detail: requiredText('Detail is required'),
    bank_title: requiredText('Bank Title is required', 100),
    credit: ledgerAmount('Credit must be a number', 'Credit must be 0 or more'),
    debit: ledgerAmount('Debit must be a number', 'Debit must be 0 or more'),
    withdraw: ledgerAmount('Withdraw must be a number', 'Withdraw must be 0 or more'),
    /** Issue 34 (decision 109): the vendor's currency by default; its rate the day's by default. */
    currency: currencyCode.optional(),
    rate: rateField.optional(),
    /** A payment's bills and advances it settles (decision 120). */
    settles: SettlesField,
  })
  .refine((v) => v.credit > 0 !== v.debit > 0, {
    message: 'Either Credit or Debit is required, but not both',
    path: ['credit'],
  })
export type VendorInput = z.input<typeof VendorInput>

export interface VendorEntry extends Omit<z.output<typeof VendorInput>, 'rate' | 'currency' | 'settles'> {
  id: number
  currency: string
  /** Rupees per unit as stored (micro-rupees); the answer shows it as a decimal. */
  rate: number | null
  entry: string
  /** Running SUM(credit - debit) for this vendor in (date, id) order. */
  remaining_amount: number
  source_type: string | null
}

const accountFields = {
  bank_name: requiredText('Select Bank', 100),
  employee_name: requiredText('Employee is required', 100),
  vendor_name: optionalString(100),
  entry,
  date: requiredDate('Enter Date'),
  detail: requiredText('Enter Detail'),
  credit: ledgerAmount('Credit must be a number', 'Credit must be positive'),
  debit: ledgerAmount('Debit must be a number', 'Debit must be positive'),
  /** Issue 34 (decision 132): the bank's currency by default; its rate the day's by default. */
  currency: currencyCode.optional(),
  rate: rateField.optional(),
}

const NO_AMOUNT = 'Enter amount in either Credit or Debit'

/** Office account (bank ledger) row as the API takes it. */
export const AccountInput = z
  .object({ ...accountFields, purpose: OfficePurpose })
  .refine((v) => v.credit > 0 || v.debit > 0, { message: NO_AMOUNT, path: ['credit'] })
export type AccountInput = z.input<typeof AccountInput>

export interface AccountEntry extends Omit<z.output<typeof AccountInput>, 'rate' | 'currency'> {
  id: number
  currency: string
  /** Rupees per unit (stored as micro-rupees); null in rupees. */
  rate: number | null
  entry: string
  /** Running SUM(credit - debit) for this bank in (date, id) order. */
  balance: number
  source_type: string | null
}

/** Opening balance sign rule: a positive balance is a credit, a negative one a debit of its absolute value. */
export const openingBalanceAmounts = (balance: number): { credit: number; debit: number } =>
  balance >= 0 ? { credit: balance, debit: 0 } : { credit: 0, debit: Math.abs(balance) }

/**
 * The account form: the API fields plus the create-only Opening Balance mode, which hides
 * credit/debit and asks for one signed balance instead.
 */
export const AccountFormInput = z
  .object({
    ...accountFields,
    opening: z.boolean().optional().default(false),
    balance: amount({ typeError: 'Enter Opening Balance' }),
  })
  .superRefine((v, ctx) => {
    if (v.opening) {
      if (v.balance === 0)
        ctx.addIssue({ code: 'custom', message: 'Enter Opening Balance', path: ['balance'] })
    } else if (!(v.credit > 0 || v.debit > 0)) {
      ctx.addIssue({ code: 'custom', message: NO_AMOUNT, path: ['credit'] })
    }
  })
export type AccountFormInput = z.input<typeof AccountFormInput>

/** What the account form sends: the spec's payload, with an opening balance turned into credit or debit. */
export const accountBody = (v: z.output<typeof AccountFormInput>): z.output<typeof AccountInput> => {
  const { opening, balance, ...rest } = v
  return opening ? { ...rest, ...openingBalanceAmounts(balance) } : rest
}
