import { ADMIN_ONLY_MESSAGE, ALL_RECORD_SPECS, type RecordAccess, type RecordAction } from '@booking/shared'
import { recordInput } from '@booking/shared/test-data'
import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { startSession } from '../src/plugins/sessions.ts'
import { DB_KIND, TEST_SECRET, type TestApp } from './harness.ts'
import { addNames, setupTestApp } from './helpers.ts'
import { agentUser } from './portal-helpers.ts'
import { fillPath, type RouteEntry, registeredApiRoutes } from './route-table.ts'

/** Who may call a route: anyone, any approved user, admins only, or an agent's own user (issue 35). */
type Access = 'public' | 'user' | 'admin' | 'portal'

/** A RecordSpec's access level as this matrix names it. */
const levelOf = (a: RecordAccess[RecordAction]): Access => (a === 'admin' ? 'admin' : 'user')

/**
 * Every record route, generated from the RecordSpecs: the routes crudRoutes registers for a spec
 * and the access its spec gives each action (GET /accounts/{bankName} is in the table as /:id).
 */
const RECORD_ROUTES: Record<string, Access> = Object.fromEntries(
  ALL_RECORD_SPECS.flatMap((s) => {
    const p = `/api${s.path}`
    return [
      [`GET ${p}`, levelOf(s.access.view)],
      [`POST ${p}`, levelOf(s.access.create)],
      [`GET ${p}/:id`, levelOf(s.access.view)],
      [`PUT ${p}/:id`, levelOf(s.access.update)],
      [`DELETE ${p}/:id`, levelOf(s.access.delete)],
    ]
  }),
)

/**
 * The expectation for every route. A route that is registered but not listed here fails the
 * test, so a new route has to say who may call it.
 */
const EXPECTED: Record<string, Access> = {
  'GET /api/health': 'public',
  'POST /api/user/signup': 'public',
  'POST /api/user/login': 'public',
  'GET /api/admin/pending-users': 'admin',
  'POST /api/payments': 'user',
  'GET /api/payments': 'user',
  'DELETE /api/payments/:id': 'admin',
  'GET /api/payments/:id/receipt.pdf': 'user',
  'GET /api/reports/trial-balance': 'admin',
  'GET /api/reports/books-check': 'admin',
  'GET /api/reports/cash-in-office': 'admin',
  // One record's history needs that record's view access (books.test.ts); without a record, the
  // newest entries the caller may see.
  'GET /api/books/entries': 'user',
  'GET /api/admin/employees': 'admin',
  'POST /api/admin/approve-user': 'admin',
  'GET /api/admin/banks': 'admin',
  'GET /api/admin/bank-titles': 'admin',
  'POST /api/admin/bank-titles/checked': 'admin',
  'POST /api/admin/banks': 'admin',
  'PUT /api/admin/banks/:id': 'admin',
  'DELETE /api/admin/banks/:id': 'admin',
  'GET /api/api/entry/counts': 'user',
  'POST /api/api/entry/increment': 'user',
  'POST /api/agent-names': 'user',
  'GET /api/agent-names/existing': 'user',
  'POST /api/vender-names': 'user',
  'GET /api/vender-names/existing': 'user',
  'GET /api/customers': 'user',
  'POST /api/customers': 'user',
  'GET /api/customers/matches': 'user',
  'GET /api/customers/:id': 'user',
  'PUT /api/customers/:id': 'admin',
  'DELETE /api/customers/:id': 'admin',
  'POST /api/customers/:id/merge': 'admin',
  'GET /api/passengers/:passport': 'user',
  'GET /api/alerts': 'user',
  'GET /api/dashboard': 'user',
  'GET /api/admin/morning': 'admin',
  'GET /api/my-receipts/today': 'user',
  'GET /api/dashboard/bookings': 'user',
  'GET /api/dashboard/charts': 'user',
  'GET /api/banks': 'user',
  // Bank reconciliation (issue 24, decision 063): the owner's job, admins only.
  'GET /api/banks/:id/statement-mapping': 'admin',
  'PUT /api/banks/:id/statement-mapping': 'admin',
  'POST /api/banks/:id/statement-preview': 'admin',
  'POST /api/banks/:id/statement-imports': 'admin',
  'GET /api/banks/:id/statement-imports': 'admin',
  'DELETE /api/banks/:id/statement-imports/:import_id': 'admin',
  'POST /api/banks/:id/opening-entry': 'admin',
  'GET /api/banks/:id/statement-lines': 'admin',
  'GET /api/banks/:id/book-lines': 'admin',
  'GET /api/banks/:id/matches': 'admin',
  'POST /api/banks/:id/matches': 'admin',
  'POST /api/banks/:id/matches/auto': 'admin',
  'POST /api/banks/:id/matches/confirm': 'admin',
  'DELETE /api/banks/:id/matches/:match_id': 'admin',
  'POST /api/banks/:id/statement-lines/:line_id/post': 'admin',
  'GET /api/banks/:id/reconciliation': 'admin',
  'GET /api/banks/:id/reconciliation.pdf': 'admin',
  'GET /api/bank-reconciliations': 'admin',
  'POST /api/mrz': 'user',
  'POST /api/tickets/parse': 'user',
  // Issue 37: voiding a saved sale changes it, so it is an admin's (decision 092).
  'POST /api/ticket/:id/void': 'admin',
  'POST /api/user/logout': 'user',
  'POST /api/user/password': 'user',
  'POST /api/corrections': 'user',
  'GET /api/corrections': 'user',
  'POST /api/corrections/:id/withdraw': 'user',
  'GET /api/admin/audit': 'admin',
  'POST /api/admin/audit/:id/restore': 'admin',
  'GET /api/admin/backups': 'admin',
  'POST /api/admin/backups': 'admin',
  'POST /api/admin/backups/:name/restore': 'admin',
  'GET /api/admin/backups/:name': 'admin',
  'GET /api/admin/users': 'admin',
  'PUT /api/admin/users/:id': 'admin',
  'POST /api/admin/users/:id/password': 'admin',
  'GET /api/admin/corrections': 'admin',
  'POST /api/admin/corrections/:id/approve': 'admin',
  'POST /api/admin/corrections/:id/reject': 'admin',
  'GET /api/admin/sale-requests': 'admin',
  'POST /api/admin/sale-requests/:id/approve': 'admin',
  'POST /api/admin/sale-requests/:id/refuse': 'admin',
  'POST /api/sale-requests': 'user',
  'GET /api/sale-requests': 'user',
  ...RECORD_ROUTES,
  'GET /api/admin/settings': 'admin',
  'PUT /api/admin/settings': 'admin',
  'GET /api/agency': 'user',
  // Issue 34 (decision 107): staff type the day's rate; admins turn currencies on.
  'GET /api/currencies': 'user',
  'PUT /api/admin/currencies/:code': 'admin',
  'POST /api/rates': 'user',
  'GET /api/rates': 'user',
  'GET /api/rates/today': 'user',
  'GET /api/rates/party/:kind/:name': 'user',
  'GET /api/reports/exchange': 'admin',
  // Issue 34 items 4-5 (decisions 120, 121): a bill's residual, the month-end revaluation.
  'GET /api/books/document': 'admin',
  // Decision 122: a party's open bills for a payment's form; a vendor's are admins' in the handler.
  'GET /api/books/open-bills/:kind/:name': 'user',
  'POST /api/admin/books/revaluation': 'admin',
  // Decision 143: a transfer between a rupee bank and a foreign one (Office Accounts is admins').
  'POST /api/admin/bank-transfers': 'admin',
  'DELETE /api/admin/bank-transfers/:id': 'admin',
  // Vendor, bank and cash statements are admin-only by kind (statements.test.ts); the route is open to staff.
  'GET /api/statements/:kind/:name': 'user',
  'GET /api/reports/receivables': 'admin',
  'GET /api/reports/payables': 'admin',
  'GET /api/reports/profit': 'admin',
  'GET /api/reports/net-profit': 'admin',
  'GET /api/reports/day-book': 'admin',
  // Issue 25. Vendor profiles are admin-only in the handler (403), as the Vendor ledger is.
  'GET /api/agents/:name': 'user',
  'PUT /api/agents/:name': 'user',
  'GET /api/vendors/:name': 'admin',
  'PUT /api/vendors/:name': 'admin',
  'GET /api/customers/:id/profile': 'user',
  'PUT /api/customers/:id/profile': 'user',
  'GET /api/credit/:kind/:name': 'user',
  'GET /api/collections': 'user',
  'POST /api/statements/:kind/:name/share': 'user',
  'GET /api/statements/:kind/:name/shares': 'user',
  'DELETE /api/statement-shares/:id': 'user',
  'GET /api/statements/:kind/:name/reminders': 'user',
  'POST /api/statements/:kind/:name/reminders/whatsapp': 'user',
  'POST /api/statements/:kind/:name/reminders/email': 'user',
  'GET /api/admin/collect-settings': 'admin',
  'PUT /api/admin/collect-settings': 'admin',
  // Issue 24 items 3-4: staff count the drawer; the lock date and the month-end list are admins'.
  'POST /api/cash-counts': 'user',
  'GET /api/cash-counts': 'user',
  'GET /api/admin/books/lock': 'admin',
  'PUT /api/admin/books/lock': 'admin',
  'GET /api/admin/month-end': 'admin',
  ...Object.fromEntries(
    [
      '/api/ticket',
      '/api/umrah',
      '/api/visa-processing',
      '/api/gamca-token',
      '/api/services',
      '/api/navtcc',
    ].flatMap((p) => [
      [`GET ${p}/:id/receipt.pdf`, 'user'],
      // Issue 36: a sale's tax invoice, as its receipt.
      [`GET ${p}/:id/invoice`, 'user'],
      [`GET ${p}/:id/invoice.pdf`, 'user'],
    ]),
  ),
  // Issue 36: everyone reads the rates (the sale forms); admins keep them and read the registers.
  'GET /api/tax/rates': 'user',
  'POST /api/tax/rates': 'admin',
  'PUT /api/tax/rates/:id': 'admin',
  'GET /api/tax/rules': 'user',
  'PUT /api/tax/rules': 'admin',
  'GET /api/tax/open-costs': 'user',
  'PUT /api/customers/:id/tax': 'user',
  'PUT /api/payments/:id/tax-certificate': 'user',
  'GET /api/reports/sales-tax': 'admin',
  'GET /api/reports/tax-withheld': 'admin',
  // Issue 35: an agent's own users (admins invite and suspend), the invite (its token is the key),
  // the agent's desk (its users only) and the deposits staff check.
  'GET /api/agents/:name/users': 'admin',
  'POST /api/agents/:name/users': 'admin',
  'PUT /api/agents/:name/users/:id': 'admin',
  'POST /api/portal/invites/:token': 'public',
  'GET /api/portal/me': 'portal',
  'GET /api/portal/statement': 'portal',
  'GET /api/portal/bookings': 'portal',
  'GET /api/portal/bookings/tickets/:id/receipt.pdf': 'portal',
  // Decision 134: the Umrah and visas an agent's booking requests became.
  'GET /api/portal/bookings/umrah/:id/receipt.pdf': 'portal',
  'GET /api/portal/bookings/visa-processing/:id/receipt.pdf': 'portal',
  'GET /api/portal/overdue': 'portal',
  'GET /api/portal/deposits': 'portal',
  'GET /api/portal/banks': 'portal',
  'POST /api/portal/deposits': 'portal',
  'GET /api/deposits': 'user',
  'GET /api/deposits/:id/slip': 'user',
  'POST /api/deposits/:id/approve': 'user',
  'POST /api/deposits/:id/reject': 'user',
  // Issue 35 item 4: booking requests (the agent's own), the desk's notices, the staff's queue.
  'POST /api/portal/requests': 'portal',
  'GET /api/portal/requests': 'portal',
  'GET /api/portal/requests/:id': 'portal',
  'GET /api/portal/notices': 'portal',
  'GET /api/booking-requests': 'user',
  'GET /api/booking-requests/:id': 'user',
  'POST /api/booking-requests/:id/decline': 'user',
}

/** What an agent's user may reach outside the portal: signing out. */
const PORTAL_ALSO = new Set(['POST /api/user/logout'])

const sign = (claims: { sub: string; exp?: number | string; jti?: string }, secret = TEST_SECRET) => {
  const jwt = new SignJWT({ role: 'admin' }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub)
  if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp)
  if (claims.jti !== undefined) jwt.setJti(claims.jti)
  return jwt.sign(new TextEncoder().encode(secret))
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

const signIn = async (t: TestApp, email: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: 'password123' },
    })
  ).json().token as string

/**
 * An employee account in a given state, with a token signed for it and a live session (as if
 * issued before the state changed), so a refusal comes from the state, not from the token.
 */
const accountIn = async (t: TestApp, username: string, is_approved: 0 | 1, active: 0 | 1 = 1) => {
  const row = await t.app.db
    .insertInto('users')
    .values({
      username,
      email: `${username}@test.local`,
      password_hash: 'x',
      role: 'employee',
      is_approved,
      active,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const jti = await startSession(t.app.db, row.id)
  return { id: row.id, token: await sign({ sub: String(row.id), exp: '1h', jti }) }
}

/**
 * The callers, each one line: how to get its headers, and which access levels let it through.
 * Anyone refused before the role check gets 401; an approved user below the level gets 403.
 */
const CALLERS: Array<{
  name: string
  headers: (t: TestApp) => Promise<Record<string, string>>
  level: Access | null
}> = [
  { name: 'no token', headers: async () => ({}), level: null },
  {
    name: 'forged',
    headers: async () => bearer(await sign({ sub: '1', exp: '1h' }, 'x'.repeat(40))),
    level: null,
  },
  {
    name: 'expired',
    headers: async () => bearer(await sign({ sub: '1', exp: Math.floor(Date.now() / 1000) - 60 })),
    level: null,
  },
  { name: 'no expiry', headers: async () => bearer(await sign({ sub: '1' })), level: null },
  { name: 'pending', headers: async (t) => bearer((await accountIn(t, 'mx_pending', 0)).token), level: null },
  {
    name: 'rejected',
    headers: async (t) => {
      const { id, token } = await accountIn(t, 'mx_rejected', 1)
      const res = await t.call('admin', 'POST', '/api/admin/approve-user', { userId: id, approved: false })
      expect(res.status).toBe(200)
      return bearer(token)
    },
    level: null,
  },
  {
    name: 'deactivated',
    headers: async (t) => bearer((await accountIn(t, 'mx_deactivated', 1, 0)).token),
    level: null,
  },
  // Signed in afresh: POST /api/user/logout in the matrix ends this session, not the file's.
  { name: 'employee', headers: async (t) => bearer(await signIn(t, 'emp@test.local')), level: 'user' },
  { name: 'admin', headers: async (t) => bearer(await signIn(t, 'admin@test.local')), level: 'admin' },
  // Issue 35: agent A's user, agent B's user, and a suspended one (refused as a deactivated user).
  {
    name: "agent A's user",
    headers: async (t) => bearer((await agentUser(t, 'Agent A', 'mx-a@agents.pk')).token),
    level: 'portal',
  },
  {
    name: "agent B's user",
    headers: async (t) => bearer((await agentUser(t, 'Agent B', 'mx-b@agents.pk')).token),
    level: 'portal',
  },
  {
    name: 'suspended agent user',
    headers: async (t) => {
      const { id, token } = await agentUser(t, 'Agent A', 'mx-off@agents.pk')
      expect(
        (await t.call('admin', 'PUT', `/api/agents/Agent%20A/users/${id}`, { suspended: true })).status,
      ).toBe(200)
      return bearer(token)
    },
    level: null,
  },
]

const allows = (level: Access | null, need: Access, key: string) =>
  need === 'public' ||
  (level === 'portal'
    ? need === 'portal' || PORTAL_ALSO.has(key)
    : need !== 'portal' && (level === 'admin' || (level === 'user' && need === 'user')))

describe(`authorization matrix (${DB_KIND})`, () => {
  const t = setupTestApp((t) =>
    addNames(t, { agents: ['Agent A', 'Agent B'], vendors: ['Vendor V', 'Umrah Vendor'] }),
  )
  let routes: RouteEntry[] = []

  it('every registered route has an expectation, and every expectation a route', async () => {
    await t.app.ready()
    // Logout ends the caller's session: it goes last, so every other route sees a live one.
    routes = registeredApiRoutes(t.app).sort(
      (a, b) => Number(a.path === '/api/user/logout') - Number(b.path === '/api/user/logout'),
    )
    const keys = routes.map((r) => `${r.method} ${r.path}`)
    expect(
      keys.filter((k) => !(k in EXPECTED)),
      'routes without an expectation',
    ).toEqual([])
    expect(
      Object.keys(EXPECTED).filter((k) => !keys.includes(k)),
      'expectations without a route',
    ).toEqual([])
  })

  it('every route × every caller answers as expected: through, 401 or 403, never 5xx', async () => {
    let calls = 0
    for (const caller of CALLERS) {
      const headers = await caller.headers(t)
      for (const { method, path } of routes) {
        const need = EXPECTED[`${method} ${path}`]
        // Login and sign-up bodies stay empty: a 400 proves they were reached without side effects.
        const res = await t.app.inject({
          method: method as 'GET',
          url: fillPath(path, '987654'),
          headers,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        })
        calls++
        const where = `${caller.name}: ${method} ${path} -> ${res.statusCode} ${res.body.slice(0, 80)}`
        expect(res.statusCode, where).toBeLessThan(500)
        if (allows(caller.level, need, `${method} ${path}`)) {
          expect([401, 403], where).not.toContain(res.statusCode)
        } else if (caller.level === null) {
          expect(res.statusCode, where).toBe(401)
          expect(res.json(), where).toEqual({ status: 'error', message: 'You are not authenticated' })
        } else {
          // One rule, one message, whichever way the route is admin-only (path, spec.access).
          expect(res.statusCode, where).toBe(403)
          expect(res.json(), where).toEqual({ status: 'error', message: ADMIN_ONLY_MESSAGE })
        }
      }
    }
    expect(calls).toBe(CALLERS.length * routes.length)
  })

  it("agent A's and B's users see only their own agent: 0 leaks on every portal route, others' ids 404", async () => {
    const a = await agentUser(t, 'Agent A', 'leak-a@agents.pk')
    const b = await agentUser(t, 'Agent B', 'leak-b@agents.pk')
    const ticket = async (agent: string, pnr: string) => {
      const res = await t.call(
        'employee',
        'POST',
        '/api/ticket',
        recordInput('tickets', { agent_name: agent, reference: pnr }),
      )
      expect(res.status).toBe(201)
      return res.body.ticket.id as number
    }
    const idA = await ticket('Agent A', 'PNR-AAA')
    const idB = await ticket('Agent B', 'PNR-BBB')
    // A booking request each (issue 35 item 4), named by the same marks.
    const request = async (token: string, mark: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/portal/requests',
        headers: bearer(token),
        payload: {
          kind: 'ticket',
          sector: mark,
          depart_date: '2026-12-20',
          passengers: [{ lastName: 'KHAN', documentNo: mark }],
        },
      })
      expect(res.statusCode, res.body).toBe(201)
      return res.json().id as number
    }
    const reqA = await request(a.token, 'PNR-AAA')
    const reqB = await request(b.token, 'PNR-BBB')
    // An Umrah each, booked from the agent's request (decision 134), its package named by the mark.
    const umrah = async (token: string, mark: string) => {
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/portal/requests',
        headers: bearer(token),
        payload: {
          kind: 'umrah',
          sector: 'LHE-JED',
          depart_date: '2026-12-20',
          passengers: [{ lastName: 'KHAN', documentNo: mark }],
        },
      })
      expect(asked.statusCode, asked.body).toBe(201)
      const res = await t.call('employee', 'POST', '/api/umrah', {
        ...recordInput('umrah', { packageDetail: mark }),
        booking_request: asked.json().id,
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      return res.body.umrahBooking.id as number
    }
    const umrahA = await umrah(a.token, 'PNR-AAA')
    const umrahB = await umrah(b.token, 'PNR-BBB')
    const portalGets = routes.filter(
      (r) => r.method === 'GET' && r.path.startsWith('/api/portal/') && !r.path.includes(':'),
    )
    expect(portalGets.length).toBeGreaterThanOrEqual(6)
    let leaks = 0
    for (const [me, mine, theirs] of [
      [a.token, 'PNR-AAA', ['Agent B', 'PNR-BBB']],
      [b.token, 'PNR-BBB', ['Agent A', 'PNR-AAA']],
    ] as const) {
      for (const { path } of portalGets) {
        const res = await t.app.inject({ method: 'GET', url: path, headers: bearer(me) })
        expect(res.statusCode, path).toBe(200)
        for (const other of theirs) if (res.body.includes(other)) leaks++
      }
      const bookings = await t.app.inject({ method: 'GET', url: '/api/portal/bookings', headers: bearer(me) })
      expect(bookings.body).toContain(mine)
    }
    expect(leaks).toBe(0)
    const statusOf = async (url: string, token: string) =>
      (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode
    // Another party's record by its id answers as a missing one, both ways.
    for (const [token, own, other] of [
      [a.token, reqA, reqB],
      [b.token, reqB, reqA],
    ] as const) {
      expect(await statusOf(`/api/portal/requests/${own}`, token)).toBe(200)
      expect(await statusOf(`/api/portal/requests/${other}`, token)).toBe(404)
    }
    const ticketReceipt = (id: number) => `/api/portal/bookings/tickets/${id}/receipt.pdf`
    expect(await statusOf(ticketReceipt(idB), a.token)).toBe(404)
    expect(await statusOf(ticketReceipt(idA), b.token)).toBe(404)
    expect(await statusOf(ticketReceipt(idA), a.token)).toBe(200)
    for (const [token, own, other] of [
      [a.token, umrahA, umrahB],
      [b.token, umrahB, umrahA],
    ] as const) {
      const receipt = (id: number) => `/api/portal/bookings/umrah/${id}/receipt.pdf`
      expect(await statusOf(receipt(own), token)).toBe(200)
      expect(await statusOf(receipt(other), token)).toBe(404)
    }
  })
})

// Issue 32 item 5 (decision 147): an agent's user asking the staff's readers of one party's rows
// is refused, for another agent's rows and for its own (those routes are staff-only by the spec:
// the auth hook's 403; caller.test.ts proves the readers refuse another party by themselves);
// its desk serves its own rows through the same readers, with the staff's figures.
describe(`readers take the caller (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, { agents: ['Agent A', 'Agent B'], vendors: ['Vendor V'] }))

  it("an agent's user: the staff's readers 403 for any party; its desk's statement is the staff's", async () => {
    const a = await agentUser(t, 'Agent A', 'scope-a@agents.pk')
    const ticketOf: Record<string, number> = {}
    for (const agent of ['Agent A', 'Agent B']) {
      const res = await t.call(
        'employee',
        'POST',
        '/api/ticket',
        recordInput('tickets', { agent_name: agent }),
      )
      expect(res.status).toBe(201)
      ticketOf[agent] = res.body.ticket.id
    }
    const readers = (agent: string) => {
      const name = encodeURIComponent(agent)
      return [
        `/api/statements/agent/${name}`,
        `/api/statements/agent/${name}?format=pdf`,
        `/api/statements/agent/${name}?limit=10`,
        `/api/statements/agent/${name}/reminders`,
        `/api/statements/agent/${name}/shares`,
        `/api/agents/${name}`,
        `/api/credit/agent/${name}`,
        `/api/ticket/${ticketOf[agent]}/receipt.pdf`,
        `/api/ticket/${ticketOf[agent]}/invoice`,
        '/api/collections',
        '/api/reports/receivables',
        '/api/reports/trial-balance',
        '/api/dashboard',
        '/api/customers',
        '/api/customers/1',
      ]
    }
    let asked = 0
    for (const agent of ['Agent B', 'Agent A']) {
      for (const url of readers(agent)) {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(a.token) })
        expect(res.statusCode, `${agent}: ${url}`).toBe(403)
        expect(res.json()).toEqual({ status: 'error', message: ADMIN_ONLY_MESSAGE })
        asked++
      }
    }
    expect(asked).toBe(30)
    // Staff are served the same readers (the refusals above are the caller's, not missing rows).
    for (const url of readers('Agent B').filter(
      (u) => !u.includes('/invoice') && !u.endsWith('/customers/1'),
    ))
      expect((await t.call('admin', 'GET', url)).status, url).toBe(200)
    const desk = await t.app.inject({ method: 'GET', url: '/api/portal/statement', headers: bearer(a.token) })
    expect(desk.statusCode).toBe(200)
    const staff = await t.call('employee', 'GET', '/api/statements/agent/Agent%20A')
    expect(desk.json()).toEqual(staff.body)
    expect(staff.body.rows.length).toBeGreaterThan(0)
    const overdue = await t.app.inject({
      method: 'GET',
      url: '/api/portal/overdue',
      headers: bearer(a.token),
    })
    expect(overdue.statusCode).toBe(200)
    expect(overdue.json()).toMatchObject({ status: 'success', overdue: 0, total: 0 })
  })
})
