import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

describe(`correction requests: what they propose and withdrawing them (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, COMMON_NAMES))

  const ticket = async () => {
    await t.call('admin', 'POST', '/api/customers', { name: 'Diff Traders', mobile_number: '3001231234' })
    const res = await t.call('employee', 'POST', '/api/ticket', {
      ...VALID_BODIES['/api/ticket'].body,
      customer_add: 'Diff Traders',
      agent_name: '',
      receivable_amount: 50000,
      paid_cash: 10000,
      paid_in_bank: 0,
      bank_title: '',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.ticket as Record<string, unknown> & { id: number }
  }

  it('the whole record sent back as changes proposes only the fields that change, never derived ones', async () => {
    const record = await ticket()
    expect(record.customer_id).toEqual(expect.any(Number))
    // What an edit form sends: every field of the record, one of them edited, the derived ones as shown.
    const asked = await t.call('employee', 'POST', '/api/corrections', {
      table: 'tickets',
      record_id: record.id,
      action: 'update',
      changes: {
        ...record,
        receivable_amount: 52000,
        customer_id: 999,
        payments_total: 7,
        remaining_amount: 1,
        employee_name: 'someone else',
      },
      reason: 'Fare went up',
    })
    expect(asked.status, JSON.stringify(asked.body)).toBe(201)
    expect(asked.body.correction.diff).toEqual([{ field: 'receivable_amount', before: 50000, after: 52000 }])
    const pending = (await t.call('admin', 'GET', '/api/admin/corrections')).body.corrections
    expect(pending.find((c: { id: number }) => c.id === asked.body.correction.id).diff).toEqual([
      { field: 'receivable_amount', before: 50000, after: 52000 },
    ])
    const approved = await t.call(
      'admin',
      'POST',
      `/api/admin/corrections/${asked.body.correction.id}/approve`,
      {},
    )
    expect(approved.status).toBe(200)
    const after = (await t.call('admin', 'GET', `/api/ticket/${record.id}`)).body.ticket
    expect(after).toMatchObject({
      receivable_amount: 52000,
      customer_id: record.customer_id,
      employee_name: 'emp',
    })
    // Only derived fields: nothing to propose.
    const nothing = await t.call('employee', 'POST', '/api/corrections', {
      table: 'tickets',
      record_id: record.id,
      action: 'update',
      changes: { customer_id: 999, payments_total: 7, employee_name: 'x' },
      reason: 'Nothing real',
    })
    expect(nothing.status).toBe(400)
    expect(nothing.body.errors).toEqual({ changes: 'Changes are required for an update' })
  })

  it('a requester withdraws their own pending request; nobody else can, and a decided one stays decided', async () => {
    const record = await ticket()
    const ask = async (role: 'employee' | 'admin') => {
      const res = await t.call(role, 'POST', '/api/corrections', {
        table: 'tickets',
        record_id: record.id,
        action: 'delete',
        reason: 'Entered twice',
      })
      expect(res.status).toBe(201)
      return res.body.correction.id as number
    }
    const mine = await ask('employee')
    // Another user, even an admin, cannot withdraw it (an admin rejects instead).
    const byAdmin = await t.call('admin', 'POST', `/api/corrections/${mine}/withdraw`, {})
    expect(byAdmin.status).toBe(403)
    expect(byAdmin.body.message).toBe('Only the person who asked can withdraw a request')
    const withdrawn = await t.call('employee', 'POST', `/api/corrections/${mine}/withdraw`, {})
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200)
    expect(withdrawn.body.correction).toMatchObject({
      status: 'rejected',
      decided_by: 'emp',
      decision_note: 'Withdrawn by the requester',
    })
    expect((await t.call('employee', 'POST', `/api/corrections/${mine}/withdraw`, {})).status).toBe(409)
    expect((await t.call('admin', 'POST', `/api/admin/corrections/${mine}/approve`, {})).status).toBe(409)
    expect((await t.call('admin', 'GET', `/api/ticket/${record.id}`)).status).toBe(200)
    const adminsOwn = await ask('admin')
    expect((await t.call('employee', 'POST', `/api/corrections/${adminsOwn}/withdraw`, {})).status).toBe(403)
    expect((await t.call('admin', 'POST', `/api/corrections/${adminsOwn}/withdraw`, {})).status).toBe(200)
    expect((await t.call('employee', 'POST', '/api/corrections/999999/withdraw', {})).status).toBe(404)
  })
})
