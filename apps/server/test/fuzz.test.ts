import { MRZ_SPECIMENS } from '@booking/shared/mrz-specimens'
import fc from 'fast-check'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { DB_KIND, type TestApp } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'
import { fillPath, registeredApiRoutes } from './route-table.ts'

/** 100 per endpoint in `npm test`; `npm run fuzz` sets FUZZ_RUNS=1000. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100)

/** Every table a write could touch: a refused body must leave all of them as they were. */
const TABLES = [
  'payments',
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
  if (path === '/api/customers/:id/merge') return { into_id: 2 }
  if (path === '/api/user/password')
    return { current_password: 'password123', new_password: 'Fuzzed-Karachi-77' }
  if (path === '/api/admin/users/:id') return { role: 'employee', active: false }
  if (path === '/api/corrections')
    return { table: 'tickets', record_id: 1, action: 'delete', reason: 'Entered twice' }
  if (path === '/api/admin/corrections/:id/reject') return { reason: 'Not a duplicate' }
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
      '/api/admin/corrections/:id/approve',
    ].includes(path)
  )
    return null
  if (method === 'DELETE') return null
  return VALID_BODIES[path.replace(/\/:id$/, '')]?.body
}

const figures: string[] = []

describe(`fuzzing every mutating endpoint (${DB_KIND}, ${RUNS} runs each)`, () => {
  const t = setupTestApp((t) => addNames(t, COMMON_NAMES))

  it('answers arbitrary, hostile and prototype-keyed bodies with 2xx or 4xx; refused ones store nothing', async () => {
    await t.app.ready()
    // Routes that end the caller's own session go last, so every other route is fuzzed signed in.
    const endsSession = (path: string) =>
      ['/api/user/logout', '/api/admin/users/:id/password'].indexOf(path) + 1
    const mutating = registeredApiRoutes(t.app)
      .filter((r) => r.method !== 'GET')
      .sort((a, b) => endsSession(a.path) - endsSession(b.path))
    // Records to edit and delete exist, so PUT and DELETE reach their validation and writes.
    for (const path of Object.keys(VALID_BODIES)) {
      const res = await t.call('admin', 'POST', path, VALID_BODIES[path].body)
      expect(res.status, path).toBe(201)
    }
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
  }, 900_000)
})
