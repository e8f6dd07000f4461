/** Money travels as rupee numbers in JSON and is stored as integer paisa, so sums are exact. */
export const toPaisa = (rupees: number | string | null | undefined): number => {
  const n = typeof rupees === 'string' ? Number(rupees) : (rupees ?? 0)
  if (!Number.isFinite(n)) return 0
  return Math.round(n * 100)
}

export const fromPaisa = (paisa: number | string | bigint | null | undefined): number => {
  if (paisa === null || paisa === undefined) return 0
  return Number(paisa) / 100
}

const amountFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/** Thousands separators, up to two decimals: 1234567.5 -> "1,234,567.5". */
export const formatAmount = (value: number | string | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '-'
  const n = Number(value)
  return Number.isFinite(n) ? amountFormat.format(n) : '-'
}

/** Reads what a user typed into a number input; empty or junk counts as 0. */
export const numberOrZero = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(n) ? n : 0
}
