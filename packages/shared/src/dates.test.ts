import { describe, expect, it } from 'vitest'
import {
  dateInputToIso,
  formatDate,
  isIsoDate,
  optionalDate,
  optionalStrictDate,
  requiredDate,
  strictDate,
  toIsoDate,
} from './dates.ts'

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message)

describe('formatDate', () => {
  it('shows dd/mm/yyyy', () => {
    expect(formatDate('2026-03-04')).toBe('04/03/2026')
    expect(formatDate('2026-03-04T10:00:00.000Z')).toBe('04/03/2026')
    expect(formatDate(new Date('2026-03-04T00:00:00Z'))).toBe('04/03/2026')
    expect(formatDate('04/03/2026')).toBe('04/03/2026')
  })
  it('shows empty for empty, 0000-00-00, 1970-01-01 and invalid values', () => {
    for (const v of [
      '',
      null,
      undefined,
      '0000-00-00',
      '0000-00-00 00:00:00',
      '1970-01-01',
      '1970-01-01T00:00:00.000Z',
      new Date(0),
      new Date('junk'),
      'junk',
      '2026-02-30',
      '2026-13-01',
      '31/02/2026',
    ]) {
      expect(formatDate(v)).toBe('')
    }
  })
})

describe('toIsoDate', () => {
  it('turns dd/mm/yyyy into yyyy-mm-dd (editing a stored date)', () => {
    expect(toIsoDate('04/03/2026')).toBe('2026-03-04')
    expect(toIsoDate('29/02/2024')).toBe('2024-02-29')
    expect(toIsoDate('29/02/2025')).toBe('')
  })
  it('keeps the day of an ISO timestamp and rejects junk', () => {
    expect(toIsoDate(' 2026-01-05T12:00:00Z ')).toBe('2026-01-05')
    expect(toIsoDate('5/1/2026')).toBe('')
    expect(toIsoDate(12345)).toBe('')
  })
  it('isIsoDate checks the calendar', () => {
    expect(isIsoDate('2024-02-29')).toBe(true)
    expect(isIsoDate('2025-02-29')).toBe(false)
    expect(isIsoDate('2025-2-9')).toBe(false)
  })
})

describe('strictDate (yyyy-MM-dd rule)', () => {
  const s = strictDate('Enter Date')
  it('requires a value with the given message first', () => {
    expect(messages(s.safeParse(''))[0]).toBe('Enter Date')
    expect(messages(s.safeParse(undefined))[0]).toBe('Enter Date')
    expect(messages(s.safeParse(null))[0]).toBe('Enter Date')
  })
  it('rejects other shapes with "Invalid date format (yyyy-MM-dd)"', () => {
    for (const v of ['08/01/2026', '2026-1-1', '20260101', '2026-01-01T00:00']) {
      expect(messages(s.safeParse(v))).toEqual(['Invalid date format (yyyy-MM-dd)'])
    }
  })
  it('rejects out-of-range months and days with "Invalid date values"', () => {
    for (const v of ['2026-13-01', '2026-00-10', '2026-01-32', '2026-01-00', '2026-02-30']) {
      expect(messages(s.safeParse(v))).toEqual(['Invalid date values'])
    }
  })
  it('accepts a real day, trimmed', () => {
    expect(s.parse(' 2026-01-05 ')).toBe('2026-01-05')
  })
  it('optionalStrictDate allows empty as null and checks the rest', () => {
    const o = optionalStrictDate()
    expect(o.parse('')).toBeNull()
    expect(o.parse(null)).toBeNull()
    expect(o.parse(undefined)).toBeNull()
    expect(messages(o.safeParse('1/1/2026'))).toEqual(['Invalid date format (yyyy-MM-dd)'])
    expect(messages(o.safeParse('2026-02-31'))).toEqual(['Invalid date values'])
  })
})

describe('requiredDate / optionalDate ("Invalid date")', () => {
  it('requiredDate', () => {
    const r = requiredDate('Travel Date is required')
    expect(messages(r.safeParse(''))[0]).toBe('Travel Date is required')
    expect(messages(r.safeParse('junk'))).toEqual(['Invalid date'])
    expect(r.parse('04/03/2026')).toBe('2026-03-04')
    expect(r.parse('2026-03-04')).toBe('2026-03-04')
  })
  it('optionalDate', () => {
    const o = optionalDate()
    expect(o.parse(null)).toBeNull()
    expect(o.parse('')).toBeNull()
    expect(messages(o.safeParse('2026-99-01'))).toEqual(['Invalid date'])
    expect(o.parse('2026-03-04')).toBe('2026-03-04')
  })
})

describe('dateInputToIso', () => {
  it('reads dd/mm/yyyy with any separator and short parts as yyyy-mm-dd', () => {
    expect(dateInputToIso('04/03/2026')).toBe('2026-03-04')
    expect(dateInputToIso('4.3.2026')).toBe('2026-03-04')
    expect(dateInputToIso(' 4-3-2026 ')).toBe('2026-03-04')
  })
  it('keeps yyyy-mm-dd, and out-of-range or unreadable input for the form rule to report', () => {
    expect(dateInputToIso('2026-03-04')).toBe('2026-03-04')
    expect(dateInputToIso('31/13/2026')).toBe('2026-13-31')
    expect(dateInputToIso('next week')).toBe('next week')
    expect(dateInputToIso('')).toBe('')
  })
})
