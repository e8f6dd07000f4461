import { MRZ_SPECIMENS } from '@booking/shared/mrz-specimens'
import fc from 'fast-check'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { openApiDocument } from '../src/lib/openapi.ts'
import { DB_KIND, type TestApp } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'
import { fillPath, registeredApiRoutes } from './route-table.ts'
import { TICKET_SAMPLE } from './ticket-sample.ts'

/** 100 per endpoint in `npm test`; `npm run fuzz` sets FUZZ_RUNS=1000. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100)
/** Per test: `npm run fuzz` on PostgreSQL sends ~120,000 requests. */
const LIMIT_MS = RUNS >= 1000 ? 4 * 3_600_000 : 900_000

/** Every table a write could touch: a refused body must leave all of them as they were. */
const TABLES = [
  'payments',
  'exchange_rates',
  'fx_settlements',
  'fx_paid_in',
  'revaluations',
  'bank_transfers',
  'currencies',
  'tax_rates',
  'tax_rules',
  'sale_taxes',
  'tax_invoices',
  'cost_settlements',
  'office_purposes',
  'cash_counts',
  'books_locks',
  'bank_statement_mappings',
  'bank_statement_imports',
  'bank_statement_lines',
  'bank_matches',
  'bank_match_statement_lines',
  'bank_match_book_lines',
  'posting_lines',
  'book_entries',
  'tickets',
  'umrah',
  'visa_processing',
  'gamca_tokens',
  'protectors',
  'expenses',
  'refunded',
  'services',
  'refund_customers',
  'navtcc',
  'agent_entries',
  'vender_entries',
  'account_entries',
  'journal',
  'customers',
  'agent_names',
  'vender_names',
  'banks',
  'users',
  'entry_counters',
  'idempotency_keys',
  'party_profiles',
  'statement_shares',
  'reminders',
]

const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    "' OR 1=1 --",
    '"; DROP TABLE tickets; --',
    '%00',
    '%',
    '_',
    '\\',
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    '0x10',
    '0b1',
    '0o7',
    '1e3',
    '1e999',
    '-0',
    'NaN',
    'Infinity',
    ' 12 ',
    '\u00a0',
    '\u202e',
    '9'.repeat(400),
    'x'.repeat(5000),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
)

const hugeNumber = fc.oneof(
  fc.constantFrom(
    2 ** 31,
    2 ** 53 + 1,
    -(2 ** 53) - 1,
    1e21,
    1e308,
    -1e308,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    5e-324,
    134217728.02,
    999999999.99,
    100000000000.01,
    -0,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
)

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hugeNumber,
  fc.constantFrom(null, true, false, [], {}, [null], { __proto__: null }),
  fc.jsonValue({ maxDepth: 3 }),
)

/** JSON text, so `__proto__` and `constructor` arrive as real keys, as an attacker would send them. */
type Payload = string

const withPrototypeKeys = (body: Record<string, unknown>): fc.Arbitrary<Payload> =>
  fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), hostileValue).map(([key, value]) => {
    const text = JSON.stringify(body)
    const extra = JSON.stringify({ [key]: value === undefined ? null : value }).slice(1, -1)
    return text === '{}' ? `{${extra}}` : `${text.slice(0, -1)},${extra}}`
  })

/** Bodies for one endpoint: arbitrary JSON, the valid body with hostile fields, and prototype keys. */
const bodies = (valid: Record<string, unknown> | null): fc.Arbitrary<Payload> => {
  const anything = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v))
  if (!valid) return fc.oneof(anything, withPrototypeKeys({}))
  const keys = Object.keys(valid)
  const mutated = fc
    .array(fc.tuple(fc.constantFrom(...keys, '__proto__', 'extra_field'), hostileValue), {
      minLength: 1,
      maxLength: 4,
    })
    .map((changes) => {
      const body: Record<string, unknown> = { ...valid }
      for (const [k, v] of changes)
        Object.defineProperty(body, k, { value: v, enumerable: true, writable: true })
      return JSON.stringify(body)
    })
  return fc.oneof(anything, mutated, mutated, withPrototypeKeys(valid))
}

/** All table counts in one query, so each run compares the whole database cheaply. */
const counts = async (t: TestApp): Promise<string> => {
  const union = TABLES.map((name) => `SELECT '${name}' AS t, COUNT(*) AS n FROM ${name}`).join(' UNION ALL ')
  const { rows } = await sql.raw<{ t: string; n: number | string }>(union).execute(t.app.db)
  return rows.map((r) => `${r.t}=${r.n}`).join(',')
}

/** A valid body for each mutating route, by route; PUT /x/:id uses POST /x's. */
const validFor = (method: string, path: string): Record<string, unknown> | null | undefined => {
  if (path === '/api/user/signup' || path === '/api/user/login') return null
  if (path === '/api/admin/approve-user') return { userId: 2, approved: true }
  if (path === '/api/api/entry/increment') return { formType: 'ticket', actualEntryNumber: 5 }
  if (path === '/api/admin/banks/:id') return { name: 'Renamed Fuzz', active: true }
  if (path === '/api/mrz') return { lines: MRZ_SPECIMENS.icao }
  if (path === '/api/tickets/parse') return { text: TICKET_SAMPLE }
  if (path === '/api/customers/:id/merge') return { into_id: 2 }
  if (path === '/api/user/password')
    return { current_password: 'password123', new_password: 'Fuzzed-Karachi-77' }
  if (path === '/api/admin/users/:id') return { role: 'employee', active: false }
  if (path === '/api/corrections')
    return { table: 'tickets', record_id: 1, action: 'delete', reason: 'Entered twice' }
  if (path === '/api/admin/corrections/:id/reject') return { reason: 'Not a duplicate' }
  // Issue 25: profiles, share links, reminders and their settings (no SMTP server: e-mail is a 409).
  if (['/api/agents/:name', '/api/vendors/:name', '/api/customers/:id/profile'].includes(path))
    return {
      phone: '0300-1234567',
      email: 'a@b.pk',
      city: 'Lahore',
      note: '',
      credit_limit: 1000,
      language: 'ur',
    }
  if (path === '/api/statements/:kind/:name/share')
    return { from: '2026-01-01', to: '2026-12-31', expires_days: 7 }
  if (path === '/api/statements/:kind/:name/reminders/whatsapp') return { message: 'Rs 1,000 due' }
  if (path === '/api/statements/:kind/:name/reminders/email') return { to: 'a@b.pk' }
  if (path === '/api/admin/collect-settings') return { overdue_days: 45, smtp: null }
  if (path === '/api/corrections/:id/withdraw') return { note: 'Asked by mistake' }
  if (path === '/api/ticket/:id/void') return { reason: 'Voided by the airline' }
  // Issue 24: bank statements (decision 063): a small valid statement and mapping, matches by id.
  const mapping = {
    date: 'Date',
    date_format: 'dd/mm/yyyy',
    narration: 'Narration',
    amount_style: 'signed',
    amount: 'Amount',
  }
  if (path === '/api/banks/:id/statement-mapping') return mapping
  if (path === '/api/banks/:id/statement-preview' || path === '/api/banks/:id/statement-imports')
    return { csv: 'Date,Narration,Amount\n01/03/2026,Bank charge,-150', mapping }
  if (path === '/api/banks/:id/matches') return { statement_line_ids: [1], posting_line_ids: [1] }
  if (path === '/api/banks/:id/matches/auto') return null
  if (path === '/api/banks/:id/matches/confirm') return { match_ids: [1] }
  if (path === '/api/banks/:id/statement-lines/:line_id/post') return { kind: 'charge', detail: 'Fuzz' }
  // Issue 36: tax rates and rules, a customer's tax details, a withholding certificate.
  if (path === '/api/tax/rates' || path === '/api/tax/rates/:id')
    return { name: 'Fuzz rate', authority: 'PRA', rate: 16, from: '2026-07-01' }
  if (path === '/api/tax/rules') return { record_type: 'services', kind: '', taxable: true }
  if (path === '/api/customers/:id/tax') return { ntn: '1234567-8', province: 'Punjab' }
  if (path === '/api/payments/:id/tax-certificate') return { certificate: 'WHT-1' }
  // Issue 37: the opening entry and the owner's bank-titles step take no body; a sale request and
  // its decisions (decision 098).
  if (path === '/api/banks/:id/opening-entry' || path === '/api/admin/bank-titles/checked') return null
  if (path === '/api/sale-requests')
    return { table: 'tickets', body: VALID_BODIES['/api/ticket']?.body ?? {} }
  if (path === '/api/admin/sale-requests/:id/approve' || path === '/api/admin/sale-requests/:id/refuse')
    return { reason: 'Fuzz' }
  // Issue 34: the rate table and turning a currency on (decision 107).
  if (path === '/api/rates') return { date: '2026-11-01', currency: 'SAR', rate: 74.85, source: 'SBP' }
  if (path === '/api/admin/currencies/:code') return { enabled: true }
  // Issue 34 item 5 (decision 121): a month end's revaluation, the rates in force that day.
  if (path === '/api/admin/books/revaluation') return { as_of: '2026-11-30' }
  // Decision 143: a transfer between two banks (the fuzz's banks are rupee banks).
  if (path === '/api/admin/bank-transfers')
    return { date: '2026-11-01', from_bank: 'Cash', to_bank: 'Cash', sent: 10 }
  // Issue 35: an agent's own users, their invite, deposits (decision 104-106). The desk's deposit is
  // multipart only: every JSON body is a 4xx there.
  if (path === '/api/agents/:name/users') return { email: 'fuzz.agent@example.pk' }
  if (path === '/api/agents/:name/users/:id') return { suspended: true }
  if (path === '/api/portal/invites/:token') return { password: 'fuzz-password-123' }
  if (path === '/api/deposits/:id/reject') return { reason: 'Fuzz' }
  if (path === '/api/deposits/:id/approve' || path === '/api/portal/deposits') return null
  // Issue 35 item 4: a booking request (decision 114), and its decline.
  if (path === '/api/portal/requests')
    return {
      kind: 'ticket',
      sector: 'LHE-JED',
      depart_date: '2026-12-20',
      passengers: [{ lastName: 'KHAN', documentNo: 'AB1234562' }],
    }
  if (path === '/api/booking-requests/:id/decline') return { reason: 'Fuzz' }
  // A day before every record here: the fuzz's later writes stay open.
  if (path === '/api/admin/books/lock') return { through: '2020-01-01', reason: 'Fuzz', confirm: true }
  if (path === '/api/admin/settings')
    return {
      name: 'Fuzz Travels',
      address: 'Lahore',
      phone: '042',
      email: 'a@b.pk',
      currency: 'Rs',
      time_zone: 'Asia/Karachi',
    }
  if (
    [
      '/api/user/logout',
      '/api/admin/users/:id/password',
      '/api/admin/audit/:id/restore',
      '/api/admin/backups',
      '/api/admin/backups/:name/restore',
      '/api/admin/corrections/:id/approve',
    ].includes(path)
  )
    return null
  if (method === 'DELETE') return null
  return VALID_BODIES[path.replace(/\/:id$/, '')]?.body
}

const figures: string[] = []

describe(`fuzzing every mutating endpoint (${DB_KIND}, ${RUNS} runs each)`, () => {
  const t = setupTestApp(async (t) => {
    await addNames(t, COMMON_NAMES)
    // Records to edit, delete, list and search exist, so every route reaches its queries and writes.
    for (const path of Object.keys(VALID_BODIES)) {
      const res = await t.call('admin', 'POST', path, VALID_BODIES[path].body)
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`)
    }
  })

  it(
    'answers arbitrary, hostile and prototype-keyed bodies with 2xx or 4xx; refused ones store nothing',
    async () => {
      await t.app.ready()
      // Routes that end the caller's own session go last, so every other route is fuzzed signed in.
      const endsSession = (path: string) =>
        ['/api/user/logout', '/api/admin/users/:id/password'].indexOf(path) + 1
      const mutating = registeredApiRoutes(t.app)
        .filter((r) => r.method !== 'GET')
        .sort((a, b) => endsSession(a.path) - endsSession(b.path))
      const missing = mutating.filter((r) => validFor(r.method, r.path) === undefined)
      expect(
        missing.map((r) => `${r.method} ${r.path}`),
        'mutating routes with no fuzz body',
      ).toEqual([])

      const started = performance.now()
      // The database as it is; re-read only after a write that was accepted.
      let snapshot = await counts(t)
      let sent = 0
      let fiveXx = 0
      for (const { method, path } of mutating) {
        const valid = validFor(method, path) ?? null
        const ids = fc.oneof(
          fc.constantFrom('1', '2', '2147483648', '1e3', '-1', '0x1', '%00', '1.5', '99999999999999999999'),
          fc.nat().map(String),
        )
        await fc.assert(
          fc.asyncProperty(bodies(valid), ids, async (payload, id) => {
            const res = await t.app.inject({
              method: method as 'POST',
              url: fillPath(path, encodeURIComponent(id).replace(/%2500/, '%00')),
              headers: { authorization: `Bearer ${t.tokens.admin}`, 'content-type': 'application/json' },
              ...(method === 'DELETE' ? {} : { payload }),
            })
            sent++
            if (res.statusCode >= 500) fiveXx++
            expect(res.statusCode, `${method} ${path} ${payload.slice(0, 300)} -> ${res.body}`).toBeLessThan(
              500,
            )
            expect(res.headers['content-type'], res.body).toContain('application/json')
            const now = await counts(t)
            if (res.statusCode >= 400) {
              expect(now, `${method} ${path} ${res.statusCode} changed rows: ${payload.slice(0, 300)}`).toBe(
                snapshot,
              )
            }
            snapshot = now
          }),
          { numRuns: RUNS },
        )
      }
      // Nothing leaked onto every object's prototype.
      expect(Object.keys(Object.prototype)).toEqual([])
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      const seconds = (performance.now() - started) / 1000
      figures.push(
        `fuzz (${DB_KIND}): ${mutating.length} mutating endpoints x ${RUNS} runs = ${sent} bodies in ${seconds.toFixed(1)} s, 5xx seen: ${fiveXx}`,
      )
      console.log(figures.at(-1))
    },
    LIMIT_MS,
  )

  it(
    'answers an object, array, number or null in every text field of every body with a 4xx and stores nothing',
    async () => {
      await t.app.ready()
      const started = performance.now()
      const routes = registeredApiRoutes(t.app).filter((r) => r.method === 'POST' || r.method === 'PUT')
      let snapshot = await counts(t)
      let sent = 0
      let fields = 0
      for (const { method, path } of routes) {
        const valid = validFor(method, path)
        if (!valid) continue
        for (const [key, value] of Object.entries(valid)) {
          if (typeof value !== 'string') continue
          fields++
          for (const wrong of NOT_TEXT) {
            const payload = JSON.stringify({ ...valid, [key]: wrong })
            const res = await t.app.inject({
              method: method as 'POST',
              url: fillPath(path, '1'),
              headers: { authorization: `Bearer ${t.tokens.admin}`, 'content-type': 'application/json' },
              payload,
            })
            sent++
            expect(res.statusCode, `${method} ${path} ${payload.slice(0, 300)} -> ${res.body}`).toBeLessThan(
              500,
            )
            const now = await counts(t)
            if (res.statusCode >= 400) expect(now, `${method} ${path} ${key} changed rows`).toBe(snapshot)
            snapshot = now
          }
        }
      }
      figures.push(
        `fuzz (${DB_KIND}): ${fields} text fields of ${routes.length} POST/PUT routes x ${NOT_TEXT.length} non-text values = ${sent} bodies in ${((performance.now() - started) / 1000).toFixed(1)} s, 5xx: 0`,
      )
      console.log(figures.at(-1))
    },
    LIMIT_MS,
  )

  it(
    'answers hostile keys, arrays and huge numbers in every query string parameter of every route with 2xx or 4xx',
    async () => {
      await t.app.ready()
      const started = performance.now()
      const routes = registeredApiRoutes(t.app).filter(
        (r) => r.method === 'GET' && !r.path.includes('/backups/'),
      )
      const declared = queryParameters()
      let sent = 0
      let strings = 0
      const get = async (url: string) => {
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${t.tokens.admin}` },
        })
        sent++
        expect(res.statusCode, `GET ${url} -> ${res.body.slice(0, 300)}`).toBeLessThan(500)
      }
      for (const { path } of routes) {
        const params = new Set([...(declared.get(path) ?? []), ...(BIG ? ALL_QUERY_NAMES(declared) : ['q'])])
        const base = fillParams(path, '1')
        const queries: string[] = [...HOSTILE_KEYS]
        for (const name of params)
          for (const value of QUERY_VALUES) {
            const v = encodeURIComponent(value)
            queries.push(`${name}=${v}`, `${name}=${v}&${name}=${v}`, `${name}[]=${v}`)
          }
        strings += queries.length
        for (const query of queries) await get(`${base}?${query}`)
        // Ids past PostgreSQL's integer in every path parameter.
        if (path.includes(':')) for (const id of HUGE_IDS) await get(fillParams(path, id))
      }
      figures.push(
        `fuzz (${DB_KIND}): ${routes.length} GET routes x ${strings} query strings (${(strings / routes.length).toFixed(1)} per route) + huge path ids = ${sent} requests in ${((performance.now() - started) / 1000).toFixed(1)} s, 5xx: 0`,
      )
      console.log(figures.at(-1))
    },
    LIMIT_MS,
  )
})

/** `npm run fuzz` (FUZZ_RUNS=1000): every value on every parameter name any route declares. */
const BIG = RUNS >= 1000

/** What a form could be sent instead of text; {"toString": 1} made String() throw. */
const NOT_TEXT: unknown[] = BIG
  ? [{ toString: 1 }, { valueOf: 1 }, {}, [], ['x'], [{ toString: 1 }], 0, -1, 1e21, 2 ** 53 + 1, true, null]
  : [{ toString: 1 }, ['x'], 1e21, null]

/** Amounts and ids past every integer type, and an amount on a ledger (its balance is no column). */
const QUERY_VALUES = BIG
  ? [
      '500',
      '5',
      '9223372036854775808',
      '-9223372036854775809',
      '99999999999999999999',
      '2147483648',
      '1e999',
      '1,000.50',
      '0x10',
      'NaN',
      '-1',
      '__proto__',
      '[object Object]',
      "' OR 1=1 --",
      '%',
      '9'.repeat(400),
    ]
  : ['500', '9223372036854775808', '99999999999999999999']

const HUGE_IDS = ['2147483648', '9223372036854775808', '99999999999999999999']

/** Keys that name Object.prototype members, alone and as arrays. */
const HOSTILE_KEYS = [
  '__proto__=1&constructor=1&prototype=1',
  '__proto__[polluted]=1&constructor[prototype][polluted]=1',
  'toString=1&valueOf=1&hasOwnProperty=1',
]

/** A path's parameters filled in: a statement's kind is one that takes a customer id. */
const fillParams = (path: string, value: string) => fillPath(path.replace(':kind', 'customer'), value)

/** The query parameters each GET route documents (OpenAPI, built from the zod schemas). */
const queryParameters = () => {
  const out = new Map<string, string[]>()
  const doc = openApiDocument() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>
  }
  for (const [path, ops] of Object.entries(doc.paths)) {
    const names = (ops.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)
    out.set(path.replace(/\{([A-Za-z]+)\}/g, ':$1'), names)
  }
  return out
}

const ALL_QUERY_NAMES = (declared: Map<string, string[]>) => [...new Set([...declared.values()].flat())]
