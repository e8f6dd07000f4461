import { describe, expect, it } from 'vitest'
import { recordLifecycle } from '../src/lib/crud.ts'
import { SEARCH_COUNT_CAP } from '../src/lib/list-query.ts'
import type { AuthUser } from '../src/plugins/auth.ts'
import { DB_KIND } from './harness.ts'
import { protectorBody, setupTestApp } from './helpers.ts'

/** More matches than the cap: 700 in January, 450 in February, 1,150 named Khan or Other. */
const JANUARY = 700
const FEBRUARY = 450
const ROWS = JANUARY + FEBRUARY
const KHANS = 1_080

const day = (i: number) =>
  i < JANUARY
    ? `2026-01-${String(1 + (i % 28)).padStart(2, '0')}`
    : `2026-02-${String(1 + (i % 28)).padStart(2, '0')}`

/**
 * Filtered list totals are counted up to SEARCH_COUNT_CAP past the page's offset (decision 026):
 * exact below it, a lower bound with `totalCapped: true` above it, and paging reaches every row.
 */
describe(`capped list totals (${DB_KIND})`, () => {
  const t = setupTestApp(async (t) => {
    const admin = (await t.app.db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'role'])
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow()) as AuthUser
    const lifecycle = recordLifecycle(t.app.db, 'protectors')
    if (!lifecycle) throw new Error('no protector lifecycle')
    // Through the app's own lifecycle (entry number, journal, audit), in one transaction for speed.
    await t.app.db.transaction().execute(async (trx) => {
      for (let i = 0; i < ROWS; i++) {
        const input = protectorBody({
          name: i < KHANS ? `Khan ${i}` : `Other ${i}`,
          passport: `P${i}`,
          protector_date: day(i),
        })
        await lifecycle.create(trx, { user: admin }, lifecycle.parse(input))
      }
    })
  })

  const list = async (qs: string) => {
    const res = await t.call('employee', 'GET', `/api/protector?${qs}`)
    expect(res.status).toBe(200)
    return res.body as {
      protectors: Array<{ id: number; protector_date: string }>
      total: number
      totalCapped?: true
    }
  }
  const inRange = async (from: string, to: string) =>
    Number(
      (
        await t.app.db
          .selectFrom('protectors')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('protector_date', '>=', from)
          .where('protector_date', '<=', to)
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('keeps the exact total of an unfiltered list (the kept row count)', async () => {
    const body = await list('limit=25')
    expect(body.protectors).toHaveLength(25)
    expect(body.total).toBe(ROWS)
    expect(body.totalCapped).toBeUndefined()
  })

  it('caps a large date range at the cap past the offset and says so', async () => {
    expect(SEARCH_COUNT_CAP).toBe(1000)
    const first = await list('limit=25&from=2026-01-01&to=2026-02-28')
    expect(first.protectors).toHaveLength(25)
    expect(first.total).toBe(SEARCH_COUNT_CAP + 1)
    expect(first.totalCapped).toBe(true)
    // Deeper pages move the bound with them: the pager's "of N+" never falls behind the page.
    const deeper = await list('limit=25&offset=100&from=2026-01-01&to=2026-02-28')
    expect(deeper.total).toBe(100 + SEARCH_COUNT_CAP + 1)
    expect(deeper.totalCapped).toBe(true)
    // Within the cap of the offset the total is exact again.
    const near = await list('limit=25&offset=500&from=2026-01-01&to=2026-02-28')
    expect(near.total).toBe(ROWS)
    expect(near.totalCapped).toBeUndefined()
  })

  it('counts a date range under the cap exactly', async () => {
    const expected = await inRange('2026-02-01', '2026-02-28')
    expect(expected).toBe(FEBRUARY)
    const body = await list('limit=25&from=2026-02-01&to=2026-02-28')
    expect(body.total).toBe(FEBRUARY)
    expect(body.totalCapped).toBeUndefined()
    const one = await list('limit=10&from=2026-01-03&to=2026-01-03')
    expect(one.total).toBe(await inRange('2026-01-03', '2026-01-03'))
    expect(one.totalCapped).toBeUndefined()
  })

  it('pages through a capped date range to its last row, each row once', async () => {
    const seen = new Set<number>()
    let last: Awaited<ReturnType<typeof list>> | undefined
    for (let offset = 0; ; offset += 200) {
      last = await list(`limit=200&offset=${offset}&from=2026-01-01&to=2026-02-28`)
      for (const r of last.protectors) {
        expect(r.protector_date >= '2026-01-01' && r.protector_date <= '2026-02-28').toBe(true)
        seen.add(r.id)
      }
      // The web's pager: a capped total means "more", so it offers the next page while pages are full.
      if (last.protectors.length < 200) break
      expect(offset).toBeLessThan(ROWS)
    }
    expect(seen.size).toBe(ROWS)
    expect(last.total).toBe(ROWS)
    expect(last.totalCapped).toBeUndefined()
  })

  it('caps a common search the same way and is exact past it', async () => {
    const first = await list('limit=25&q=khan')
    expect(first.total).toBe(SEARCH_COUNT_CAP + 1)
    expect(first.totalCapped).toBe(true)
    const later = await list('limit=25&offset=200&q=khan')
    expect(later.total).toBe(KHANS)
    expect(later.totalCapped).toBeUndefined()
    const both = await list('limit=25&q=khan&from=2026-02-01&to=2026-02-28')
    expect(both.total).toBe(KHANS - JANUARY)
    expect(both.totalCapped).toBeUndefined()
  })

  it('a date range without a chosen order comes newest date first, ties newest id first', async () => {
    const page = await list('limit=300&from=2026-01-01&to=2026-02-28')
    const keys = page.protectors.map((r) => [r.protector_date, r.id] as const)
    const expected = [...keys].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1))
    expect(keys).toEqual(expected)
    expect(keys[0]?.[0]).toBe('2026-02-28')
    // A chosen order still wins.
    const byId = await list('limit=5&from=2026-01-01&to=2026-02-28&sort=-id')
    expect(byId.protectors.map((r) => r.id)).toEqual(
      [...byId.protectors.map((r) => r.id)].sort((a, b) => b - a),
    )
  })
})
