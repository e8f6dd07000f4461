import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { booksCheck } from '../src/books/check.ts'
import { connect } from '../src/db/connect.ts'
import { DB_KIND, TEST_SECRET } from './harness.ts'
import { addNames, passenger, setupTestApp } from './helpers.ts'
import { backBeforeMoneyOnce, LEDGER_MONEY } from './money-once-shape.ts'

/**
 * Issue 21 item 3 (decision 072): a ledger row another record posted stores no money; the screens
 * show the figures the previous release stored, from the source's lines (or its typed split).
 * Issue 26 item 2 (decision 073): the books check proves only what can still diverge, incrementally.
 */
const BANK = 'UBL Account 1'
const ticket = {
  employee_name: 'emp',
  agent_name: 'Agent A',
  customer_add: 'Ali Traders',
  reference: 'R',
  depart_date: '2026-12-10',
  return_date: '2026-12-20',
  sector: 'LHE-DXB',
  airline: 'Emirates',
  adults: 1,
  children: 0,
  infants: 0,
  passport_detail: JSON.stringify([passenger('Ali', 'Khan')]),
  receivable_amount: 100_000,
  paid_cash: 10_000,
  bank_title: BANK,
  paid_in_bank: 20_000,
  payable_to_vendor: 60_000,
  vendor_name: 'Vendor V',
}

const SCREENS = [
  '/api/agent?name=Agent%20A',
  '/api/agent?sort=-credit&limit=10',
  '/api/agent?q=100000&limit=10',
  '/api/vender?name=Vendor%20V',
  '/api/vender?sort=credit&limit=10',
  `/api/accounts/${encodeURIComponent(BANK)}`,
  '/api/accounts?sort=-credit&limit=10',
  '/api/reports/trial-balance',
  '/api/dashboard',
]

type Figures = Record<string, number>
/** Paisa, as the previous release stored them. */
const paisa = (f: Figures) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v * 100]))

describe(`money stored once (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, { agents: ['Agent A'], vendors: ['Vendor V'] }))
  const db = () => t.app.db
  /** One posted row's figures, from its table or its ledger's view. */
  const figuresOf = async (from: string, columns: string[], type: string, source: number) => {
    const { rows } = await sql<Record<string, unknown>>`SELECT ${sql.join(columns.map((c) => sql.ref(c)))}
      FROM ${sql.table(from)} WHERE source_type = ${type} AND source_id = ${source}`.execute(db())
    expect(rows, `${from} ${type}`).toHaveLength(1)
    return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]))
  }

  it('posted ledger rows store no money, show the figures the previous release stored, and upgrade unchanged', {
    timeout: 60_000,
  }, async () => {
    const sold = await t.call('employee', 'POST', '/api/ticket', ticket)
    expect(sold.status).toBe(201)
    const id = sold.body.ticket.id
    const paid = await t.call('employee', 'POST', '/api/payments', {
      source_type: 'ticket',
      source_id: id,
      amount: 5_000,
      method: 'bank',
      bank_title: BANK,
    })
    expect(paid.status).toBe(201)
    const office = await t.call('admin', 'POST', '/api/accounts', {
      bank_name: BANK,
      employee_name: 'admin',
      vendor_name: 'Vendor V',
      date: '2026-11-19',
      detail: 'Both sides',
      credit: 3_000,
      debit: 1_000,
    })
    expect(office.status).toBe(201)
    const vendorPaid = await t.call('admin', 'POST', '/api/vender', {
      vender_name: 'Vendor V',
      date: '2026-11-19',
      detail: 'Paid from the bank',
      bank_title: BANK,
      credit: 0,
      debit: 2_000,
    })
    expect(vendorPaid.status).toBe(201)
    const paymentId = paid.body.payment?.id ?? paid.body.id
    const officeId = office.body.account.id
    const vendorId = vendorPaid.body.vendor.id

    // What the previous release stored in each posted row (its posting rules, written out by hand).
    const expected: [string, string, number, Figures][] = [
      [
        'agent_entries',
        'tickets',
        id,
        { debit: 100_000, credit: 30_000, paid_cash: 10_000, paid_bank: 20_000, receivable_amount: 100_000 },
      ],
      [
        'agent_entries',
        'payments',
        paymentId,
        { debit: 0, credit: 5_000, paid_cash: 0, paid_bank: 5_000, receivable_amount: 0 },
      ],
      ['account_entries', 'tickets', id, { credit: 20_000, debit: 0 }],
      ['account_entries', 'payments', paymentId, { credit: 5_000, debit: 0 }],
      ['account_entries', 'vender_entries', vendorId, { credit: 0, debit: 2_000 }],
      ['vender_entries', 'tickets', id, { credit: 60_000, debit: 0, withdraw: 0 }],
      ['vender_entries', 'account_entries', officeId, { credit: 3_000, debit: 1_000, withdraw: 0 }],
    ]
    const VIEW: Record<string, string> = {
      agent_entries: 'agent_ledger',
      account_entries: 'office_ledger',
      vender_entries: 'vendor_ledger',
    }
    for (const [table, type, source, figures] of expected) {
      const columns = Object.keys(figures)
      // Stored once: the row keeps where it shows, not the money.
      expect(await figuresOf(table, columns, type, source), `${table} ${type}`).toEqual(
        Object.fromEntries(columns.map((c) => [c, 0])),
      )
      expect(await figuresOf(VIEW[table]!, columns, type, source), `${table} ${type}`).toEqual(paisa(figures))
    }
    // The single-row answer shows them too.
    const agentRow = await db()
      .selectFrom('agent_entries')
      .select('id')
      .where('source_type', '=', 'tickets')
      .executeTakeFirstOrThrow()
    const one = await t.call('employee', 'GET', `/api/agent/${agentRow.id}`)
    expect(one.body.agent).toMatchObject({ debit: 100_000, credit: 30_000, paid_bank: 20_000 })

    const before: Record<string, unknown> = {}
    for (const url of SCREENS) {
      const res = await t.call('admin', 'GET', url)
      expect(res.status, url).toBe(200)
      before[url] = res.body
    }
    expect((before[SCREENS[2]!] as { agents: unknown[] }).agents).toHaveLength(1)

    // The previous release's shape: posted rows hold those figures, no views.
    const old = connect(t.databaseUrl)
    try {
      await old.transaction().execute(async (trx) => {
        await backBeforeMoneyOnce(trx)
        for (const [table, type, source, figures] of expected)
          await sql`UPDATE ${sql.table(table)} SET ${sql.join(
            Object.entries(paisa(figures)).map(([c, v]) => sql`${sql.ref(c)} = ${v}`),
          )} WHERE source_type = ${type} AND source_id = ${source}`.execute(trx)
      })
    } finally {
      await old.destroy()
    }

    const app = await buildApp({ databaseUrl: t.databaseUrl, jwtSecret: TEST_SECRET })
    try {
      for (const url of SCREENS) {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${t.tokens.admin}` },
        })
        expect(res.statusCode, url).toBe(200)
        expect(res.json(), url).toEqual(before[url])
      }
      // The upgrade left no money in a posted row.
      for (const [table, , columns] of LEDGER_MONEY) {
        const { rows } = await sql`SELECT id FROM ${sql.table(table)} WHERE source_type IS NOT NULL
          AND (${sql.join(
            columns.map((c) => sql`${sql.ref(c)} <> 0`),
            sql` OR `,
          )})`.execute(app.db)
        expect(rows, table).toEqual([])
      }
      expect((await booksCheck(app.db, { full: true })).first_divergence).toBeUndefined()
    } finally {
      await app.close()
    }
  })

  it('checks incrementally from the last verified point, and fully on demand', {
    timeout: 60_000,
  }, async () => {
    const first = await booksCheck(t.app.db)
    expect(first.ok).toBe(true)
    // Nothing new: nothing to prove.
    const again = await booksCheck(t.app.db)
    expect(again).toMatchObject({
      ok: true,
      scope: 'incremental',
      lines: 0,
      through_line: first.through_line,
    })

    const sold = await t.call('employee', 'POST', '/api/ticket', {
      ...ticket,
      paid_in_bank: 0,
      bank_title: '',
    })
    expect(sold.status).toBe(201)
    const next = await booksCheck(t.app.db)
    expect(next.scope).toBe('incremental')
    expect(next.ok).toBe(true)
    expect(next.lines).toBeGreaterThan(0)
    expect(next.through_line).toBeGreaterThan(first.through_line)

    // A damaged checkpoint of a month the new lines touched: the incremental check names it.
    await t.call('employee', 'POST', '/api/ticket', { ...ticket, paid_in_bank: 0, bank_title: '' })
    const month = (
      await db().selectFrom('posting_lines').select('date').orderBy('id', 'desc').executeTakeFirstOrThrow()
    ).date.slice(0, 7)
    await sql`UPDATE posting_months SET debit = debit + 1 WHERE account = 'cash' AND month = ${month}`.execute(
      db(),
    )
    const caught = await booksCheck(t.app.db)
    expect(caught.scope).toBe('incremental')
    expect(caught.first_divergence).toMatchObject({
      check: 'posting checkpoint debit',
      account: `cash ${month}`,
    })
    // Not verified: the point stays, so the next run looks again.
    expect((await booksCheck(t.app.db)).ok).toBe(false)
    await sql`UPDATE posting_months SET debit = debit - 1 WHERE account = 'cash' AND month = ${month}`.execute(
      db(),
    )
    expect((await booksCheck(t.app.db)).ok).toBe(true)

    // The books' total out by one paisa: the incremental run falls back to the full check, which names it.
    await sql`UPDATE books_totals SET debit = debit + 1 WHERE id = 1`.execute(db())
    const total = await booksCheck(t.app.db)
    expect(total).toMatchObject({ ok: false, scope: 'full' })
    expect(total.first_divergence?.check).toBe('total debits')
    await sql`UPDATE books_totals SET debit = debit - 1 WHERE id = 1`.execute(db())

    // A copy the incremental check leaves to the full one: a record's stored remaining.
    await sql`UPDATE tickets SET remaining_amount = remaining_amount + 100 WHERE id = ${sold.body.ticket.id}`.execute(
      db(),
    )
    expect((await booksCheck(t.app.db)).ok).toBe(true)
    const full = await booksCheck(t.app.db, { full: true })
    expect(full).toMatchObject({ ok: false, scope: 'full' })
    expect(full.first_divergence).toMatchObject({ check: 'remaining', account: 'tickets' })
    await sql`UPDATE tickets SET remaining_amount = remaining_amount - 100 WHERE id = ${sold.body.ticket.id}`.execute(
      db(),
    )

    // A bank renamed changes its account's name, no line (decision 082): the next check stays incremental.
    const banks = (await t.call('admin', 'GET', '/api/admin/banks')).body.banks as {
      id: number
      name: string
    }[]
    const bank = banks.find((b) => b.name === BANK)!
    expect(
      (await t.call('admin', 'PUT', `/api/admin/banks/${bank.id}`, { name: 'UBL Renamed' })).status,
    ).toBe(200)
    expect(await booksCheck(t.app.db)).toMatchObject({ ok: true, scope: 'incremental', lines: 0 })

    // npm run check-books: the full check from the command line, with its time.
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/check-books.ts', t.databaseUrl],
      {
        cwd: resolve(import.meta.dirname, '../../..'),
        encoding: 'utf8',
      },
    )
    expect(run.stdout).toMatch(/^Books OK: [\d,]+ figures over [\d,]+ lines \([\d.]+ ms\)/)
    expect(run.status).toBe(0)
  })
})
