import { businessDayStart } from '@booking/shared'
import type { Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { SearchPlan } from '../src/db/search-index.ts'
import { drainSearchQueue } from '../src/db/search-queue.ts'
import { applyListFilters, applySort, planSearch } from '../src/lib/list-query.ts'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, protectorBody, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

/**
 * Saved-at times that straddle the end of 30 June 2024 in Karachi (UTC+5): 23:59:59 there is
 * 18:59:59 UTC, and 00:00 on 1 July there is 19:00 UTC on 30 June.
 */
const SAVED = {
  lastSecondOfJune: '2024-06-30T18:59:59.000Z',
  firstSecondOfJuly: '2024-06-30T19:00:00.000Z',
  lateJuly: '2024-07-20T10:00:00.000Z',
}

const t = setupTestApp(async (t) => {
  await addNames(t, COMMON_NAMES)
  const db = t.app.db
  for (const [key, at] of Object.entries(SAVED)) {
    const res = await t.call('admin', 'POST', '/api/visa-processing', {
      ...VALID_BODIES['/api/visa-processing']!.body,
      reference: key,
    })
    expect(res.status).toBe(201)
    await db
      .updateTable('visa_processing')
      .set({ created_at: at })
      .where('id', '=', res.body.visa_processing.id)
      .execute()
  }
  for (let i = 0; i < 40; i++) {
    const res = await t.call(
      'admin',
      'POST',
      '/api/protector',
      protectorBody({
        name: i % 4 === 0 ? `Other ${i}` : `Khan ${i}`,
        passport: `R${i}`,
        protector_date: `2026-03-${String(1 + (i % 9)).padStart(2, '0')}`,
      }),
    )
    expect(res.status).toBe(201)
  }
})

describe(`day ranges on a saved-at time are the agency's days (${DB_KIND})`, () => {
  const references = async (qs: string) => {
    const res = await t.call('employee', 'GET', `/api/visa-processing?${qs}`)
    expect(res.status).toBe(200)
    return (res.body.visa_processing as Array<{ reference: string }>).map((r) => r.reference).sort()
  }

  it('"To" takes in the whole last day, agency time, and "From" starts at its midnight', async () => {
    expect(businessDayStart('2024-07-01')).toBe(SAVED.firstSecondOfJuly)
    expect(await references('to=2024-06-30')).toEqual(['lastSecondOfJune'])
    expect(await references('from=2024-07-01')).toEqual(['firstSecondOfJuly', 'lateJuly'])
    expect(await references('from=2024-06-30&to=2024-06-30')).toEqual(['lastSecondOfJune'])
    expect(await references('from=2024-07-01&to=2024-07-01&limit=25')).toEqual(['firstSecondOfJuly'])
  })

  it('a date typed in the search box finds what was saved that day', async () => {
    expect(await references(`q=${encodeURIComponent('30/06/2024')}`)).toEqual(['lastSecondOfJune'])
    expect(await references(`q=${encodeURIComponent('1/7/2024')}`)).toEqual(['firstSecondOfJuly'])
  })

  it('a page of a range comes newest saved first', async () => {
    const res = await t.call('employee', 'GET', '/api/visa-processing?from=2024-06-01&to=2024-07-31&limit=2')
    expect(res.status).toBe(200)
    expect(res.body.visa_processing.map((r: { reference: string }) => r.reference)).toEqual([
      'lateJuly',
      'firstSecondOfJuly',
    ])
    expect(res.body.total).toBe(3)
    const byTime = await t.call('employee', 'GET', '/api/visa-processing?sort=created_at')
    expect(byTime.body.visa_processing.map((r: { reference: string }) => r.reference)).toEqual([
      'lastSecondOfJune',
      'firstSecondOfJuly',
      'lateJuly',
    ])
  })
})

describe(`a dense search is applied as a membership test, with the same rows (${DB_KIND})`, () => {
  const search = ['entry', 'employee', 'name', 'passport', 'reference', 'file_no', 'protector_date'] as const
  const opts = { search, dateColumn: 'protector_date', table: 'protectors' }

  it('weighs a search by its trigram candidates (SQLite; PostgreSQL plans its own)', async () => {
    const db = t.app.db as unknown as Kysely<any>
    await drainSearchQueue(db)
    // 30 protectors are named Khan: more than 20 candidates, not more than 40.
    const dense = await planSearch(db, opts, 'khan', 20)
    const sparse = await planSearch(db, opts, 'khan', 40)
    if (DB_KIND === 'sqlite') {
      expect(dense).toEqual({ dense: true })
      expect(sparse && 'ids' in sparse && sparse.ids.length).toBe(30)
    } else {
      expect([dense, sparse]).toEqual([undefined, undefined])
    }
    for (const q of ['kh', '03/03/2026', undefined]) expect(await planSearch(db, opts, q, 0)).toBeUndefined()
  })

  it('answers exactly the rows and order of the plain plan, under ranges, sorts and new rows', async () => {
    const db = t.app.db as unknown as Kysely<any>
    await drainSearchQueue(db)
    // Written after the indexer ran: found through the queue by every plan.
    const late = await t.call(
      'admin',
      'POST',
      '/api/protector',
      protectorBody({ name: 'Khan late', passport: 'L1', protector_date: '2026-03-05' }),
    )
    expect(late.status).toBe(201)
    const rule = { sortable: ['protector_date', 'name'] }
    for (const [q, from, to, sort] of [
      ['khan', '2026-03-02', '2026-03-07', '-protector_date'],
      ['khan', undefined, undefined, '-id'],
      ['Khan 1', '2026-03-01', '2026-03-09', 'name'],
      ['nobody', undefined, undefined, '-id'],
    ] as const) {
      const ids = async (plan?: SearchPlan) => {
        const qb = applyListFilters(
          db,
          db.selectFrom('protectors').select('id'),
          { q, from, to },
          { ...opts, plan },
        )
        return (await applySort(db, qb, sort, rule, '-id').execute()).map((r) => r.id)
      }
      const plain = await ids()
      expect(await ids({ dense: true })).toEqual(plain)
      const weighed = await planSearch(db, opts, q, 1000)
      if (DB_KIND === 'sqlite' && q !== 'nobody') expect(weighed && 'ids' in weighed).toBe(true)
      expect(await ids(weighed)).toEqual(plain)
      if (q === 'khan') expect(plain).toContain(late.body.protector.id)
      if (q !== 'nobody') expect(plain.length).toBeGreaterThan(0)
    }
  })

  if (DB_KIND === 'sqlite')
    it('walks the date index instead of starting from the candidates', async () => {
      const db = t.app.db as unknown as Kysely<any>
      const plan = async () => {
        const qb = applyListFilters(
          db,
          db.selectFrom('protectors').select('id'),
          { q: 'khan', from: '2026-03-02', to: '2026-03-07' },
          { ...opts, plan: { dense: true } },
        )
        const compiled = applySort(
          db,
          qb,
          '-protector_date',
          { sortable: ['protector_date'] },
          '-id',
        ).compile()
        const rows = await db.executeQuery<{ detail: string }>({
          ...compiled,
          sql: `EXPLAIN QUERY PLAN ${compiled.sql}`,
        } as typeof compiled)
        return rows.rows.map((r) => r.detail).join('\n')
      }
      expect(await plan()).toMatch(/SEARCH protectors USING (COVERING )?INDEX protectors_protector_date_id/)
    })
})
