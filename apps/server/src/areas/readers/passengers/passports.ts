import { PASSENGER_TABLES, passengerFileOf, passengerList, passengerName } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../../../db/schema.ts'
import { insertRows } from '../../../lib/prepared.ts'

type Trx = Kysely<Database>

/** A passport number as the index holds it: no spaces, upper case ("ab 12345" is AB12345). */
export const normalizePassport = (v: unknown): string =>
  typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase().slice(0, 50) : ''

// Which tables carry passports, how, and in which order a file lists them: their specs' `passengers`.
export { PASSENGER_TABLES, type PassengerTable } from '@booking/shared'

const isoDay = (v: unknown): string | null =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null

export interface PassportRow {
  passport: string
  name: string
  document_type: string
  expiry: string | null
  travel_date: string | null
}

/** The passport numbers a stored record carries, each once, with the traveller's name and expiry. */
export const passportRows = (table: string, row: Record<string, unknown>): PassportRow[] => {
  const file = passengerFileOf(table)
  if (file?.passports === 'plain') {
    const passport = normalizePassport(row.passport)
    const name = typeof row.name === 'string' ? row.name.trim() : ''
    return passport ? [{ passport, name, document_type: 'Passport', expiry: null, travel_date: null }] : []
  }
  if (file?.passports !== 'detail') return []
  const travel = file.travelColumn ? isoDay(row[file.travelColumn]) : null
  const seen = new Set<string>()
  const out: PassportRow[] = []
  for (const p of passengerList(row.passport_detail)) {
    const passport = normalizePassport(p.documentNo)
    if (!passport || seen.has(passport)) continue
    seen.add(passport)
    out.push({
      passport,
      name: passengerName(p),
      document_type: (typeof p.documentType === 'string' && p.documentType.trim()) || 'Passport',
      expiry: isoDay(p.documentExpiry),
      travel_date: travel,
    })
  }
  return out
}

/** Rewrites a record's passport index rows inside the record's own transaction. */
export const indexPassports = async (
  trx: Trx,
  table: string,
  row: Record<string, unknown> & { id: number },
  indexed = true,
) => {
  if (!(PASSENGER_TABLES as readonly string[]).includes(table)) return
  if (indexed)
    await trx
      .deleteFrom('record_passports')
      .where('record_type', '=', table)
      .where('record_id', '=', row.id)
      .execute()
  const rows = passportRows(table, row)
  if (rows.length > 0)
    await insertRows(
      trx,
      'record_passports',
      rows.map((p) => ({ ...p, record_type: table, record_id: row.id })),
    )
}

export const unindexPassports = async (trx: Trx, table: string, id: number) => {
  if (!(PASSENGER_TABLES as readonly string[]).includes(table)) return
  await trx
    .deleteFrom('record_passports')
    .where('record_type', '=', table)
    .where('record_id', '=', id)
    .execute()
}
