import { describe, expect, it } from 'vitest'
import { formatAmount, formatCompactAmount, formatRs, fromPaisa, numberOrZero, toPaisa } from './money.ts'

describe('toPaisa', () => {
  it('converts rupees to exact integer paisa', () => {
    expect(toPaisa(1234.56)).toBe(123456)
    expect(toPaisa(0.1 + 0.2)).toBe(30)
    expect(toPaisa('12.5')).toBe(1250)
    expect(toPaisa(' 5 ')).toBe(500)
  })
  it('rounds halves away from zero, even where the float product is just below', () => {
    expect(toPaisa(1.005)).toBe(101)
    expect(toPaisa(-1.005)).toBe(-101)
    expect(toPaisa('12.345')).toBe(1235)
    expect(toPaisa(1e-7)).toBe(0)
    expect(Object.is(toPaisa(-0.001), 0)).toBe(true)
  })
  it('treats missing and junk as 0', () => {
    for (const v of [null, undefined, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY])
      expect(toPaisa(v)).toBe(0)
  })
})

describe('fromPaisa', () => {
  it('converts back to rupees from numbers, numeric strings and bigints', () => {
    expect(fromPaisa(12345)).toBe(123.45)
    expect(fromPaisa('100')).toBe(1)
    expect(fromPaisa(10n)).toBe(0.1)
    expect(fromPaisa(-250)).toBe(-2.5)
    expect(fromPaisa(null)).toBe(0)
    expect(fromPaisa(undefined)).toBe(0)
  })
  it('round-trips every two-decimal amount', () => {
    for (const v of [0, 0.01, 0.29, 99.99, 123456789.12, -45.67]) expect(fromPaisa(toPaisa(v))).toBe(v)
  })
})

describe('formatAmount', () => {
  it('adds thousands separators; paisa always as two decimals', () => {
    expect(formatAmount(1234567.5)).toBe('1,234,567.50')
    expect(formatAmount(0.05)).toBe('0.05')
    expect(formatAmount(1000)).toBe('1,000')
    expect(formatAmount('25000')).toBe('25,000')
    expect(formatAmount(-1234.567)).toBe('-1,234.57')
    expect(formatAmount(0)).toBe('0')
  })
  it('shows "-" for empty or non-numeric values', () => {
    for (const v of [null, undefined, '', 'abc', Number.NaN]) expect(formatAmount(v as never)).toBe('-')
  })
})

describe('numberOrZero', () => {
  it('reads typed input, junk counts as 0', () => {
    expect(numberOrZero('12.5')).toBe(12.5)
    expect(numberOrZero(7)).toBe(7)
    expect(numberOrZero('')).toBe(0)
    expect(numberOrZero('x')).toBe(0)
    expect(numberOrZero(undefined)).toBe(0)
  })
})

describe('formatRs and formatCompactAmount', () => {
  it('labels the currency and shortens to lakh and crore', () => {
    expect(formatRs(1234567)).toBe('Rs 1,234,567')
    expect(formatRs(null)).toBe('-')
    expect(formatCompactAmount(98_790_123)).toBe('9.88 Cr')
    expect(formatCompactAmount(9_879_012)).toBe('98.79 Lac')
    expect(formatCompactAmount(-250_000)).toBe('-2.50 Lac')
    expect(formatCompactAmount(99_999)).toBe('99,999')
    expect(formatCompactAmount('x')).toBe('-')
  })
})
