import { toPaisa } from '@booking/shared'
import { TEST_NAMES } from '@booking/shared/test-data'
import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { addNames, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

/** Issue 23 item 8: the owner's morning and "My receipts today" (decision 049). */
describe(`the owner's morning (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, TEST_NAMES))

  it('counts staff sign-ups waiting and correction requests waiting, for admins', async () => {
    const before = (await t.call('admin', 'GET', '/api/admin/morning')).body
    expect(before).toMatchObject({ status: 'success', pending_users: expect.any(Number) })
    const signup = await t.call('none', 'POST', '/api/user/signup', {
      username: 'newstaff',
      email: 'newstaff@example.com',
      password: 'Password123!',
    })
    expect(signup.status, JSON.stringify(signup.body)).toBeLessThan(300)
    const ticket = (await t.call('employee', 'POST', '/api/ticket', VALID_BODIES['/api/ticket']!.body)).body
      .ticket
    const asked = await t.call('employee', 'POST', '/api/corrections', {
      table: 'tickets',
      record_id: ticket.id,
      action: 'update',
      changes: { sector: 'LHE-JED' },
      reason: 'Wrong sector',
    })
    expect(asked.status).toBe(201)
    const after = (await t.call('admin', 'GET', '/api/admin/morning')).body
    expect(after.pending_users).toBe(before.pending_users + 1)
    expect(after.corrections_waiting).toBe(before.corrections_waiting + 1)
    expect((await t.call('employee', 'GET', '/api/admin/morning')).status).toBe(403)
  })

  it("lists what each user took today by method and bank, from the books, and no one else's", async () => {
    const mine = (role: 'employee' | 'admin') => t.call(role, 'GET', '/api/my-receipts/today')
    const start = (await mine('employee')).body
    const body = VALID_BODIES['/api/ticket']!.body as Record<string, unknown>
    const ticket = (await t.call('employee', 'POST', '/api/ticket', body)).body.ticket
    await t.call('admin', 'POST', '/api/ticket', body)
    const paid = await t.call('employee', 'POST', '/api/payments', {
      source_type: 'ticket',
      source_id: ticket.id,
      amount: 1000,
      method: 'cash',
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    const now = (await mine('employee')).body
    const cash = Number(body.paid_cash) + 1000
    const bank = Number(body.paid_in_bank)
    expect(toPaisa(now.total)).toBe(toPaisa(start.total) + toPaisa(cash) + toPaisa(bank))
    const of = (list: { method: string; bank: string; amount: number }[], method: string, b = '') =>
      list.find((m) => m.method === method && m.bank === b)?.amount ?? 0
    expect(of(now.by_method, 'Cash') - of(start.by_method, 'Cash')).toBe(cash)
    expect(
      of(now.by_method, 'Bank', String(body.bank_title)) -
        of(start.by_method, 'Bank', String(body.bank_title)),
    ).toBe(bank)
    expect(now.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'Ticket',
          id: ticket.id,
          method: 'Cash',
          amount: Number(body.paid_cash),
        }),
        expect.objectContaining({ type: 'Payment', method: 'Cash', amount: 1000 }),
      ]),
    )
    // The admin's own ticket is theirs, not the employee's.
    const admins = (await mine('admin')).body
    expect(of(admins.by_method, 'Cash')).toBeGreaterThanOrEqual(Number(body.paid_cash))
    expect(now.lines.filter((l: { table: string }) => l.table === 'tickets')).toHaveLength(
      start.lines.filter((l: { table: string }) => l.table === 'tickets').length + 2,
    )
  })
})
