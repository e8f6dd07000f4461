import { describe, expect, it } from 'vitest'
import { SEARCH_COUNT_CAP } from '../src/lib/list-query.ts'
import { DB_KIND } from './harness.ts'
import { protectorBody, setupTestApp } from './helpers.ts'

/** The list shortcuts added for large tables must answer the same totals as a full count. */
describe(`list totals (${DB_KIND})`, () => {
  const t = setupTestApp(async (t) => {
    for (let i = 0; i < 5; i++) {
      const res = await t.call(
        'employee',
        'POST',
        '/api/protector',
        protectorBody({ name: i < 3 ? `Khan ${i}` : `Other ${i}`, passport: `P${i}` }),
      )
      expect(res.status).toBe(201)
    }
  })

  const total = async (qs: string) => (await t.call('employee', 'GET', `/api/protector?${qs}`)).body

  it('counts full pages, short last pages and pages past the end alike', async () => {
    expect((await total('limit=2')).total).toBe(5)
    expect((await total('limit=10')).total).toBe(5)
    expect((await total('limit=2&offset=4')).total).toBe(5)
    expect((await total('limit=2&offset=10')).total).toBe(5)
    expect((await total('limit=2&q=KHAN')).total).toBe(3)
    expect((await total('limit=2&q=khan&offset=2')).total).toBe(3)
    const body = await total('limit=1&q=khan')
    expect(body.totalCapped).toBeUndefined()
    expect(SEARCH_COUNT_CAP).toBeGreaterThanOrEqual(1000)
  })
})
