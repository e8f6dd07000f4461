import { describe, expect, it } from 'vitest'
import {
  BOOKING_REQUEST_KINDS,
  BookingRequestInput,
  requestPassesLimit,
  visaStage,
} from './booking-requests.ts'

describe('booking requests (decisions 114-115)', () => {
  it('asks for the types whose spec says so, by form type', () => {
    expect(BOOKING_REQUEST_KINDS).toEqual(['ticket', 'umrah', 'visa'])
    const bad = BookingRequestInput.safeParse({
      kind: 'gamca',
      sector: 'x',
      depart_date: '2026-01-01',
      passengers: [],
    })
    expect(bad.success).toBe(false)
  })

  it('passes the limit past the credit left, or with none left when no amount is given; never without a limit', () => {
    expect(requestPassesLimit(null, 1_000_000)).toBe(false)
    expect(requestPassesLimit(5000, 5000)).toBe(false)
    expect(requestPassesLimit(5000, 5000.01)).toBe(true)
    expect(requestPassesLimit(5000, null)).toBe(false)
    expect(requestPassesLimit(0, null)).toBe(true)
    expect(requestPassesLimit(-10, null)).toBe(true)
  })

  it("reads a visa's stage from its dates", () => {
    expect(visaStage({})).toBe('opened')
    expect(visaStage({ embassy_send_date: '2026-01-01' })).toBe('at_embassy')
    expect(visaStage({ embassy_send_date: '2026-01-01', embassy_return_date: '2026-01-09' })).toBe(
      'back_from_embassy',
    )
    expect(visaStage({ embassy_return_date: '2026-01-09', passport_deliver_date: '2026-01-10' })).toBe(
      'delivered',
    )
  })
})
