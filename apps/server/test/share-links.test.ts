import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { EMPLOYEE_EMAILS_PER_HOUR } from '../src/areas/readers/collect/routes.ts'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'

/** Issue 33 item 6: share links' address, one live link per party and period, misses, SMTP, e-mail limit. */
const AGENT = 'Share Agent'
const enc = encodeURIComponent
const t = setupTestApp(async (t) => {
  await addNames(t, { ...COMMON_NAMES, agents: [...COMMON_NAMES.agents, AGENT] })
})
const saved = { PUBLIC_URL: process.env.PUBLIC_URL, SHARE_HOSTS: process.env.SHARE_HOSTS }
afterEach(() => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
})

const share = async (body: Record<string, unknown> = {}, host = 'evil.example:8080') => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/statements/agent/${enc(AGENT)}/share`,
    headers: { authorization: `Bearer ${t.tokens.employee}`, host },
    payload: body,
  })
  expect(res.statusCode).toBe(201)
  return res.json() as {
    id: number
    url: string
    reused: boolean
    warning: string | null
    expires_at: string
  }
}

describe(`share links (${DB_KIND})`, () => {
  it('never take their address from the Host header; without PUBLIC_URL the answer and Settings warn', async () => {
    delete process.env.PUBLIC_URL
    delete process.env.SHARE_HOSTS
    const s = await share({ from: '2026-01-01' })
    expect(s.url).not.toContain('evil.example')
    expect(s.url).toMatch(/^http:\/\/localhost:\d+\/s\/[A-Za-z0-9_-]{43}$/)
    expect(s.warning).toMatch(/^PUBLIC_URL is not set/)
    const settings = await t.call('admin', 'GET', '/api/admin/collect-settings')
    expect(settings.body.share_links.warning).toMatch(/^PUBLIC_URL is not set/)

    process.env.PUBLIC_URL = 'https://office.example.pk/'
    const fixed = await share({ from: '2026-02-01' })
    expect(fixed.url).toMatch(/^https:\/\/office\.example\.pk\/s\//)
    expect(fixed.warning).toBeNull()
    expect((await t.call('admin', 'GET', '/api/admin/collect-settings')).body.share_links).toEqual({
      base: 'https://office.example.pk',
      warning: null,
    })

    process.env.PUBLIC_URL = 'http://192.168.1.20:3000'
    expect((await share({ from: '2026-03-01' })).warning).toMatch(/only this computer or the office network/)

    delete process.env.PUBLIC_URL
    process.env.SHARE_HOSTS = 'office.example.pk, booking.agency.pk'
    expect((await share({ from: '2026-04-01' }, 'booking.agency.pk')).url).toMatch(
      /^http:\/\/booking\.agency\.pk\/s\//,
    )
    expect((await share({ from: '2026-05-01' }, 'evil.example')).url).toMatch(
      /^http:\/\/office\.example\.pk\/s\//,
    )
  })

  it('one live link per party and period: a second click gives the same link; another period a new one', async () => {
    process.env.PUBLIC_URL = 'https://office.example.pk'
    const first = await share({ to: '2026-06-30' })
    expect(first.reused).toBe(false)
    const again = await share({ to: '2026-06-30' })
    expect(again).toMatchObject({ id: first.id, url: first.url, reused: true, expires_at: first.expires_at })
    const other = await share({ to: '2026-07-31' })
    expect(other.id).not.toBe(first.id)
    // A shorter link than the live one is asked: a new one, never a link living longer than asked.
    const short = await share({ to: '2026-06-30', expires_days: 2 })
    expect(short.id).not.toBe(first.id)
    // A revoked link is not given again.
    expect((await t.call('employee', 'DELETE', `/api/statement-shares/${other.id}`)).status).toBe(200)
    expect((await share({ to: '2026-07-31' })).id).not.toBe(other.id)
    const rows = await t.app.db.selectFrom('statement_shares').selectAll().execute()
    for (const r of rows) expect(JSON.stringify(r)).not.toContain(first.url.split('/s/')[1])
  })

  it('a valid link opens from an address that missed past the limit; the misses stay refused', async () => {
    const live = await share({ to: '2026-08-31' })
    const path = new URL(live.url).pathname
    const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '10.7.7.7' })
    const statuses: number[] = []
    for (let i = 0; i < 40; i++)
      statuses.push((await get(`/s/${randomBytes(32).toString('base64url')}`)).statusCode)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0)
    expect((await get(path)).statusCode).toBe(200)
    expect((await get(`${path}/statement.pdf`)).statusCode).toBe(200)
    expect((await get(`/s/${randomBytes(32).toString('base64url')}`)).statusCode).toBe(429)
  })
})

describe(`statement e-mail (${DB_KIND})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'smtp-cert-'))
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  )
  const received: string[] = []
  const server = new SMTPServer({
    secure: true,
    key: readFileSync(join(dir, 'key.pem')),
    cert: readFileSync(join(dir, 'cert.pem')),
    authOptional: true,
    logger: false,
    onData(stream, session, cb) {
      stream.on('data', () => {})
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((r) => r.address).join(','))
        cb()
      })
    },
  })
  // The refused handshake (our client rejects the certificate) is the server's error to swallow.
  server.on('error', () => {})
  afterAll(() => new Promise<void>((r) => server.close(() => r())))
  const settings = (port: number, allow_self_signed: boolean) => ({
    overdue_days: 30,
    smtp: {
      host: '127.0.0.1',
      port,
      secure: true,
      allow_self_signed,
      user: '',
      password: '',
      from: 'Office <office@agency.pk>',
    },
  })
  const email = (role: 'admin' | 'employee' = 'employee') =>
    t.call(role, 'POST', `/api/statements/agent/${enc(AGENT)}/reminders/email`, { to: 'someone@example.com' })

  it('checks the SMTP server certificate; accepting a self-signed one is an explicit setting', async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    const port = (server.server.address() as AddressInfo).port
    expect((await t.call('admin', 'PUT', '/api/admin/collect-settings', settings(port, false))).status).toBe(
      200,
    )
    const refused = await email()
    expect(refused.status).toBe(422)
    expect(refused.body.message).toMatch(/certificate could not be verified/)
    expect(received).toEqual([])
    const put = await t.call('admin', 'PUT', '/api/admin/collect-settings', settings(port, true))
    expect(put.body.smtp.allow_self_signed).toBe(true)
    expect((await email()).status).toBe(201)
    expect(received).toEqual(['someone@example.com'])
  })

  it(`an employee sends at most ${EMPLOYEE_EMAILS_PER_HOUR} an hour, each recorded; an admin is not limited`, async () => {
    const emp = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'emp')
      .executeTakeFirstOrThrow()
    const now = new Date().toISOString()
    const sent = await t.app.db
      .selectFrom('reminders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', emp.id)
      .where('channel', '=', 'email')
      .executeTakeFirstOrThrow()
    expect(Number(sent.n)).toBe(1)
    await t.app.db
      .insertInto('reminders')
      .values(
        Array.from({ length: EMPLOYEE_EMAILS_PER_HOUR - 2 }, () => ({
          kind: 'agent',
          party_key: AGENT,
          party_name: AGENT,
          channel: 'email',
          amount: 0,
          detail: 'E-mail to someone@example.com',
          share_id: null,
          user_id: emp.id,
          username: 'emp',
          at: now,
        })),
      )
      .execute()
    expect((await email()).status).toBe(201)
    const limited = await email()
    expect(limited.status).toBe(429)
    expect(limited.body.message).toMatch(/^You have e-mailed 20 statements in the last hour/)
    expect(received).toHaveLength(2)
    expect((await email('admin')).status).toBe(201)
    const log = await t.call('admin', 'GET', `/api/statements/agent/${enc(AGENT)}/reminders`)
    expect(log.body.reminders[0]).toMatchObject({
      channel: 'email',
      detail: expect.stringContaining('someone@example.com'),
    })
  })

  it('without SSL from the start, STARTTLS is required unless the warned setting is ticked', async () => {
    const plain: string[] = []
    const relay = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, cb) {
        stream.on('data', () => {})
        stream.on('end', () => {
          plain.push(session.envelope.rcptTo.map((r) => r.address).join(','))
          cb()
        })
      },
    })
    relay.on('error', () => {})
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', () => r()))
    try {
      const port = (relay.server.address() as AddressInfo).port
      const put = (allow_self_signed: boolean) =>
        t.call('admin', 'PUT', '/api/admin/collect-settings', {
          ...settings(port, allow_self_signed),
          smtp: { ...settings(port, allow_self_signed).smtp, secure: false },
        })
      expect((await put(false)).status).toBe(200)
      const refused = await email('admin')
      expect(refused.status).toBe(422)
      expect(refused.body.message).toMatch(/^The SMTP server does not offer STARTTLS/)
      expect(plain).toEqual([])
      expect((await put(true)).status).toBe(200)
      expect((await email('admin')).status).toBe(201)
      expect(plain).toEqual(['someone@example.com'])
    } finally {
      await new Promise<void>((r) => relay.close(() => r()))
    }
  })
})
