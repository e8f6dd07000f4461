import { z } from 'zod'
import { optionalDate, requiredDate } from '../dates.ts'
import { oneOf, optionalText, requiredText } from '../fields.ts'
import { DOCUMENT_TYPES, TICKET_DOCUMENT_TYPES, TITLES } from '../options.ts'

/** The spec's passenger detail; Ticket needs five of its fields, Umrah all nine. */
export interface PassengerDetail {
  title: string
  firstName: string
  lastName: string
  dob: string | null
  nationality: string
  documentType: string
  documentNo: string
  documentExpiry: string | null
  issueCountry: string
}

/** A ticket passenger: identity and document are required, the rest is optional. */
export const TicketPassenger = z.object({
  title: oneOf(TITLES, 'Title is required'),
  firstName: requiredText('First Name is required', 100),
  lastName: requiredText('Last Name is required', 100),
  dob: optionalDate(),
  nationality: optionalText(100),
  documentType: oneOf(TICKET_DOCUMENT_TYPES, 'Document Type is required'),
  documentNo: requiredText('Document Number is required', 50),
  documentExpiry: optionalDate(),
  issueCountry: optionalText(100),
})

/** The Umrah passenger: every field required, "{Field} is required"; Passport is the only document. */
export const FullPassenger = z.object({
  title: oneOf(TITLES, 'Title is required'),
  firstName: requiredText('First Name is required', 100),
  lastName: requiredText('Last Name is required', 100),
  dob: requiredDate('Date of Birth is required'),
  nationality: requiredText('Nationality is required', 100),
  documentType: oneOf(DOCUMENT_TYPES, 'Document Type is required'),
  documentNo: requiredText('Document Number is required', 50),
  documentExpiry: requiredDate('Expiry Date is required'),
  issueCountry: requiredText('Issue Country is required', 100),
})

/** A blank passenger block as the forms add it; documentType defaults to Passport. */
export const blankPassenger = (): z.input<typeof TicketPassenger> => ({
  title: '',
  firstName: '',
  lastName: '',
  dob: '',
  nationality: '',
  documentType: 'Passport',
  documentNo: '',
  documentExpiry: '',
  issueCountry: '',
})

const parseJson = (value: string): unknown => {
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

/**
 * Stored passenger data in any of the shapes the spec allows (JSON text, an array, one object)
 * as a list; unreadable data becomes an empty list.
 */
export const passengerList = (value: unknown): Record<string, unknown>[] => {
  const v = typeof value === 'string' ? (value.trim() === '' ? [] : parseJson(value)) : value
  if (Array.isArray(v)) return v.filter((p): p is Record<string, unknown> => !!p && typeof p === 'object')
  if (v && typeof v === 'object') return [v as Record<string, unknown>]
  return []
}

/** "Mr Ali Khan" from a passenger. */
export const passengerName = (p: Partial<Record<keyof PassengerDetail, unknown>> | undefined): string =>
  p ? [p.title, p.firstName, p.lastName].filter((s) => typeof s === 'string' && s.trim()).join(' ') : ''

/** Passenger counts: whole numbers from 0, with the spec's negative messages. */
export const passengerCount = (m: { required: string; typeError: string; negative: string }) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? m.required : m.typeError) })
      .int('Must be a whole number')
      .min(0, m.negative)
      .max(99, 'At most 99 passengers'),
  )
