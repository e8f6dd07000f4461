import { type Kysely, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { entryGlobalSql, entryNumberSql } from '../src/db/migrations/helpers/entry-order.ts'
import type { Database } from '../src/db/schema.ts'
import { DB_KIND } from './harness.ts'
import { setupTestApp } from './helpers.ts'

/** What the sort indexes of migration 0013 are for: each list ORDER BY answered by an index walk. */
const plan = async (db: Kysely<Database>, query: string) => {
  if (DB_KIND === 'postgres') {
    // Empty tables make a sequential scan look cheapest; forbid the sort to see whether an index can
    // serve. SET LOCAL in one transaction: a plain SET on the pool can land on another connection
    // than the EXPLAIN (and stay there for later tests).
    return db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_sort = off`.execute(trx)
      await sql`SET LOCAL enable_seqscan = off`.execute(trx)
      const rows = (await sql.raw(`EXPLAIN ${query}`).execute(trx)).rows as Array<{ 'QUERY PLAN': string }>
      return rows.map((r) => r['QUERY PLAN']).join('\n')
    })
  }
  const rows = (await sql.raw(`EXPLAIN QUERY PLAN ${query}`).execute(db)).rows as Array<{ detail: string }>
  return rows.map((r) => r.detail).join('\n')
}

/** An index answers the order: no sort step over the table. */
const sortFree = (text: string) =>
  DB_KIND === 'postgres' ? /Index Scan/.test(text) && !/\bSort\b/.test(text) : !/TEMP B-TREE/.test(text)

describe(`sort indexes (${DB_KIND})`, () => {
  const t = setupTestApp()

  it('serve a page sorted by a column, both ways, ties by id', async () => {
    const db = t.app.db
    const cases: Array<[string, string, boolean]> = [
      ['tickets', 'sector', false],
      ['tickets', 'reference', true],
      ['expenses', 'total_amount', false],
      ['refund_customers', 'balance', false],
      ['visa_processing', 'embassy_return_date', true],
      ['services', 'profit', false],
    ]
    for (const [table, column, nullable] of cases) {
      const nulls = (dir: 'ASC' | 'DESC') =>
        DB_KIND === 'postgres' && nullable ? (dir === 'ASC' ? ' NULLS FIRST' : ' NULLS LAST') : ''
      for (const dir of ['ASC', 'DESC'] as const) {
        const text = await plan(
          db,
          `SELECT * FROM ${table} ORDER BY ${column} ${dir}${nulls(dir)}, id ${dir} LIMIT 25 OFFSET 50`,
        )
        expect(sortFree(text), `${table}.${column} ${dir}: ${text}`).toBe(true)
        expect(text).toContain(`${table}_sort_${column}`)
      }
    }
  })

  it('sort entry numbers as numbers (type count, then global), on an index', async () => {
    const db = t.app.db
    const number = entryNumberSql(DB_KIND)
    const global = entryGlobalSql(DB_KIND)
    for (const dir of ['ASC', 'DESC'] as const) {
      const text = await plan(
        db,
        `SELECT * FROM tickets ORDER BY ${number} ${dir}, ${global} ${dir}, id ${dir} LIMIT 25`,
      )
      expect(sortFree(text), text).toBe(true)
      expect(text).toContain('tickets_sort_entry')
    }
    const entries = ['Ticket 10/24', 'Ticket 2/16', 'Ticket 1/4', 'Ticket 2/3', '10/9', '9/100']
    const values = entries.map((e) => `SELECT '${e}' AS entry`).join(' UNION ALL ')
    const sorted = (
      await sql.raw(`SELECT entry FROM (${values}) AS e ORDER BY ${number}, ${global}`).execute(db)
    ).rows.map((r: any) => r.entry)
    expect(sorted).toEqual(['Ticket 1/4', 'Ticket 2/3', 'Ticket 2/16', '9/100', '10/9', 'Ticket 10/24'])
  })
})
