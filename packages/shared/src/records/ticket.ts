import { z } from 'zod'
import { currencyCode, rateField } from '../currency.ts'
import { optionalDate, requiredDate } from '../dates.ts'
import { amount, optionalText, requiredText } from '../fields.ts'
import { notNegative } from './not-negative.ts'
import { refuseOverpayment } from './overpayment.ts'

/** The spec's message, now for a bank payment without its bank. */
export const BANK_TITLE_REQUIRED = 'Bank Title is required'

import { taxAuthorityField } from '../tax.ts'
import { passengerCount, passengerList, TicketPassenger } from './passenger.ts'

/** Empty reference travels as null (spec §3). */
const nullableText = (max = 200) =>
  z
    .union([z.string(), z.null(), z.undefined()])
    .transform((v) => (v ?? '').trim() || null)
    .pipe(z.string().max(max, `At most ${max} characters`).nullable())
    .prefault(null)

/** The return date, when given, cannot come before the departure. */
export const returnAfterDepart = (v: { depart_date?: unknown; return_date?: unknown }) =>
  typeof v.depart_date !== 'string' ||
  typeof v.return_date !== 'string' ||
  !v.depart_date ||
  !v.return_date ||
  v.return_date >= v.depart_date

export const RETURN_BEFORE_DEPART = 'Return Date cannot be before Depart Date'
export const PASSENGER_REQUIRED =
  'At least one passenger detail is required if passenger count is greater than 0'
/** Spec §5: "The passenger list length always equals adults + children + infants". */
export const PASSENGER_COUNT_MISMATCH = 'The number of passengers must equal Adults + Children + Infants'

export const TICKET_NUMBER_INVALID = 'Ticket Number must be 13 digits'
/** The pasted ticket kept on the record (issue 22 §3): whatever the reader accepts fits. */
export const TICKET_TEXT_MAX = 400_000

/**
 * Ticket numbers on one record: 13 digits each, typed or read from a paste, stored as one text of
 * numbers joined by spaces (searchable like any other column); none travels as null.
 */
const ticketNumbers = z
  .union([z.string(), z.array(z.string()), z.null(), z.undefined()])
  .transform((v) =>
    (Array.isArray(v) ? v.join(' ') : (v ?? ''))
      .split(/[\s,;]+/)
      .map((n) => n.replace(/-/g, ''))
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string())
      .max(300, 'Too many ticket numbers')
      .refine((list) => list.every((n) => /^\d{13}$/.test(n)), TICKET_NUMBER_INVALID),
  )
  .transform((list) => (list.length > 0 ? [...new Set(list)].join(' ') : null))
  .prefault(null)

export const TicketInput = z
  .object({
    /** Issue 36: the sale's sales tax authority ('none': no tax); left out, the customer's or agency's province. */
    tax_authority: taxAuthorityField,
    employee_name: requiredText('Employee Name is required', 100),
    agent_name: optionalText(100),
    customer_add: requiredText('Customer Address is required', 200),
    reference: nullableText(),
    depart_date: requiredDate('Travel Date is required'),
    return_date: optionalDate(),
    sector: requiredText('Sector is required', 200),
    airline: requiredText('Airline is required', 100),
    adults: passengerCount({
      required: 'Adults is required',
      typeError: 'Adults must be a number',
      negative: 'Adults cannot be negative',
    }),
    children: passengerCount({
      required: 'Children is required',
      typeError: 'Children must be a number',
      negative: 'Children cannot be negative',
    }),
    infants: passengerCount({
      required: 'Infants is required',
      typeError: 'Infants must be a number',
      negative: 'Infants cannot be negative',
    }),
    // JSON text, an array or one object (spec §3); always a list once parsed.
    passport_detail: z.preprocess(passengerList, z.array(TicketPassenger).max(300, 'Too many passengers')),
    receivable_amount: amount({
      required: 'Receivable Amount is required',
      typeError: 'Receivable Amount must be a number',
      min: notNegative('Receivable Amount'),
    }),
    paid_cash: amount({ typeError: 'Paid Cash must be a number', min: notNegative('Paid Cash') }),
    // Needed only when money went to a bank: a cash-only sale names no bank (decision 009).
    bank_title: optionalText(100),
    paid_in_bank: amount({ typeError: 'Paid In Bank must be a number', min: notNegative('Paid In Bank') }),
    payable_to_vendor: amount({
      required: 'Payable To Vendor is required',
      typeError: 'Payable To Vendor must be a number',
      min: notNegative('Payable To Vendor'),
    }),
    vendor_name: optionalText(100),
    ticket_numbers: ticketNumbers,
    ticket_text: nullableText(TICKET_TEXT_MAX),
    /** Issue 34 (decisions 136, 137): each side's currency (default its party's) and the rates used. */
    currency: currencyCode.optional(),
    vendor_currency: currencyCode.optional(),
    rates: z.record(z.string(), rateField, { error: 'Rates must be {"USD": 280.5}' }).optional(),
    /** An admin saving a ticket number already on another record says so (decision 037). */
    allow_duplicate_ticket: z.boolean({ error: 'allow_duplicate_ticket must be true or false' }).optional(),
    // profit and remaining_amount are accepted and ignored: the server computes them.
  })
  .superRefine(
    (v, ctx) => {
      if (!v || typeof v !== 'object') return
      const n = (x: unknown) => (typeof x === 'number' ? x : 0)
      const count = n(v.adults) + n(v.children) + n(v.infants)
      if (count > 0 && Array.isArray(v.passport_detail) && v.passport_detail.length === 0)
        ctx.addIssue({ code: 'custom', message: PASSENGER_REQUIRED, path: ['passport_detail'] })
      else if (Array.isArray(v.passport_detail) && v.passport_detail.length !== count)
        ctx.addIssue({ code: 'custom', message: PASSENGER_COUNT_MISMATCH, path: ['passport_detail'] })
      if (!returnAfterDepart(v))
        ctx.addIssue({ code: 'custom', message: RETURN_BEFORE_DEPART, path: ['return_date'] })
      refuseOverpayment({ owed: 'receivable_amount', cash: 'paid_cash', bank: 'paid_in_bank' })(v, ctx)
      if (n(v.paid_in_bank) > 0 && !v.bank_title)
        ctx.addIssue({ code: 'custom', message: BANK_TITLE_REQUIRED, path: ['bank_title'] })
    },
    // Shown beside other field errors, not only once everything else is valid.
    { when: () => true },
  )
export type TicketInput = z.input<typeof TicketInput>

export interface Ticket
  extends Omit<
    z.output<typeof TicketInput>,
    'passport_detail' | 'allow_duplicate_ticket' | 'currency' | 'vendor_currency' | 'rates'
  > {
  id: number
  /** Issue 34 (decisions 136, 137): each side's currency, and rupees per unit of each rate used. */
  currency: string
  vendor_currency: string
  rates: Record<string, number>
  entry: string
  /** JSON text of the passenger list as stored. */
  passport_detail: string
  profit: number | null
  remaining_amount: number
  /** What Receive Payment took against the record since it was saved (the books' payments). */
  payments_total: number
  created_at: string
  /** '' while the ticket stands; when it was voided, by whom and why (decision 092). */
  voided_at: string
  voided_by: string
  void_reason: string
}

/** POST /ticket/{id}/void: the airline voided the ticket; the reason is required (decision 092). */
export const TicketVoidInput = z.object({
  reason: z
    .string({ error: 'A reason is required to void a ticket' })
    .trim()
    .min(1, 'A reason is required to void a ticket')
    .max(500, 'Reason must be at most 500 characters'),
})
export const TICKET_ALREADY_VOID = 'This ticket is already void'
export const TICKET_IS_VOID = 'This ticket is void: it cannot be changed'

/** "Ticket {current}/{global}" */
export const ticketEntry = (current: number, global: number) => `Ticket ${current}/${global}`
