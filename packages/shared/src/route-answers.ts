import { z } from 'zod'
import { MessageAnswer } from './records/answer-schemas.ts'
import { DASHBOARD_CARDS, type DashboardCardKey } from './records/spec.ts'

/**
 * The 200/201 answers of the routes outside the record areas, as zod schemas the server declares
 * on its routes (docs and types; never run against an answer, see decision 024). Envelopes are
 * exact; the items inside are loose objects naming the keys clients read, their shapes typed by
 * the interfaces beside them (AccountUser, Correction, AuditEntry, …).
 */

const success = <S extends z.ZodRawShape>(shape: S) => z.object({ status: z.literal('success'), ...shape })
const saved = <S extends z.ZodRawShape>(shape: S) => MessageAnswer.extend(shape)
/** An item of a list, loose: its interface in packages/shared names the rest of its keys. */
const item = (description: string) => z.looseObject({ id: z.number().int() }).describe(description)

export const HealthAnswer = z.object({ status: z.literal('ok') })
export const SignupAnswer = MessageAnswer
export const LoginAnswer = z.union([
  z.object({ status: z.literal('pending'), role: z.enum(['admin', 'employee']), message: z.string() }),
  z.object({
    status: z.literal('approved'),
    token: z.string(),
    role: z.enum(['admin', 'employee', 'agent_user']),
    user: z.object({
      id: z.number().int(),
      username: z.string(),
      email: z.string(),
      role: z.enum(['admin', 'employee', 'agent_user']),
    }),
  }),
])
/** POST /user/login: pending (no token yet) or approved with the token. */
export type LoginAnswer = z.output<typeof LoginAnswer>
export const PasswordResetAnswer = saved({ password: z.string() })

const UserItem = item('A user (AccountUser)')
export const UsersAnswer = success({ users: z.array(UserItem) })
export const PendingUsersAnswer = success({ users: z.array(UserItem), total: z.number().int() })
export const UserSavedAnswer = saved({ user: UserItem })

const EntryCount = z.object({ form_type: z.string(), current_count: z.number(), global_count: z.number() })
export const EntryCountsAnswerSchema = success({ data: z.array(EntryCount) })
export const EntryIncrementAnswer = success({ data: z.unknown() })

export const NamesAnswer = (key: string) => success({ [key]: z.array(z.string()) })
export const NameSavedAnswer = saved({ name: z.string() })

const Bank = z.object({ id: z.number().int(), name: z.string(), active: z.boolean() })
export const BanksAnswerSchema = success({ banks: z.array(Bank) })
export const AdminBanksAnswer = success({ banks: z.array(Bank.extend({ entries: z.number().int() })) })
export const BankSavedAnswer = saved({ bank: Bank })

const Customer = item('A customer')
export const CustomersAnswerSchema = success({
  customers: z.array(Customer),
  total: z.number().int().optional(),
})
export const CustomerAnswer = success({ customer: Customer })
export const CustomerSavedAnswer = saved({ customer: Customer })
export const CustomerMergedAnswer = saved({
  customer: Customer,
  moved: z.record(z.string(), z.array(z.number())),
})

const Payment = item('A payment (Payment)')
export const PaymentSavedAnswer = saved({ payment: Payment })
export const PaymentsAnswer = success({ payments: z.array(Payment) })

export const MrzAnswer = success({ fields: z.record(z.string(), z.unknown()) })
export const PassengerFileAnswer = z.looseObject({
  status: z.literal('success'),
  passport: z.string(),
  names: z.array(z.string()),
  records: z.array(z.looseObject({})),
})
export const AlertsAnswer = success({
  within_days: z.number(),
  passport_months: z.number(),
  alerts: z.array(z.looseObject({ kind: z.string(), passport: z.string(), expiry: z.string() })),
})
export const SettingsAnswer = success({ settings: z.looseObject({}) })
export const SettingsSavedAnswer = saved({ settings: z.looseObject({}) })

const BookingsByType = z.array(z.object({ type: z.string(), count: z.number().int() }))
/** GET /dashboard: the spec's summary plus the card figures (rupees). */
export const DashboardAnswer = z.object({
  totalBookings: z.number().int(),
  bookingsByType: BookingsByType,
  totalRevenue: z.number(),
  totalEntries: z.number().int(),
  ...(Object.fromEntries(DASHBOARD_CARDS.map((c) => [c.key, z.number().int()])) as Record<
    DashboardCardKey,
    z.ZodNumber
  >),
  totalReceivable: z.number(),
  totalPaidCash: z.number(),
  totalPaidInBank: z.number(),
  totalRemainingAmount: z.number(),
  withdraw: z.number(),
  cashInOffice: z.number(),
  /** Parties kept in another currency (issue 34): their balances in it beside the rupees; only then. */
  foreign_balances: z
    .array(z.object({ currency: z.string(), kind: z.string(), balance: z.number(), balance_pkr: z.number() }))
    .optional(),
})
export type DashboardAnswer = z.output<typeof DashboardAnswer>
export const DashboardBookingsAnswer = z.object({
  bookings: z.array(item('One booking of All Bookings')),
  total: z.number().int(),
})
export const DashboardChartsAnswer = z.object({
  bookingsByType: BookingsByType,
  monthly: z.array(z.object({ month: z.string(), receivable: z.number(), received: z.number() })),
})

/** A report as JSON (`format=json`); csv, xlsx and pdf send the same table as a file. */
export const ReportAnswer = z.looseObject({ status: z.literal('success') })
export const TrialBalanceAnswer = z.looseObject({
  to: z.string(),
  accounts: z.array(z.looseObject({})),
  totals: z.object({ debit: z.number(), credit: z.number() }),
})
export const BooksCheckAnswer = z.looseObject({ ok: z.boolean(), checked: z.number() })
export const CashInOfficeAnswer = success({ cashInOffice: z.number() })
export const StatementAnswer = z.looseObject({
  status: z.literal('success'),
  kind: z.string(),
  name: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  opening: z.number(),
  rows: z.array(z.looseObject({})),
  closing: z.number(),
})

const Correction = item('A correction request (Correction)')
export const CorrectionsAnswer = success({ corrections: z.array(Correction) })
export const CorrectionSavedAnswer = saved({ correction: Correction })
export const AuditAnswer = success({
  audit: z.array(item('A history entry (AuditEntry)')),
  total: z.number().int(),
})
export const RestoredAnswer = saved({ table: z.string(), record: z.looseObject({ id: z.number().int() }) })
const Backup = z.looseObject({ name: z.string(), size: z.number(), created_at: z.string() })
export const BackupsAnswer = success({ backups: z.array(Backup) })
export const BackupSavedAnswer = saved({ backup: Backup })

/** The rows of one bank's Office Accounts ledger (an array, as the spec's answer is). */
export const BankLedgerAnswer = z.array(item('An office account entry'))

/** A file sent as bytes (receipts, backups); documented with its media type. */
export const FileAnswer = (mediaType: string) => z.string().describe(`binary:${mediaType}`)

/** GET /customers/matches: customers sharing a typed name, phone or passport (decision 047). */
export const CustomerMatchesAnswer = success({
  matches: z.array(
    z.looseObject({
      id: z.number().int(),
      matched: z.array(z.enum(['name', 'mobile_number', 'passport_number'])),
    }),
  ),
})

/** GET /admin/morning: what waits for the owner (decision 049). */
export const MorningAnswer = success({
  pending_users: z.number().int(),
  corrections_waiting: z.number().int(),
})

/** GET /my-receipts/today: the user's takings today by method and bank, and each line (decision 049). */
export const MyReceiptsAnswer = success({
  date: z.string(),
  total: z.number(),
  by_method: z.array(z.object({ method: z.string(), bank: z.string(), amount: z.number() })),
  lines: z.array(z.looseObject({ id: z.number().int(), amount: z.number() })),
})

/** POST /admin/backups/{name}/restore: the file the replaced database was kept as. */
export const RestoreAnswer = saved({ kept: z.string() })
/** A restore that moves the books' lock date says why (issue 33, decision 087). */
export const RestoreInput = z.object({
  reason: z.string().trim().max(500, 'Reason is at most 500 characters').optional(),
})
