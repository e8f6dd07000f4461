import { describe, expect, it } from 'vitest'
import * as ledger from '../src/books/ledger.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

// A customer text may be 500 characters; a line's account column holds 220 (PostgreSQL refuses
// more). Found by the fuzz test: a GAMCA edit with a 400-character customer was a 500.
describe('a long customer text', () => {
  const t = setupTestApp((t) => addNames(t, COMMON_NAMES))

  it('is saved and posted to its own account, apart from one that differs only at the end', async () => {
    const { body } = VALID_BODIES['/api/gamca-token']
    const long = (end: string) => `${'Rana Traders Karachi '.repeat(20)}${end}`
    const first = await t.call('admin', 'POST', '/api/gamca-token', { ...body, customer_add: long('A') })
    const second = await t.call('admin', 'POST', '/api/gamca-token', { ...body, customer_add: long('B') })
    expect([first.status, second.status]).toEqual([201, 201])
    const edited = await t.call('admin', 'PUT', `/api/gamca-token/${first.body.gamcaToken.id}`, {
      ...body,
      customer_add: '9'.repeat(400),
    })
    expect(edited.status).toBe(200)
    expect(edited.body.gamcaToken.customer_add).toBe('9'.repeat(400))
    // A refund's vendor is free text too (the fuzz test's second 500).
    const refund = VALID_BODIES['/api/refund-customer'].body
    const made = await t.call('admin', 'POST', '/api/refund-customer', refund)
    expect(made.status).toBe(201)
    const id = (
      Object.values(made.body).find((v) => typeof v === 'object' && v !== null && 'id' in v) as { id: number }
    ).id
    const longVendor = await t.call('admin', 'PUT', `/api/refund-customer/${id}`, {
      ...refund,
      vender_name: '9'.repeat(400),
    })
    expect(longVendor.status).toBeLessThan(500)
    const check = await ledger.check(t.app.db, { full: true })
    expect(check.first_divergence, JSON.stringify(check.first_divergence)).toBeUndefined()
    expect(check.ok).toBe(true)
  })
})
