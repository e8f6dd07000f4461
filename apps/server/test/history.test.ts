import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { addNames, journalRow, ledgerBalance, passenger, rowCount, setupTestApp } from './helpers.ts'

const ticket = (more: Record<string, unknown> = {}) => ({
  employee_name: 'emp',
  agent_name: 'Agent H',
  customer_add: 'History Traders',
  reference: 'H-1',
  depart_date: '2026-06-10',
  return_date: '2026-06-20',
  sector: 'LHE-DXB',
  airline: 'Emirates',
  adults: 1,
  children: 0,
  infants: 0,
  passport_detail: JSON.stringify([passenger('Hamid', 'Raza')]),
  receivable_amount: 120000,
  paid_cash: 20000,
  bank_title: 'UBL Account 1',
  paid_in_bank: 10000,
  payable_to_vendor: 90000,
  vendor_name: 'Vendor H',
  ...more,
})

describe(`history, restore and corrections API (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, { agents: ['Agent H'], vendors: ['Vendor H'] }))
  const balances = async () => ({
    agent: await ledgerBalance(t, 'agent_entries', 'agent_name', 'Agent H'),
    vendor: await ledgerBalance(t, 'vender_entries', 'vender_name', 'Vendor H'),
    bank: await ledgerBalance(t, 'account_entries', 'bank_name', 'UBL Account 1'),
  })
  const history = async (query: string) => (await t.call('admin', 'GET', `/api/admin/audit?${query}`)).body

  it('writes an audit entry with the exact before and after on create, update and delete', async () => {
    const created = await t.call('employee', 'POST', '/api/ticket', ticket())
    expect(created.status).toBe(201)
    const id = created.body.ticket.id
    const updated = await t.call(
      'admin',
      'PUT',
      `/api/ticket/${id}`,
      ticket({ paid_cash: 25000, airline: 'PIA' }),
    )
    expect(updated.status).toBe(200)
    expect((await t.call('admin', 'DELETE', `/api/ticket/${id}`)).status).toBe(200)

    const { audit, total } = await history(`table=tickets&record_id=${id}`)
    expect(total).toBe(3)
    // The history keeps the row as stored (a restore writes it back): the payable's rates as their
    // JSON text, which the answer gives as an object (decision 136); none here.
    const stored = (answer: Record<string, unknown>) => ({ ...answer, rates: JSON.stringify(answer.rates) })
    const [del, upd, cre] = audit
    expect(cre).toMatchObject({
      action: 'create',
      username: 'emp',
      table: 'tickets',
      record_id: id,
      before: null,
    })
    expect(cre.after).toEqual(stored(created.body.ticket))
    expect(upd).toMatchObject({ action: 'update', username: 'admin' })
    expect(upd.before).toEqual(stored(created.body.ticket))
    expect(upd.after).toEqual(stored(updated.body.ticket))
    expect(upd.changes).toEqual([
      { field: 'airline', before: 'Emirates', after: 'PIA' },
      { field: 'paid_cash', before: 20000, after: 25000 },
      { field: 'remaining_amount', before: 90000, after: 85000 },
    ])
    expect(del).toMatchObject({ action: 'delete', username: 'admin', after: null })
    expect(del.before).toEqual(stored(updated.body.ticket))
  })

  it('filters by user and date, pages, and is refused to employees', async () => {
    expect((await t.call('employee', 'GET', '/api/admin/audit')).status).toBe(403)
    const mine = await history('user=emp')
    expect(mine.audit.length).toBeGreaterThan(0)
    expect(mine.audit.every((a: { username: string }) => a.username === 'emp')).toBe(true)
    const today = new Date().toISOString().slice(0, 10)
    expect((await history(`from=${today}&to=${today}`)).total).toBeGreaterThanOrEqual(3)
    expect((await history('to=2000-01-01')).total).toBe(0)
    const page = await history('limit=1&offset=1')
    expect(page.audit).toHaveLength(1)
    expect(page.total).toBeGreaterThanOrEqual(3)
    expect((await t.call('admin', 'GET', '/api/admin/audit?record_id=abc')).status).toBe(400)
  })

  it('restores a deleted ticket with its id, entry number, journal line and postings', async () => {
    const before = await balances()
    const created = (await t.call('employee', 'POST', '/api/ticket', ticket())).body.ticket
    const withTicket = await balances()
    expect(withTicket).not.toEqual(before)
    expect((await t.call('admin', 'DELETE', `/api/ticket/${created.id}`)).status).toBe(200)
    expect(await balances()).toEqual(before)
    expect(await journalRow(t, 'tickets', created.id)).toBeUndefined()

    const deletion = (await history(`table=tickets&record_id=${created.id}`)).audit[0]
    expect(deletion.action).toBe('delete')
    expect((await t.call('employee', 'POST', `/api/admin/audit/${deletion.id}/restore`)).status).toBe(403)
    const restored = await t.call('admin', 'POST', `/api/admin/audit/${deletion.id}/restore`)
    expect(restored.status).toBe(200)
    expect(restored.body.record).toEqual(created)
    expect((await t.call('admin', 'GET', `/api/ticket/${created.id}`)).body.ticket.entry).toBe(created.entry)
    expect(await balances()).toEqual(withTicket)
    expect(await journalRow(t, 'tickets', created.id)).toBeDefined()
    expect((await history(`table=tickets&record_id=${created.id}`)).audit[0]).toMatchObject({
      action: 'restore',
      username: 'admin',
    })
    // Twice is refused, and only deletions can be restored.
    expect((await t.call('admin', 'POST', `/api/admin/audit/${deletion.id}/restore`)).status).toBe(409)
    const creation = (await history(`table=tickets&record_id=${created.id}`)).audit.at(-1)
    expect((await t.call('admin', 'POST', `/api/admin/audit/${creation.id}/restore`)).status).toBe(409)
    expect((await t.call('admin', 'POST', '/api/admin/audit/999999/restore')).status).toBe(404)
  })

  it('applies an approved correction through the lifecycle and leaves a rejected one without effect', async () => {
    const start = await balances()
    const created = (await t.call('employee', 'POST', '/api/ticket', ticket())).body.ticket
    const afterCreate = await balances()

    // Bad requests store nothing.
    const requests = () => rowCount(t, 'corrections')
    const n = await requests()
    const bad = await t.call('employee', 'POST', '/api/corrections', {
      table: 'tickets',
      record_id: created.id,
      action: 'update',
      changes: { receivable_amount: -5 },
      reason: '',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toMatchObject({ reason: 'Reason is required' })
    const invalidChange = await t.call('employee', 'POST', '/api/corrections', {
      table: 'tickets',
      record_id: created.id,
      action: 'update',
      changes: { receivable_amount: -5 },
      reason: 'typo',
    })
    expect(invalidChange.status).toBe(400)
    expect(invalidChange.body.errors).toMatchObject({
      receivable_amount: 'Receivable Amount cannot be negative',
    })
    const onlyFixedFields = await t.call('employee', 'POST', '/api/corrections', {
      table: 'tickets',
      record_id: created.id,
      action: 'update',
      changes: { id: 1, entry: 'Ticket 1/1', nonsense: 5 },
      reason: 'typo',
    })
    expect(onlyFixedFields.status).toBe(400)
    expect(onlyFixedFields.body.errors).toEqual({ changes: 'Changes are required for an update' })
    const hugeId = await t.call('employee', 'POST', '/api/corrections', {
      table: 'tickets',
      record_id: 2 ** 31,
      action: 'delete',
      reason: 'x',
    })
    expect(hugeId.status).toBe(400)
    expect((await t.call('admin', 'POST', '/api/admin/corrections/2147483648/approve')).status).toBe(400)
    expect((await t.call('admin', 'POST', '/api/admin/audit/99999999999999999999/restore')).status).toBe(400)
    const vendorLedger = await t.call('employee', 'POST', '/api/corrections', {
      table: 'vender_entries',
      record_id: 1,
      action: 'delete',
      reason: 'x',
    })
    expect(vendorLedger.status).toBe(400)
    expect(
      (
        await t.call('employee', 'POST', '/api/corrections', {
          table: 'tickets',
          record_id: 999999,
          action: 'delete',
          reason: 'x',
        })
      ).status,
    ).toBe(404)
    expect(await requests()).toBe(n)

    const asked = await t.call('employee', 'POST', '/api/corrections', {
      table: 'tickets',
      record_id: created.id,
      action: 'update',
      changes: { payable_to_vendor: 95000 },
      reason: 'Vendor raised the fare',
    })
    expect(asked.status).toBe(201)
    expect(asked.body.correction).toMatchObject({ status: 'pending', requested_by: 'emp' })
    expect(asked.body.correction.diff).toEqual([{ field: 'payable_to_vendor', before: 90000, after: 95000 }])
    const rejectMe = await t.call('employee', 'POST', '/api/corrections', {
      table: 'tickets',
      record_id: created.id,
      action: 'delete',
      reason: 'Duplicate',
    })
    expect(rejectMe.status).toBe(201)

    const pending = (await t.call('admin', 'GET', '/api/admin/corrections')).body.corrections
    expect(pending.map((c: { id: number }) => c.id)).toEqual([
      rejectMe.body.correction.id,
      asked.body.correction.id,
    ])
    expect((await t.call('employee', 'GET', '/api/admin/corrections')).status).toBe(403)
    expect(
      (await t.call('employee', 'POST', `/api/admin/corrections/${asked.body.correction.id}/approve`)).status,
    ).toBe(403)

    const rejected = await t.call(
      'admin',
      'POST',
      `/api/admin/corrections/${rejectMe.body.correction.id}/reject`,
      {
        note: 'Not a duplicate',
      },
    )
    expect(rejected.status).toBe(200)
    expect(rejected.body.correction).toMatchObject({ status: 'rejected', decided_by: 'admin' })
    expect(await balances()).toEqual(afterCreate)

    const approved = await t.call(
      'admin',
      'POST',
      `/api/admin/corrections/${asked.body.correction.id}/approve`,
      {},
    )
    expect(approved.status).toBe(200)
    expect(approved.body.correction).toMatchObject({ status: 'approved', decided_by: 'admin' })
    const now = (await t.call('admin', 'GET', `/api/ticket/${created.id}`)).body.ticket
    expect(now.payable_to_vendor).toBe(95000)
    expect(now.profit).toBe(25000)
    expect(await balances()).toEqual({ ...afterCreate, vendor: afterCreate.vendor + 5000 })
    expect(afterCreate.vendor - start.vendor).toBe(90000)
    // Deciding twice is refused.
    expect(
      (await t.call('admin', 'POST', `/api/admin/corrections/${asked.body.correction.id}/reject`)).status,
    ).toBe(409)

    // The history names the employee who asked and the admin who approved.
    const last = (await history(`table=tickets&record_id=${created.id}`)).audit[0]
    expect(last).toMatchObject({ action: 'update', username: 'emp', approved_by: 'admin' })
    expect(last.changes).toContainEqual({ field: 'payable_to_vendor', before: 90000, after: 95000 })

    // The employee sees the state of their own requests.
    const mine = (await t.call('employee', 'GET', '/api/corrections')).body.corrections
    const states = Object.fromEntries(mine.map((c: { id: number; status: string }) => [c.id, c.status]))
    expect(states[asked.body.correction.id]).toBe('approved')
    // A decided request still shows what it changed.
    expect(mine.find((c: { id: number }) => c.id === asked.body.correction.id).diff).toEqual([
      { field: 'payable_to_vendor', before: 90000, after: 95000 },
    ])
    expect(states[rejectMe.body.correction.id]).toBe('rejected')
    expect((await t.call('admin', 'GET', '/api/corrections')).body.corrections).toEqual([])
  })

  it('an approved delete removes the record and its postings; nobody approves their own request', async () => {
    const start = await balances()
    const created = (await t.call('employee', 'POST', '/api/ticket', ticket())).body.ticket
    const own = await t.call('admin', 'POST', '/api/corrections', {
      table: 'tickets',
      record_id: created.id,
      action: 'delete',
      reason: 'Entered twice',
    })
    expect(own.status).toBe(201)
    const selfApproval = await t.call(
      'admin',
      'POST',
      `/api/admin/corrections/${own.body.correction.id}/approve`,
    )
    expect(selfApproval.status).toBe(403)
    expect(
      (await t.call('admin', 'POST', `/api/admin/corrections/${own.body.correction.id}/reject`)).status,
    ).toBe(200)

    const asked = await t.call('employee', 'POST', '/api/corrections', {
      table: 'tickets',
      record_id: created.id,
      action: 'delete',
      reason: 'Entered twice',
    })
    expect(asked.body.correction.diff.length).toBeGreaterThan(0)
    expect(
      (await t.call('admin', 'POST', `/api/admin/corrections/${asked.body.correction.id}/approve`)).status,
    ).toBe(200)
    expect((await t.call('admin', 'GET', `/api/ticket/${created.id}`)).status).toBe(404)
    expect(await balances()).toEqual(start)
    expect((await history(`table=tickets&record_id=${created.id}`)).audit[0]).toMatchObject({
      action: 'delete',
      username: 'emp',
      approved_by: 'admin',
    })
  })
})
