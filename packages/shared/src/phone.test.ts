import { describe, expect, it } from 'vitest'
import { normalizePhone, whatsappLink, whatsappNumber } from './phone.ts'

describe('phones as people type them', () => {
  it('reads the usual Pakistani forms as one number', () => {
    for (const typed of ['0300-1234567', '+92 300 1234567', '923001234567', '0092 300 1234567', '3001234567'])
      expect(normalizePhone(typed), typed).toBe('+923001234567')
    expect(whatsappNumber('0300-1234567')).toBe('923001234567')
  })
  it('refuses what is not a number', () => {
    for (const typed of ['', '   ', 'call me', '12', '+92 300', '0300-1234567 ext 4', '++923001234567'])
      expect(normalizePhone(typed), typed).toBeNull()
  })
  it('builds a wa.me link with the message encoded', () => {
    expect(whatsappLink('+92 300 1234567', 'Rs 35,000 due & thanks')).toBe(
      'https://wa.me/923001234567?text=Rs%2035%2C000%20due%20%26%20thanks',
    )
    expect(whatsappLink('none', 'x')).toBeNull()
  })
})
