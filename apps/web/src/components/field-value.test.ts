import { describe, expect, it } from 'vitest'
import { formatDateTime, formatFieldValue } from './field-value.ts'

describe('formatFieldValue (history and corrections)', () => {
  it('shows amounts with separators, counts as they are, dates dd/mm/yyyy and passengers by name', () => {
    expect(formatFieldValue('receivable_amount', 1750000.5)).toBe('1,750,000.50')
    expect(formatFieldValue('paidCash', 25000)).toBe('25,000')
    expect(formatFieldValue('adults', 12000)).toBe('12000')
    expect(formatFieldValue('depart_date', '2026-06-10')).toBe('10/06/2026')
    expect(formatFieldValue('reference', null)).toBe('-')
    expect(
      formatFieldValue(
        'passport_detail',
        '[{"title":"Mr","firstName":"Ali","lastName":"Khan","documentNo":"PK1"}]',
      ),
    ).toBe('Mr Ali Khan (PK1)')
    expect(formatFieldValue('detail', '[not json')).toBe('[not json')
  })
})

describe('a stored rates column (issue 34)', () => {
  it('shows micro-rupees as rupees per unit; an empty map as "-"; other text as it is', () => {
    expect(formatFieldValue('rates', '{"SAR":"74850000"}')).toBe('SAR 74.85')
    expect(formatFieldValue('rates', '{"USD":"280123400","AED":"76000000"}')).toBe('USD 280.1234, AED 76')
    expect(formatFieldValue('rates', '{}')).toBe('-')
    expect(formatFieldValue('rates', 'not a map')).toBe('not a map')
    // Another field with the same text is left alone.
    expect(formatFieldValue('detail', '{"SAR":"74850000"}')).toBe('{"SAR":"74850000"}')
  })
})

describe('formatDateTime', () => {
  it("shows a time in the agency's zone when given one (issue 37: the backups screen)", () => {
    // The backup: made 03:56 in Karachi, shown as the day before by a browser in UTC-5.
    expect(formatDateTime('2026-11-27T22:56:35.000Z', 'Asia/Karachi')).toBe('28/11/2026 03:56')
    expect(formatDateTime('2026-11-27T19:00:00.000Z', 'Asia/Karachi')).toBe('28/11/2026 00:00')
  })
})
