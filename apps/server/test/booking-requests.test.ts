import type { AddressInfo } from 'node:net'
import { ADMIN_ONLY_MESSAGE } from '@booking/shared'
import { recordInput } from '@booking/shared/test-data'
import { SMTPServer } from 'smtp-server'
import { afterAll, describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { addNames, setupTestApp } from './helpers.ts'
import { agentUser, as, sendDeposit } from './portal-helpers.ts'

// Issue 35 item 4 and the rest of item 3 (decisions 114-116): booking requests from the portal,
// the staff's queue, a record made from one, and the notices of decided deposits.

const PASSENGER = {
  title: 'Mr',
  firstName: 'MUHAMMAD ALI',
  lastName: 'KHAN',
  documentNo: 'AB1234562',
  dob: '1985-03-14',
  nationality: 'Pakistan',
  documentExpiry: '2030-07-22',
  issueCountry: 'Pakistan',
}
const TICKET_REQUEST = {
  kind: 'ticket',
  sector: 'LHE-JED',
  depart_date: '2026-12-20',
  return_date: '2027-01-05',
  passengers: [PASSENGER],
  amount: null,
  note: 'Window seat',
}

describe(`booking requests (${DB_KIND})`, () => {
  const t = setupTestApp(async (t) => {
    await addNames(t, { agents: ['Req Agent A', 'Req Agent B'], vendors: ['Vendor V', 'Umrah Vendor'] })
  })

  it('an agent asks; staff see the queue; another agent sees none of it and reaches none of it (404)', async () => {
    const a = await agentUser(t, 'Req Agent A', 'ra1@agenta.pk')
    const b = await agentUser(t, 'Req Agent B', 'rb1@agentb.pk')
    const bad = await as(t, a.token, 'POST', '/api/portal/requests', {
      ...TICKET_REQUEST,
      sector: '',
      passengers: [{ ...PASSENGER, documentNo: '' }],
      return_date: '2026-12-01',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toMatchObject({
      sector: 'Sector is required',
      'passengers.0.documentNo': 'Passport number is required',
    })
    const visaTwo = await as(t, a.token, 'POST', '/api/portal/requests', {
      ...TICKET_REQUEST,
      kind: 'visa',
      passengers: [PASSENGER, PASSENGER],
    })
    expect(visaTwo.statusCode).toBe(400)
    expect(visaTwo.json().errors.passengers).toBe('A visa request names one passenger')
    expect(await t.app.db.selectFrom('booking_requests').selectAll().execute()).toEqual([])

    const sent = await as(t, a.token, 'POST', '/api/portal/requests', TICKET_REQUEST)
    expect(sent.statusCode, sent.body).toBe(201)
    expect(sent.json()).toMatchObject({ message: 'Request sent', over_limit: false })
    const id = sent.json().id as number

    const mine = (await as(t, a.token, 'GET', '/api/portal/requests')).json().requests
    expect(mine).toEqual([
      expect.objectContaining({
        id,
        kind: 'ticket',
        sector: 'LHE-JED',
        status: 'pending',
        booking: null,
        passengers: [expect.objectContaining({ lastName: 'KHAN', documentNo: 'AB1234562' })],
      }),
    ])
    expect((await as(t, a.token, 'GET', `/api/portal/requests/${id}`)).json().request).toMatchObject({ id })
    // Agent B: none of A's requests; A's id answers as a missing one, the staff's queue is refused.
    const other = await as(t, b.token, 'GET', `/api/portal/requests/${id}`)
    expect(other.statusCode).toBe(404)
    expect(other.json().message).toBe('Booking request not found')
    expect((await as(t, b.token, 'GET', '/api/portal/requests')).json().requests).toEqual([])
    for (const url of ['/api/booking-requests', `/api/booking-requests/${id}`]) {
      const res = await as(t, b.token, 'GET', url)
      expect(res.statusCode, url).toBe(403)
      expect(res.json().message).toBe(ADMIN_ONLY_MESSAGE)
    }
    expect(
      (await as(t, b.token, 'POST', `/api/booking-requests/${id}/decline`, { reason: 'x' })).statusCode,
    ).toBe(403)
    // Staff do not send requests as an agent.
    expect((await t.call('employee', 'POST', '/api/portal/requests', TICKET_REQUEST)).status).toBe(403)

    const queue = await t.call('employee', 'GET', '/api/booking-requests?status=pending')
    expect(queue.status).toBe(200)
    expect(queue.body.requests).toEqual([
      expect.objectContaining({ id, agent: 'Req Agent A', status: 'pending' }),
    ])
    expect((await t.call('employee', 'GET', '/api/booking-requests?status=nope')).status).toBe(400)
    expect((await t.call('employee', 'GET', '/api/booking-requests/987654')).status).toBe(404)
    const one = await t.call('employee', 'GET', `/api/booking-requests/${id}`)
    expect(one.body.request).toMatchObject({ id, agent: 'Req Agent A', note: 'Window seat' })
  })

  it('a ticket saved from the request links it in the same write; the agent sees the booking', async () => {
    const a = await agentUser(t, 'Req Agent A', 'ra2@agenta.pk')
    const b = await agentUser(t, 'Req Agent B', 'rb2@agentb.pk')
    const id = (await as(t, a.token, 'POST', '/api/portal/requests', TICKET_REQUEST)).json().id as number
    const umrahId = (
      await as(t, a.token, 'POST', '/api/portal/requests', { ...TICKET_REQUEST, kind: 'umrah' })
    ).json().id as number
    const ticket = recordInput('tickets', {
      agent_name: 'Req Agent A',
      sector: 'LHE-JED',
      reference: 'PNR123',
      ticket_numbers: '1761234567890',
    })
    const before = (await t.app.db.selectFrom('tickets').select('id').execute()).length
    // The wrong form, the wrong agent: refused, and nothing is saved.
    const asUmrah = await t.call('employee', 'POST', '/api/ticket', { ...ticket, booking_request: umrahId })
    expect(asUmrah.status, JSON.stringify(asUmrah.body)).toBe(400)
    expect(asUmrah.body.errors.booking_request, JSON.stringify(asUmrah.body)).toBe(
      'This request asks for Umrah: make it with the Umrah form',
    )
    const wrongAgent = await t.call('employee', 'POST', '/api/ticket', {
      ...ticket,
      agent_name: 'Req Agent B',
      booking_request: id,
    })
    expect(wrongAgent.status).toBe(400)
    expect(wrongAgent.body.errors.agent_name).toBe(
      "This request is Req Agent A's: the ticket's agent must be Req Agent A",
    )
    expect((await t.app.db.selectFrom('tickets').select('id').execute()).length).toBe(before)

    const saved = await t.call('employee', 'POST', '/api/ticket', { ...ticket, booking_request: id })
    expect(saved.status, JSON.stringify(saved.body)).toBe(201)
    const entry = saved.body.ticket.entry as string
    // Once booked, a second record cannot book it again.
    const again = await t.call('employee', 'POST', '/api/ticket', {
      ...ticket,
      ticket_numbers: '',
      booking_request: id,
    })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('This booking request is already booked')

    const mine = (await as(t, a.token, 'GET', '/api/portal/requests')).json().requests
    const booked = mine.find((r: { id: number }) => r.id === id)
    expect(booked).toMatchObject({
      status: 'booked',
      booking: {
        table: 'tickets',
        id: saved.body.ticket.id,
        entry,
        state: 'issued',
        pnr: 'PNR123',
        ticket_numbers: ['1761234567890'],
      },
    })
    expect(booked.booking.amount).toBe(Number(ticket.receivable_amount))
    const notices = (await as(t, a.token, 'GET', '/api/portal/notices')).json().notices
    expect(notices).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'request', id, status: 'booked', entry })]),
    )
    expect((await as(t, b.token, 'GET', '/api/portal/notices')).json().notices).toEqual([])
    const booked2 = await t.call('employee', 'GET', '/api/booking-requests?status=booked')
    expect(booked2.body.requests.map((r: { id: number }) => r.id)).toContain(id)
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action'])
      .where('table_name', '=', 'booking_requests')
      .where('record_id', '=', id)
      .execute()
    expect(audit.map((r) => r.action).sort()).toEqual(['create', 'update'])

    // Declining needs a reason, and only a waiting request can be declined.
    expect(
      (await t.call('employee', 'POST', `/api/booking-requests/${umrahId}/decline`, {})).body.errors.reason,
    ).toBe('Reason is required')
    const declined = await t.call('employee', 'POST', `/api/booking-requests/${umrahId}/decline`, {
      reason: 'No seats on those dates',
    })
    expect(declined.status).toBe(200)
    expect(
      (await t.call('employee', 'POST', `/api/booking-requests/${id}/decline`, { reason: 'x' })).status,
    ).toBe(409)
    const seen = (await as(t, a.token, 'GET', '/api/portal/requests')).json().requests
    expect(seen.find((r: { id: number }) => r.id === umrahId)).toMatchObject({
      status: 'declined',
      reason: 'No seats on those dates',
      booking: null,
    })
  })

  it('a visa made from a request links it; the desk shows how far the visa has gone', async () => {
    const a = await agentUser(t, 'Req Agent A', 'ra6@agenta.pk')
    const sent = await as(t, a.token, 'POST', '/api/portal/requests', {
      ...TICKET_REQUEST,
      kind: 'visa',
      sector: 'Saudi Arabia',
    })
    expect(sent.statusCode, sent.body).toBe(201)
    const id = sent.json().id as number
    const visa = await t.call('employee', 'POST', '/api/visa-processing', {
      ...recordInput('visa_processing', { embassy: 'Saudi Arabia', embassy_send_date: '2026-12-01' }),
      booking_request: id,
    })
    expect(visa.status, JSON.stringify(visa.body)).toBe(201)
    const mine = (await as(t, a.token, 'GET', `/api/portal/requests/${id}`)).json().request
    expect(mine).toMatchObject({
      status: 'booked',
      booking: {
        table: 'visa_processing',
        id: visa.body.visa_processing.id,
        state: 'at_embassy',
      },
    })
  })

  it("the Umrah and visa an agent's requests became are on its desk with their receipts; another agent gets 404", async () => {
    const a = await agentUser(t, 'Req Agent A', 'ra7@agenta.pk')
    const b = await agentUser(t, 'Req Agent B', 'rb7@agentb.pk')
    const ask = async (kind: string, sector: string) => {
      const sent = await as(t, a.token, 'POST', '/api/portal/requests', { ...TICKET_REQUEST, kind, sector })
      expect(sent.statusCode, sent.body).toBe(201)
      return sent.json().id as number
    }
    const umrahRequest = await ask('umrah', 'LHE-JED')
    const umrah = await t.call('employee', 'POST', '/api/umrah', {
      ...recordInput('umrah', { packageDetail: '21 days Makkah', sector: 'LHE-JED' }),
      booking_request: umrahRequest,
    })
    expect(umrah.status, JSON.stringify(umrah.body)).toBe(201)
    const umrahId = umrah.body.umrahBooking.id as number
    const visaRequest = await ask('visa', 'Saudi Arabia')
    const visa = await t.call('employee', 'POST', '/api/visa-processing', {
      ...recordInput('visa_processing', { embassy: 'Saudi Arabia', embassy_send_date: '2026-12-01' }),
      booking_request: visaRequest,
    })
    expect(visa.status, JSON.stringify(visa.body)).toBe(201)
    const visaId = visa.body.visa_processing.id as number

    const desk = (await as(t, a.token, 'GET', '/api/portal/bookings')).json()
    expect(desk.umrah).toEqual([
      expect.objectContaining({
        id: umrahId,
        request_id: umrahRequest,
        entry: umrah.body.umrahBooking.entry,
        package: '21 days Makkah',
        sector: 'LHE-JED',
        depart_date: '2026-03-01',
        // As booked: the record's passenger (staff's form), not the request's.
        passengers: 'Ali Khan',
        amount: 350000,
        remaining: 100000,
        stage: null,
        receipt: `/api/portal/bookings/umrah/${umrahId}/receipt.pdf`,
      }),
    ])
    // Newest first (an earlier test booked A a visa too).
    expect(desk.visas[0]).toEqual(
      expect.objectContaining({
        id: visaId,
        sector: 'Saudi Arabia',
        stage: 'at_embassy',
        receipt: `/api/portal/bookings/visa-processing/${visaId}/receipt.pdf`,
      }),
    )
    // Owed on the customer account, not the agent's: told apart from the balance (decision 134).
    const owed = desk.visas.reduce((sum: number, v: { remaining: number }) => sum + v.remaining, 0)
    expect(desk.booked_remaining).toBe(100000 + owed)

    for (const path of [desk.umrah[0].receipt, desk.visas[0].receipt]) {
      const pdf = await as(t, a.token, 'GET', path)
      expect(pdf.statusCode, path).toBe(200)
      expect(pdf.headers['content-type']).toContain('application/pdf')
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
      expect((await as(t, b.token, 'GET', path)).statusCode, path).toBe(404)
    }
    // Another agent's desk lists none of them; a record no request booked is nobody's.
    const theirs = (await as(t, b.token, 'GET', '/api/portal/bookings')).json()
    expect([...theirs.umrah, ...theirs.visas].map((r: { id: number }) => r.id)).not.toContain(umrahId)
    const loose = await t.call('employee', 'POST', '/api/umrah', recordInput('umrah'))
    expect(loose.status).toBe(201)
    const looseId = loose.body.umrahBooking.id as number
    expect(
      (await as(t, a.token, 'GET', `/api/portal/bookings/umrah/${looseId}/receipt.pdf`)).statusCode,
    ).toBe(404)
    expect(
      (await as(t, a.token, 'GET', `/api/portal/bookings/visa-processing/${visaId + 1}/receipt.pdf`))
        .statusCode,
    ).toBe(404)
  })

  it('a request past the credit limit says so before anything is stored, and is sent flagged once confirmed', async () => {
    const a = await agentUser(t, 'Req Agent B', 'rb3@agentb.pk')
    const limit = await t.call('admin', 'PUT', '/api/agents/Req%20Agent%20B', {
      phone: '0300 1234567',
      email: '',
      city: '',
      note: '',
      credit_limit: 50000,
      language: 'en',
    })
    expect(limit.status, JSON.stringify(limit.body)).toBe(200)
    const left = (await as(t, a.token, 'GET', '/api/portal/me')).json().credit_left as number
    expect(left).toBeLessThanOrEqual(50000)
    const count = async () => (await t.app.db.selectFrom('booking_requests').select('id').execute()).length
    const n = await count()
    const within = await as(t, a.token, 'POST', '/api/portal/requests', { ...TICKET_REQUEST, amount: left })
    expect(within.statusCode).toBe(201)
    expect(within.json().over_limit).toBe(false)
    const over = await as(t, a.token, 'POST', '/api/portal/requests', {
      ...TICKET_REQUEST,
      amount: left + 0.01,
    })
    expect(over.statusCode).toBe(409)
    expect(over.json().message).toMatch(/would pass your credit limit/)
    expect(over.json().errors.confirm_over_limit).toBe(over.json().message)
    expect(await count()).toBe(n + 1)
    const sent = await as(t, a.token, 'POST', '/api/portal/requests', {
      ...TICKET_REQUEST,
      amount: left + 0.01,
      confirm_over_limit: true,
    })
    expect(sent.statusCode).toBe(201)
    expect(sent.json().over_limit).toBe(true)
    const queue = (await t.call('employee', 'GET', '/api/booking-requests?status=pending')).body.requests
    expect(queue.find((r: { id: number }) => r.id === sent.json().id)).toMatchObject({ over_limit: true })
  })

  it("a decided deposit gives staff the agent's WhatsApp link and shows in the desk's notices", async () => {
    const a = await agentUser(t, 'Req Agent B', 'rb4@agentb.pk')
    const sent = await sendDeposit(t, a.token, {
      amount: '1234.50',
      date: '2026-06-02',
      bank: 'UBL Account 1',
      reference: 'NOTE-1',
    })
    expect(sent.statusCode, sent.body).toBe(201)
    const rejected = await t.call('employee', 'POST', `/api/deposits/${sent.json().id}/reject`, {
      reason: 'Not in the bank',
    })
    expect(rejected.status).toBe(200)
    // The profile's phone (set in the previous test) is the WhatsApp number; no SMTP is set.
    expect(rejected.body.notice).toMatchObject({ email: 'no_smtp', email_to: 'rb4@agentb.pk' })
    const link = new URL(rejected.body.notice.whatsapp)
    expect(link.origin + link.pathname).toBe('https://wa.me/923001234567')
    expect(link.searchParams.get('text')).toContain('was not approved: Not in the bank')
    expect(link.searchParams.get('text')).toContain('1,234.50')
    const notices = (await as(t, a.token, 'GET', '/api/portal/notices')).json().notices
    expect(notices[0]).toMatchObject({ kind: 'deposit', status: 'rejected', reason: 'Not in the bank' })
  })

  describe('the e-mail notice, through a real local SMTP server', () => {
    const received: { to: string[]; raw: string }[] = []
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, cb) {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          })
          cb()
        })
      },
    })
    afterAll(() => new Promise<void>((r) => server.close(() => r())))
    const deposit = async (token: string, reference: string) => {
      const sent = await sendDeposit(t, token, {
        amount: '700',
        date: '2026-06-03',
        bank: 'UBL Account 1',
        reference,
      })
      expect(sent.statusCode, sent.body).toBe(201)
      return sent.json().id as number
    }

    it("an approved deposit is e-mailed to the agent's user; past the hourly limit it is not", async () => {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
      const port = (server.server.address() as AddressInfo).port
      const put = await t.call('admin', 'PUT', '/api/admin/collect-settings', {
        overdue_days: 30,
        smtp: {
          host: '127.0.0.1',
          port,
          secure: false,
          allow_self_signed: true,
          user: '',
          password: '',
          from: 'Office <office@agency.pk>',
        },
      })
      expect(put.status, JSON.stringify(put.body)).toBe(200)
      const a = await agentUser(t, 'Req Agent A', 'ra5@agenta.pk')
      const first = await deposit(a.token, 'MAIL-1')
      const ok = await t.call('employee', 'POST', `/api/deposits/${first}/approve`, {})
      expect(ok.status, JSON.stringify(ok.body)).toBe(200)
      // Agent A has no phone on file: no WhatsApp link, the e-mail goes.
      expect(ok.body.notice).toEqual({
        whatsapp: null,
        email: 'sent',
        email_to: 'ra5@agenta.pk',
        email_message: null,
      })
      expect(received).toHaveLength(1)
      expect(received[0]!.to).toEqual(['ra5@agenta.pk'])
      expect(received[0]!.raw).toContain('Subject: Deposit approved: MAIL-1')
      // Quoted-printable folds long lines with a trailing '='.
      expect(received[0]!.raw.replace(/=\r\n/g, '')).toContain(`posted to your account as ${ok.body.entry}`)
      const logged = await t.app.db
        .selectFrom('reminders')
        .select(['channel', 'detail'])
        .where('detail', 'like', '%MAIL-1%')
        .execute()
      expect(logged).toEqual([
        { channel: 'email', detail: expect.stringContaining('E-mail to ra5@agenta.pk') },
      ])

      // The employee has sent the most an hour allows: the decision stands, no e-mail goes.
      const emp = await t.app.db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('email', '=', 'emp@test.local')
        .executeTakeFirstOrThrow()
      const at = new Date().toISOString()
      await t.app.db
        .insertInto('reminders')
        .values(
          Array.from({ length: 20 }, () => ({
            kind: 'agent',
            party_key: 'x',
            party_name: 'x',
            channel: 'email',
            amount: 0,
            detail: 'limit filler',
            share_id: null,
            user_id: emp.id,
            username: emp.username,
            at,
          })),
        )
        .execute()
      const second = await deposit(a.token, 'MAIL-2')
      const rejected = await t.call('employee', 'POST', `/api/deposits/${second}/reject`, { reason: 'Twice' })
      expect(rejected.status).toBe(200)
      expect(rejected.body.notice.email).toBe('limit')
      expect(received).toHaveLength(1)
      const seen = (await as(t, a.token, 'GET', '/api/portal/deposits')).json().deposits
      expect(seen[0]).toMatchObject({ id: second, status: 'rejected' })
    })
  })
})
