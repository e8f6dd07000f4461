import { toPaisa } from './money.ts'

// Amounts in words as Pakistani receipts write them: lakh and crore, not million and billion.

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
]
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety']

/** 0..99 in words ("" for 0). */
const belowHundred = (n: number): string =>
  n < 20 ? ONES[n]! : `${TENS[Math.floor(n / 10)]}${n % 10 ? ` ${ONES[n % 10]}` : ''}`

/** 0..999 in words ("" for 0). */
const belowThousand = (n: number): string => {
  const hundreds = Math.floor(n / 100)
  const rest = belowHundred(n % 100)
  if (!hundreds) return rest
  return `${ONES[hundreds]} Hundred${rest ? ` ${rest}` : ''}`
}

/**
 * A whole number in words with the South Asian groups: 150000 -> "One Lakh Fifty Thousand",
 * 12,34,56,789 -> "Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine".
 * Above 99 crore the crore count itself is spelt the same way ("One Hundred Crore").
 */
export const wholeInWords = (n: number): string => {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole amount: ${n}`)
  if (n === 0) return 'Zero'
  const parts: string[] = []
  const crore = Math.floor(n / 10_000_000)
  const lakh = Math.floor((n % 10_000_000) / 100_000)
  const thousand = Math.floor((n % 100_000) / 1000)
  const rest = n % 1000
  if (crore) parts.push(`${wholeInWords(crore)} Crore`)
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`)
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`)
  if (rest) parts.push(belowThousand(rest))
  return parts.join(' ')
}

/**
 * Rupees in words for a receipt: 150000 -> "Rupees One Lakh Fifty Thousand Only",
 * 1234.5 -> "Rupees One Thousand Two Hundred Thirty Four and Fifty Paisa Only",
 * 0.75 -> "Seventy Five Paisa Only", a negative amount starts with "Minus".
 */
export const amountInWords = (rupees: number): string => {
  const paisa = toPaisa(rupees)
  const abs = Math.abs(paisa)
  const whole = Math.floor(abs / 100)
  const cents = abs % 100
  const sign = paisa < 0 ? 'Minus ' : ''
  if (whole === 0 && cents === 0) return 'Rupees Zero Only'
  if (whole === 0) return `${sign}${belowHundred(cents)} Paisa Only`
  const main = `${sign}Rupees ${wholeInWords(whole)}`
  return cents ? `${main} and ${belowHundred(cents)} Paisa Only` : `${main} Only`
}

/** "1 deposit", "2 deposits": a count with its noun in the number it takes. */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
