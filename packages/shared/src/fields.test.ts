import { describe, expect, it } from 'vitest'
import { amount, idParam, oneOf, optionalText, requiredText } from './fields.ts'

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0].message

describe('amount', () => {
  const req = amount({
    required: 'Receivable Amount is required',
    typeError: 'Receivable Amount must be a number',
    min: { value: 0, message: 'Receivable Amount cannot be negative' },
  })
  it('accepts numbers and numeric strings', () => {
    expect(req.parse(12)).toBe(12)
    expect(req.parse('12')).toBe(12)
    expect(req.parse(' 12.5 ')).toBe(12.5)
    expect(req.parse('0')).toBe(0)
    expect(req.parse(1.23)).toBe(1.23)
  })
  it('gives the required message for missing and blank values', () => {
    for (const v of [undefined, null, ''])
      expect(first(req.safeParse(v))).toBe('Receivable Amount is required')
  })
  it('gives the type message for junk, NaN and infinities', () => {
    for (const v of ['abc', '12abc', Number.NaN, Number.POSITIVE_INFINITY, true, {}]) {
      expect(first(req.safeParse(v))).toBe('Receivable Amount must be a number')
    }
  })
  it('checks the minimum, the bounds and at most 2 decimals', () => {
    expect(first(req.safeParse(-1))).toBe('Receivable Amount cannot be negative')
    expect(first(req.safeParse(1e12))).toBe('Amount cannot be more than 999,999,999.99')
    // The ceiling (decision 041): 999,999,999.99 is taken, a paisa more is not.
    expect(first(req.safeParse(999_999_999.99))).toBeNull()
    expect(first(req.safeParse(1_000_000_000))).toBe('Amount cannot be more than 999,999,999.99')
    expect(first(req.safeParse('1000000000.00'))).toBe('Amount cannot be more than 999,999,999.99')
    expect(first(amount({ typeError: 'x' }).safeParse(-1_000_000_000))).toBe(
      'Amount cannot be less than -999,999,999.99',
    )
    expect(first(req.safeParse(1.234))).toBe('At most 2 decimal places')
    expect(first(req.safeParse('0.015'))).toBe('At most 2 decimal places')
    expect(first(req.safeParse(0.29))).toBeNull()
  })
  it('optional amounts default to 0 (or the given default) when blank', () => {
    const opt = amount({ typeError: 'Profit must be a number' })
    expect(opt.parse('')).toBe(0)
    expect(opt.parse(null)).toBe(0)
    expect(opt.parse(undefined)).toBe(0)
    expect(first(opt.safeParse('x'))).toBe('Profit must be a number')
    expect(amount({ defaultValue: 5 }).parse('')).toBe(5)
  })
  it('integer amounts refuse decimals', () => {
    const int = amount({ required: 'Adults is required', integer: true })
    expect(int.parse('7')).toBe(7)
    expect(first(int.safeParse(1.5))).toBe('Must be a whole number')
  })
  it('without a type message falls back to the required one', () => {
    expect(first(amount({ required: 'Amount is required' }).safeParse('x'))).toBe('Amount is required')
  })
})

describe('text fields and options', () => {
  it('requiredText gives one message for missing and blank', () => {
    const t = requiredText('Sector is required')
    for (const v of [undefined, null, '', '   ']) expect(first(t.safeParse(v))).toBe('Sector is required')
    expect(t.parse(' LHE-DXB ')).toBe('LHE-DXB')
    expect(first(requiredText('X', 3).safeParse('abcd'))).toBe('At most 3 characters')
  })
  it('optionalText turns missing into empty', () => {
    expect(optionalText().parse(null)).toBe('')
    expect(optionalText().parse(undefined)).toBe('')
    expect(optionalText().parse(' a ')).toBe('a')
  })
  it('oneOf accepts only the listed options', () => {
    const title = oneOf(['Mr', 'Mrs'] as const, 'Title is required', 'Invalid title')
    expect(title.parse('Mr')).toBe('Mr')
    expect(first(title.safeParse(''))).toBe('Title is required')
    expect(first(title.safeParse('Sir'))).toBe('Invalid title')
  })
  it('idParam takes positive integers only', () => {
    expect(idParam.parse({ id: '12' })).toEqual({ id: 12 })
    for (const id of ['0', '-1', '1.5', 'abc']) expect(first(idParam.safeParse({ id }))).toBe('Invalid id')
  })
})

describe('amount text (007-amount-text)', () => {
  const money = amount({ required: 'Amount is required', typeError: 'Amount must be a number' })
  it('accepts decimal numbers and decimal strings exactly, with surrounding spaces', () => {
    expect(money.parse(134217728.02)).toBe(134217728.02)
    expect(money.parse(999999999.99)).toBe(999999999.99)
    expect(money.parse('999999999.99')).toBe(999999999.99)
    expect(money.parse(' 12 ')).toBe(12)
    expect(money.parse('\t-7.5\n')).toBe(-7.5)
    expect(money.parse('12.50')).toBe(12.5)
    expect(money.parse('.5')).toBe(0.5)
  })
  it('refuses hex, binary, octal, exponent and infinity text with the field message', () => {
    for (const text of [
      '0x10',
      '0b1',
      '0o7',
      '1e3',
      '1E3',
      'Infinity',
      '-Infinity',
      'NaN',
      '1_000',
      '١٢',
      '12abc',
    ]) {
      const res = money.safeParse(text)
      expect(res.success, text).toBe(false)
      expect(res.error?.issues[0].message, text).toBe('Amount must be a number')
    }
  })
  it('refuses more than two decimals without a float tolerance', () => {
    for (const v of [0.1 + 0.2, 1e-7, 134217728.021, '0.001', 12.345]) {
      expect(money.safeParse(v).error?.issues[0].message, String(v)).toBe('At most 2 decimal places')
    }
  })
})
