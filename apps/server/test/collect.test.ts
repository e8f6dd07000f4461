import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, describe, expect, it } from 'vitest'
import { addNames, COMMON_NAMES, rowCount, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

/** Issue 25: profiles, credit limits, "To collect", share links, WhatsApp and e-mail reminders. */

const AGENT = 'Al-Noor Travels'
const enc = encodeURIComponent

const t = setupTestApp(async (t) => {
  await addNames(t, { ...COMMON_NAMES, agents: [AGENT, 'Agent B', 'Race Agent', 'Old Debtor', 'New Debtor'] })
})

/** A ticket sold to an agent on credit: nothing paid at booking, so the agent owes all of it. */
const ticket = (agent: string, receivable: number, more: Record<string, unknown> = {}) => ({
  ...VALID_BODIES['/api/ticket']!.body,
  agent_name: agent,
  receivable_amount: receivable,
  paid_cash: 0,
  paid_in_bank: 0,
  payable_to_vendor: 0,
  ...more,
})

const agentLedger = (agent: string, date: string, side: { debit?: number; credit?: number }) => ({
  ...VALID_BODIES['/api/agent']!.body,
  agent_name: agent,
  date,
  debit: side.debit ?? 0,
  credit: side.credit ?? 0,
  paid_cash: side.credit ?? 0,
  paid_bank: 0,
})

describe('party profiles', () => {
  it('GET/PUT /api/agents/{name}: phone typed as people type it, credit limit by an admin only', async () => {
    const url = `/api/agents/${enc(AGENT)}`
    const body = {
      phone: '0300-1234567',
      email: 'accounts@alnoor.pk',
      city: 'Lahore',
      note: '',
      credit_limit: 500000,
      language: 'ur',
    }
    const refused = await t.call('employee', 'PUT', url, body)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Only an admin can change a credit limit')
    expect(await rowCount(t, 'party_profiles')).toBe(0)

    const saved = await t.call('admin', 'PUT', url, body)
    expect(saved.status).toBe(200)
    expect(saved.body.profile).toMatchObject({
      name: AGENT,
      whatsapp_number: '923001234567',
      credit_limit: 500000,
      balance: 0,
      credit_left: 500000,
      language: 'ur',
    })
    // Staff may keep the contact details up to date, the limit untouched.
    const contact = await t.call('employee', 'PUT', url, { ...body, phone: '+92 300 1234567' })
    expect(contact.status).toBe(200)
    expect(contact.body.profile).toMatchObject({ phone: '03001234567', whatsapp_number: '923001234567' })

    expect((await t.call('employee', 'PUT', url, { ...body, phone: 'call me' })).status).toBe(400)
    expect((await t.call('employee', 'GET', '/api/agents/Nobody')).status).toBe(404)
    // Vendors are admin-only, like their ledger.
    expect((await t.call('employee', 'GET', `/api/vendors/${enc('Vendor V')}`)).status).toBe(403)
    const vendor = await t.call('admin', 'PUT', `/api/vendors/${enc('Vendor V')}`, {
      phone: '923001112222',
      city: 'Karachi',
    })
    expect(vendor.status).toBe(200)
    expect(vendor.body.profile).toMatchObject({
      whatsapp_number: '923001112222',
      city: 'Karachi',
      credit_limit: null,
    })
  })
})

describe('credit limits hold on create and edit', () => {
  let firstId = 0
  it('a sale within the limit saves; the form reads balance and credit left', async () => {
    const res = await t.call('employee', 'POST', '/api/ticket', ticket(AGENT, 465000))
    expect(res.status).toBe(201)
    firstId = res.body.ticket.id
    const credit = await t.call('employee', 'GET', `/api/credit/agent/${enc(AGENT)}`)
    expect(credit.body).toMatchObject({ balance: 465000, credit_limit: 500000, credit_left: 35000 })
  })

  it('an employee past the limit gets the 409 with the exact message and nothing is stored', async () => {
    const tickets = await rowCount(t, 'tickets')
    const lines = await rowCount(t, 'posting_lines')
    const res = await t.call(
      'employee',
      'POST',
      '/api/ticket',
      ticket(AGENT, 70000, { override_reason: 'I say so' }),
    )
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('Credit limit of Rs 500,000 for Al-Noor Travels exceeded by Rs 35,000')
    expect(await rowCount(t, 'tickets')).toBe(tickets)
    expect(await rowCount(t, 'posting_lines')).toBe(lines)
    // An agent ledger debit raises what the agent owes too.
    const ledger = await t.call(
      'employee',
      'POST',
      '/api/agent',
      agentLedger(AGENT, '2026-11-01', { debit: 40000 }),
    )
    expect(ledger.status).toBe(409)
    expect(ledger.body.message).toBe('Credit limit of Rs 500,000 for Al-Noor Travels exceeded by Rs 5,000')
  })

  it('an admin saves it with override_reason, kept in the audit history', async () => {
    const noReason = await t.call('admin', 'POST', '/api/ticket', ticket(AGENT, 70000))
    expect(noReason.status).toBe(409)
    expect(noReason.body.errors.override_reason).toBeTruthy()
    const res = await t.call(
      'admin',
      'POST',
      '/api/ticket',
      ticket(AGENT, 70000, { override_reason: 'Owner approved on call' }),
    )
    expect(res.status).toBe(201)
    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'credit-override')
      .where('record_id', '=', res.body.ticket.id)
      .executeTakeFirstOrThrow()
    expect(JSON.parse(audit.after_json!)).toMatchObject({
      override_reason: 'Owner approved on call',
      party: AGENT,
      credit_limit: 500000,
      exceeded_by: 35000,
    })
    const history = await t.call('admin', 'GET', '/api/admin/audit?table=tickets')
    expect(JSON.stringify(history.body)).toContain('Owner approved on call')
  })

  it('an edit that raises a sale is checked too; one that lowers it is not', async () => {
    const before = await t.call('admin', 'GET', `/api/ticket/${firstId}`)
    const raised = await t.call('admin', 'PUT', `/api/ticket/${firstId}`, ticket(AGENT, 466000))
    expect(raised.status).toBe(409)
    expect(raised.body.message).toBe('Credit limit of Rs 500,000 for Al-Noor Travels exceeded by Rs 36,000')
    expect((await t.call('admin', 'GET', `/api/ticket/${firstId}`)).body).toEqual(before.body)
    const lowered = await t.call('admin', 'PUT', `/api/ticket/${firstId}`, ticket(AGENT, 460000))
    expect(lowered.status).toBe(200)
    expect((await t.call('admin', 'GET', `/api/credit/agent/${enc(AGENT)}`)).body.balance).toBe(530000)
  })

  it('two concurrent sales cannot both pass the same credit left', async () => {
    await t.call('admin', 'PUT', '/api/agents/Race%20Agent', { credit_limit: 100000 })
    const results = await Promise.all(
      [60000, 60000, 60000].map((r) => t.call('employee', 'POST', '/api/ticket', ticket('Race Agent', r))),
    )
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409])
    expect((await t.call('admin', 'GET', '/api/credit/agent/Race%20Agent')).body.balance).toBe(60000)
  })

  it("a customer's limit holds on the bookings sold to them", async () => {
    const c = await t.call('employee', 'POST', '/api/customers', {
      name: 'Bilal Ahmed',
      mobile_number: '0321-7654321',
    })
    expect(c.status).toBe(201)
    const id = c.body.customer.id
    expect(
      (await t.call('admin', 'PUT', `/api/customers/${id}/profile`, { credit_limit: 1000 })).status,
    ).toBe(200)
    const sale = (r: number) => ticket('', r, { customer_add: 'Bilal Ahmed' })
    expect((await t.call('employee', 'POST', '/api/ticket', sale(800))).status).toBe(201)
    const over = await t.call('employee', 'POST', '/api/ticket', sale(450.5))
    expect(over.status).toBe(409)
    expect(over.body.message).toBe('Credit limit of Rs 1,000 for Bilal Ahmed exceeded by Rs 250.50')
    const profile = await t.call('employee', 'GET', `/api/customers/${id}/profile`)
    expect(profile.body.profile).toMatchObject({
      balance: 800,
      credit_left: 200,
      whatsapp_number: '923217654321',
    })
  })
})

describe('To collect', () => {
  it('lists overdue agents aged exactly as the receivables report, largest first', async () => {
    for (const [agent, date, side] of [
      ['Old Debtor', '2026-01-01', { debit: 70000 }],
      ['Old Debtor', '2026-02-01', { credit: 20000 }],
      ['Old Debtor', '2026-03-01', { debit: 5000 }],
      ['New Debtor', '2026-03-10', { debit: 10000 }],
    ] as const)
      expect((await t.call('admin', 'POST', '/api/agent', agentLedger(agent, date, side))).status).toBe(201)
    await t.call('employee', 'PUT', '/api/agents/Old%20Debtor', { phone: '0300 7654321' })
    const res = await t.call('employee', 'GET', '/api/collections?as_of=2026-03-15&min_days=30')
    expect(res.status).toBe(200)
    expect(res.body.rows.map((r: { name: string }) => r.name)).toEqual(['Old Debtor'])
    expect(res.body.rows[0]).toMatchObject({
      kind: 'agent',
      total: 55000,
      overdue: 50000,
      whatsapp_number: '923007654321',
    })
    expect(res.body.rows[0].last_payment).toEqual({ date: '2026-02-01', amount: 20000 })
    const report = await t.call('admin', 'GET', '/api/reports/receivables?as_of=2026-03-15')
    const aged = report.body.agents.find((a: { name: string }) => a.name === 'Old Debtor')
    expect(aged.buckets['31-60'] + aged.buckets['61-90'] + aged.buckets['90+']).toBe(50000)
    const all = await t.call('employee', 'GET', '/api/collections?as_of=2026-03-15&min_days=0')
    expect(all.body.rows.map((r: { name: string }) => r.name)).toEqual(['Old Debtor', 'New Debtor'])
    expect((await t.call('employee', 'GET', '/api/collections?min_days=-1')).status).toBe(400)
  })
})

describe('share links', () => {
  const share = async (name = AGENT, body: Record<string, unknown> = {}) => {
    const res = await t.call('employee', 'POST', `/api/statements/agent/${enc(name)}/share`, body)
    expect(res.status).toBe(201)
    return res.body as { id: number; url: string; expires_at: string }
  }
  const open = (url: string, remoteAddress = '10.1.1.1') =>
    t.app.inject({ method: 'GET', url: new URL(url).pathname, remoteAddress })

  it('opens without a session and shows exactly that statement, with no other party and no token', async () => {
    await t.call('admin', 'POST', '/api/ticket', ticket('Agent B', 123456))
    const s = await share()
    expect(s.url).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/)
    const days = (Date.parse(s.expires_at) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)
    const page = await open(s.url)
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    const statement = await t.call('admin', 'GET', `/api/statements/agent/${enc(AGENT)}`)
    expect(page.body).toContain(AGENT)
    expect(page.body).toContain('530,000')
    expect(statement.body.closing).toBe(530000)
    expect(page.body).not.toContain('Agent B')
    expect(page.body).not.toContain('123,456')
    expect(page.body).not.toContain(t.tokens.admin)
    expect(page.body).not.toMatch(/<script|Bearer|\/api\//i)
    const pdf = await open(`${s.url}/statement.pdf`)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const openings = await t.app.db
      .selectFrom('statement_share_openings')
      .select(['what'])
      .where('share_id', '=', s.id)
      .execute()
    expect(openings.map((o) => o.what).sort()).toEqual(['page', 'pdf'])
    // The token itself is never stored.
    const stored = await t.app.db
      .selectFrom('statement_shares')
      .selectAll()
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow()
    expect(JSON.stringify(stored)).not.toContain(s.url.split('/s/')[1])
  })

  it('a revoked or expired link is a 404 from the server', async () => {
    const revoked = await share()
    expect((await open(revoked.url)).statusCode).toBe(200)
    expect((await t.call('employee', 'DELETE', `/api/statement-shares/${revoked.id}`)).status).toBe(200)
    const gone = await open(revoked.url)
    expect(gone.statusCode).toBe(404)
    expect(gone.body).not.toContain(AGENT)
    expect((await open(`${revoked.url}/statement.pdf`)).statusCode).toBe(404)
    const expired = await share(AGENT, { expires_days: 1 })
    await t.app.db
      .updateTable('statement_shares')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.id)
      .execute()
    expect((await open(expired.url)).statusCode).toBe(404)
    expect(
      (await t.call('employee', 'POST', `/api/statements/agent/${enc(AGENT)}/share`, { expires_days: 0 }))
        .status,
    ).toBe(400)
    expect((await t.call('employee', 'POST', '/api/statements/agent/Nobody/share', {})).status).toBe(404)
  })

  it('10,000 guessed tokens find nothing and the guesser is rate-limited', async () => {
    const live = await share()
    const counts = new Map<number, number>()
    for (let i = 0; i < 10_000; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/s/${randomBytes(32).toString('base64url')}`,
        remoteAddress: '10.9.9.9',
      })
      counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1)
    }
    expect(counts.get(200)).toBeUndefined()
    expect(counts.get(404)).toBe(30)
    expect(counts.get(429)).toBe(10_000 - 30)
    // A valid link still opens from the limited address (issue 33); its misses stay refused.
    expect((await open(live.url, '10.9.9.9')).statusCode).toBe(200)
    expect((await open(`http://x/s/${randomBytes(32).toString('base64url')}`, '10.9.9.9')).statusCode).toBe(
      429,
    )
    expect((await open(live.url, '10.2.2.2')).statusCode).toBe(200)
  })
})

describe('reminders', () => {
  it('a WhatsApp reminder is logged with the balance the server computes and shown on the list', async () => {
    const res = await t.call('employee', 'POST', '/api/statements/agent/Old%20Debtor/reminders/whatsapp', {
      message: 'Dear Old Debtor, Rs 55,000 is due',
      amount: 1,
    })
    expect(res.status).toBe(201)
    expect(res.body.reminder).toMatchObject({ channel: 'whatsapp', amount: 55000, by: 'emp' })
    const list = await t.call('employee', 'GET', '/api/collections?as_of=2026-03-15&min_days=30')
    expect(list.body.rows[0].last_reminder).toMatchObject({ channel: 'whatsapp', by: 'emp' })
    const log = await t.call('employee', 'GET', '/api/statements/agent/Old%20Debtor/reminders')
    expect(log.body.reminders).toHaveLength(1)
  })

  describe('e-mail through a real local SMTP server', () => {
    const received: { from: string; to: string[]; raw: string }[] = []
    const server = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, cb) {
        if (auth.username === 'office' && auth.password === 'right-pass') cb(null, { user: 'office' })
        else cb(new Error('Invalid username or password'))
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          })
          cb()
        })
      },
    })
    let port = 0
    afterAll(() => new Promise<void>((r) => server.close(() => r())))
    const settings = (password: string) => ({
      overdue_days: 30,
      smtp: {
        host: '127.0.0.1',
        port,
        secure: false,
        // This local test server offers no STARTTLS: only the warned setting lets mail go to it.
        allow_self_signed: true,
        user: 'office',
        password,
        from: 'Office <office@agency.pk>',
      },
    })
    const email = () =>
      t.call('employee', 'POST', `/api/statements/agent/${enc(AGENT)}/reminders/email`, {
        date_to: '2026-12-31',
      })

    it('sends the statement PDF as an attachment; the password is stored sealed', async () => {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
      port = (server.server.address() as AddressInfo).port
      expect((await email()).status).toBe(409)
      const put = await t.call('admin', 'PUT', '/api/admin/collect-settings', settings('right-pass'))
      expect(put.status).toBe(200)
      expect(put.body.smtp).toMatchObject({ host: '127.0.0.1', password_set: true })
      expect(JSON.stringify(put.body)).not.toContain('right-pass')
      const row = await t.app.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'collect')
        .executeTakeFirstOrThrow()
      expect(row.value).not.toContain('right-pass')

      const res = await email()
      expect(res.status).toBe(201)
      expect(res.body.message).toBe('Statement e-mailed to accounts@alnoor.pk')
      expect(received).toHaveLength(1)
      const mail = received[0]!
      expect(mail.to).toEqual(['accounts@alnoor.pk'])
      expect(mail.from).toBe('office@agency.pk')
      expect(mail.raw).toContain('Subject: Statement of Account: Al-Noor Travels')
      expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=statement-agent-Al-Noor-Travels\.pdf/)
      expect(mail.raw).toContain('Content-Disposition: attachment')
      // base64 of "%PDF-": the attachment is a PDF.
      expect(mail.raw).toContain('JVBERi0')
      const log = await t.call('employee', 'GET', `/api/statements/agent/${enc(AGENT)}/reminders`)
      expect(log.body.reminders[0]).toMatchObject({ channel: 'email', amount: 530000, by: 'emp' })
    })

    it('a wrong SMTP password gives a clear message and nothing is marked sent', async () => {
      // An empty password keeps the stored one; a new one replaces it.
      expect(
        (await t.call('admin', 'PUT', '/api/admin/collect-settings', settings(''))).body.smtp.password_set,
      ).toBe(true)
      await t.call('admin', 'PUT', '/api/admin/collect-settings', settings('wrong-pass'))
      const reminders = await rowCount(t, 'reminders')
      const res = await email()
      expect(res.status).toBe(422)
      expect(res.body.message).toBe(
        'The SMTP server refused the user name or password: check them in Settings',
      )
      expect(await rowCount(t, 'reminders')).toBe(reminders)
      expect(received).toHaveLength(1)
    })
  })
})
