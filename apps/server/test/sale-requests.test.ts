import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, rowCount, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

/**
 * Issue 37 item 2 (decision 098): an employee's sale refused by a credit limit is sent for
 * approval whole; an admin approves it (saved as the employee's, the admin named as approver, the
 * reason in the history) or refuses it with a reason.
 */

const AGENT = 'Limit Travels'
const enc = encodeURIComponent

const ticket = (receivable: number, more: Record<string, unknown> = {}) => ({
  ...VALID_BODIES['/api/ticket']!.body,
  agent_name: AGENT,
  receivable_amount: receivable,
  paid_cash: 0,
  paid_in_bank: 0,
  payable_to_vendor: 0,
  ...more,
})

describe(`send for approval (${DB_KIND})`, () => {
  const t = setupTestApp(async (t) => {
    await addNames(t, { ...COMMON_NAMES, agents: [...(COMMON_NAMES.agents ?? []), AGENT] })
    await t.call('admin', 'PUT', `/api/agents/${enc(AGENT)}`, { credit_limit: 100_000 })
  })

  it('the refused sale is kept whole; approved, it is saved as the employee who sold it', async () => {
    expect((await t.call('employee', 'POST', '/api/ticket', ticket(80_000))).status).toBe(201)
    const body = ticket(45_000, { reference: 'PNR-APPROVE-1', sector: 'LHE-JED' })
    const refused = await t.call('employee', 'POST', '/api/ticket', body)
    expect(refused.status).toBe(409)
    expect(refused.body.errors).toEqual({ send_for_approval: 'An admin may approve it' })
    const tickets = await rowCount(t, 'tickets')

    const sent = await t.call('employee', 'POST', '/api/sale-requests', {
      table: 'tickets',
      body,
      note: 'Regular customer, pays on Friday',
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    expect(sent.body.request).toMatchObject({
      status: 'pending',
      requested_by: 'emp',
      refusal: 'Credit limit of Rs 100,000 for Limit Travels exceeded by Rs 25,000',
      note: 'Regular customer, pays on Friday',
      body,
    })
    // Kept, not saved: no ticket, no entry number used.
    expect(await rowCount(t, 'tickets')).toBe(tickets)
    const mine = await t.call('employee', 'GET', '/api/sale-requests')
    expect(mine.body.requests.map((r: { id: number }) => r.id)).toEqual([sent.body.request.id])
    const queue = await t.call('admin', 'GET', '/api/admin/sale-requests')
    expect(queue.body.requests.map((r: { id: number }) => r.id)).toContain(sent.body.request.id)

    const id = sent.body.request.id
    expect(
      (await t.call('employee', 'POST', `/api/admin/sale-requests/${id}/approve`, { reason: 'x' })).status,
    ).toBe(403)
    const noReason = await t.call('admin', 'POST', `/api/admin/sale-requests/${id}/approve`, { reason: ' ' })
    expect(noReason.status).toBe(400)
    expect(noReason.body.errors).toEqual({ reason: 'Reason is required' })
    const approved = await t.call('admin', 'POST', `/api/admin/sale-requests/${id}/approve`, {
      reason: 'Owner agreed on the phone',
    })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect(approved.body.request).toMatchObject({ status: 'approved', decided_by: 'admin' })
    const saved = await t.call('admin', 'GET', `/api/ticket/${approved.body.request.record_id}`)
    expect(saved.body.ticket ?? saved.body).toMatchObject({
      employee_name: 'emp',
      reference: 'PNR-APPROVE-1',
      sector: 'LHE-JED',
      receivable_amount: 45_000,
      entry: approved.body.request.entry,
    })
    expect((await t.call('admin', 'GET', `/api/credit/agent/${enc(AGENT)}`)).body.balance).toBe(125_000)
    // The history: created by the employee, approved by the admin, with the admin's reason.
    const history = await t.call(
      'admin',
      'GET',
      `/api/admin/audit?table=tickets&record_id=${approved.body.request.record_id}`,
    )
    const entries = history.body.audit as Array<Record<string, unknown>>
    expect(entries.find((e) => e.action === 'create')).toMatchObject({
      username: 'emp',
      approved_by: 'admin',
    })
    expect(entries.find((e) => e.action === 'credit-override')).toMatchObject({
      username: 'emp',
      approved_by: 'admin',
      after: expect.objectContaining({ override_reason: 'Owner agreed on the phone' }),
    })
    // Decided once.
    expect(
      (await t.call('admin', 'POST', `/api/admin/sale-requests/${id}/approve`, { reason: 'again' })).status,
    ).toBe(409)
  })

  it('refused with a reason: nothing saved; a sale within the limit is not sent; a bad body is the form’s 400', async () => {
    const body = ticket(60_000, { reference: 'PNR-REFUSE-1' })
    expect((await t.call('employee', 'POST', '/api/ticket', body)).status).toBe(409)
    const sent = await t.call('employee', 'POST', '/api/sale-requests', { table: 'tickets', body })
    expect(sent.status).toBe(201)
    const tickets = await rowCount(t, 'tickets')
    const refused = await t.call('admin', 'POST', `/api/admin/sale-requests/${sent.body.request.id}/refuse`, {
      reason: 'Collect the old balance first',
    })
    expect(refused.status).toBe(200)
    expect(refused.body.request).toMatchObject({ status: 'refused', reason: 'Collect the old balance first' })
    expect(await rowCount(t, 'tickets')).toBe(tickets)
    const mine = (await t.call('employee', 'GET', '/api/sale-requests')).body.requests
    expect(mine[0]).toMatchObject({ status: 'refused', reason: 'Collect the old balance first' })

    const within = await t.call('employee', 'POST', '/api/sale-requests', {
      table: 'tickets',
      body: ticket(1, { agent_name: COMMON_NAMES.agents?.[0] ?? 'Agent A' }),
    })
    expect(within.status).toBe(409)
    expect(within.body.message).toBe('This sale is within the credit limit: save it as usual')
    const bad = await t.call('employee', 'POST', '/api/sale-requests', {
      table: 'tickets',
      body: { ...body, receivable_amount: 'lots' },
    })
    expect(bad.status).toBe(400)
    expect((await t.call('employee', 'POST', '/api/sale-requests', { table: 'users', body })).status).toBe(
      400,
    )
    expect(await rowCount(t, 'tickets')).toBe(tickets)
  })
})
