import { describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { DB_KIND, TEST_SECRET } from './harness.ts'
import { addNames, COMMON_NAMES, rowCount, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

describe(`Idempotency-Key on creates (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, COMMON_NAMES))
  const send = (url: string, body: unknown, key?: string, role: 'admin' | 'employee' = 'employee') =>
    t.app.inject({
      method: 'POST',
      url,
      payload: body as object,
      headers: { authorization: `Bearer ${t.tokens[role]}`, ...(key ? { 'idempotency-key': key } : {}) },
    })

  it('the same key and body answer the first answer again and store one record, on every create', async () => {
    for (const [url, { table, body }] of Object.entries(VALID_BODIES)) {
      const role =
        url.startsWith('/api/admin/') || url === '/api/accounts' || url === '/api/vender'
          ? 'admin'
          : 'employee'
      const before = await rowCount(t, table)
      const key = `retry-${table}-0001`
      const first = await send(url, body, key, role)
      expect(first.statusCode, `${url} ${first.body}`).toBe(201)
      const again = await send(url, body, key, role)
      expect(again.statusCode, url).toBe(201)
      expect(again.json(), url).toEqual(first.json())
      expect(again.headers['idempotent-replayed'], url).toBe('true')
      expect(await rowCount(t, table), url).toBe(before + 1)
    }
  })

  it('twenty concurrent retries of one submit make one record and one answer', async () => {
    const { body } = VALID_BODIES['/api/ticket']
    const before = await rowCount(t, 'tickets')
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send('/api/ticket', body, 'burst-key-0001')),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201))
    expect(new Set(answers.map((a) => a.json().ticket.id)).size).toBe(1)
    expect(await rowCount(t, 'tickets')).toBe(before + 1)
    // The postings were made once too.
    const id = answers[0].json().ticket.id
    const postings = await t.app.db
      .selectFrom('vender_entries')
      .select('id')
      .where('source_type', '=', 'tickets')
      .where('source_id', '=', id)
      .execute()
    expect(postings).toHaveLength(1)
  })

  it('the same key with another body is refused with 422 and stores nothing', async () => {
    const { body } = VALID_BODIES['/api/protector']
    await send('/api/protector', body, 'changed-body-01')
    const before = await rowCount(t, 'protectors')
    const res = await send('/api/protector', { ...body, name: 'Someone Else' }, 'changed-body-01')
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({
      status: 'error',
      message: 'This Idempotency-Key was already used for a different request',
    })
    expect(await rowCount(t, 'protectors')).toBe(before)
  })

  it('a refused body leaves the key unused; keys are per user; malformed keys are 400', async () => {
    const { body } = VALID_BODIES['/api/protector']
    const before = await rowCount(t, 'protectors')
    const bad = await send('/api/protector', { ...body, name: '' }, 'first-try-bad-01')
    expect(bad.statusCode).toBe(400)
    expect(await rowCount(t, 'idempotency_keys')).toBeGreaterThan(0)
    const good = await send('/api/protector', body, 'first-try-bad-01')
    expect(good.statusCode).toBe(201)
    const admin = await send('/api/protector', body, 'first-try-bad-01', 'admin')
    expect(admin.statusCode).toBe(201)
    expect(admin.json().protector.id).not.toBe(good.json().protector.id)
    for (const key of ['short', 'x'.repeat(201), 'has space in it', 'ünïcode-key-1']) {
      const res = await send('/api/protector', body, key)
      expect(res.statusCode, key).toBe(400)
    }
    expect(await rowCount(t, 'protectors')).toBe(before + 2)
  })

  it('a restarted server still answers a retry with the first answer', async () => {
    const { body } = VALID_BODIES['/api/expenses']
    const first = await send('/api/expenses', body, 'across-restart-1')
    const restarted = await buildApp({
      databaseUrl: t.databaseUrl,
      jwtSecret: TEST_SECRET,
      searchIndexEveryMs: 0,
    })
    try {
      const before = await rowCount(t, 'expenses')
      const again = await restarted.inject({
        method: 'POST',
        url: '/api/expenses',
        payload: body,
        headers: { authorization: `Bearer ${t.tokens.employee}`, 'idempotency-key': 'across-restart-1' },
      })
      expect(again.statusCode).toBe(201)
      expect(again.json()).toEqual(first.json())
      expect(await rowCount(t, 'expenses')).toBe(before)
    } finally {
      await restarted.close()
    }
  })
})
