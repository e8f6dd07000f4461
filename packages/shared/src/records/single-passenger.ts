import { z } from 'zod'
import { optionalDate } from '../dates.ts'
import { optionalText } from '../fields.ts'
import { DOCUMENT_TYPES } from '../options.ts'
import { blankPassenger, FullPassenger, passengerList } from './passenger.ts'

/**
 * The one traveller of a Visa or GAMCA record, stored as JSON text. Clients send JSON text, an
 * array or a single object; all are read as one passenger, Passport when no document type is given.
 */
export const readPassenger = (value: unknown): Record<string, unknown> => {
  const p = passengerList(value)[0] ?? {}
  return { ...p, documentType: p.documentType || DOCUMENT_TYPES[0] }
}

/** GAMCA: every passenger field is required, with the Umrah pattern's messages. */
export const RequiredPassenger = z.preprocess(readPassenger, FullPassenger)

/** Visa: only the employee name is required, so every passenger field is optional. */
export const OptionalPassenger = z.preprocess(
  readPassenger,
  z.object({
    title: optionalText(20),
    firstName: optionalText(100),
    lastName: optionalText(100),
    dob: optionalDate(),
    nationality: optionalText(100),
    documentType: z
      .string()
      .refine((v) => (DOCUMENT_TYPES as readonly string[]).includes(v), 'Document Type is required'),
    documentNo: optionalText(50),
    documentExpiry: optionalDate(),
    issueCountry: optionalText(100),
  }),
)

/** A stored passport_detail (JSON text, array or object) as form values. */
export const passengerFormValues = (stored: unknown) => {
  const p = readPassenger(stored)
  const text = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : '')
  return {
    ...blankPassenger(),
    title: text('title'),
    firstName: text('firstName'),
    lastName: text('lastName'),
    dob: text('dob').slice(0, 10),
    nationality: text('nationality'),
    documentType: text('documentType'),
    documentNo: text('documentNo'),
    documentExpiry: text('documentExpiry').slice(0, 10),
    issueCountry: text('issueCountry'),
  }
}
