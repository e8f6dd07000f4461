import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { root, start, stop } from './processes.ts'

/**
 * The built web app and the API on a fresh SQLite file, with one agent, a year of its lines
 * (ticket sales most days, a payment every week or so) and a signed-in user of that agent: what
 * the portal benches load (bench/lighthouse-portal.ts, bench/portal-slow3g.ts).
 */

const ADMIN = { email: 'owner@desk-bench.local', password: 'desk-bench-pass-1' }
export const AGENT = 'Al Noor Travels (Multan)'
const USER = { email: 'desk@alnoor.pk', password: 'desk-bench-agent-1' }

/** mulberry32: the same lines every run. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const SECTORS = ['LHE-JED', 'MUX-DXB', 'ISB-RUH', 'KHI-MED', 'LHE-DOH', 'MUX-SHJ', 'ISB-IST']
const AIRLINES = ['PK', 'SV', 'EK', 'QR', 'FZ', 'PA', 'TK']

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)

export interface Desk {
  base: string
  /** The agent user's session as the web app keeps it in localStorage. */
  session: { token: string; user: string }
  lines: number
  from: string
  to: string
  close: () => Promise<void>
}

export const startDesk = async (port: number, lines = 300): Promise<Desk> => {
  const base = `http://127.0.0.1:${port}`
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'))
  const server = await start(
    ['apps/server/src/main.ts'],
    {
      DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG: 'off',
      WEB_DIR: process.env.BENCH_WEB_DIR ?? join(root, 'apps/web/dist'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: 'portal-desk-bench-secret-0123456789abcdef0123456789',
      BACKUP_HOUR: 'off',
      LOGIN_RATE_MAX: '1000',
    },
    `${base}/api/health`,
  )
  const call = async (method: string, path: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
    return (await res.json()) as Record<string, unknown>
  }
  const admin = String((await call('POST', '/user/login', ADMIN)).token)
  await call('POST', '/agent-names', { name: AGENT }, admin)
  const next = random(42)
  // Oldest first, as an office enters them: sales on most days, a payment about once a week.
  for (let i = 0; i < lines; i++) {
    const daysAgo = Math.floor(((lines - i) * 364) / lines)
    const payment = next() < 0.15
    const pax = 1 + Math.floor(next() * 4)
    const k = Math.floor(next() * SECTORS.length)
    const amount = payment
      ? 50_000 + Math.floor(next() * 40) * 5_000
      : pax * (38_000 + Math.floor(next() * 90) * 1_000)
    await call(
      'POST',
      '/agent',
      {
        agent_name: AGENT,
        employee: 'admin',
        date: isoDay(daysAgo),
        detail: payment
          ? `Payment received, IBFT ${100_000 + i}`
          : `${AIRLINES[k]}-${300 + k * 11} ${SECTORS[k]} ${pax} pax`,
        debit: payment ? 0 : amount,
        credit: payment ? amount : 0,
        paid_cash: 0,
        paid_bank: 0,
      },
      admin,
    )
  }
  const invite = await call(
    'POST',
    `/agents/${encodeURIComponent(AGENT)}/users`,
    { email: USER.email },
    admin,
  )
  const token = String(invite.url).split('/portal/invite/')[1]
  await call('POST', `/portal/invites/${token}`, { password: USER.password })
  const login = await call('POST', '/user/login', USER)
  const session = {
    token: String(login.token),
    user: JSON.stringify({ email: USER.email, username: USER.email, role: login.role }),
  }
  return {
    base,
    session,
    lines,
    from: isoDay(364),
    to: isoDay(0),
    close: () => stop(server),
  }
}
