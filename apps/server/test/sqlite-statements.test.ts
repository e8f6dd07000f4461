import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect } from '../src/db/connect.ts'

/** The prepared-statement cache under Kysely (db/sqlite-statements.ts) must answer as plain better-sqlite3 does. */
describe('SQLite statement cache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stmt-cache-'))
  let db: Kysely<any>
  beforeAll(async () => {
    db = connect(`sqlite:${join(dir, 't.db')}`) as unknown as Kysely<any>
    await sql`create table t (id integer primary key, name text, amount integer)`.execute(db)
    await db
      .insertInto('t')
      .values([1, 2, 3].map((i) => ({ name: `n${i}`, amount: i * 10 })))
      .execute()
  })
  afterAll(async () => {
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
  })

  it('returns the same row objects, keys in column order, for repeated and aliased queries', async () => {
    for (let i = 0; i < 3; i++) {
      const rows = await db.selectFrom('t').selectAll().where('id', '<', 3).orderBy('id').execute()
      expect(rows).toEqual([
        { id: 1, name: 'n1', amount: 10 },
        { id: 2, name: 'n2', amount: 20 },
      ])
      expect(Object.keys(rows[0])).toEqual(['id', 'name', 'amount'])
    }
    // Repeated names keep better-sqlite3's own rule: the last column wins.
    const joined = await sql`select a.id, b.id from t a join t b on b.id = a.id + 1 order by a.id`.execute(db)
    expect(joined.rows[0]).toEqual({ id: 2 })
  })

  it('reports changes and insert ids of writes, and rows of RETURNING', async () => {
    const res = await db.updateTable('t').set({ amount: 0 }).where('id', '>', 1).executeTakeFirst()
    expect(Number(res.numUpdatedRows)).toBe(2)
    const ins = await db.insertInto('t').values({ name: 'n4', amount: 40 }).executeTakeFirst()
    expect(Number(ins.insertId)).toBe(4)
    const back = await db
      .insertInto('t')
      .values({ name: 'n5', amount: 50 })
      .returning(['id', 'name'])
      .execute()
    expect(back).toEqual([{ id: 5, name: 'n5' }])
  })

  it('streams rows', async () => {
    const seen: unknown[] = []
    for await (const row of db.selectFrom('t').select(['id']).orderBy('id').stream()) {
      seen.push(row)
    }
    expect(seen).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }])
  })

  it('sees columns added after a statement was cached', async () => {
    await db.selectFrom('t').selectAll().where('id', '=', 1).execute()
    await sql`alter table t add column note text default 'x'`.execute(db)
    const [row] = await db.selectFrom('t').selectAll().where('id', '=', 1).execute()
    expect(row).toEqual({ id: 1, name: 'n1', amount: 10, note: 'x' })
  })
})
