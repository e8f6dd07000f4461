import {
  type Alert,
  AlertsAnswer,
  AlertsQuery,
  addDaysIso,
  addMonthsIso,
  formatDate,
  RECORD_TYPE_LABEL,
  type RecordTable,
  todayIso,
} from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { byName } from '../../../db/by-name.ts'
import type { Db } from '../../../db/connect.ts'
import { dbKind } from '../../../db/dialect.ts'
import { officeReader } from '../../../lib/caller-scope.ts'
import { documentRoute } from '../../../lib/openapi.ts'
import { parseBody } from '../../../lib/validate.ts'

/** A passport must be valid this long after the travel date (and after today). */
const PASSPORT_MONTHS = 6
/** The panel and the call answer at most this many alerts, soonest first. */
const MAX_ALERTS = 300

/**
 * Documents about to run out (decision 028):
 * - a passport expiring within six months of today, or within six months after a booked travel
 *   date still ahead (expired passports booked to travel included);
 * - other documents (National ID), visa files' medicals and visas expiring within `within_days`.
 * One alert per document and reason; the newest record carrying it is the one linked.
 */
export const alertsOf = async (db: Db, withinDays: number, today = todayIso()): Promise<Alert[]> => {
  const anyDb = byName(db)
  const sixMonths = addMonthsIso(today, PASSPORT_MONTHS)
  const window = addDaysIso(today, withinDays)
  const travelLimit =
    dbKind(db) === 'postgres'
      ? sql<string>`to_char(cast(travel_date as date) + interval '6 months', 'YYYY-MM-DD')`
      : sql<string>`date(travel_date, '+6 months')`
  const base = () =>
    anyDb
      .selectFrom('record_passports as p')
      .select([
        'p.record_type',
        'p.record_id',
        'p.passport',
        'p.name',
        'p.document_type',
        'p.expiry',
        'p.travel_date',
      ])
  const soon = await base()
    .where('p.expiry', 'is not', null)
    .where('p.expiry', '>=', today)
    .where((eb) =>
      eb.or([
        eb.and([eb('p.document_type', '=', 'Passport'), eb('p.expiry', '<=', sixMonths)]),
        eb.and([eb('p.document_type', '<>', 'Passport'), eb('p.expiry', '<=', window)]),
      ]),
    )
    .orderBy('p.expiry')
    .limit(MAX_ALERTS * 4)
    .execute()
  const travelling = await base()
    .where('p.travel_date', '>=', today)
    .where('p.document_type', '=', 'Passport')
    .where('p.expiry', 'is not', null)
    .where('p.expiry', '<', travelLimit)
    .orderBy('p.travel_date')
    .limit(MAX_ALERTS * 4)
    .execute()
  const medicals = await anyDb
    .selectFrom('visa_processing')
    .select(['id', 'entry', 'expiry_medical_date', 'passport_detail'])
    .where('expiry_medical_date', '>=', today)
    .where('expiry_medical_date', '<=', window)
    .orderBy('expiry_medical_date')
    .limit(MAX_ALERTS)
    .execute()

  const visas = await anyDb
    .selectFrom('visa_processing')
    .select(['id', 'entry', 'visa_expiry_date', 'passport_detail'])
    .where('visa_expiry_date', '>=', today)
    .where('visa_expiry_date', '<=', window)
    .orderBy('visa_expiry_date')
    .limit(MAX_ALERTS)
    .execute()

  type Hit = {
    record_type: string
    record_id: number
    passport: string
    name: string
    document_type: string
    expiry: string
    travel_date: string | null
  }
  const alerts = new Map<string, Alert & { record_type: string }>()
  // One alert per document: a booked trip's reason wins over "within six months of today", then
  // the newest record carrying it.
  const add = (h: Hit, kind: Alert['kind'], reason: string, travel: string | null) => {
    const key = `${kind}:${h.passport}:${h.document_type}:${h.expiry}`
    const had = alerts.get(key)
    if (had && (had.travel_date !== null) > (travel !== null)) return
    if (had && (had.travel_date !== null) === (travel !== null) && had.id >= h.record_id) return
    alerts.set(key, {
      kind,
      document: h.document_type,
      passport: h.passport,
      name: h.name,
      expiry: h.expiry,
      travel_date: travel,
      reason,
      type: RECORD_TYPE_LABEL[h.record_type] ?? h.record_type,
      table: h.record_type,
      record_type: h.record_type,
      id: h.record_id,
      entry: '',
    })
  }
  // A passport already out of date says so, not "expires within 6 months" (issue 23).
  for (const h of travelling as Hit[])
    add(
      h,
      'passport',
      h.expiry < today
        ? `Passport expired on ${formatDate(h.expiry)}; travel on ${formatDate(h.travel_date)}`
        : `Passport expires within 6 months of travel on ${formatDate(h.travel_date)}`,
      h.travel_date,
    )
  for (const h of soon as Hit[]) {
    if (h.document_type === 'Passport') add(h, 'passport', 'Passport expires within 6 months', null)
    else add(h, 'document', `${h.document_type} expires within ${withinDays} days`, null)
  }
  const out = [...alerts.values()]
  // Entry numbers of the linked records, one query per record type.
  const ids = new Map<string, number[]>()
  for (const a of out) ids.set(a.record_type, [...(ids.get(a.record_type) ?? []), a.id])
  const entries = new Map<string, string>()
  for (const [table, list] of ids) {
    for (let i = 0; i < list.length; i += 500) {
      const rows = await anyDb
        .selectFrom(table as RecordTable)
        .select(['id', 'entry'])
        .where('id', 'in', list.slice(i, i + 500))
        .execute()
      for (const r of rows) entries.set(`${table}:${r.id}`, r.entry as string)
    }
  }
  const result: Alert[] = out.map(({ record_type, ...a }) => ({
    ...a,
    entry: entries.get(`${record_type}:${a.id}`) ?? '',
  }))
  const visaFiles = [
    ...medicals.map((m) => ({
      row: m,
      kind: 'medical' as const,
      document: 'Medical',
      expiry: m.expiry_medical_date,
    })),
    ...visas.map((v) => ({ row: v, kind: 'visa' as const, document: 'Visa', expiry: v.visa_expiry_date })),
  ]
  for (const { row: m, kind, document, expiry } of visaFiles) {
    const detail = (() => {
      try {
        const p = JSON.parse(String(m.passport_detail ?? ''))
        const one = Array.isArray(p) ? p[0] : p
        return one && typeof one === 'object' ? (one as Record<string, unknown>) : {}
      } catch {
        return {}
      }
    })()
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
    result.push({
      kind,
      document,
      passport: text(detail.documentNo).replace(/\s+/g, '').toUpperCase(),
      name: [detail.title, detail.firstName, detail.lastName].map(text).filter(Boolean).join(' '),
      expiry: String(expiry).slice(0, 10),
      travel_date: null,
      reason: `${document} expires within ${withinDays} days`,
      type: RECORD_TYPE_LABEL.visa_processing,
      table: 'visa_processing',
      id: m.id as number,
      entry: m.entry as string,
    })
  }
  return result.sort((a, b) => a.expiry.localeCompare(b.expiry) || a.id - b.id).slice(0, MAX_ALERTS)
}

documentRoute('/alerts', {
  get: {
    tags: ['Passengers'],
    summary:
      'Expiry alerts: passports expiring within 6 months of today or of a booked departure; other documents, medicals and visas within within_days (default 30).',
    responses: {
      '200': {
        description:
          '{ status, within_days, passport_months, alerts: [{kind, document, passport, name, expiry, travel_date, reason, type, table, id, entry}] }',
      },
    },
  },
})

/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const GET_ALERTS = { schema: { querystring: AlertsQuery, response: { 200: AlertsAnswer } } }

export const alertRoutes = async (app: FastifyInstance, db: Db) => {
  // Not cached: the answer depends on today as well as on the data.
  app.get('/alerts', GET_ALERTS, async (req) => {
    officeReader(req.caller, 'staff-area')
    const { within_days } = parseBody(AlertsQuery, req.query)
    const alerts = await alertsOf(db, within_days)
    return { status: 'success', within_days, passport_months: PASSPORT_MONTHS, alerts }
  })
}
