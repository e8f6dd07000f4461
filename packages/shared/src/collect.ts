import { z } from 'zod'
import { currencyCode } from './currency.ts'
import { amount, optionalText, requiredText } from './fields.ts'
import { formatAmount } from './money.ts'
import { normalizePhone, PHONE_MESSAGE, whatsappNumber } from './phone.ts'

/** Issue 25: party profiles, credit limits, "To collect", statement share links and reminders. */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date')

export const PARTY_KINDS = ['agent', 'vendor', 'customer'] as const
export type PartyKind = (typeof PARTY_KINDS)[number]
/** Parties that buy on credit: the ones with a credit limit and on "To collect". */
export const DEBTOR_KINDS = ['agent', 'customer'] as const
export type DebtorKind = (typeof DEBTOR_KINDS)[number]

export const REMINDER_LANGUAGES = ['en', 'ur'] as const
export type ReminderLanguage = (typeof REMINDER_LANGUAGES)[number]

/** https://wa.me/<digits>?text=<message>, or null without a number WhatsApp can take. */
export const whatsappLink = (phone: string | null | undefined, message: string): string | null => {
  const number = whatsappNumber(phone)
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(message)}` : null
}

/** What a party's profile holds beside its name (customers keep their own name, mobile and address). */
export const PartyProfileInput = z.object({
  phone: optionalText(40)
    .refine((v) => normalizePhone(v) !== null, PHONE_MESSAGE)
    // Kept in the one stored form (phone.ts), as customers' mobiles are.
    .transform((v) => normalizePhone(v) ?? ''),
  email: optionalText(200).refine(
    (v) => v === '' || z.email().safeParse(v).success,
    'Enter an e-mail address such as name@example.com',
  ),
  city: optionalText(100),
  note: optionalText(1000),
  /** Rupees; empty or null is no limit. */
  credit_limit: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.union([
      z.null(),
      amount({
        required: 'Credit limit must be a number',
        min: { value: 0, message: 'Credit limit cannot be negative' },
      }),
    ]),
  ),
  language: z.enum(REMINDER_LANGUAGES, { error: 'Language must be en (English) or ur (Urdu)' }).default('en'),
  /** The party's account currency (issue 34 item 2); omitted leaves it as it is. */
  currency: currencyCode.optional(),
})
export type PartyProfileFields = z.output<typeof PartyProfileInput>

export interface PartyProfile extends PartyProfileFields {
  kind: PartyKind
  name: string
  /** The statement name segment (`/api/statements/{kind}/{key}`): the name, or a customer's id. */
  key: string
  /** The digits a wa.me link takes ("923001234567"), null when none or unreadable. */
  whatsapp_number: string | null
  /** What the party owes the office (rupees; a vendor: what the office owes them). */
  balance: number
  /** A party kept in another currency (issue 34, decision 150): `balance` in that currency. */
  balance_fx?: number
  /** credit_limit − balance; null without a limit. */
  credit_left: number | null
  last_payment: {
    date: string
    /** Rupees. */
    amount: number
    entry: string
    /** A payment in a foreign currency (issue 34): its currency, amount there and rate (rupees per unit). */
    currency?: string
    amount_fx?: number
    rate?: number
  } | null
}

/** The 409 an employee gets for a sale past a party's credit limit (issue 25, word for word). */
export const creditLimitMessage = (limit: number, party: string, over: number) =>
  `Credit limit of Rs ${formatAmount(limit)} for ${party} exceeded by Rs ${formatAmount(over)}`

/** Body key an admin sends to save a sale past the limit anyway; kept in the audit history. */
export const OVERRIDE_REASON_KEY = 'override_reason'

/** Error key of an employee's credit-limit 409: the sale may be sent for an admin's approval (decision 098). */
export const SEND_FOR_APPROVAL_KEY = 'send_for_approval'

export const CollectionsQuery = z.object({
  as_of: isoDate.optional(),
  min_days: z.coerce
    .number({ error: 'Min days must be a whole number' })
    .int('Min days must be a whole number')
    .min(0, 'Min days cannot be negative')
    .max(3650, 'Min days is at most 3650')
    .optional(),
})

export interface CollectionRow {
  kind: DebtorKind
  name: string
  key: string
  /** Everything owed on as_of (rupees). */
  total: number
  /** The part older than min_days, aged as the receivables report ages it. */
  overdue: number
  phone: string
  whatsapp_number: string | null
  language: ReminderLanguage
  email: string
  last_payment: { date: string; amount: number } | null
  last_reminder: { at: string; channel: string; by: string } | null
  /** A party kept in another currency (issue 34, decision 123): its total and overdue in it. */
  currency?: string
  total_fx?: number
  overdue_fx?: number
}

export const ShareInput = z
  .object({
    from: isoDate.nullish(),
    to: isoDate.nullish(),
    expires_days: z.coerce
      .number({ error: 'Expires days must be a whole number' })
      .int('Expires days must be a whole number')
      .min(1, 'Expires days is at least 1')
      .max(365, 'Expires days is at most 365')
      .default(30),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must not be after To', path: ['to'] })

export const REMINDER_CHANNELS = ['whatsapp', 'email'] as const
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number]

/** A WhatsApp reminder the browser opened, logged by the server with the amount it computes itself. */
export const WhatsappReminderInput = z.object({
  share_id: z.number().int().positive().max(2_147_483_647).nullish(),
  message: requiredText('Message is required', 2000),
})

export const EmailReminderInput = z
  .object({
    to: optionalText(200).refine(
      (v) => v === '' || z.email().safeParse(v).success,
      'Enter a valid e-mail address',
    ),
    from: isoDate.nullish(),
    date_to: isoDate.nullish(),
  })
  .refine((q) => !q.from || !q.date_to || q.from <= q.date_to, {
    message: 'From must not be after To',
    path: ['date_to'],
  })

export interface ReminderLogRow {
  id: number
  at: string
  by: string
  channel: ReminderChannel
  amount: number
  detail: string
}

export const SmtpSettingsInput = z.object({
  host: requiredText('SMTP host is required', 200),
  port: z.coerce
    .number({ error: 'Port must be a number' })
    .int('Port must be a whole number')
    .min(1, 'Port must be 1 to 65535')
    .max(65535, 'Port must be 1 to 65535'),
  secure: z.boolean().default(false),
  /**
   * Accept a certificate nobody vouches for (a relay on the office network with a self-signed
   * one). Off by default: with it on, anyone between the server and the relay can read the password.
   */
  allow_self_signed: z.boolean().default(false),
  user: optionalText(200),
  /** Empty keeps the stored password. */
  password: optionalText(500),
  from: requiredText('From address is required', 200).refine(
    (v) => z.email().safeParse(v.replace(/^.*<(.+)>$/, '$1')).success,
    'From must be an e-mail address',
  ),
})
export type SmtpSettingsFields = z.output<typeof SmtpSettingsInput>

export const CollectSettingsInput = z.object({
  overdue_days: z.coerce
    .number({ error: 'Overdue days must be a whole number' })
    .int('Overdue days must be a whole number')
    .min(0, 'Overdue days cannot be negative')
    .max(3650, 'Overdue days is at most 3650')
    .default(30),
})

/** The reminder text, in the party's language, holding the amount due, the period and the link. */
export const reminderMessage = (opts: {
  language: ReminderLanguage
  name: string
  agency: string
  amount: number
  period: string
  url: string
}) =>
  opts.language === 'ur'
    ? `السلام علیکم ${opts.name}، ${opts.agency} کی طرف سے یاد دہانی: ${opts.period} کے حساب میں آپ کے ذمے Rs ${formatAmount(opts.amount)} واجب الادا ہیں۔ گوشوارہ دیکھیں: ${opts.url}`
    : `Dear ${opts.name}, a reminder from ${opts.agency}: Rs ${formatAmount(opts.amount)} is due on your account for ${opts.period}. Your statement: ${opts.url}`

const success = <S extends z.ZodRawShape>(shape: S) => z.object({ status: z.literal('success'), ...shape })
const loose = (description: string) => z.looseObject({}).describe(description)

export const PartyProfileAnswer = success({ profile: loose('A party profile (PartyProfile)') })
export const PartyProfileSavedAnswer = success({
  message: z.string(),
  profile: loose('A party profile (PartyProfile)'),
})
export const CreditAnswer = success({
  kind: z.enum(DEBTOR_KINDS),
  name: z.string(),
  /** The statement key (a customer's id); null for a name no party stands behind. */
  key: z.string().nullable(),
  balance: z.number(),
  credit_limit: z.number().nullable(),
  credit_left: z.number().nullable(),
})
export const CollectionsAnswer = success({
  as_of: z.string(),
  min_days: z.number().int(),
  rows: z.array(loose('A party with an overdue amount (CollectionRow)')),
  totals: z.object({ overdue: z.number(), total: z.number() }),
})
export const ShareCreatedAnswer = z.object({
  status: z.literal('success'),
  id: z.number().int(),
  url: z.string(),
  expires_at: z.string(),
  /** The party's live link for this period, given again rather than a new one. */
  reused: z.boolean(),
  /** Why customers may not be able to open the link (PUBLIC_URL unset or local); else null. */
  warning: z.string().nullable(),
})
export const SharesAnswer = success({ shares: z.array(loose('A share link (without its token)')) })
export const RemindersAnswer = success({ reminders: z.array(loose('A reminder sent (ReminderLogRow)')) })
export const ReminderSavedAnswer = success({ message: z.string(), reminder: loose('ReminderLogRow') })
export const CollectSettingsAnswer = success({
  overdue_days: z.number().int(),
  smtp: z
    .object({
      host: z.string(),
      port: z.number().int(),
      secure: z.boolean(),
      allow_self_signed: z.boolean().optional(),
      user: z.string(),
      from: z.string(),
      password_set: z.boolean(),
    })
    .nullable(),
  share_links: z.object({ base: z.string(), warning: z.string().nullable() }),
})
export const MessageOnlyAnswer = success({ message: z.string() })
