import { z } from 'zod'
import { optionalDate, requiredDate } from './dates.ts'
import { optionalText, requiredText } from './fields.ts'
import { ALL_RECORD_SPECS } from './records/spec.ts'
import { CONFIRM_OVER_LIMIT } from './request-limit.ts'

export { CONFIRM_OVER_LIMIT, overLimitMessage, requestPassesLimit } from './request-limit.ts'

/**
 * Issue 35 item 4 (decisions 114-115): a sub-agent's user asks for a ticket, Umrah or visa from the
 * portal; staff make the booking from it (the record's form prefilled) or decline it with a reason.
 */

/** The record types a portal request may ask for (their specs' `request`), by form type. */
export const REQUESTABLE_SPECS = ALL_RECORD_SPECS.filter((s) => s.request)
export const BOOKING_REQUEST_KINDS: readonly string[] = REQUESTABLE_SPECS.map((s) => s.formType)
export type BookingRequestKind = string
export const requestSpecOf = (kind: string) => REQUESTABLE_SPECS.find((s) => s.formType === kind)
export const BOOKING_REQUEST_STATUSES = ['pending', 'booked', 'declined'] as const
export type BookingRequestStatus = (typeof BOOKING_REQUEST_STATUSES)[number]

/**
 * The key a record's create body carries to say which request it books (like `override_reason`,
 * beside the record's schema): the record and the request's link are written in one transaction.
 */
export const BOOKING_REQUEST_KEY = 'booking_request'

const KIND_MESSAGE = `Choose ${REQUESTABLE_SPECS.map((s) => s.name).join(', ')}`

/** A passenger as the request carries it: the record forms' passenger fields (MRZ fills the rest). */
export const RequestPassenger = z.object({
  title: optionalText(20),
  firstName: optionalText(100),
  lastName: requiredText('Surname is required', 100),
  documentNo: requiredText('Passport number is required', 50),
  dob: optionalDate(),
  nationality: optionalText(100),
  documentExpiry: optionalDate(),
  issueCountry: optionalText(100),
})
export type RequestPassenger = z.output<typeof RequestPassenger>

export const BookingRequestInput = z
  .object({
    kind: z.string({ error: KIND_MESSAGE }).refine((k) => BOOKING_REQUEST_KINDS.includes(k), KIND_MESSAGE),
    /** The sector of a ticket or Umrah ("LHE-JED"), the country of a visa. */
    sector: requiredText('Sector is required', 100),
    depart_date: requiredDate('Travel date is required'),
    return_date: optionalDate(),
    passengers: z
      .array(RequestPassenger, { error: 'Add at least one passenger' })
      .min(1, 'Add at least one passenger')
      .max(20, 'At most 20 passengers in one request'),
    /** What the agent was quoted or expects to pay: the credit check's figure when given. */
    amount: z
      .union([z.number(), z.string(), z.null(), z.undefined()])
      .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : Number(v)))
      .refine((v) => v === null || (Number.isFinite(v) && v > 0), 'Amount must be more than zero')
      .refine((v) => v === null || v <= 1_000_000_000, 'Amount is too large')
      .refine(
        (v) => v === null || Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
        'Amount may have at most two decimals',
      )
      // A missing amount reads as none (zod 4 lets only optional-typed keys be omitted).
      .prefault(null),
    note: optionalText(500),
    [CONFIRM_OVER_LIMIT]: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.return_date && v.return_date < v.depart_date)
      ctx.addIssue({
        code: 'custom',
        path: ['return_date'],
        message: 'Return date is before the travel date',
      })
    // A Visa Processing record holds one passenger.
    if (v.kind === 'visa' && v.passengers.length > 1)
      ctx.addIssue({ code: 'custom', path: ['passengers'], message: 'A visa request names one passenger' })
  })
export type BookingRequestInput = z.output<typeof BookingRequestInput>

export const BookingRequestDecline = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'At most 500 characters'),
})

export const BookingRequestsQuery = z.object({
  status: z
    .enum(BOOKING_REQUEST_STATUSES, { error: 'Status must be pending, booked or declined' })
    .optional(),
})

/** How far a booked visa has gone, from its dates (the portal says it in the agent's words). */
export const VISA_STAGES = ['opened', 'at_embassy', 'back_from_embassy', 'delivered'] as const
export type VisaStage = (typeof VISA_STAGES)[number]
export const visaStage = (v: {
  embassy_send_date?: unknown
  embassy_return_date?: unknown
  passport_deliver_date?: unknown
}): VisaStage =>
  v.passport_deliver_date
    ? 'delivered'
    : v.embassy_return_date
      ? 'back_from_embassy'
      : v.embassy_send_date
        ? 'at_embassy'
        : 'opened'

// --- Answers (declared on the routes for docs and types; decision 024).
const ok = <S extends z.ZodRawShape>(shape: S) => z.object({ status: z.literal('success'), ...shape })
const loose = (description: string) => z.looseObject({ id: z.number().int() }).describe(description)
export const BookingRequestCreatedAnswer = ok({
  id: z.number().int(),
  message: z.string(),
  over_limit: z.boolean(),
})
export const BookingRequestsAnswer = ok({
  requests: z.array(
    loose(
      'A booking request (kind, sector, dates, passengers, amount, over_limit, status, reason, booking: {table, id, entry, state, ...} or null)',
    ),
  ),
})
export const BookingRequestAnswer = ok({ request: loose('A booking request') })
export const BookingRequestDeclinedAnswer = ok({ message: z.string() })
