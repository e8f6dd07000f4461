import {
  type CaseStage,
  type FileRecord,
  PASSENGER_TABLES,
  type PassengerFile,
  PassengerFileAnswer,
  passengerFileOf,
  RECORD_TYPE_LABEL,
  type RecordTable,
  todayIso,
} from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import { byName } from '../../../db/by-name.ts'
import type { Db } from '../../../db/connect.ts'
import { moneyOut } from '../../../db/money-columns.ts'
import { officeReader } from '../../../lib/caller-scope.ts'
import type { AnyRecordRow } from '../../../lib/crud.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { documentRoute } from '../../../lib/openapi.ts'
import { normalizePassport } from './passports.ts'
import { byDateDesc, fileRecord } from './summary.ts'

/** A passport can appear on many records; the file shows this many, newest first. */
const MAX_RECORDS = 500

const str = (v: unknown) => (typeof v === 'string' && v ? v.slice(0, 10) : null)
const earliest = (a: string | null, b: string | null) => (a && b ? (a < b ? a : b) : (a ?? b))

/**
 * The stages a case reached and the first day of each: medical (a GAMCA token, or a visa file's
 * medical), protector (a Protector record or a visa file's protector date), visa (a visa file
 * back from the embassy or with a visa number), travelled (a ticket or Umrah departed by today).
 */
const stagesOf = (rows: Array<{ table: string; row: AnyRecordRow; record: FileRecord }>, today: string) => {
  const stages: Record<CaseStage, string | null> = {
    medical: null,
    protector: null,
    visa: null,
    travelled: null,
  }
  const reached = new Set<CaseStage>()
  const mark = (stage: CaseStage, date: string | null) => {
    reached.add(stage)
    stages[stage] = earliest(stages[stage], date)
  }
  for (const { table, row, record } of rows) {
    const file = passengerFileOf(table)
    if (file?.marks) mark(file.marks, record.date)
    if (table === 'visa_processing') {
      if (row.expiry_medical_date) mark('medical', null)
      if (row.protector_date) mark('protector', str(row.protector_date))
      if (row.embassy_return_date || row.visa_number)
        mark('visa', str(row.embassy_return_date) ?? record.date)
    }
    if (file?.travelColumn && record.date && record.date <= today) mark('travelled', record.date)
  }
  const order: CaseStage[] = ['medical', 'protector', 'visa', 'travelled']
  const stage = [...order].reverse().find((s) => reached.has(s)) ?? null
  return { stage, reached: order.filter((s) => reached.has(s)), stages }
}

documentRoute('/passengers/{passport}', {
  get: {
    tags: ['Passengers'],
    summary: `A passport's file: every record carrying it (${PASSENGER_TABLES.map((t) => RECORD_TYPE_LABEL[t]).join(', ')}) on one timeline, the stage reached and the expiry dates. Spaces and case are ignored.`,
    responses: {
      '200': {
        description:
          '{ status, passport, names, stage, reached, stages, records: [{type, table, id, entry, date, ...}], expiries }',
      },
      '404': { description: 'No record carries this passport' },
    },
  },
})

/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const GET_PASSENGERS_PASSPORT = { schema: { response: { 200: PassengerFileAnswer } } }

export const passengerRoutes = async (app: FastifyInstance, db: Db) => {
  const anyDb = byName(db)

  app.get('/passengers/:passport', GET_PASSENGERS_PASSPORT, async (req): Promise<PassengerFile> => {
    officeReader(req.caller, 'staff-area')
    const raw = (req.params as { passport?: unknown }).passport
    const passport = normalizePassport(raw)
    if (!passport || passport.length > 50 || !/^[A-Z0-9-]+$/.test(passport))
      throw new HttpError(400, 'Invalid passport number', {
        passport: 'Enter a passport number (letters and digits)',
      })
    const hits = await db
      .selectFrom('record_passports')
      .select(['record_type', 'record_id', 'name', 'document_type', 'expiry'])
      .where('passport', '=', passport)
      .orderBy('record_id', 'desc')
      .limit(MAX_RECORDS)
      .execute()
    if (hits.length === 0) throw new HttpError(404, `No record carries passport ${passport}`)

    const byTable = new Map<string, number[]>()
    for (const h of hits) byTable.set(h.record_type, [...(byTable.get(h.record_type) ?? []), h.record_id])
    const loaded: Array<{ table: string; row: AnyRecordRow; record: FileRecord }> = []
    for (const [table, ids] of byTable) {
      const rows = await anyDb
        .selectFrom(table as RecordTable)
        .selectAll()
        .where('id', 'in', ids)
        .execute()
      for (const r of rows) {
        const row = moneyOut(table as never, r) as AnyRecordRow
        loaded.push({ table, row, record: fileRecord(table, row) })
      }
    }
    const records = loaded.map((l) => l.record).sort(byDateDesc)
    const names = [...new Set(hits.map((h) => h.name).filter(Boolean))]
    const expiries: PassengerFile['expiries'] = []
    const seen = new Set<string>()
    for (const h of hits) {
      if (!h.expiry) continue
      const key = `${h.document_type}:${h.expiry}`
      if (seen.has(key)) continue
      seen.add(key)
      expiries.push({ document: h.document_type, expiry: h.expiry, type: h.record_type, id: h.record_id })
    }
    for (const { table, row } of loaded) {
      const medical = table === 'visa_processing' ? str(row.expiry_medical_date) : null
      if (medical && !seen.has(`Medical:${medical}`)) {
        seen.add(`Medical:${medical}`)
        expiries.push({ document: 'Medical', expiry: medical, type: table, id: row.id })
      }
    }
    expiries.sort((a, b) => a.expiry.localeCompare(b.expiry))
    return { status: 'success', passport, names, ...stagesOf(loaded, todayIso()), records, expiries }
  })
}
