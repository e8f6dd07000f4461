import { z } from 'zod'
import { MAX_ID } from './fields.ts'
import { normalizePhone, PHONE_MESSAGE } from './phone.ts'

export const RegisterInput = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .min(3, 'Username must be at least 3 characters')
    .max(20, 'Username cannot exceed 20 characters')
    .regex(/^[A-Za-z0-9_]+$/, 'Username can only contain letters, numbers and underscores'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Please enter a valid email address')
    .email('Please enter a valid email address'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(8, 'Password must be at least 8 characters')
    .max(200, 'Password cannot exceed 200 characters'),
})
export type RegisterInput = z.infer<typeof RegisterInput>

/** The register form adds the confirmation, checked against the password on every change. */
export const RegisterForm = RegisterInput.extend({
  confirmPassword: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password'),
}).refine((v) => v.password === v.confirmPassword, {
  message: 'Passwords do not match',
  path: ['confirmPassword'],
})
export type RegisterForm = z.infer<typeof RegisterForm>

/**
 * The one spelling of an email the server keys on (rate limit, lookup, uniqueness): surrounding
 * whitespace of every kind (tabs, NBSP, zero-width) removed, lower case. Padding an address
 * must not make it a different key.
 */
export const normaliseEmail = (email: string) =>
  email.replace(/^[\s\u200B-\u200D\u2060\uFEFF]+|[\s\u200B-\u200D\u2060\uFEFF]+$/g, '').toLowerCase()

/** Sign-up answers for what only the server can know (the breach list, who is registered). */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less guessable one'
export const USERNAME_TAKEN_MESSAGE = 'This username is already taken'
export const EMAIL_TAKEN_MESSAGE = 'This email is already registered'

export const LoginInput = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
})
export type LoginInput = z.infer<typeof LoginInput>

export const ApproveInput = z.object({
  userId: z.coerce
    .number({ error: 'userId is required' })
    .int()
    .positive('userId is required')
    .max(MAX_ID, 'User not found'),
  approved: z.boolean({ error: 'approved must be true or false' }),
})

export const CUSTOMER_MESSAGES = {
  name: 'Customer name is required',
  contact: 'Enter a mobile number or a passport number',
} as const

/**
 * The spec's pop-up checks nothing; a blank customer only clutters every pick-list, so a
 * customer needs a name and a mobile or passport number to be told apart (decision 009).
 */
export const CustomerInput = z
  .object({
    name: z.string().trim().max(200).optional().default(''),
    // Typed any way ("0300-1234567", "+92 300 1234567"), stored one way; never saved empty
    // in silence: what is not a phone number is refused (decision 047).
    mobile_number: z
      .union([z.string().max(50), z.number()])
      .optional()
      .transform((v, ctx) => {
        const phone = normalizePhone(v)
        if (phone === null) ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE })
        return phone ?? ''
      }),
    address: z.string().trim().max(500).optional().default(''),
    passport_number: z.string().trim().max(50).optional().default(''),
    /** The language of this customer's receipts and statements (decision 044); absent keeps the saved one. */
    paper_language: z.enum(['en', 'ur'], { error: 'Paper language must be en or ur' }).optional(),
  })
  .superRefine((c, ctx) => {
    if (!c.name) ctx.addIssue({ code: 'custom', path: ['name'], message: CUSTOMER_MESSAGES.name })
    if (!c.mobile_number && !c.passport_number)
      ctx.addIssue({ code: 'custom', path: ['mobile_number'], message: CUSTOMER_MESSAGES.contact })
  })

/** How a pick-list tells two customers apart: "Ali Khan · 03001234567" (or the passport). */
export const customerLabel = (c: {
  name: string
  mobile_number?: string | null
  passport_number?: string | null
}) => {
  const contact = c.mobile_number || c.passport_number
  return contact ? `${c.name} · ${contact}` : c.name
}

/** Names compare ignoring case and surrounding spaces ("skyline agents" is "Skyline Agents"). */
export const nameKey = (name: string) => name.trim().toLowerCase()
export type CustomerInput = z.infer<typeof CustomerInput>
