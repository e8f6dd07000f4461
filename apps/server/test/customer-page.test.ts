import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

/** Decision 068: the customer page is paged (a page of each type, and the payments of its records). */
describe(`customer page, paged (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, COMMON_NAMES))

  it('answers a page of each type newest first with its records payments, the total unchanged', async () => {
    const customer = await t.call('employee', 'POST', '/api/customers', {
      name: 'Paged Customer',
      mobile_number: '03005550101',
    })
    expect(customer.status).toBe(201)
    const id = customer.body.customer.id as number
    const tickets: number[] = []
    for (let i = 0; i < 5; i++) {
      const res = await t.call('employee', 'POST', '/api/ticket', {
        ...VALID_BODIES['/api/ticket']!.body,
        agent_name: '',
        customer_add: 'Paged Customer',
        receivable_amount: 10_000 + i,
        paid_cash: 1_000,
        paid_in_bank: 0,
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      expect(res.body.ticket.customer_id).toBe(id)
      tickets.push(res.body.ticket.id)
    }
    // Later payments on the oldest and the newest ticket.
    for (const source_id of [tickets[0], tickets[4]])
      expect(
        (
          await t.call('employee', 'POST', '/api/payments', {
            source_type: 'ticket',
            source_id,
            amount: 500,
            method: 'cash',
          })
        ).status,
      ).toBe(201)
    const page = async (qs: string) => {
      const res = await t.call('employee', 'GET', `/api/customers/${id}${qs}`)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.customer as {
        records: { id: number; table: string }[]
        records_total: number
        payments: { id: number; payment_id: number | null; amount: number }[]
        balance: number
      }
    }
    const all = await page('')
    expect(all.records.map((r) => r.id)).toEqual([...tickets].reverse())
    expect(all.payments.filter((p) => p.payment_id !== null)).toHaveLength(2)
    const first = await page('?limit=2')
    const second = await page('?limit=2&offset=2')
    const last = await page('?limit=2&offset=4')
    const past = await page('?limit=2&offset=10')
    expect(first.records.map((r) => r.id)).toEqual([tickets[4], tickets[3]])
    expect([...first.records, ...second.records, ...last.records].map((r) => r.id)).toEqual(
      all.records.map((r) => r.id),
    )
    expect(past.records).toEqual([])
    for (const p of [first, second, last, past]) {
      expect(p.records_total).toBe(5)
      expect(p.balance).toBe(all.balance)
      // Each page's payments are those of its own records, as the whole page lists them.
      const ids = new Set(p.records.map((r) => r.id))
      expect(p.payments).toEqual(all.payments.filter((x) => ids.has(x.id)))
    }
    expect(first.payments.filter((p) => p.payment_id !== null)).toHaveLength(1)
    expect(second.payments.filter((p) => p.payment_id !== null)).toHaveLength(0)
    for (const bad of ['?limit=0', '?limit=201', '?offset=-1', '?limit=x'])
      expect((await t.call('employee', 'GET', `/api/customers/${id}${bad}`)).status).toBe(400)
  })
})
