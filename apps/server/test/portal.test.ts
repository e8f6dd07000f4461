import { ADMIN_ONLY_MESSAGE } from '@booking/shared'
import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { addNames, setupTestApp } from './helpers.ts'
import { agentUser, as, sendDeposit, ticketFor } from './portal-helpers.ts'
import { DEBIT_CREDIT_MAPPING } from './statement-mapping.ts'

// Issue 35 items 1-3: an agent's own users, their desk, deposits with the slip (decisions 104-106).

describe(`portal (${DB_KIND})`, () => {
  const t = setupTestApp(async (t) => {
    await addNames(t, { agents: ['Agent A', 'Agent B'], vendors: ['Vendor V'] })
  })

  it('invites, sets a password once, signs in at /login; suspension is a 401 on the next request', async () => {
    const bad = await t.call('admin', 'POST', '/api/agents/Agent%20A/users', { email: 'nope' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.email).toBe('Please enter a valid email')
    expect(
      (await t.call('employee', 'POST', '/api/agents/Agent%20A/users', { email: 'x@a.pk' })).status,
    ).toBe(403)
    expect((await t.call('admin', 'POST', '/api/agents/Nobody/users', { email: 'x@a.pk' })).status).toBe(404)
    const taken = await t.call('admin', 'POST', '/api/agents/Agent%20A/users', { email: 'admin@test.local' })
    expect(taken.status).toBe(409)

    const invite = await t.call('admin', 'POST', '/api/agents/Agent%20A/users', { email: 'Sara@AgentA.pk' })
    expect(invite.status).toBe(201)
    expect(invite.body.url).toMatch(/\/portal\/invite\/[A-Za-z0-9_-]{20,}$/)
    expect(Date.parse(invite.body.expires_at)).toBeGreaterThan(Date.now() + 6 * 86_400_000)
    const token = String(invite.body.url).split('/portal/invite/')[1]
    // Not yet set: no sign-in.
    expect(
      (await t.call('none', 'POST', '/api/user/login', { email: 'sara@agenta.pk', password: 'x' })).status,
    ).toBe(404)
    const short = await t.call('none', 'POST', `/api/portal/invites/${token}`, { password: 'short' })
    expect(short.status).toBe(400)
    expect(short.body.errors.password).toBe('Password must be at least 8 characters')
    expect(
      (await t.call('none', 'POST', `/api/portal/invites/${token}`, { password: 'river-stone-42' })).status,
    ).toBe(200)
    // One-time: the same link again is refused.
    expect(
      (await t.call('none', 'POST', `/api/portal/invites/${token}`, { password: 'river-stone-43' })).status,
    ).toBe(404)
    const login = await t.call('none', 'POST', '/api/user/login', {
      email: 'sara@agenta.pk',
      password: 'river-stone-42',
    })
    expect(login.status).toBe(200)
    expect(login.body.role).toBe('agent_user')
    const me = await as(t, login.body.token, 'GET', '/api/portal/me')
    expect(me.statusCode).toBe(200)
    expect(me.json().agent).toBe('Agent A')

    const list = await t.call('admin', 'GET', '/api/agents/Agent%20A/users')
    expect(list.body.users).toEqual([expect.objectContaining({ email: 'sara@agenta.pk', status: 'active' })])
    // The user is Agent A's: through Agent B's path it is not found.
    expect(
      (await t.call('admin', 'PUT', `/api/agents/Agent%20B/users/${invite.body.id}`, { suspended: true }))
        .status,
    ).toBe(404)
    const off = await t.call('admin', 'PUT', `/api/agents/Agent%20A/users/${invite.body.id}`, {
      suspended: true,
    })
    expect(off.status).toBe(200)
    expect((await as(t, login.body.token, 'GET', '/api/portal/me')).statusCode).toBe(401)
    expect(
      (
        await t.call('none', 'POST', '/api/user/login', {
          email: 'sara@agenta.pk',
          password: 'river-stone-42',
        })
      ).status,
    ).toBe(403)
  })

  it("an agent's user reaches its own desk only: staff routes 403, another agent's booking 404", async () => {
    const a = await agentUser(t, 'Agent A', 'a1@agenta.pk')
    const idA = await ticketFor(t, 'Agent A')
    const idB = await ticketFor(t, 'Agent B')
    for (const url of [
      '/api/ticket',
      `/api/ticket/${idB}`,
      '/api/statements/agent/Agent%20B',
      '/api/collections',
      '/api/deposits',
    ]) {
      const res = await as(t, a.token, 'GET', url)
      expect(res.statusCode, url).toBe(403)
      expect(res.json()).toEqual({ status: 'error', message: ADMIN_ONLY_MESSAGE })
    }
    // Staff do not reach the desk.
    expect((await t.call('admin', 'GET', '/api/portal/me')).status).toBe(403)
    const bookings = (await as(t, a.token, 'GET', '/api/portal/bookings')).json()
    expect(bookings.tickets.map((x: { id: number }) => x.id)).toContain(idA)
    expect(bookings.tickets.map((x: { id: number }) => x.id)).not.toContain(idB)
    expect((await as(t, a.token, 'GET', `/api/portal/bookings/tickets/${idB}/receipt.pdf`)).statusCode).toBe(
      404,
    )
    const own = await as(t, a.token, 'GET', `/api/portal/bookings/tickets/${idA}/receipt.pdf`)
    expect(own.statusCode).toBe(200)
    expect(own.headers['content-type']).toContain('application/pdf')
  })

  it("the desk's balance and statement are the staff's statement of the agent, line for line", async () => {
    const a = await agentUser(t, 'Agent A', 'a2@agenta.pk')
    // A sale of its own, so the statement has lines whichever tests ran before.
    await ticketFor(t, 'Agent A')
    const staff = await t.call(
      'employee',
      'GET',
      '/api/statements/agent/Agent%20A?from=2026-01-01&to=2026-12-31',
    )
    const mine = await as(t, a.token, 'GET', '/api/portal/statement?from=2026-01-01&to=2026-12-31')
    expect(mine.statusCode).toBe(200)
    expect(mine.json()).toEqual(staff.body)
    expect(staff.body.rows.length).toBeGreaterThan(1)
    const me = (await as(t, a.token, 'GET', '/api/portal/me')).json()
    const credit = await t.call('employee', 'GET', '/api/credit/agent/Agent%20A')
    expect(me.balance).toBe(credit.body.balance)
    const pdf = await as(t, a.token, 'GET', '/api/portal/statement?format=pdf')
    expect(pdf.statusCode).toBe(200)
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const xlsx = await as(t, a.token, 'GET', '/api/portal/statement?format=xlsx')
    expect(xlsx.statusCode).toBe(200)
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK')
  })

  it('a deposit with its slip waits for staff; approval posts an Agent receipt and moves the balance', async () => {
    const a = await agentUser(t, 'Agent A', 'a3@agenta.pk')
    const before = (await as(t, a.token, 'GET', '/api/portal/me')).json().balance
    const fields = { amount: '1500.50', date: '2026-06-02', bank: 'UBL Account 1', reference: 'TRX-77' }
    const r0 = await sendDeposit(t, a.token, fields, null)
    expect(r0.statusCode).toBe(400)
    expect(r0.json().errors.slip).toBe('Slip is required')
    const r1 = await sendDeposit(t, a.token, fields, {
      name: 'slip.png',
      data: Buffer.from('not an image at all'),
      type: 'image/png',
    })
    expect(r1.statusCode).toBe(400)
    expect(r1.json().errors.slip).toBe('Slip must be a photo (JPEG or PNG) or a PDF')
    const r2 = await sendDeposit(t, a.token, fields)
    expect(r2.statusCode, r2.body).toBe(201)
    const id = r2.json().id
    const pending = await t.call('employee', 'GET', '/api/deposits?status=pending')
    expect(pending.body.deposits).toEqual([
      expect.objectContaining({ id, agent: 'Agent A', amount: 1500.5, status: 'pending' }),
    ])
    const slip = await t.call('employee', 'GET', `/api/deposits/${id}/slip`)
    expect(slip.status).toBe(200)
    expect((await t.call('employee', 'POST', `/api/deposits/${id}/reject`, {})).body.errors.reason).toBe(
      'Reason is required',
    )
    const ok = await t.call('employee', 'POST', `/api/deposits/${id}/approve`, {})
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.entry).toMatch(/\S/)
    expect((await t.call('employee', 'POST', `/api/deposits/${id}/approve`, {})).status).toBe(409)
    const after = (await as(t, a.token, 'GET', '/api/portal/me')).json().balance
    expect(Math.round((before - after) * 100)).toBe(150050)
    const mine = (await as(t, a.token, 'GET', '/api/portal/deposits')).json().deposits
    expect(mine[0]).toMatchObject({ id, status: 'approved', entry: ok.body.entry })
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'table_name'])
      .where('table_name', 'in', ['agent_entries', 'portal_deposits'])
      .execute()
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'create', table_name: 'agent_entries' },
        { action: 'approve', table_name: 'portal_deposits' },
      ]),
    )

    // A second one is rejected with its reason, and the agent sees it.
    const r3 = await sendDeposit(t, a.token, fields)
    const id2 = r3.json().id
    expect(
      (await t.call('employee', 'POST', `/api/deposits/${id2}/reject`, { reason: 'No such credit' })).status,
    ).toBe(200)
    const seen = (await as(t, a.token, 'GET', '/api/portal/deposits')).json().deposits
    expect(seen[0]).toMatchObject({ id: id2, status: 'rejected', reason: 'No such credit' })
    expect((await as(t, a.token, 'GET', '/api/portal/me')).json().balance).toBe(after)
  })

  it("approval matches the bank's statement line that pays the same amount near the day", async () => {
    const a = await agentUser(t, 'Agent B', 'b1@agentb.pk')
    const bank = await t.call('admin', 'POST', '/api/admin/banks', { name: 'Portal Test Bank' })
    expect(bank.status).toBe(201)
    const bankId = bank.body.bank.id as number
    const csv = [
      'Txn Date,Description,Cheque No,Debit,Credit,Balance',
      '03/06/2026,IBFT from Agent B,TRX-901,,"2,000.00","2,000.00"',
      '03/06/2026,Another deposit,TRX-902,,"2,000.00","4,000.00"',
    ].join('\n')
    const imported = await t.call('admin', 'POST', `/api/banks/${bankId}/statement-imports`, {
      csv,
      mapping: DEBIT_CREDIT_MAPPING,
    })
    expect(imported.status, JSON.stringify(imported.body)).toBe(201)
    const sent = await sendDeposit(t, a.token, {
      amount: '2000',
      date: '2026-06-02',
      bank: 'Portal Test Bank',
      reference: 'TRX-901',
    })
    expect(sent.statusCode, sent.body).toBe(201)
    const id = sent.json().id
    const pending = (await t.call('employee', 'GET', '/api/deposits?status=pending')).body.deposits
    const mine = pending.find((d: { id: number }) => d.id === id)
    // Both lines pay the amount near the day; the slip's reference names one of them.
    expect(mine.statement_lines.map((l: { reference: string }) => l.reference)).toEqual([
      'TRX-901',
      'TRX-902',
    ])
    const ok = await t.call('employee', 'POST', `/api/deposits/${id}/approve`, {})
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.matched).toBe(true)
    const lines = (await t.call('admin', 'GET', `/api/banks/${bankId}/statement-lines`)).body.lines as Array<{
      reference: string
      matched?: unknown
      match_id?: unknown
    }>
    const matches = (await t.call('admin', 'GET', `/api/banks/${bankId}/matches`)).body.matches as Array<{
      statement_lines?: number[]
      st?: number[]
    }>
    expect(matches).toHaveLength(1)
    const st = await t.app.db
      .selectFrom('bank_statement_lines')
      .select(['id', 'reference'])
      .where('bank_id', '=', bankId)
      .execute()
    const matchedIds = (
      await t.app.db.selectFrom('bank_match_statement_lines').select('line_id').execute()
    ).map((r) => Number(r.line_id))
    expect(st.filter((l) => matchedIds.includes(Number(l.id))).map((l) => l.reference)).toEqual(['TRX-901'])
    expect(lines).toHaveLength(2)
  })
})
