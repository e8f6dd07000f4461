import { describe, expect, it } from 'vitest'
import { visualRuns } from '../src/areas/platform/documents/bidi-text.ts'

/** A line as it stands on an Urdu (right-to-left) page, left to right, runs joined. */
const onPage = (text: string) =>
  visualRuns(text, 'rtl')
    .map((r) => r.visual)
    .join('')

describe('Urdu papers keep numbers left to right (decision 101)', () => {
  it('a tax invoice serial after an Urdu label prints as typed', () => {
    // The bidi rules alone give "27/00001-2026" here: digits after an Urdu word are Arabic numbers.
    expect(onPage('نمبر 2026-27/00001')).toBe('2026-27/00001 ربمن')
  })

  it('dates, amounts and a Latin word before a number stay as they were', () => {
    expect(onPage('تاریخ 28/11/2026')).toBe('28/11/2026 خیرات')
    expect(onPage('نمبر Service 5/7')).toBe('Service 5/7 ربمن')
    expect(onPage('Rs 1,200.50')).toBe('Rs 1,200.50')
    expect(onPage('01/11/2026 سے 30/11/2026')).toBe('30/11/2026 ےس 01/11/2026')
  })

  it('draws no mark of its own', () => {
    for (const r of visualRuns('نمبر 2026-27/00001', 'rtl'))
      expect(r.text).not.toMatch(/[\u200e\u2066-\u2069]/)
  })
})
