import { describe, expect, it } from 'vitest'
import { businessDayOf, businessDayStart, businessToday, DEFAULT_AGENCY_TZ } from './business-day.ts'
import { addDaysIso } from './people.ts'
import { PaymentInput } from './records/payment.ts'
import { VisaInput } from './records/visa.ts'

describe('business day', () => {
  it('dates an instant by the agency zone, not UTC', () => {
    // 02:00 on 25 Nov in Karachi (UTC+5) is 21:00 on 24 Nov in UTC.
    expect(businessDayOf('2026-11-24T21:00:00Z', DEFAULT_AGENCY_TZ)).toBe('2026-11-25')
    expect(businessDayOf('2026-11-24T21:00:00Z', 'UTC')).toBe('2026-11-24')
    expect(businessToday(Date.parse('2026-11-24T18:59:59Z'), 'Asia/Karachi')).toBe('2026-11-24')
    expect(businessToday(Date.parse('2026-11-24T19:00:00Z'), 'Asia/Karachi')).toBe('2026-11-25')
    expect(businessDayOf('not a date')).toBe('')
  })

  it('gives the instant an agency day starts, the bounds of a day range on a saved-at time', () => {
    expect(businessDayStart('2026-11-25', 'Asia/Karachi')).toBe('2026-11-24T19:00:00.000Z')
    expect(businessDayStart('2026-11-25', 'UTC')).toBe('2026-11-25T00:00:00.000Z')
    // Across a daylight-saving change: London's 30 March 2025 begins at GMT, 31 March at BST.
    expect(businessDayStart('2025-03-30', 'Europe/London')).toBe('2025-03-30T00:00:00.000Z')
    expect(businessDayStart('2025-03-31', 'Europe/London')).toBe('2025-03-30T23:00:00.000Z')
    expect(businessDayOf(businessDayStart('2026-01-01', 'Asia/Karachi'), 'Asia/Karachi')).toBe('2026-01-01')
    expect([addDaysIso('2024-02-28', 1), addDaysIso('2024-02-29', 1), addDaysIso('2026-12-31', 1)]).toEqual([
      '2024-02-29',
      '2024-03-01',
      '2027-01-01',
    ])
  })
})

describe('bank title on bank money', () => {
  it('is required only when money went to a bank', () => {
    const base = { employee_name: 'Ali', paid_cash: 0, receivable_amount: 100 }
    expect(VisaInput.safeParse({ ...base, paid_in_bank: 0 }).success).toBe(true)
    const missing = VisaInput.safeParse({ ...base, paid_in_bank: 50 })
    expect(missing.success).toBe(false)
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'bank_title',
      'Bank Title is required',
    ])
    expect(VisaInput.safeParse({ ...base, paid_in_bank: 50, bank_title: 'HBL Main' }).success).toBe(true)
  })

  it('payment: a bank payment names its bank, the amount is above 0', () => {
    const ok = PaymentInput.safeParse({ source_type: 'ticket', source_id: 3, amount: 10, method: 'cash' })
    expect(ok.success).toBe(true)
    const bank = PaymentInput.safeParse({ source_type: 'ticket', source_id: 3, amount: 10, method: 'bank' })
    expect(bank.error?.issues[0]?.message).toBe('Bank Title is required')
    const zero = PaymentInput.safeParse({ source_type: 'umrah', source_id: 3, amount: 0, method: 'cash' })
    expect(zero.error?.issues[0]?.message).toBe('Amount must be more than 0')
  })
})
