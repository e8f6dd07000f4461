import { describe, expect, it } from 'vitest'
import { amountInWords, wholeInWords } from './words.ts'

describe('amountInWords', () => {
  it('uses lakh and crore as receipts do', () => {
    expect(amountInWords(150000)).toBe('Rupees One Lakh Fifty Thousand Only')
    expect(amountInWords(10_000_000)).toBe('Rupees One Crore Only')
    expect(amountInWords(123456789)).toBe(
      'Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine Only',
    )
    expect(amountInWords(9_99_99_999)).toBe(
      'Rupees Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine Only',
    )
  })
  it('spells small and round figures', () => {
    expect(amountInWords(1)).toBe('Rupees One Only')
    expect(amountInWords(15)).toBe('Rupees Fifteen Only')
    expect(amountInWords(20)).toBe('Rupees Twenty Only')
    expect(amountInWords(101)).toBe('Rupees One Hundred One Only')
    expect(amountInWords(1000)).toBe('Rupees One Thousand Only')
    expect(amountInWords(100_000)).toBe('Rupees One Lakh Only')
    expect(amountInWords(25_000)).toBe('Rupees Twenty Five Thousand Only')
  })
  it('adds paisa, and paisa alone', () => {
    expect(amountInWords(150000.5)).toBe('Rupees One Lakh Fifty Thousand and Fifty Paisa Only')
    expect(amountInWords(1234.05)).toBe('Rupees One Thousand Two Hundred Thirty Four and Five Paisa Only')
    expect(amountInWords(0.75)).toBe('Seventy Five Paisa Only')
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; paisa are counted exactly.
    expect(amountInWords(0.1 + 0.2)).toBe('Thirty Paisa Only')
  })
  it('says zero and minus', () => {
    expect(amountInWords(0)).toBe('Rupees Zero Only')
    expect(amountInWords(-2500)).toBe('Minus Rupees Two Thousand Five Hundred Only')
  })
  it('spells crores past ninety nine with the same groups', () => {
    expect(wholeInWords(1_000_000_000)).toBe('One Hundred Crore')
    expect(wholeInWords(12_345_678_901)).toBe(
      'One Thousand Two Hundred Thirty Four Crore Fifty Six Lakh Seventy Eight Thousand Nine Hundred One',
    )
  })
  it('refuses what is not a whole amount', () => {
    expect(() => wholeInWords(-1)).toThrow(RangeError)
    expect(() => wholeInWords(1.5)).toThrow(RangeError)
  })
})
