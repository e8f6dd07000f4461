import { recordInput } from '@booking/shared/test-data'
import { type Kysely, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { COUNTED_TABLES } from '../src/db/migrations/0004_table_counts.ts'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, passenger, protectorBody, rowCount, setupTestApp } from './helpers.ts'

const protector = (i: number) =>
  protectorBody({
    name: `Khan ${i}`,
    passport: `P${i}`,
    withdraw: 10,
    protector_date: i % 2 ? '2026-01-02' : '2026-03-02',
  })

const ticket = recordInput('tickets', {
  passport_detail: JSON.stringify([
    passenger('Ali', 'Khan', { dob: '1990-04-02', documentNo: 'P-1', documentExpiry: '2030-01-01' }),
  ]),
  receivable_amount: 1000,
  paid_cash: 300,
  paid_in_bank: 200,
  payable_to_vendor: 800,
})

/** The trigger-kept row counts (migration 0004) must always equal a full COUNT(*). */
describe(`table row counts (${DB_KIND})`, () => {
  let db: Kysely<any>
  const t = setupTestApp(async (app) => {
    db = app.app.db as unknown as Kysely<any>
    await addNames(app, COMMON_NAMES)
  })

  const expectExact = async () => {
    for (const table of COUNTED_TABLES) {
      const kept = await db
        .selectFrom('table_counts')
        .select('n')
        .where('table_name', '=', table)
        .executeTakeFirst()
      expect({ table, n: Number(kept?.n) }).toEqual({ table, n: await rowCount(t, table) })
    }
  }
  const total = async (path: string, qs = 'limit=2') =>
    (await t.call('employee', 'GET', `${path}?${qs}`)).body

  it('counts every record table from the start', expectExact)

  it('stays equal to COUNT(*) after creates and deletes through the API', async () => {
    const protectors: number[] = []
    for (let i = 0; i < 7; i++) {
      const res = await t.call('employee', 'POST', '/api/protector', protector(i))
      expect(res.status).toBe(201)
      protectors.push(res.body.protector.id)
    }
    const tickets = await Promise.all(
      Array.from({ length: 5 }, () => t.call('employee', 'POST', '/api/ticket', ticket)),
    )
    expect(tickets.map((r) => r.status)).toEqual([201, 201, 201, 201, 201])
    await expectExact()
    expect((await total('/api/protector')).total).toBe(7)
    expect((await total('/api/ticket')).total).toBe(5)

    for (const id of protectors.slice(0, 3)) {
      expect((await t.call('admin', 'DELETE', `/api/protector/${id}`)).status).toBe(200)
    }
    expect((await t.call('admin', 'DELETE', `/api/ticket/${tickets[0]!.body.ticket.id}`)).status).toBe(200)
    // A refused delete changes nothing.
    expect((await t.call('employee', 'DELETE', `/api/ticket/${tickets[1]!.body.ticket.id}`)).status).toBe(403)
    await expectExact()
    const page = await total('/api/protector')
    expect(page.total).toBe(4)
    expect(page.protectors).toHaveLength(2)
    expect((await total('/api/ticket')).total).toBe(4)
    // Filtered lists still count their matches.
    expect((await total('/api/protector', 'limit=1&from=2026-02-01')).total).toBe(2)
    expect((await total('/api/protector', 'limit=1&to=2026-02-01')).total).toBe(2)
  })

  it('follows writers that bypass the API, and a rolled-back insert leaves no trace', async () => {
    await db.deleteFrom('protectors').where('name', '=', 'Khan 3').execute()
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('protectors')
          .values({ ...protector(9), entry: 'x', created_at: new Date().toISOString() })
          .execute()
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    await expectExact()
    expect((await total('/api/protector')).total).toBe(3)
    if (DB_KIND === 'postgres') {
      await sql`TRUNCATE protectors`.execute(db)
      await expectExact()
      expect((await total('/api/protector')).total).toBe(0)
    }
  })
})
