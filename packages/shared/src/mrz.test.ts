import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { countryName, MrzInput, mrzCheckDigit, mrzPassenger, parseMrz } from './mrz.ts'
import { ICAO_SPECIAL_CODES, ISO_COUNTRIES } from './mrz-countries.ts'
import { MRZ_SPECIMENS } from './mrz-specimens.ts'

const { icao: ICAO, pakistan: PAK } = MRZ_SPECIMENS
/** A child born on 29 Feb 2008, sex unspecified, no personal number, British Overseas Territories Citizen. */
const GBD = [
  'P<GBRSMITH<<JANE<<<<<<<<<<<<<<<<<<<<<<<<<<<<',
  '1234567897GBD0802293<2801016<<<<<<<<<<<<<<02',
] as const

const TODAY = new Date('2026-11-23T09:00:00Z')
const parse = (input: string | readonly string[]) => parseMrz(input, TODAY)
const message = (input: string | readonly string[]) => {
  const r = parse(input)
  return r.ok ? 'parsed' : r.message
}
/** Line 2 with the character at `at` replaced by the next digit, so exactly that position is wrong. */
const bump = (line: string, at: number) =>
  line.slice(0, at) + String((Number(line[at]) + 1) % 10) + line.slice(at + 1)

describe('mrzCheckDigit', () => {
  it('weights 7-3-1 with A=10…Z=35 and < = 0', () => {
    expect(mrzCheckDigit('L898902C3')).toBe(6)
    expect(mrzCheckDigit('740812')).toBe(2)
    expect(mrzCheckDigit('120415')).toBe(9)
    expect(mrzCheckDigit('ZE184226B<<<<<')).toBe(1)
    expect(mrzCheckDigit('<<<<<<<<<<<<<<')).toBe(0)
  })
})

describe('parseMrz: valid specimens', () => {
  it('reads the ICAO 9303 specimen', () => {
    expect(parse(ICAO)).toEqual({
      ok: true,
      fields: {
        documentCode: 'P',
        issuingCountryCode: 'UTO',
        issuingCountry: 'Utopia',
        surname: 'ERIKSSON',
        givenNames: 'ANNA MARIA',
        documentNumber: 'L898902C3',
        nationalityCode: 'UTO',
        nationality: 'Utopia',
        dateOfBirth: '1974-08-12',
        sex: 'F',
        expiryDate: '2012-04-15',
        personalNumber: 'ZE184226B',
      },
    })
  })

  it('reads a Pakistani passport with country names and the CNIC as personal number', () => {
    const r = parse(PAK)
    expect(r).toMatchObject({
      ok: true,
      fields: {
        issuingCountryCode: 'PAK',
        issuingCountry: 'Pakistan',
        nationalityCode: 'PAK',
        nationality: 'Pakistan',
        surname: 'KHAN',
        givenNames: 'MUHAMMAD ALI',
        documentNumber: 'AB1234562',
        dateOfBirth: '1985-03-14',
        sex: 'M',
        expiryDate: '2030-07-22',
        personalNumber: '3520212345671',
      },
    })
    if (r.ok)
      expect(mrzPassenger(r.fields)).toEqual({
        firstName: 'MUHAMMAD ALI',
        lastName: 'KHAN',
        dob: '1985-03-14',
        nationality: 'Pakistan',
        documentType: 'Passport',
        documentNo: 'AB1234562',
        documentExpiry: '2030-07-22',
        issueCountry: 'Pakistan',
      })
  })

  it('reads sex < as X, an empty personal number (check digit 0 or <), and a 2000s leap-day birth', () => {
    const r = parse(GBD)
    expect(r).toMatchObject({
      ok: true,
      fields: {
        issuingCountry: 'United Kingdom',
        nationalityCode: 'GBD',
        nationality: 'British Overseas Territories Citizen',
        dateOfBirth: '2008-02-29',
        sex: 'X',
        expiryDate: '2028-01-01',
        personalNumber: '',
      },
    })
    const fillerCheck = `${GBD[1].slice(0, 42)}<${GBD[1][43]}`
    expect(parse([GBD[0], fillerCheck]).ok).toBe(true)
  })

  it('accepts one text with a newline, lower case, spaces around and blank lines', () => {
    const pasted = `  ${ICAO[0].toLowerCase()}  \r\n\n   ${ICAO[1]}\t\n`
    expect(parse(pasted)).toEqual(parse(ICAO))
    expect(parse([` ${PAK[0]} `, PAK[1].toLowerCase()])).toEqual(parse(PAK))
  })

  it('turns fillers into spaces: multi-word surnames, no given names, fillers between given names', () => {
    const withName = (name: string) => {
      const r = parse([`P<UTO${name}`.padEnd(44, '<'), ICAO[1]])
      return r.ok ? [r.fields.surname, r.fields.givenNames] : r.message
    }
    expect(withName('VAN<DER<BERG<<JAN<<PIETER')).toEqual(['VAN DER BERG', 'JAN PIETER'])
    expect(withName('MADONNA')).toEqual(['MADONNA', ''])
    expect(withName('NGUYEN<<<<VAN<<A')).toEqual(['NGUYEN', 'VAN A'])
  })
})

describe('parseMrz: century rule', () => {
  const line2 = (dob: string, expiry: string) => {
    const doc = 'L898902C36UTO'
    const withChecks = `${doc}${dob}${mrzCheckDigit(dob)}F${expiry}${mrzCheckDigit(expiry)}ZE184226B<<<<<1`
    const composite = withChecks.slice(0, 10) + withChecks.slice(13, 20) + withChecks.slice(21, 43)
    return withChecks + mrzCheckDigit(composite)
  }
  const dates = (dob: string, expiry: string, today = TODAY) => {
    const r = parseMrz([ICAO[0], line2(dob, expiry)], today)
    return r.ok ? [r.fields.dateOfBirth, r.fields.expiryDate] : r.message
  }
  it('puts a birth date in 20YY unless that is after today, then 19YY', () => {
    expect(dates('261123', '300101')).toEqual(['2026-11-23', '2030-01-01'])
    expect(dates('261124', '300101')).toEqual(['1926-11-24', '2030-01-01'])
    expect(dates('000101', '300101')).toEqual(['2000-01-01', '2030-01-01'])
    expect(dates('991231', '300101')).toEqual(['1999-12-31', '2030-01-01'])
  })
  it('puts every expiry in 20YY, even one that has passed or lies far ahead', () => {
    expect(dates('800101', '990101')).toEqual(['1980-01-01', '2099-01-01'])
    expect(dates('800101', '050101')).toEqual(['1980-01-01', '2005-01-01'])
  })
  it('refuses dates that are no calendar day', () => {
    expect(dates('850231', '300101')).toBe('Date of birth "850231" is not a date (YYMMDD)')
    expect(dates('850101', '301301')).toBe('Expiry date "301301" is not a date (YYMMDD)')
    expect(dates('850101', '290229')).toBe('Expiry date "290229" is not a date (YYMMDD)')
  })
})

describe('parseMrz: check digits', () => {
  const cases = [
    [9, 'Check digit for document number is wrong', 'document number'],
    [19, 'Check digit for date of birth is wrong', 'date of birth'],
    [27, 'Check digit for expiry date is wrong', 'expiry date'],
    [42, 'Check digit for personal number is wrong', 'personal number'],
    [43, 'Composite check digit is wrong', 'composite'],
  ] as const
  for (const specimen of [ICAO, PAK]) {
    for (const [at, text, check] of cases) {
      it(`${specimen[0].slice(2, 5)}: a wrong ${check} check digit (line 2, position ${at + 1}) is named`, () => {
        const r = parse([specimen[0], bump(specimen[1], at)])
        expect(r).toEqual({ ok: false, message: text, failedChecks: [check] })
      })
    }
  }

  it('names the check a misread field character breaks, not the composite it also breaks', () => {
    expect(message([ICAO[0], bump(ICAO[1], 15)])).toBe('Check digit for date of birth is wrong')
    expect(message([PAK[0], bump(PAK[1], 3)])).toBe('Check digit for document number is wrong')
    expect(message([PAK[0], bump(PAK[1], 30)])).toBe('Check digit for personal number is wrong')
  })

  it('names every broken field check at once', () => {
    const twoBroken = bump(bump(ICAO[1], 9), 27)
    expect(parse([ICAO[0], twoBroken])).toEqual({
      ok: false,
      message: 'Check digits for document number and expiry date are wrong',
      failedChecks: ['document number', 'expiry date'],
    })
  })

  it('refuses a letter in a check digit position', () => {
    const letter = `${ICAO[1].slice(0, 19)}O${ICAO[1].slice(20)}`
    expect(message([ICAO[0], letter])).toBe('Check digit for date of birth is wrong')
  })
})

describe('parseMrz: refused input', () => {
  it('refuses wrong line counts', () => {
    expect(message('')).toBe('A passport MRZ has two lines of 44 characters; nothing was pasted')
    expect(message(ICAO[0])).toBe('A passport MRZ has two lines of 44 characters; found 1 lines')
    expect(message([...ICAO, ICAO[1]])).toBe('A passport MRZ has two lines of 44 characters; found 3 lines')
  })
  it('refuses wrong lengths, saying which line and how long', () => {
    expect(message([ICAO[0].slice(1), ICAO[1]])).toBe(
      'Line 1 has 43 characters; each line of a passport MRZ has 44',
    )
    expect(message([ICAO[0], `${ICAO[1]}<`])).toBe(
      'Line 2 has 45 characters; each line of a passport MRZ has 44',
    )
    // TD1 identity cards have three lines of 30.
    expect(message(['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6'])).toBe(
      'Line 1 has 30 characters; each line of a passport MRZ has 44',
    )
  })
  it('refuses characters that cannot be in an MRZ, saying where', () => {
    expect(message([ICAO[0].replace('ANNA<MARIA', 'ANNA MARIA'), ICAO[1]])).toBe(
      'Line 1 has " " at position 20; only letters, digits and < can appear in an MRZ',
    )
    expect(message([ICAO[0], ICAO[1].replace('<<<<<', '«<<<<')])).toBe(
      'Line 2 has "«" at position 38; only letters, digits and < can appear in an MRZ',
    )
  })
  it('refuses a non-passport first line and swapped lines', () => {
    expect(message([`V${ICAO[0].slice(1)}`, ICAO[1]])).toBe(
      'Line 1 does not start with P: this is not the MRZ of a passport',
    )
    expect(message([ICAO[1], ICAO[0]])).toBe(
      'The lines are in the wrong order: the line starting with P comes first',
    )
  })
  it('refuses a sex other than M, F or < and a country code with digits', () => {
    const sexQ = `${ICAO[1].slice(0, 20)}Q${ICAO[1].slice(21)}`
    expect(message([ICAO[0], sexQ])).toBe('Sex "Q" must be M, F or <')
    expect(message([ICAO[0].replace('UTO', 'U7O'), ICAO[1]])).toBe(
      'Issuing country "U7O" is not a country code',
    )
  })
})

describe('country codes', () => {
  it('names every ISO 3166 alpha-3 country and the ICAO specials', () => {
    expect(Object.keys(ISO_COUNTRIES)).toHaveLength(249)
    expect(countryName('PAK')).toBe('Pakistan')
    expect(countryName('SAU')).toBe('Saudi Arabia')
    expect(countryName('ARE')).toBe('United Arab Emirates')
    expect(countryName('D<<')).toBe('Germany')
    expect(countryName('GBD')).toBe('British Overseas Territories Citizen')
    expect(countryName('UNO')).toBe('United Nations')
    expect(countryName('XXA')).toBe('Stateless person')
    expect(Object.keys(ICAO_SPECIAL_CODES)).toEqual(expect.arrayContaining(['D', 'GBN', 'GBO', 'UNA', 'XXB']))
    expect(countryName('ZZZ')).toBeUndefined()
    expect(countryName('toString')).toBeUndefined()
  })
  it('shows an unknown code as itself', () => {
    const zzz = parse([ICAO[0].replace('UTO', 'ZZZ'), ICAO[1]])
    expect(zzz).toMatchObject({ ok: true, fields: { issuingCountryCode: 'ZZZ', issuingCountry: 'ZZZ' } })
  })
})

describe('MrzInput', () => {
  const errors = (body: unknown) => {
    const r = MrzInput.safeParse(body)
    return r.success ? [] : r.error.issues.map((i) => i.message)
  }
  it('takes two lines or one text', () => {
    expect(errors({ lines: [...ICAO] })).toEqual([])
    expect(errors({ lines: ICAO.join('\n') })).toEqual([])
  })
  it('says what is missing or wrong', () => {
    expect(errors({})).toEqual(['MRZ lines are required'])
    expect(errors({ lines: 42 })).toEqual(['Paste the two lines of the passport MRZ'])
    expect(errors({ lines: [] })).toEqual(['Paste the two lines of the passport MRZ'])
    expect(errors({ lines: 'x'.repeat(401) })).toEqual(['MRZ text is too long: paste only the two lines'])
  })
})

describe('parseMrz: any two lines of the MRZ alphabet', () => {
  it('answers ok or a message, never throws (the mrz package sees only such lines)', () => {
    const alphabet = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<<<<<<')
    const line = fc.array(alphabet, { minLength: 44, maxLength: 44 }).map((cs) => cs.join(''))
    fc.assert(
      fc.property(line, line, fc.boolean(), (one, two, passport) => {
        const r = parse([passport ? `P${one.slice(1)}` : one, two])
        return r.ok ? r.fields.documentNumber.length > 0 : r.message.length > 0
      }),
      { numRuns: 2000 },
    )
  })
})
