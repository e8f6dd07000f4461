import { parse as readMrz } from 'mrz'
import { z } from 'zod'
import { mrzCheckDigit } from './mrz-check-digit.ts'
import { ICAO_SPECIAL_CODES, ISO_COUNTRIES } from './mrz-countries.ts'

/**
 * Passport machine-readable zone (ICAO Doc 9303 Part 4, TD3: two lines of 44 characters).
 *
 * Line 1: `P` + type, issuing state (3), name (39: SURNAME<<GIVEN<NAMES, `<` fills).
 * Line 2: document number (9) + check, nationality (3), birth YYMMDD + check, sex,
 * expiry YYMMDD + check, personal number (14) + check, composite check.
 *
 * Century rule: a date of birth is 20YY unless that day is after today, then 19YY (nobody is
 * born in the future); an expiry is always 20YY (a passport valid at most ten years, none
 * expiring in the 1900s is still in anyone's hand).
 */

export const MRZ_LINE_LENGTH = 44

/** The five check digits of a TD3, named as the messages name them. */
export const MRZ_CHECKS = [
  'document number',
  'date of birth',
  'expiry date',
  'personal number',
  'composite',
] as const
export type MrzCheck = (typeof MRZ_CHECKS)[number]

export interface MrzFields {
  /** `P`, or `P` and the state's type letter (`PD` diplomatic, `PS` service…). */
  documentCode: string
  issuingCountryCode: string
  /** The issuing state's name (`Pakistan`); the code itself when the code is unknown. */
  issuingCountry: string
  /** Primary identifier, fillers as spaces, as printed (upper case). */
  surname: string
  /** Secondary identifier(s), fillers as spaces; '' when the passport has none. */
  givenNames: string
  documentNumber: string
  nationalityCode: string
  nationality: string
  /** yyyy-mm-dd */
  dateOfBirth: string
  /** M, F or X (unspecified, `<` in the zone). */
  sex: 'M' | 'F' | 'X'
  /** yyyy-mm-dd */
  expiryDate: string
  /** Optional data (personal number); '' when only fillers. */
  personalNumber: string
}

export type MrzResult =
  | { ok: true; fields: MrzFields }
  | { ok: false; message: string; failedChecks: MrzCheck[] }

const COUNTRY_NAMES: Readonly<Record<string, string>> = { ...ISO_COUNTRIES, ...ICAO_SPECIAL_CODES }

/** The name of an ICAO code (`PAK` → Pakistan, `D` → Germany, `GBD` → British Overseas Territories Citizen). */
export const countryName = (code: string): string | undefined => {
  const key = code.replace(/</g, '').toUpperCase()
  return Object.hasOwn(COUNTRY_NAMES, key) ? COUNTRY_NAMES[key] : undefined
}

export { mrzCheckDigit }

const fail = (message: string, failedChecks: MrzCheck[] = []): MrzResult => ({
  ok: false,
  message,
  failedChecks,
})

/** The lines of what was pasted: split on newlines, trimmed, upper case, blank lines dropped. */
const pastedLines = (input: string | readonly string[]): string[] =>
  (typeof input === 'string' ? [input] : input)
    .flatMap((s) => s.split(/\r\n|\r|\n/))
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s !== '')

const oneSpace = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim()

const pad = (n: number) => String(n).padStart(2, '0')

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/** yyyy-mm-dd of a YYMMDD in the given century, or null when it is not a calendar day. */
const isoDate = (yymmdd: string, century: number): string | null => {
  if (!/^\d{6}$/.test(yymmdd)) return null
  const year = century + Number(yymmdd.slice(0, 2))
  const month = Number(yymmdd.slice(2, 4))
  const day = Number(yymmdd.slice(4, 6))
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null
  return `${year}-${pad(month)}-${pad(day)}`
}

/** Birth: 20YY unless that is after today (in UTC), then 19YY. */
const birthDate = (yymmdd: string, today: Date): string | null => {
  const todayIso = today.toISOString().slice(0, 10)
  const recent = isoDate(yymmdd, 2000)
  if (recent && recent <= todayIso) return recent
  return isoDate(yymmdd, 1900)
}

const joinWords = (words: string[]) =>
  words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`

const countryField = (code: string, label: string): string | null =>
  /^[A-Z]{1,3}$/.test(code) ? null : `${label} "${code}" is not a country code`

/**
 * Reads a passport's two MRZ lines (an array, or one text with a newline). Spaces around each
 * line and lower case are tolerated; anything else wrong is refused with a message saying what.
 * `today` decides the century of the date of birth.
 */
export const parseMrz = (input: string | readonly string[], today: Date = new Date()): MrzResult => {
  const lines = pastedLines(input)
  if (lines.length !== 2)
    return fail(
      `A passport MRZ has two lines of ${MRZ_LINE_LENGTH} characters; ${lines.length === 0 ? 'nothing was pasted' : `found ${lines.length} lines`}`,
    )
  for (const [i, line] of lines.entries()) {
    if (line.length !== MRZ_LINE_LENGTH)
      return fail(
        `Line ${i + 1} has ${line.length} characters; each line of a passport MRZ has ${MRZ_LINE_LENGTH}`,
      )
    const bad = line.search(/[^A-Z0-9<]/)
    if (bad >= 0)
      return fail(
        `Line ${i + 1} has "${line[bad]}" at position ${bad + 1}; only letters, digits and < can appear in an MRZ`,
      )
  }
  const [one, two] = lines as [string, string]
  if (one[0] !== 'P')
    return fail(
      two[0] === 'P' && two[1] !== undefined && /[A-Z<]/.test(two[1])
        ? 'The lines are in the wrong order: the line starting with P comes first'
        : 'Line 1 does not start with P: this is not the MRZ of a passport',
    )

  // The `mrz` package (decision 039) splits the zone into fields and verifies the check digits;
  // the messages, the century rule and the country names stay the project's own.
  const read = readMrz([one, two])
  const failed = (field: string) => read.details.some((d) => d.field === field && !d.valid)
  const wrong: MrzCheck[] = (
    [
      ['document number', 'documentNumberCheckDigit'],
      ['date of birth', 'birthDateCheckDigit'],
      ['expiry date', 'expirationDateCheckDigit'],
      ['personal number', 'personalNumberCheckDigit'],
    ] as const
  )
    .filter(([, field]) => failed(field))
    .map(([name]) => name)
  // A wrong field check digit also breaks the composite; name the composite only when it alone fails.
  if (wrong.length === 0 && failed('compositeCheckDigit')) wrong.push('composite')
  if (wrong.length === 1) {
    const name = wrong[0] as MrzCheck
    return fail(
      `${name === 'composite' ? 'Composite check digit' : `Check digit for ${name}`} is wrong`,
      wrong,
    )
  }
  if (wrong.length > 1) return fail(`Check digits for ${joinWords(wrong)} are wrong`, wrong)

  const issuingCode = one.slice(2, 5).replace(/</g, '')
  const nationalityCode = two.slice(10, 13).replace(/</g, '')
  const codeError =
    countryField(issuingCode, 'Issuing country') ?? countryField(nationalityCode, 'Nationality')
  if (codeError) return fail(codeError)

  const dateOfBirth = birthDate(two.slice(13, 19), today)
  if (!dateOfBirth) return fail(`Date of birth "${two.slice(13, 19)}" is not a date (YYMMDD)`)
  const expiryDate = isoDate(two.slice(21, 27), 2000)
  if (!expiryDate) return fail(`Expiry date "${two.slice(21, 27)}" is not a date (YYMMDD)`)
  const sexChar = two[20] as string
  if (failed('sex')) return fail(`Sex "${sexChar}" must be M, F or <`)

  if (failed('lastName') || failed('firstName'))
    return fail('The name on line 1 has a digit; only letters and < can be in a name')
  // The package keeps a double filler inside the given names as two spaces; one space, as printed.
  const surname = oneSpace(read.fields.lastName)
  const givenNames = oneSpace(read.fields.firstName)
  if (!surname && !givenNames) return fail('Line 1 has no name')
  const documentNumber = (read.fields.documentNumber ?? '').replace(/</g, '')
  if (!documentNumber) return fail('The document number is empty')

  return {
    ok: true,
    fields: {
      documentCode: one.slice(0, 2).replace(/</g, ''),
      issuingCountryCode: issuingCode,
      issuingCountry: countryName(issuingCode) ?? issuingCode,
      surname,
      givenNames,
      documentNumber,
      nationalityCode,
      nationality: countryName(nationalityCode) ?? nationalityCode,
      dateOfBirth,
      sex: sexChar === '<' ? 'X' : (sexChar as 'M' | 'F'),
      expiryDate,
      personalNumber: read.fields.personalNumber ?? '',
    },
  }
}

/**
 * The passenger fields an MRZ fills (the title is not in it): names as printed, the nationality
 * and issuing country as names, document type Passport.
 */
export const mrzPassenger = (f: MrzFields) => ({
  firstName: f.givenNames,
  lastName: f.surname,
  dob: f.dateOfBirth,
  nationality: f.nationality,
  documentType: 'Passport',
  documentNo: f.documentNumber,
  documentExpiry: f.expiryDate,
  issueCountry: f.issuingCountry,
})

const MRZ_LINES_MESSAGE = 'Paste the two lines of the passport MRZ'

/** `POST /api/mrz` body: `{lines}`, two strings or one text with a newline. */
export const MrzInput = z.object({
  lines: z.union(
    [
      z.string().max(400, 'MRZ text is too long: paste only the two lines'),
      z
        .array(z.string().max(200, 'MRZ line is too long'))
        .min(1, MRZ_LINES_MESSAGE)
        .max(4, MRZ_LINES_MESSAGE),
    ],
    { error: (iss) => (iss.input === undefined ? 'MRZ lines are required' : MRZ_LINES_MESSAGE) },
  ),
})
export type MrzInput = z.infer<typeof MrzInput>
