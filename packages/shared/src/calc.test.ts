import { describe, expect, it } from 'vitest'
import { bookingProfit, refundFigures, remainingAmount, visaProfit } from './calc.ts'
import { navtccProfit } from './records/navtcc.ts'

describe('calculations', () => {
  it('remaining = receivable − cash − bank, exactly', () => {
    expect(remainingAmount(1000, 300, 200)).toBe(500)
    expect(remainingAmount(0.3, 0.1, 0.2)).toBe(0)
    expect(remainingAmount(100, 150, 0)).toBe(-50)
    expect(remainingAmount(1234567.89, 0.01, 0)).toBe(1234567.88)
  })
  it('booking profit only when payable is above 0', () => {
    expect(bookingProfit(1000, 800)).toBe(200)
    expect(bookingProfit(1000, 0)).toBeNull()
    expect(bookingProfit(1000, -5)).toBeNull()
    expect(bookingProfit(500, 700)).toBe(-200)
    expect(bookingProfit(10.1, 10.05)).toBe(0.05)
  })
  it('visa and navtcc profit', () => {
    expect(visaProfit(5000, 1000, 500)).toBe(3500)
    expect(visaProfit(0.3, 0.1, 0.1)).toBe(0.1)
    expect(navtccProfit(3000, 1200.5)).toBe(1799.5)
  })
  it('refund figures', () => {
    expect(refundFigures(10000, 6000, 500, 1000, 500)).toEqual({ remaining_amount: 3500, balance: 2000 })
    expect(refundFigures(0, 0, 0, 0, 0)).toEqual({ remaining_amount: 0, balance: 0 })
  })
})
