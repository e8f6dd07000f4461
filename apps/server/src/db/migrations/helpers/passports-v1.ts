/**
 * Passport numbers of a stored record, as migration 0015 first indexed them. Copied from the
 * application's areas/passengers/passports.ts on purpose: a migration builds the same rows forever.
 */
export interface PassportRowV1 {
  passport: string
  name: string
  document_type: string
  expiry: string | null
  travel_date: string | null
}

/** Tables whose passengers sit in a JSON passport_detail column (one object or a list). */
export const DETAIL_TABLES_V1 = ['tickets', 'umrah', 'visa_processing', 'gamca_tokens', 'navtcc'] as const
/** Tables with a plain passport column and the traveller's name beside it. */
export const PLAIN_TABLES_V1 = ['protectors', 'refunded', 'refund_customers'] as const

export const normalizePassportV1 = (v: unknown): string =>
  typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase().slice(0, 50) : ''

const isoDay = (v: unknown): string | null =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null

const list = (value: unknown): Record<string, unknown>[] => {
  let v = value
  if (typeof v === 'string') {
    try {
      v = v.trim() === '' ? [] : JSON.parse(v)
    } catch {
      return []
    }
  }
  if (Array.isArray(v)) return v.filter((p): p is Record<string, unknown> => !!p && typeof p === 'object')
  if (v && typeof v === 'object') return [v as Record<string, unknown>]
  return []
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')

export const passportRowsV1 = (table: string, row: Record<string, unknown>): PassportRowV1[] => {
  if ((PLAIN_TABLES_V1 as readonly string[]).includes(table)) {
    const passport = normalizePassportV1(row.passport)
    return passport
      ? [{ passport, name: text(row.name), document_type: 'Passport', expiry: null, travel_date: null }]
      : []
  }
  const travel = table === 'tickets' || table === 'umrah' ? isoDay(row.depart_date) : null
  const seen = new Set<string>()
  const out: PassportRowV1[] = []
  for (const p of list(row.passport_detail)) {
    const passport = normalizePassportV1(p.documentNo)
    if (!passport || seen.has(passport)) continue
    seen.add(passport)
    out.push({
      passport,
      name: [p.title, p.firstName, p.lastName].map(text).filter(Boolean).join(' '),
      document_type: text(p.documentType) || 'Passport',
      expiry: isoDay(p.documentExpiry),
      travel_date: travel,
    })
  }
  return out
}
