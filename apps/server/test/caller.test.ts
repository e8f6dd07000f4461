import { ADMIN_ONLY_MESSAGE, type Caller, callerOf, fromPaisa } from '@booking/shared'
import { recordInput } from '@booking/shared/test-data'
import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { collectionRows } from '../src/areas/readers/collect/collections.ts'
import { summary } from '../src/areas/readers/dashboard/queries.ts'
import { seesBooking } from '../src/areas/readers/portal/booked.ts'
import { netProfit } from '../src/areas/readers/reports/net-profit.ts'
import { openItems } from '../src/areas/readers/reports/sources.ts'
import { booksCheckFor, trialBalanceFor } from '../src/areas/readers/reports/trial-balance.ts'
import { statementOf } from '../src/areas/readers/statements/routes.ts'
import { accountsFor } from '../src/books/account-rows.ts'
import { officeReader, scopeOf, seesParty } from '../src/lib/caller-scope.ts'
import { callerSeeingAll } from '../src/plugins/auth.ts'
import { DB_KIND } from './harness.ts'
import { addNames, setupTestApp } from './helpers.ts'

// Issue 32 item 5 (decision 128): the auth hook puts the caller on the request once; the record
// lists and records take it from there and serve only a caller that sees every party's rows.

const asked = (user: Parameters<typeof callerOf>[0]) => ({ caller: callerOf(user) }) as FastifyRequest

describe('the caller from the pipeline', () => {
  it('staff see every row; an agent user (one party) and nobody are refused by the record readers', () => {
    expect(callerSeeingAll(asked({ role: 'employee' }))).toEqual({ role: 'employee', sees: { all: true } })
    expect(callerSeeingAll(asked({ role: 'admin' })).sees).toEqual({ all: true })
    for (const who of [{ role: 'agent_user', party: { kind: 'agent' as const, id: 7 } }, null]) {
      expect(() => callerSeeingAll(asked(who))).toThrow(ADMIN_ONLY_MESSAGE)
    }
  })
})

// Issue 32 item 5 (decision 147): every reader takes the caller; a reader of one party's rows
// scopes itself by it, an office-wide reader refuses a caller without the capability. Called here
// with a one-party caller directly, against a real database, since the staff routes never let one
// through the auth hook.
describe(`readers scoped by the caller (${DB_KIND})`, () => {
  const t = setupTestApp((t) =>
    addNames(t, { agents: ['Agent A', 'Agent B'], vendors: ['Vendor V', 'Umrah Vendor'] }),
  )
  const ids: Record<string, number> = {}
  const staff = callerOf({ role: 'employee' })
  const admin = callerOf({ role: 'admin' })
  let agentA: Caller | null = null
  const LATER = '2027-06-30'

  it('sets up two agents with a ticket each and an agent user of Agent A', async () => {
    for (const agent of ['Agent A', 'Agent B']) {
      const res = await t.call(
        'employee',
        'POST',
        '/api/ticket',
        recordInput('tickets', { agent_name: agent }),
      )
      expect(res.status).toBe(201)
      ids[agent] = res.body.ticket.id
    }
    const account = await t.app.db
      .selectFrom('accounts')
      .select('id')
      .where('address', '=', 'agent:Agent A')
      .executeTakeFirstOrThrow()
    agentA = callerOf({ role: 'agent_user', party: { kind: 'agent', id: account.id } })
    expect(agentA?.sees).toEqual({ all: false, party: { kind: 'agent', id: account.id } })
    expect(await scopeOf(t.app.db, agentA)).toMatchObject({ all: false, kind: 'agent', name: 'Agent A' })
    expect(await scopeOf(t.app.db, staff)).toEqual({ all: true })
  })

  it("a statement: staff read any party's; an agent's user its own, another's is a missing one (404)", async () => {
    const db = t.app.db
    for (const name of ['Agent A', 'Agent B'])
      await expect(statementOf(db, staff, 'agent', name)).resolves.toBeTruthy()
    await expect(statementOf(db, agentA, 'agent', 'Agent A')).resolves.toBeTruthy()
    for (const [kind, name] of [
      ['agent', 'Agent B'],
      ['vendor', 'Vendor V'],
      ['bank', 'UBL Account 1'],
      ['cash', 'Cash in Office'],
    ] as const) {
      // Staff are served it: the refusal below is the scope's, not a missing party's.
      await expect(statementOf(db, staff, kind, name), `${kind} ${name}`).resolves.toBeTruthy()
      const refused = statementOf(db, agentA, kind, name)
      await expect(refused, `${kind} ${name}`).rejects.toMatchObject({ statusCode: 404 })
    }
    await expect(statementOf(db, null, 'agent', 'Agent A')).rejects.toMatchObject({ statusCode: 403 })
  })

  it("aging and To Collect: staff see every party; an agent's user one row, the same as staff's", async () => {
    const db = t.app.db
    const all = await collectionRows(db, await scopeOf(db, staff), LATER, 30)
    expect(all.rows.map((r) => r.name).sort()).toEqual(['Agent A', 'Agent B'])
    const own = await collectionRows(db, await scopeOf(db, agentA), LATER, 30)
    expect(own.rows).toEqual(all.rows.filter((r) => r.kind === 'agent' && r.name === 'Agent A'))
    expect(own.rows[0]?.overdue).toBeGreaterThan(0)
    expect(fromPaisa(own.owed)).toBe(own.rows[0]?.total)
    const scopeA = await scopeOf(db, agentA)
    expect((await openItems(db, scopeA, 'agent', LATER, [LATER])).map((p) => p.name)).toEqual(['Agent A'])
    expect(await openItems(db, scopeA, 'vendor', LATER, [LATER])).toEqual([])
    expect(await openItems(db, scopeA, 'customer', LATER, [LATER])).toEqual([])
    expect((await openItems(db, { all: true }, 'vendor', LATER, [LATER])).map((p) => p.name)).toEqual([
      'Vendor V',
    ])
  })

  it("a receipt or invoice: an agent's user sees its own agent's bookings only", async () => {
    const db = t.app.db
    const scopeA = await scopeOf(db, agentA)
    expect(await seesBooking(db, scopeA, 'tickets', ids['Agent A'] as number)).toBe(true)
    expect(await seesBooking(db, scopeA, 'tickets', ids['Agent B'] as number)).toBe(false)
    expect(await seesBooking(db, scopeA, 'visa_processing', 1)).toBe(false)
    expect(await seesBooking(db, { all: true }, 'tickets', ids['Agent B'] as number)).toBe(true)
  })

  it("a customer's own caller (a later role): its own statement and To Collect row, not another's", async () => {
    const db = t.app.db
    for (const family of ['Bibi Family', 'Other Family']) {
      const res = await t.call(
        'employee',
        'POST',
        '/api/umrah',
        recordInput('umrah', { customerAdd: family }),
      )
      expect(res.status, JSON.stringify(res.body)).toBe(201)
    }
    const account = await db
      .selectFrom('accounts')
      .select('id')
      .where('address', '=', 'customer:bibi family')
      .executeTakeFirstOrThrow()
    const bibi = callerOf({ role: 'agent_user', party: { kind: 'customer', id: account.id } })
    expect(await scopeOf(db, bibi)).toMatchObject({ all: false, kind: 'customer', name: 'bibi family' })
    await expect(statementOf(db, bibi, 'customer', 'Bibi Family')).resolves.toBeTruthy()
    await expect(statementOf(db, staff, 'customer', 'Other Family')).resolves.toBeTruthy()
    await expect(statementOf(db, bibi, 'customer', 'Other Family')).rejects.toMatchObject({ statusCode: 404 })
    await expect(statementOf(db, bibi, 'agent', 'Agent A')).rejects.toMatchObject({ statusCode: 404 })
    const all = await collectionRows(db, await scopeOf(db, staff), LATER, 30)
    const customers = all.rows.filter((r) => r.kind === 'customer')
    expect(customers.map((r) => r.key).sort()).toEqual(['bibi family', 'other family'])
    const own = await collectionRows(db, await scopeOf(db, bibi), LATER, 30)
    expect(own.rows).toEqual(customers.filter((r) => r.key === 'bibi family'))
    // A customer kept by id is keyed by its id, as its page (/customers/:id) and statements are.
    const made = await t.call('employee', 'POST', '/api/customers', {
      name: 'Sana Kausar',
      mobile_number: '03001234567',
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const id = Number(made.body.customer.id)
    const byId = (await accountsFor(db, [`customer:#${id}`])).get(`customer:#${id}`)
    const sana = await scopeOf(
      db,
      callerOf({ role: 'agent_user', party: { kind: 'customer', id: Number(byId?.id) } }),
    )
    expect(sana).toMatchObject({ all: false, kind: 'customer', name: String(id) })
    expect(seesParty(sana, 'customer', String(id))).toBe(true)
    expect(seesParty(sana, 'customer', String(id + 1))).toBe(false)
    expect(seesParty(sana, 'agent', String(id))).toBe(false)
    const sanaCaller = callerOf({ role: 'agent_user', party: { kind: 'customer', id: Number(byId?.id) } })
    await expect(statementOf(db, sanaCaller, 'customer', String(id))).resolves.toBeTruthy()
    await expect(statementOf(db, sanaCaller, 'customer', 'Bibi Family')).rejects.toMatchObject({
      statusCode: 404,
    })
    expect(own.rows).toHaveLength(1)
  })

  it('office-wide readers refuse a caller without the capability, whatever route registered them', async () => {
    const db = t.app.db
    // Sync or async, each reader refuses with the auth hook's 403.
    const refused = (read: () => unknown) =>
      expect(Promise.resolve().then(read)).rejects.toMatchObject({
        statusCode: 403,
        message: ADMIN_ONLY_MESSAGE,
      })
    for (const who of [agentA, null, staff]) {
      await refused(() => officeReader(who, 'office-figures'))
      await refused(() => trialBalanceFor(db, who))
      await refused(() => booksCheckFor(db, who))
      await refused(() => netProfit(db, who, {}))
    }
    for (const who of [agentA, null]) {
      await refused(() => summary(db, who, {}))
      await refused(() => officeReader(who, 'staff-area'))
    }
    expect((await summary(db, staff, {})).totalBookings).toBe(4)
    expect((await trialBalanceFor(db, admin)).accounts.length).toBeGreaterThan(0)
  })
})
