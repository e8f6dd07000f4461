import { addDaysIso, businessToday } from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { booksCheck } from '../src/books/check.ts'
import * as splitMigration from '../src/db/migrations/0033_split_checkpoints.ts'
import { createInsertOnly, dropInsertOnly } from '../src/db/migrations/helpers/insert-only.ts'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, seededRandom, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

/**
 * Decision 080: what a statement's split of sales adds to its totals is kept per line and per day
 * by the books' write (posting_lines/posting_days.split_add). After random creates, edits (money
 * that moves and money that keeps the party's net), later payments, deletes, restores and a
 * customer merge, every page's totals (from the checkpoint) equal the whole statement's (from its
 * rows), the day checkpoint equals its lines, the books check (incremental and full) agrees and
 * finds a damaged figure, and migration 0033 rebuilds the same checkpoint from the lines.
 */
const AGENTS = ['Agent Split One', 'Agent Split Two']
const CUSTOMERS = ['Split Cust One', 'Split Cust Two']
const TODAY = businessToday()

const t = setupTestApp(async (t) => {
  await addNames(t, { ...COMMON_NAMES, agents: [...COMMON_NAMES.agents, ...AGENTS] })
})

type Body = Record<string, unknown>
const call = async (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, body?: Body) => {
  const res = await t.call('admin', method, url, body)
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

const ticketBody = (rnd: () => number, customer: string): Body => {
  const receivable = 20_000 + Math.floor(rnd() * 50) * 1_000
  const cash = rnd() < 0.3 ? 0 : Math.floor(rnd() * 8) * 1_000
  const bank = rnd() < 0.5 ? 0 : 2_000.5
  return {
    ...VALID_BODIES['/api/ticket']!.body,
    agent_name: rnd() < 0.3 ? '' : AGENTS[Math.floor(rnd() * AGENTS.length)],
    customer_add: customer,
    receivable_amount: receivable,
    paid_cash: cash,
    paid_in_bank: bank,
  }
}

/** Every account a statement splits, with the statement path that shows it. */
const partyStatements = async (db: Kysely<any>) => {
  // Accounts a statement names: a merged customer's (no address, decision 083) has none.
  const { rows } = await sql<{ account: string }>`SELECT address AS account FROM accounts
    WHERE address LIKE 'agent:%' OR address LIKE 'customer:%' ORDER BY address`.execute(db)
  return rows.map(({ account }) => {
    const [kind, ...rest] = account.split(':')
    const name = rest.join(':')
    return { account, path: `/api/statements/${kind}/${encodeURIComponent(name)}` }
  })
}

/** The split checkpoint per (account, day), and the same summed from the lines. */
const dayMaps = async (db: Kysely<any>) => {
  const read = async (q: ReturnType<typeof sql<{ account: string; date: string; v: unknown }>>) =>
    new Map(
      (await q.execute(db)).rows
        .filter((r) => BigInt(String(r.v)) !== 0n)
        .map((r) => [`${r.account} ${r.date}`, BigInt(String(r.v))]),
    )
  const stored = await read(sql`SELECT account, date, split_add AS v FROM posting_days`)
  const lines = await read(
    sql`SELECT account, date, sum(split_add) AS v FROM posting_lines GROUP BY account, date`,
  )
  return { stored, lines }
}

const expectPagesMatch = async (db: Kysely<any>) => {
  const ranges = ['', `?from=${TODAY}`, `?to=${addDaysIso(TODAY, -1)}`, `?from=${TODAY}&to=${TODAY}`]
  let split = 0
  for (const { path } of await partyStatements(db)) {
    for (const range of ranges) {
      const whole = await call('GET', `${path}${range}`)
      const page = await call('GET', `${path}${range}${range ? '&' : '?'}limit=1`)
      expect(page.totals, `${path}${range}`).toEqual(whole.totals)
      expect([page.opening, page.closing]).toEqual([whole.opening, whole.closing])
      if (whole.rows.some((r: { detail: string }) => r.detail.startsWith('Paid in'))) split++
    }
  }
  // The runs split sales on agents' and customers' statements: the totals compared include a split.
  expect(split).toBeGreaterThan(4)
}

describe(`statement split checkpoint (${DB_KIND})`, () => {
  it('equals the lines after random writes, reversals, restores and a merge; the check proves it', async () => {
    const db = t.app.db as unknown as Kysely<any>
    const customers: number[] = []
    for (const name of CUSTOMERS)
      customers.push(
        Number(
          (await call('POST', '/api/customers', { name, mobile_number: `0300${customers.length}111222` }))
            .customer.id,
        ),
      )
    const rnd = seededRandom(80)
    const live: { id: number; body: Body; paid: number }[] = []
    const deleted: { id: number; body: Body; paid: number }[] = []
    for (let step = 0; step < 36; step++) {
      const pick = rnd()
      const target = live[Math.floor(rnd() * live.length)]
      if (live.length < 3 || pick < 0.35) {
        const body = ticketBody(rnd, CUSTOMERS[Math.floor(rnd() * CUSTOMERS.length)]!)
        live.push({ id: Number((await call('POST', '/api/ticket', body)).ticket.id), body, paid: 0 })
      } else if (pick < 0.5 && target) {
        // The party's net stays; the cash at booking (so the split) moves.
        const delta = 1_000 + Math.floor(rnd() * 3) * 500
        target.body = {
          ...target.body,
          receivable_amount: Number(target.body.receivable_amount) + delta,
          paid_cash: Number(target.body.paid_cash) + delta,
        }
        await call('PUT', `/api/ticket/${target.id}`, target.body)
      } else if (pick < 0.65 && target) {
        target.body = { ...ticketBody(rnd, String(target.body.customer_add)) }
        const remaining =
          Number(target.body.receivable_amount) -
          Number(target.body.paid_cash) -
          Number(target.body.paid_in_bank)
        if (remaining < target.paid)
          target.body.receivable_amount = Number(target.body.receivable_amount) + target.paid
        await call('PUT', `/api/ticket/${target.id}`, target.body)
      } else if (pick < 0.8 && target) {
        await call('POST', '/api/payments', {
          source_type: 'ticket',
          source_id: target.id,
          amount: 500,
          method: 'cash',
        })
        target.paid += 500
      } else if (pick < 0.9 && target && target.paid === 0) {
        await call('DELETE', `/api/ticket/${target.id}`)
        live.splice(live.indexOf(target), 1)
        deleted.push(target)
      } else if (deleted.length > 0) {
        const back = deleted.pop()!
        const id = back.id
        const audit = (await call('GET', `/api/admin/audit?table=tickets&record_id=${id}`)).audit as {
          id: number
          action: string
        }[]
        const deletion = audit.find((a) => a.action === 'delete')!
        await call('POST', `/api/admin/audit/${deletion.id}/restore`)
        live.push(back)
      }
      if (step === 17) expect((await booksCheck(t.app.db)).ok).toBe(true)
    }
    await expectPagesMatch(db)
    // A customer merged into another: its lines (and their splits) move with their day checkpoints.
    await call('POST', `/api/customers/${customers[1]}/merge`, { into_id: customers[0] })
    await expectPagesMatch(db)

    const kept = await dayMaps(db)
    expect(kept.stored).toEqual(kept.lines)
    expect(kept.stored.size).toBeGreaterThan(0)
    const incremental = await booksCheck(t.app.db)
    expect(incremental).toMatchObject({ ok: true })
    expect(await booksCheck(t.app.db, { full: true })).toMatchObject({ ok: true, scope: 'full' })

    // The check finds a damaged day checkpoint and a damaged line.
    const [key] = [...kept.stored.keys()]
    const [account, date] = [key!.slice(0, key!.lastIndexOf(' ')), key!.slice(key!.lastIndexOf(' ') + 1)]
    await sql`UPDATE posting_days SET split_add = split_add + 1 WHERE account = ${account} AND date = ${date}`.execute(
      db,
    )
    expect((await booksCheck(t.app.db, { full: true })).first_divergence).toMatchObject({
      check: 'split checkpoint',
    })
    await sql`UPDATE posting_days SET split_add = split_add - 1 WHERE account = ${account} AND date = ${date}`.execute(
      db,
    )
    const { rows } = await sql<{ id: number }>`SELECT id FROM current_lines WHERE account = ${account}
      AND source_type = 'tickets' ORDER BY id LIMIT 1`.execute(db)
    // Lines are insert-only (decision 082): the damage needs the triggers out of the way.
    await dropInsertOnly(db)
    await sql`UPDATE posting_lines SET split_add = split_add + 100 WHERE id = ${rows[0]!.id}`.execute(db)
    await sql`UPDATE posting_days SET split_add = split_add + 100 WHERE account = ${account} AND date = ${date}`.execute(
      db,
    )
    expect((await booksCheck(t.app.db, { full: true })).first_divergence).toMatchObject({ check: 'split' })
    await sql`UPDATE posting_lines SET split_add = split_add - 100 WHERE id = ${rows[0]!.id}`.execute(db)
    await sql`UPDATE posting_days SET split_add = split_add - 100 WHERE account = ${account} AND date = ${date}`.execute(
      db,
    )

    // Migration 0033 builds the same day checkpoint from the lines in force and their records.
    await splitMigration.down(db)
    await splitMigration.up(db)
    await createInsertOnly(db)
    const rebuilt = await dayMaps(db)
    expect(rebuilt.stored).toEqual(kept.stored)
    expect(rebuilt.lines).toEqual(kept.stored)
    await expectPagesMatch(db)
    expect(await booksCheck(t.app.db, { full: true })).toMatchObject({ ok: true })
  })
})
