import { z } from 'zod'
import { currencyCode, rateField } from './currency.ts'
import { amount, MAX_ID } from './fields.ts'

/**
 * Issue 34 items 4-5 (decisions 120, 121): what a payment settles, the month-end revaluation, and
 * a foreign document's residual.
 */

const isoDay = (required: string) =>
  z
    .string({ error: required })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be yyyy-mm-dd')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Date must be yyyy-mm-dd')

const SETTLES_MESSAGE = 'Settles lists ledger rows of this party: [{"id": 12, "amount": 500}]'

/**
 * A payment's `settles` (Vendor or Agent ledger entry, decision 120): rows of the same party's
 * ledger, in order. A bill or charge is settled (by `amount` in the party's currency, else its open
 * amount); an earlier payment's open advance is applied to them along with this payment's money.
 */
export const SettlesField = z
  .array(
    z.object(
      {
        id: z.coerce
          .number({ error: 'Row is required' })
          .int('Row is required')
          .positive('Row is required')
          .max(MAX_ID, 'Row not found'),
        amount: amount({
          typeError: 'Amount must be a number',
          min: { value: 0.01, message: 'Amount must be more than 0' },
        }).optional(),
      },
      { error: SETTLES_MESSAGE },
    ),
    { error: SETTLES_MESSAGE },
  )
  .max(50, 'At most 50 rows')
  .optional()
export type SettlesItem = { id: number; amount?: number }

/** POST /api/admin/books/revaluation {as_of, rates?}: rates default to those in force on as_of. */
export const RevaluationInput = z.object({
  as_of: isoDay('As of is required'),
  rates: z.record(currencyCode, rateField, { error: 'Rates are {"SAR": 74.85}' }).optional(),
})

const restated = z.object({
  account: z.string(),
  name: z.string(),
  currency: z.string(),
  /** The open balance in its currency (debit +) and in rupees before, at the closing rate after. */
  balance: z.number(),
  rupees_before: z.number(),
  rupees_after: z.number(),
  /** Rupees gained (+) or lost (−) on the day. */
  difference: z.number(),
})

export const RevaluationAnswer = z.object({
  status: z.literal('success'),
  message: z.string(),
  revaluation: z.object({
    id: z.number(),
    as_of: z.string(),
    reversed_on: z.string(),
    rates: z.record(z.string(), z.number()),
    accounts: z.array(restated),
    total: z.number(),
  }),
})

/** GET /api/books/document?table=&id=: a foreign bill's or charge's residual in both currencies. */
export const DocumentQuery = z.object({
  table: z.enum(['vender_entries', 'agent_entries'], {
    error: 'Table must be vender_entries or agent_entries',
  }),
  id: z.coerce
    .number({ error: 'Row is required' })
    .int('Row is required')
    .positive('Row is required')
    .max(MAX_ID),
})

const money = z.object({ currency: z.string(), amount: z.number(), rupees: z.number() })

export const DocumentAnswer = z.object({
  status: z.literal('success'),
  document: z.object({
    table: z.string(),
    id: z.number(),
    party: z.string(),
    currency: z.string(),
    rate: z.number().nullable(),
    amount: z.number(),
    rupees: z.number(),
    open: money,
    settled_by: z.array(
      z.object({
        table: z.string(),
        id: z.number(),
        with: z.object({ table: z.string(), id: z.number() }),
        amount: z.number(),
        rupees: z.number(),
        paid_rupees: z.number(),
        realised: z.number(),
      }),
    ),
  }),
})

/** A bill or an advance still open: its amount in its currency at its rate, and what of it is still open. */
const OpenDocument = z.object({
  id: z.number(),
  date: z.string(),
  detail: z.string(),
  currency: z.string(),
  rate: z.number().nullable(),
  amount: z.number(),
  open: money,
})

/**
 * GET /api/books/open-bills/{kind}/{name}: a foreign party's bills (a vendor's payables, an
 * agent's charges) still open, newest first, for a payment's form to name in `settles`; beside
 * them the earlier payments whose money is not all applied yet (advances).
 */
export const OpenBillsAnswer = z.object({
  status: z.literal('success'),
  kind: z.string(),
  name: z.string(),
  currency: z.string(),
  bills: z.array(OpenDocument),
  /** Earlier payments' money not yet applied to a bill (decision 122), newest first: `settles` names them too. */
  advances: z.array(OpenDocument),
})

const bankName = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(100, 'At most 100 characters')

/**
 * POST /api/admin/bank-transfers (decision 143): money from one bank to another, one of them in
 * rupees. `sent` is in the sending bank's currency; `received` (optional) in the receiving bank's;
 * `rate` (optional, rupees per unit of the foreign side): typed, else worked out from both amounts,
 * else the day's rate.
 */
export const BankTransferInput = z.object({
  date: isoDay('Date is required'),
  from_bank: bankName('From bank is required'),
  to_bank: bankName('To bank is required'),
  sent: amount({
    required: 'Amount sent is required',
    typeError: 'Amount sent must be a number',
    min: { value: 0.01, message: 'Amount sent must be more than 0' },
  }),
  received: amount({
    typeError: 'Amount received must be a number',
    min: { value: 0.01, message: 'Amount received must be more than 0' },
  }),
  rate: rateField.optional(),
  detail: z.string().trim().max(500, 'At most 500 characters').optional(),
})

export const BankTransferAnswer = z.object({
  status: z.literal('success'),
  message: z.string(),
  transfer: z.object({
    id: z.number(),
    date: z.string(),
    from_bank: z.string(),
    to_bank: z.string(),
    detail: z.string(),
    sent: z.object({ currency: z.string(), amount: z.number(), rupees: z.number() }),
    received: z.object({ currency: z.string(), amount: z.number(), rupees: z.number() }),
    rate: z.number().nullable(),
    /** Rupees gained (+) or lost (−) by the conversion's rounding or the bank's spread (realised). */
    realised: z.number(),
  }),
})
