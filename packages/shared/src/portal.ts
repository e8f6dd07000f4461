import { z } from 'zod'
import { REQUESTABLE_SPECS } from './booking-requests.ts'

/** Issue 35: an agent's own users, their desk and the deposits they report (decisions 104-106). */

const isoDate = z
  .string({ error: 'Date is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be a date (yyyy-mm-dd)')

export const AgentUserInvite = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(200, 'At most 200 characters')
    .email('Please enter a valid email'),
})

export const AgentUserUpdate = z.object({
  suspended: z.boolean({ error: 'Suspended must be true or false' }),
})

export const InviteAccept = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(8, 'Password must be at least 8 characters')
    .max(200, 'Password cannot exceed 200 characters'),
})

/** How long an invite link is good for. */
export const INVITE_DAYS = 7

/** The typed fields of a deposit (the slip is the multipart file `slip`). */
export const DepositFields = z.object({
  amount: z.coerce
    .number({ error: 'Amount is required' })
    .refine(Number.isFinite, 'Amount is required')
    .positive('Amount must be more than zero')
    .max(1_000_000_000, 'Amount is too large')
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Amount may have at most two decimals'),
  date: isoDate,
  bank: z
    .string({ error: 'Bank is required' })
    .trim()
    .min(1, 'Bank is required')
    .max(100, 'At most 100 characters'),
  reference: z
    .string({ error: 'Reference is required' })
    .trim()
    .min(1, 'Reference is required')
    .max(100, 'At most 100 characters'),
})
export type DepositFields = z.output<typeof DepositFields>

export const DepositReject = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'At most 500 characters'),
})

export const DEPOSIT_STATUSES = ['pending', 'approved', 'rejected'] as const
export const DepositsQuery = z.object({
  status: z.enum(DEPOSIT_STATUSES, { error: 'Status must be pending, approved or rejected' }).optional(),
})

/**
 * What staff are told after a decision the agent should hear of (decision 116): the WhatsApp link
 * to send (null without a phone WhatsApp takes) and what became of the e-mail.
 */
export const AgentNotice = z.object({
  whatsapp: z.string().nullable(),
  email: z.enum(['sent', 'no_smtp', 'limit', 'failed', 'no_address']),
  email_to: z.string().nullable(),
  email_message: z.string().nullable(),
})
export type AgentNotice = z.output<typeof AgentNotice>

// --- Answers (declared on the routes for docs and types; decision 024).
const ok = <S extends z.ZodRawShape>(shape: S) => z.object({ status: z.literal('success'), ...shape })
const loose = (description: string) => z.looseObject({ id: z.number().int() }).describe(description)
const Money = z.number()
export const AgentUsersAnswer = ok({
  users: z.array(loose('An agent user (id, email, status, invite_expires_at)')),
})
export const AgentUserInvitedAnswer = ok({ id: z.number().int(), url: z.string(), expires_at: z.string() })
export const AgentUserSavedAnswer = ok({ message: z.string(), user: loose('An agent user') })
export const PortalMessageAnswer = ok({ message: z.string() })
export const PortalMeAnswer = ok({
  agent: z.string(),
  balance: Money,
  credit_limit: Money.nullable(),
  credit_left: Money.nullable(),
  currency: z.string(),
  last_payment: z.object({ date: z.string(), entry: z.string(), amount: Money }).nullable(),
  language: z.enum(['en', 'ur']),
  email: z.string(),
})
/**
 * The desk's keys of the bookings its booking requests became (decision 134): each requestable
 * type but the ticket (which names its agent) under its spec's `request.desk`.
 */
export const BOOKED_DESK_KEYS: readonly string[] = REQUESTABLE_SPECS.flatMap((s) =>
  s.request && s.request.desk !== 'tickets' ? [s.request.desk] : [],
)
const bookedList = z.array(
  loose(
    'A booking made from a request (entry, sector, package, depart_date, return_date, passengers, amount, remaining, stage, receipt)',
  ),
)
export const PortalBookingsAnswer = ok({
  tickets: z.array(loose('A ticket (entry, sector, pnr, ticket_numbers, amount, remaining, receipt)')),
  /** What those other bookings still owe: posted to a customer account, so not in the balance. */
  booked_remaining: Money,
  ...(Object.fromEntries(BOOKED_DESK_KEYS.map((k) => [k, bookedList])) as Record<string, typeof bookedList>),
})
export const PortalOverdueAnswer = ok({
  as_of: z.string(),
  min_days: z.number().int(),
  overdue: Money,
  total: Money,
})
export const DepositsAnswer = ok({
  deposits: z.array(loose('A deposit (amount, date, bank, reference, status, reason, entry)')),
})
export const DepositCreatedAnswer = ok({ id: z.number().int(), message: z.string() })
export const DepositApprovedAnswer = ok({
  message: z.string(),
  entry: z.string(),
  record_id: z.number().int(),
  matched: z.boolean(),
  notice: AgentNotice,
})
export const PortalBanksAnswer = ok({ banks: z.array(z.string()) })
export const DepositRejectedAnswer = ok({ message: z.string(), notice: AgentNotice })
export const PortalNoticesAnswer = ok({
  notices: z.array(
    z.object({
      kind: z.enum(['deposit', 'request']),
      id: z.number().int(),
      status: z.string(),
      at: z.string(),
      text: z.string(),
      reason: z.string().nullable(),
      entry: z.string().nullable(),
    }),
  ),
})
