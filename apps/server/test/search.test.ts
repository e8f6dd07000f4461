import { type Kysely, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { containsCI, dbKind } from '../src/db/dialect.ts'
import { ftsTable, SEARCH_INDEX, SEARCH_QUEUE, type SearchTable } from '../src/db/search-index.ts'
import { drainSearchQueue } from '../src/db/search-queue.ts'
import { applyListFilters, parseListQuery } from '../src/lib/list-query.ts'
import { DB_KIND } from './harness.ts'
import { rowCount, setupTestApp } from './helpers.ts'

/** Areas under test: path, list key, table, and rows whose text lands in different columns. */
const AREAS = [
  {
    path: '/api/protector',
    listKey: 'protectors',
    table: 'protectors',
    rows: [
      { name: 'Imran KHAN', passport: 'X%Y_Z', reference: '50%_off', file_no: 'abc\\def' },
      { name: 'khanzada', passport: 'PK123', reference: 'ref "quoted"', file_no: 'F-1' },
      { name: 'Maria Zor', passport: 'BA999', reference: 'kHaN-ref', file_no: 'F_2' },
      { name: 'Ali aba', passport: 'XAY1Z', reference: '50 off bab', file_no: 'abcXdef' },
    ].map((r) => ({
      ...r,
      employee: 'emp',
      withdraw: 10,
      mcb_fee_6000_date: '2026-01-05',
      ncb_fee_6700_date: '2026-01-06',
      ncb_fee_500_date: '2026-01-07',
      protector_date: '2026-01-08',
      additional_charges: 0,
    })),
    update: { name: 'Renamed Person', passport: 'NEW%KHAN' },
  },
  {
    path: '/api/expenses',
    listKey: 'expenses',
    table: 'expenses',
    rows: [
      { detail: 'Tea for KHAN sahib', date: '2026-02-10' },
      { detail: 'Rent 100%_paid', date: '2025-12-31' },
      { detail: 'rent 1000 paid', date: '2026-02-11' },
      { detail: 'back\\slash zor', date: '2026-03-01' },
    ].map((r) => ({ ...r, user_name: 'x', total_amount: 100, selection: 'UTILITY BILL', withdraw: 0 })),
    update: { detail: 'khan tea again', date: '2026-04-04' },
  },
  {
    path: '/api/refunded',
    listKey: 'refunded',
    table: 'refunded',
    rows: [
      { name: 'Sana Iqbal', passport: 'PK445566', reference: 'MCB-12', paid_refund_date: '' },
      { name: 'Zor', passport: 'Ba_khan', reference: 'R%1', paid_refund_date: '2026-03-05' },
      { name: 'IQBAL khan', passport: 'pk4455', reference: 'mcb_12', paid_refund_date: '' },
    ].map((r) => ({
      ...r,
      employee: 'emp',
      date: '2026-03-01',
      paid_fee_date: '2026-03-02',
      total_balance: 5,
      withdraw: 1,
    })),
    update: { name: 'Sana Khan', reference: 'MCB%12' },
  },
  {
    path: '/api/agent',
    listKey: 'agents',
    table: 'agent_entries',
    rows: [
      { agent_name: 'Khan Travels', detail: 'ticket 50%' },
      { agent_name: 'Zor', detail: 'Ba khan_x' },
      { agent_name: 'Alpha', detail: 'refund 1_2' },
    ].map((r) => ({
      ...r,
      date: '2026-02-01',
      employee: 'admin',
      credit: 5,
      debit: 0,
      paid_cash: 0,
      paid_bank: 0,
    })),
    update: { agent_name: 'Alpha', detail: 'now KHAN' },
  },
] as const

/** Every kind of query the box gets: cases, short ones, LIKE wildcards taken literally, quotes, across columns. */
const QUERIES = [
  'khan',
  'KHAN',
  'Kh',
  'k',
  'an',
  '%',
  '_',
  '%_',
  'x%y',
  '50%_',
  '100%',
  '1_2',
  '\\',
  'abc\\d',
  'c\\de',
  '"quoted"',
  'zorba',
  // Every trigram (aba, bab) is in a row, the word is not: the index's candidate, not a match.
  'abab',
  'zor\nba',
  'nothing-like-this',
  '2026-0',
  'mcb-12',
  'rent 10',
  '1/',
]

describe(`search box uses the trigram index and answers as before (${DB_KIND})`, () => {
  // No background indexing: the test decides when queued rows move into the index.
  const t = setupTestApp(undefined, { searchIndexEveryMs: 0 })
  const db = () => t.app.db as unknown as Kysely<any>

  /** The rule before the index: any search column contains q, case-insensitively, wildcards literal. */
  const expected = async (table: SearchTable, q: string) => {
    const kind = dbKind(db())
    const rows = await db()
      .selectFrom(table)
      .select('id')
      .where((eb) => eb.or(SEARCH_INDEX[table].map((c) => containsCI(kind, sql.ref(c), q))))
      .orderBy('id')
      .execute()
    return rows.map((r) => Number(r.id))
  }

  const checkAll = async (area: (typeof AREAS)[number]) => {
    let matched = 0
    for (const q of QUERIES) {
      const want = await expected(area.table, q)
      matched += want.length
      const url = `${area.path}?q=${encodeURIComponent(q)}`
      const all = await t.call('admin', 'GET', url)
      expect(all.status, url).toBe(200)
      expect(
        all.body[area.listKey].map((r: any) => r.id).sort((a: number, b: number) => a - b),
        url,
      ).toEqual(want)
      const page = await t.call('admin', 'GET', `${url}&limit=1`)
      expect(page.body.total, url).toBe(want.length)
      // One row of the matches (which one depends on the area's default order).
      const shown = page.body[area.listKey].map((r: any) => r.id)
      expect(shown, url).toHaveLength(Math.min(1, want.length))
      for (const id of shown) expect(want, url).toContain(id)
    }
    // The data set really exercises the search: several queries match, some don't.
    expect(matched).toBeGreaterThan(5)
  }

  /** SQLite: rows waiting for the indexer (migration 0006); PostgreSQL indexes as it writes. */
  const queued = async (table: SearchTable) =>
    Number(
      (
        await sql<{
          n: number
        }>`SELECT count(*) AS n FROM ${sql.table(SEARCH_QUEUE)} WHERE table_name = ${table}`.execute(db())
      ).rows[0]?.n,
    )

  /** Exact while the latest writes wait in the queue, and again once they are indexed. */
  const checkQueuedThenIndexed = async (area: (typeof AREAS)[number]) => {
    if (DB_KIND === 'sqlite') expect(await queued(area.table)).toBeGreaterThan(0)
    await checkAll(area)
    await drainSearchQueue(db())
    if (DB_KIND === 'sqlite') {
      expect(await queued(area.table)).toBe(0)
      // Edited and deleted rows left no older text behind: one index row per record.
      const indexed = await sql<{
        n: number
      }>`SELECT count(*) AS n FROM ${sql.table(ftsTable(area.table))}`.execute(db())
      expect(Number(indexed.rows[0]?.n)).toBe(await rowCount(t, area.table))
    }
    await checkAll(area)
  }

  for (const area of AREAS) {
    it(`${area.path}: same rows and totals after inserts, updates and deletes`, async () => {
      const ids: number[] = []
      for (const row of area.rows) {
        const res = await t.call('employee', 'POST', area.path, row)
        expect(res.status, JSON.stringify(res.body)).toBe(201)
        ids.push((Object.values(res.body).find((v: any) => v?.id) as { id: number }).id)
      }
      await checkQueuedThenIndexed(area)
      expect(await expected(area.table, 'zorba')).toEqual([])

      const updated = await t.call('admin', 'PUT', `${area.path}/${ids[0]}`, {
        ...area.rows[0],
        ...area.update,
      })
      expect(updated.status, JSON.stringify(updated.body)).toBe(200)
      await checkQueuedThenIndexed(area)

      expect((await t.call('admin', 'DELETE', `${area.path}/${ids[1]}`)).status).toBe(200)
      await checkQueuedThenIndexed(area)
    })
  }

  it('short searches skip the index; longer ones go through it', async () => {
    const plan = async (q: string) => {
      const query = applyListFilters(db(), db().selectFrom('protectors').selectAll(), parseListQuery({ q }), {
        search: SEARCH_INDEX.protectors,
        dateColumn: 'protector_date',
        table: 'protectors',
      })
      const compiled = query.compile()
      if (DB_KIND === 'sqlite') {
        // The compiled query with its parameters, prefixed, through the driver.
        const out = await db().executeQuery({
          ...compiled,
          sql: `EXPLAIN QUERY PLAN ${compiled.sql}`,
        } as any)
        return JSON.stringify(out.rows)
      }
      // A handful of rows would be read by a scan anyway, so ask the planner what it can use.
      return db()
        .connection()
        .execute(async (c) => {
          await sql`SET enable_seqscan = off`.execute(c)
          const out = await c.executeQuery({ ...compiled, sql: `EXPLAIN ${compiled.sql}` } as any)
          await sql`RESET enable_seqscan`.execute(c)
          return JSON.stringify(out.rows)
        })
    }
    expect(await plan('khan')).toContain('protectors_search')
    expect(await plan('kh')).not.toContain('protectors_search')
  })
})
