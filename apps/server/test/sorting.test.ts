import { ALL_RECORD_SPECS, type RecordSpec } from '@booking/shared'
import type { Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { nullableColumns } from '../src/db/nullable-columns.ts'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

const t = setupTestApp((t) => addNames(t, COMMON_NAMES))

/** Rows per record type: enough for ties on every pool, few enough for both databases. */
const ROWS = 30

/** Small pools, so every column has ties (decided by id) and nulls where the column allows them. */
const ENTRIES = ['2/16', '10/24', '1/4', '2/3', '10/5', '1/4', '3/100']
const DATES = ['2026-01-02', '2025-12-31', '2026-01-02', '2024-06-30', '2026-11-24']
const TIMES = ['2026-01-02T10:00:00.000Z', '2025-12-31T23:59:59.000Z', '2026-01-02T10:00:00.000Z']
const TEXTS = ['Ali', 'ali', 'Zed', 'B', 'Ali 2', 'Ali']
const PAISA = [0, 100, 250_000, 99, 100, 1_000_000]

/** Deterministic, so a failure is the same on the next run. */
const pick = <T>(pool: readonly T[], i: number, salt: number): T =>
  pool[(i * 7 + salt * 13 + i * salt) % pool.length]!

/** Ledger balances are computed when read; the stored column of that name is not what is answered. */
const computed = (spec: RecordSpec, key: string) =>
  spec.table.endsWith('_entries') && (key === 'balance' || key === 'remaining_amount')

const valueFor = (spec: RecordSpec, column: string, template: unknown, i: number, salt: number): unknown => {
  if (nullableColumns(spec.table).includes(column) && i % 5 === 0) return null
  if (column === 'entry') {
    const e = pick(ENTRIES, i, salt)
    return spec.table === 'tickets' ? `Ticket ${e}` : e
  }
  if (column === 'created_at') return pick(TIMES, i, salt)
  if (typeof template === 'number') return pick(PAISA, i, salt)
  if (typeof template === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(template)) return pick(DATES, i, salt)
  return template === null ? pick(DATES, i, salt) : pick(TEXTS, i, salt)
}

/** (per-type, global) of "Ticket 3/7" or "3/7". */
const entryNumbers = (v: unknown) => {
  const m = /(\d+)\/(\d+)/.exec(String(v))
  return m ? [Number(m[1]), Number(m[2])] : [0, 0]
}

/** NULL is the smallest value; text by code unit (SQLite BINARY, PostgreSQL "C"). */
const compare = (key: string, a: unknown, b: unknown): number => {
  if (key === 'entry') {
    const [x, y] = [entryNumbers(a), entryNumbers(b)]
    return x[0]! - y[0]! || x[1]! - y[1]!
  }
  if (a === b) return 0
  if (a === null || a === undefined) return -1
  if (b === null || b === undefined) return 1
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return String(a) < String(b) ? -1 : 1
}

type Answer = { id: number } & Record<string, unknown>

describe(`every sortable column of every list sorts both ways, ties by id (${DB_KIND})`, () => {
  for (const spec of ALL_RECORD_SPECS) {
    it(`${spec.path}: ${spec.sortable.join(', ')}`, async () => {
      const db = t.app.db as unknown as Kysely<any>
      const created = await t.call(
        'admin',
        'POST',
        `/api${spec.path}`,
        VALID_BODIES[`/api${spec.path}`]!.body,
      )
      expect(created.status).toBe(201)
      const template = await db
        .selectFrom(spec.table)
        .selectAll()
        .where('id', '=', created.body[spec.itemKey].id)
        .executeTakeFirstOrThrow()
      const columns = spec.sortable
        .filter((key) => !computed(spec, key))
        .map((key) => spec.columnOf?.[key] ?? key)
      for (const column of columns) expect(Object.keys(template)).toContain(column)
      const { id: _id, ...base } = template
      const rows = Array.from({ length: ROWS }, (_, i) => ({
        ...base,
        ...Object.fromEntries(columns.map((c, salt) => [c, valueFor(spec, c, template[c], i, salt)])),
      }))
      await db.insertInto(spec.table).values(rows).execute()

      for (const key of spec.sortable) {
        for (const desc of [false, true]) {
          const sort = `${desc ? '-' : ''}${key}`
          const all = await t.call('admin', 'GET', `/api${spec.path}?sort=${sort}`)
          expect([sort, all.status]).toEqual([sort, 200])
          const listed = all.body[spec.listKey] as Answer[]
          // Ledgers also hold the postings of the records made before them.
          expect(listed.length).toBeGreaterThan(ROWS)
          const sign = desc ? -1 : 1
          const expected = [...listed].sort((a, b) => sign * (compare(key, a[key], b[key]) || a.id - b.id))
          expect([sort, listed.map((r) => r.id)]).toEqual([sort, expected.map((r) => r.id)])
          // A page in the middle is the same slice of that order.
          const page = await t.call('admin', 'GET', `/api${spec.path}?sort=${sort}&limit=10&offset=7`)
          expect([sort, (page.body[spec.listKey] as Answer[]).map((r) => r.id)]).toEqual([
            sort,
            expected.slice(7, 17).map((r) => r.id),
          ])
        }
      }
    })
  }

  it("offers every list's date column as a sort (a date range's page comes in that order)", () => {
    for (const spec of ALL_RECORD_SPECS) {
      const keys = spec.sortable as readonly string[]
      const columnOf = spec.columnOf as Readonly<Record<string, string>> | undefined
      expect([spec.table, keys.some((k) => (columnOf?.[k] ?? k) === spec.dateColumn)]).toEqual([
        spec.table,
        true,
      ])
    }
  })

  it('refuses an unknown sort key with 400 on every list, never a silent id order', async () => {
    for (const spec of ALL_RECORD_SPECS) {
      const res = await t.call('admin', 'GET', `/api${spec.path}?sort=-no_such_column`)
      expect([spec.path, res.status, res.body.errors]).toEqual([
        spec.path,
        400,
        { sort: 'Cannot sort by "no_such_column"' },
      ])
    }
  })
})
