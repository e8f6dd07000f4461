import { formatAmount, formatDate, rateOfMicro } from '@booking/shared'

/** Counts and ids are numbers too, but not money. */
const NOT_MONEY = /(^id$|_id$|^adults$|^children$|^infants$|count|^year$)/i
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

/** dd/mm/yyyy hh:mm in `timeZone` (the agency's, when the screen knows it), else the browser's zone. */
export const formatDateTime = (iso: string, timeZone?: string) => {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  if (timeZone) {
    const part = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone,
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(d)
        .map((p) => [p.type, p.value]),
    )
    return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`
  }
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}

type Person = { title?: string; firstName?: string; lastName?: string; documentNo?: string }
const personText = (p: Person) =>
  [p.title, p.firstName, p.lastName].filter(Boolean).join(' ') + (p.documentNo ? ` (${p.documentNo})` : '')

/** Passenger lists are stored as JSON text: shown as the travellers' names and document numbers. */
const passengersText = (value: string): string | null => {
  if (!/^[[{]/.test(value)) return null
  try {
    const parsed = JSON.parse(value) as Person | Person[]
    const people = Array.isArray(parsed) ? parsed : [parsed]
    if (!people.every((p) => p && typeof p === 'object' && ('firstName' in p || 'lastName' in p))) return null
    return people.map(personText).join(', ')
  } catch {
    return null
  }
}

/**
 * A record's stored `rates` (issue 34: JSON text of micro-rupees, {"SAR": "74850000"}) as rupees per
 * unit, "SAR 74.85"; null when the text is not such a map.
 */
const ratesText = (value: string): string | null => {
  try {
    const parsed = JSON.parse(value) as unknown
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null
    const pairs = Object.entries(parsed as Record<string, unknown>)
    if (!pairs.every(([code, micro]) => /^[A-Z]{3}$/.test(code) && /^\d+$/.test(String(micro)))) return null
    return pairs.length === 0
      ? '-'
      : pairs.map(([code, micro]) => `${code} ${rateOfMicro(String(micro))}`).join(', ')
  } catch {
    return null
  }
}

/** A field's value as the screens show it: amounts with separators, dates dd/mm/yyyy, "-" when empty. */
export const formatFieldValue = (field: string, value: unknown): string => {
  if (value === null || value === undefined || value === '') return '-'
  if (typeof value === 'number') return NOT_MONEY.test(field) ? String(value) : formatAmount(value)
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'string') {
    if (field === 'rates') return ratesText(value) ?? value
    if (TIMESTAMP.test(value)) return formatDateTime(value)
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value)
    return passengersText(value) ?? value
  }
  return passengersText(JSON.stringify(value)) ?? JSON.stringify(value)
}

/** 'receivable_amount' -> 'Receivable amount', 'paidCash' -> 'Paid cash'. */
export const fieldLabel = (field: string) => {
  const words = field
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
