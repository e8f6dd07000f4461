import { describe, expect, it } from 'vitest'
import { PartyProfileInput, reminderMessage, whatsappLink } from './collect.ts'

describe('WhatsApp links from phones as people type them', () => {
  it('"0300-1234567", "+92 300 1234567" and "923001234567" open the same chat', () => {
    for (const typed of ['0300-1234567', '+92 300 1234567', '923001234567'])
      expect(whatsappLink(typed, 'Rs 35,000 due & thanks'), typed).toBe(
        'https://wa.me/923001234567?text=Rs%2035%2C000%20due%20%26%20thanks',
      )
    expect(whatsappLink('call me', 'x')).toBeNull()
    expect(whatsappLink('', 'x')).toBeNull()
  })
  it('a profile keeps the stored form and refuses what is not a number', () => {
    expect(PartyProfileInput.parse({ phone: '+92 300 1234567' }).phone).toBe('03001234567')
    expect(PartyProfileInput.safeParse({ phone: 'call me' }).success).toBe(false)
    expect(PartyProfileInput.parse({}).credit_limit).toBeNull()
    expect(PartyProfileInput.safeParse({ credit_limit: -1 }).success).toBe(false)
  })
})

describe('reminder text', () => {
  it('holds the amount, the period and the link, in English or Urdu', () => {
    const base = {
      name: 'Al-Noor Travels',
      agency: 'Star Travels',
      amount: 535000,
      period: '01/10/2026 to 30/11/2026',
      url: 'http://office/s/abc',
    }
    const en = reminderMessage({ ...base, language: 'en' })
    expect(en).toBe(
      'Dear Al-Noor Travels, a reminder from Star Travels: Rs 535,000 is due on your account for 01/10/2026 to 30/11/2026. Your statement: http://office/s/abc',
    )
    const ur = reminderMessage({ ...base, language: 'ur' })
    for (const part of [
      'Rs 535,000',
      '01/10/2026 to 30/11/2026',
      'http://office/s/abc',
      'السلام علیکم',
      'واجب الادا',
    ])
      expect(ur).toContain(part)
  })
})
