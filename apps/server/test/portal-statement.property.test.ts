import { recordInput } from '@booking/shared/test-data'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { addNames, setupTestApp } from './helpers.ts'
import { agentUser, as, sendDeposit } from './portal-helpers.ts'

// Issue 35 "Must show": for random bookings, payments and deposits, the portal's balance and
// statement equal the staff's statement of the agent, line for line (both databases).

const AGENT = 'Property Agent'
const day = fc.integer({ min: 1, max: 27 }).map((d) => `2026-03-${String(d).padStart(2, '0')}`)
const rupees = fc.integer({ min: 1, max: 5_000_000 }).map((p) => p / 100)

/** One thing that moves the agent's account. */
const op = fc.oneof(
  fc.record({ kind: fc.constant('ticket' as const), amount: rupees, date: day }),
  fc.record({ kind: fc.constant('payment' as const), amount: rupees, date: day }),
  fc.record({ kind: fc.constant('sale' as const), amount: rupees, date: day }),
  fc.record({ kind: fc.constant('deposit' as const), amount: rupees, date: day, approve: fc.boolean() }),
)

type Op = typeof op extends fc.Arbitrary<infer T> ? T : never

describe(`the portal's statement is the staff's (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, { agents: [AGENT], vendors: ['Vendor V'] }))

  it('balance and statement line for line over random bookings, payments and deposits', async () => {
    const { token } = await agentUser(t, AGENT, 'prop@agent.pk')
    const apply = async (o: Op) => {
      if (o.kind === 'ticket') {
        const r = await t.call(
          'employee',
          'POST',
          '/api/ticket',
          recordInput('tickets', {
            agent_name: AGENT,
            receivable_amount: o.amount,
            paid_cash: 0,
            paid_in_bank: 0,
            payable_to_vendor: 0,
          }),
        )
        expect(r.status, JSON.stringify(r.body)).toBe(201)
      } else if (o.kind === 'payment' || o.kind === 'sale') {
        const r = await t.call('employee', 'POST', '/api/agent', {
          agent_name: AGENT,
          employee: 'emp',
          date: o.date,
          detail: o.kind,
          credit: o.kind === 'payment' ? o.amount : 0,
          debit: o.kind === 'sale' ? o.amount : 0,
          paid_cash: o.kind === 'payment' ? o.amount : 0,
          paid_bank: 0,
        })
        expect(r.status, JSON.stringify(r.body)).toBe(201)
      } else {
        const sent = await sendDeposit(t, token, {
          amount: String(o.amount),
          date: o.date,
          bank: 'UBL Account 1',
          reference: `P-${o.date}`,
        })
        expect(sent.statusCode, sent.body).toBe(201)
        const id = sent.json().id
        const decided = o.approve
          ? await t.call('employee', 'POST', `/api/deposits/${id}/approve`, {})
          : await t.call('employee', 'POST', `/api/deposits/${id}/reject`, { reason: 'Not in the bank' })
        expect(decided.status, JSON.stringify(decided.body)).toBe(200)
      }
    }
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 3 }), day, day, async (ops, a, b) => {
        for (const o of ops) await apply(o)
        const [from, to] = a <= b ? [a, b] : [b, a]
        for (const q of [`?from=${from}&to=${to}`, '']) {
          const staff = await t.call(
            'employee',
            'GET',
            `/api/statements/agent/${encodeURIComponent(AGENT)}${q}`,
          )
          const mine = await as(t, token, 'GET', `/api/portal/statement${q}`)
          expect(mine.statusCode).toBe(200)
          expect(mine.json()).toEqual(staff.body)
        }
        const me = (await as(t, token, 'GET', '/api/portal/me')).json()
        const credit = await t.call('employee', 'GET', `/api/credit/agent/${encodeURIComponent(AGENT)}`)
        expect(me.balance).toBe(credit.body.balance)
        const whole = await t.call('employee', 'GET', `/api/statements/agent/${encodeURIComponent(AGENT)}`)
        expect(me.balance).toBe(whole.body.closing)
      }),
      { numRuns: 30, seed: 35 },
    )
  }, 240_000)
})
