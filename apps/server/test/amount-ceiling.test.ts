import { AMOUNT_TOO_LARGE, MAX_AMOUNT } from '@booking/shared'
import { describe, expect, it } from 'vitest'
import { MAX_BOOK_PAISA } from '../src/books/lines.ts'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, rowCount, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

describe(`per-record amount ceiling (${DB_KIND}, decision 041)`, () => {
  const t = setupTestApp((t) => addNames(t, COMMON_NAMES))

  it('refuses the Rs 99,999,999,999.99 ticket that filled the books, with the field message; takes the ceiling', async () => {
    const body = { ...VALID_BODIES['/api/ticket'].body, paid_cash: 0, paid_in_bank: 0, bank_title: '' }
    const before = await rowCount(t, 'tickets')
    const huge = await t.call('employee', 'POST', '/api/ticket', {
      ...body,
      receivable_amount: 99_999_999_999.99,
    })
    expect(huge.status).toBe(400)
    expect(huge.body.errors.receivable_amount).toBe(AMOUNT_TOO_LARGE)
    const payment = await t.call('employee', 'POST', '/api/payments', {
      source_type: 'ticket',
      source_id: 1,
      amount: 1_000_000_000,
      method: 'cash',
    })
    expect(payment.status).toBe(400)
    expect(payment.body.errors.amount).toBe(AMOUNT_TOO_LARGE)
    expect(await rowCount(t, 'tickets')).toBe(before)
    const top = await t.call('employee', 'POST', '/api/ticket', {
      ...body,
      receivable_amount: MAX_AMOUNT,
      payable_to_vendor: MAX_AMOUNT,
    })
    expect(top.status, JSON.stringify(top.body)).toBe(201)
    // Far from the books' limit: even a record moving its ceiling three times over needs tens of
    // thousands of such records to fill them (450 did before).
    const perRecord = BigInt(Math.round(MAX_AMOUNT * 100)) * 3n
    expect(MAX_BOOK_PAISA / perRecord).toBeGreaterThan(30_000n)
  })
})
