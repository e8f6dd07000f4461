/** Money travels as rupee numbers in JSON and is stored as integer paisa, so sums are exact. */
export const toPaisa = (rupees: number | string | null | undefined): number => {
  const n = typeof rupees === 'string' ? Number(rupees) : (rupees ?? 0)
  if (!Number.isFinite(n)) return 0
  // n * 100 misrounds halves (1.005 * 100 = 100.4999…); shifting the decimal text does not.
  const shifted = Number(`${Math.abs(n)}e2`)
  const paisa = Math.round(Number.isFinite(shifted) ? shifted : Math.abs(n) * 100)
  return n < 0 && paisa !== 0 ? -paisa : paisa
}

export const fromPaisa = (paisa: number | string | bigint | null | undefined): number => {
  if (paisa === null || paisa === undefined) return 0
  return Number(paisa) / 100
}

const wholeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const paisaFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/**
 * Thousands separators; whole rupees without decimals, anything with paisa to exactly two, so a
 * column lines up: 1234567 -> "1,234,567", 1234567.5 -> "1,234,567.50".
 */
export const formatAmount = (value: number | string | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '-'
  const n = Number(value)
  if (!Number.isFinite(n)) return '-'
  return Math.round(n * 100) % 100 === 0 ? wholeFormat.format(Math.round(n)) : paisaFormat.format(n)
}

/** Reads what a user typed into a number input; empty or junk counts as 0. */
export const numberOrZero = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(n) ? n : 0
}

/** The currency label every screen puts before an amount. */
export const CURRENCY = 'Rs'

/** "Rs 1,234,567"; "-" stays "-". */
export const formatRs = (value: number | string | null | undefined): string => {
  const out = formatAmount(value)
  return out === '-' ? out : `${CURRENCY} ${out}`
}

/**
 * Where space is short (dashboard cards, chart axes): lakh and crore as staff say them,
 * 98,790,123 -> "9.88 Cr", 9,879,012 -> "98.79 Lac"; below a lakh the full figure.
 */
export const formatCompactAmount = (value: number | string | null | undefined): string => {
  const n = Number(value)
  if (value === null || value === undefined || value === '' || !Number.isFinite(n)) return '-'
  const abs = Math.abs(n)
  if (abs >= 10_000_000) return `${(n / 10_000_000).toFixed(2)} Cr`
  if (abs >= 100_000) return `${(n / 100_000).toFixed(2)} Lac`
  return formatAmount(n)
}

/**
 * An amount as the books keep it (issue 32 item 3): an ISO 4217 currency and integer minor units
 * (paisa for PKR), a bigint so no sum is ever rounded. Every account is PKR today (decision 081).
 */
export interface Money {
  /** ISO 4217 code; an account's lines in another currency than PKR need a rate (issue 34, decision 107). */
  currency: string
  minor: bigint
}

export const pkr = (minor: bigint): Money => ({ currency: 'PKR', minor })

/** Rupees as a form types them, as Money: the one conversion, at the edge. */
export const moneyOfRupees = (rupees: number | string | null | undefined): Money =>
  pkr(BigInt(toPaisa(rupees)))
