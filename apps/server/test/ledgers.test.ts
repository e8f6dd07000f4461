import { AccountFormInput, accountBody, openingBalanceAmounts } from '@booking/shared'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { backfillBooks } from '../src/books/backfill.ts'
import { move, syncLines } from '../src/books/lines.ts'
import { moneyIn } from '../src/db/money-columns.ts'
import { syncPosting } from '../src/lib/postings.ts'
import { DB_KIND } from './harness.ts'
import { byDateThenId, seededRandom, setupTestApp } from './helpers.ts'

type LedgerKind = 'agent' | 'vender' | 'accounts'

/** What differs between the three ledgers, for the shared balance checks. */
const LEDGERS = {
  agent: {
    table: 'agent_entries',
    name: 'agent_name',
    balance: 'balance',
    names: ['Agent Alpha', 'Agent Beta', 'Agent Gamma'],
    list: (body: any) => body.agents,
    body: (name: string, date: string, credit: number, debit: number) => ({
      agent_name: name,
      date,
      employee: 'admin',
      detail: 'api row',
      credit,
      debit,
      paid_cash: 0,
      paid_bank: 0,
    }),
    row: (name: string, date: string, credit: number, debit: number) => ({
      agent_name: name,
      date,
      employee: 'seed',
      entry: 'seed',
      detail: 'seeded',
      credit,
      debit,
    }),
  },
  vender: {
    table: 'vender_entries',
    name: 'vender_name',
    balance: 'remaining_amount',
    names: ['Vendor Alpha', 'Vendor Beta', 'Vendor Gamma'],
    list: (body: any) => body.vendors,
    body: (name: string, date: string, credit: number, debit: number) => ({
      vender_name: name,
      date,
      detail: 'api row',
      // Paid from office cash: a payment from a bank would also appear in that bank's ledger (issue 13).
      bank_title: 'Cash',
      credit,
      debit,
    }),
    row: (name: string, date: string, credit: number, debit: number) => ({
      vender_name: name,
      date,
      entry: 'seed',
      detail: 'seeded',
      // Cash: a bank payment would also add rows to that bank's ledger when the seed is posted.
      bank_title: 'Cash',
      credit,
      debit,
    }),
  },
  accounts: {
    table: 'account_entries',
    name: 'bank_name',
    balance: 'balance',
    names: ['UBL Account 1', 'HBL Account 1', 'JAZ C'],
    list: (body: any) => body.accounts,
    body: (name: string, date: string, credit: number, debit: number) => ({
      bank_name: name,
      employee_name: 'admin',
      vendor_name: '',
      date,
      detail: 'api row',
      credit,
      debit,
    }),
    row: (name: string, date: string, credit: number, debit: number) => ({
      bank_name: name,
      employee_name: 'seed',
      entry: 'seed',
      date,
      detail: 'seeded',
      credit,
      debit,
    }),
  },
} as const

const paisa = (rupees: number) => Math.round(rupees * 100)

/** The balances a ledger must show: per name, a running sum of credit - debit in (date, id) order. */
const expectedBalances = (rows: any[], nameKey: string) => {
  const ordered = [...rows].sort(byDateThenId)
  const sums = new Map<string, number>()
  const out = new Map<number, number>()
  for (const r of ordered) {
    const next = (sums.get(r[nameKey]) ?? 0) + paisa(r.credit) - paisa(r.debit)
    sums.set(r[nameKey], next)
    out.set(r.id, next)
  }
  return out
}

describe(`ledgers API (${DB_KIND})`, () => {
  const t = setupTestApp()

  /**
   * Rows written straight into a ledger table post their lines as an upgraded database's records
   * do (the books' backfill): since issue 13 the ledgers show balances over the posting lines.
   */
  const postSeeded = async () => {
    await (t.app.db as any).updateTable('books_totals').set({ backfill: 1 }).where('id', '=', 1).execute()
    await backfillBooks(t.app.db)
  }

  const listUrl = (kind: LedgerKind, params = '') => `/api/${kind}${params ? `?${params}` : ''}`

  /** Every row of a ledger as the API answers it, and a check of every balance against the test's own sums. */
  const checkAll = async (kind: LedgerKind) => {
    const L = LEDGERS[kind]
    const res = await t.call('admin', 'GET', listUrl(kind))
    expect(res.status).toBe(200)
    const rows = L.list(res.body) as any[]
    const expected = expectedBalances(rows, L.name)
    for (const r of rows) expect([r.id, paisa(r[L.balance])]).toEqual([r.id, expected.get(r.id)])
    return { rows, expected }
  }

  describe.each(['agent', 'vender', 'accounts'] as const)('%s running balance', (kind) => {
    const L = LEDGERS[kind]
    const next = seededRandom(kind.length * 7919)
    const day = (i: number) => {
      const d = new Date(Date.UTC(2025, 0, 1) + i * 86_400_000)
      return d.toISOString().slice(0, 10)
    }

    it('seeds 1,000 rows and every balance equals the sum computed here', async () => {
      const now = new Date().toISOString()
      const values = Array.from({ length: 1000 }, (_, i) => {
        const credit = next() < 0.6 ? Math.round(next() * 1_000_000) / 100 : 0
        const debit = credit === 0 ? Math.round(next() * 500_000) / 100 + 1 : 0
        // Dates out of id order, with many on the same day, so (date, id) ordering really matters.
        const row = L.row(L.names[i % 3], day(Math.floor(next() * 200)), credit, debit)
        return { ...moneyIn(L.table, row), created_at: now }
      })
      await t.app.db.transaction().execute(async (trx) => {
        for (let i = 0; i < values.length; i += 200) {
          await (trx as any)
            .insertInto(L.table)
            .values(values.slice(i, i + 200))
            .execute()
        }
      })
      await postSeeded()
      const { rows } = await checkAll(kind)
      expect(rows).toHaveLength(1000)
    })

    it('a create, an edit and a delete in the middle move every later balance', async () => {
      const name = L.names[1]
      const created = await t.call('admin', 'POST', `/api/${kind}`, L.body(name, day(100), 12345.67, 0))
      expect(created.status).toBe(201)
      const after = await checkAll(kind)
      expect(after.rows).toHaveLength(1001)

      const middle = after.rows.filter((r) => r[L.name] === name && r.date === day(50))[0] ?? after.rows[500]
      const edited = await t.call(
        'admin',
        'PUT',
        `/api/${kind}/${middle.id}`,
        L.body(middle[L.name], day(120), 0, 999.99),
      )
      expect(edited.status).toBe(200)
      const afterEdit = await checkAll(kind)
      const moved = afterEdit.rows.find((r) => r.id === middle.id)
      expect(moved.date).toBe(day(120))
      expect(moved.entry).toBe(middle.entry)

      const victim = afterEdit.rows[300]
      expect((await t.call('admin', 'DELETE', `/api/${kind}/${victim.id}`)).status).toBe(200)
      const afterDelete = await checkAll(kind)
      expect(afterDelete.rows).toHaveLength(1000)
      expect(afterDelete.rows.some((r) => r.id === victim.id)).toBe(false)
    })

    it('filters choose rows, never balances; pages are right too', async () => {
      const { rows, expected } = await checkAll(kind)
      const compare = (shown: any[]) => {
        expect(shown.length).toBeGreaterThan(0)
        for (const r of shown) expect([r.id, paisa(r[L.balance])]).toEqual([r.id, expected.get(r.id)])
      }
      const byDate = await t.call('admin', 'GET', listUrl(kind, `from=${day(60)}&to=${day(90)}`))
      const dated = L.list(byDate.body) as any[]
      expect(dated.length).toBe(rows.filter((r) => r.date >= day(60) && r.date <= day(90)).length)
      compare(dated)

      const searched = L.list((await t.call('admin', 'GET', listUrl(kind, 'q=API%20ROW'))).body) as any[]
      expect(searched.every((r) => r.detail === 'api row')).toBe(true)
      compare(searched)

      const name = encodeURIComponent(L.names[2])
      const named = L.list((await t.call('admin', 'GET', listUrl(kind, `name=${name}`))).body) as any[]
      expect(named.length).toBe(rows.filter((r) => r[L.name] === L.names[2]).length)
      compare(named)

      const page = await t.call('admin', 'GET', listUrl(kind, `limit=50&offset=100&sort=-date&name=${name}`))
      expect(page.body.total).toBe(named.length)
      const paged = L.list(page.body) as any[]
      expect(paged).toHaveLength(50)
      compare(paged)
      const newestFirst = [...named].sort((a, b) =>
        a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1,
      )
      expect(paged.map((r) => r.id)).toEqual(newestFirst.slice(100, 150).map((r) => r.id))
    })
  })

  it('GET /accounts/{bankName} answers a plain array of that bank with balances', async () => {
    const res = await t.call('admin', 'GET', '/api/accounts/HBL%20Account%201')
    expect(Array.isArray(res.body)).toBe(true)
    expect(res.body.length).toBeGreaterThan(0)
    expect(res.body.every((r: any) => r.bank_name === 'HBL Account 1')).toBe(true)
    const expected = expectedBalances(res.body, 'bank_name')
    for (const r of res.body) expect(paisa(r.balance)).toBe(expected.get(r.id))
    expect(Object.keys(res.body[0])).toEqual(
      expect.arrayContaining([
        'id',
        'bank_name',
        'employee_name',
        'vendor_name',
        'entry',
        'date',
        'detail',
        'credit',
        'debit',
        'balance',
      ]),
    )
  })

  describe('agent wrapper keys and messages', () => {
    const valid = LEDGERS.agent.body('Agent Wrap', '2026-02-01', 500, 0)

    it('lists under {agents} with the spec fields', async () => {
      const created = await t.call('employee', 'POST', '/api/agent', valid)
      expect(created.status).toBe(201)
      expect(created.body.status).toBe('success')
      expect(created.body.agent.employee).toBe('emp')
      expect(created.body.agent.entry).toMatch(/^\d+\/\d+$/)
      const list = await t.call('employee', 'GET', '/api/agent?name=Agent%20Wrap')
      expect(Object.keys(list.body)).toEqual(['agents'])
      expect(Object.keys(list.body.agents[0])).toEqual(
        expect.arrayContaining([
          'id',
          'agent_name',
          'date',
          'employee',
          'entry',
          'detail',
          'credit',
          'debit',
          'paid_cash',
          'paid_bank',
          'balance',
          'receivable_amount',
        ]),
      )
      expect(list.body.agents[0].balance).toBe(500)
    })

    it('answers the spec messages and stores nothing', async () => {
      const before = (await t.call('admin', 'GET', '/api/agent')).body.agents.length
      const empty = await t.call('employee', 'POST', '/api/agent', {})
      expect(empty.status).toBe(400)
      expect(empty.body.status).toBe('error')
      expect(empty.body.errors).toMatchObject({
        agent_name: 'Agent name is required',
        date: 'Date is required',
        employee: 'Employee is required',
        detail: 'Detail is required',
      })
      expect(empty.body.errors.entry).toBeUndefined()
      const negative = await t.call('employee', 'POST', '/api/agent', {
        ...valid,
        credit: -1,
        debit: -1,
        paid_cash: -1,
        paid_bank: -1,
      })
      expect(negative.body.errors).toMatchObject({
        credit: 'Credit must be positive',
        debit: 'Debit must be positive',
        paid_cash: 'Paid cash must be positive',
        paid_bank: 'Paid bank must be positive',
      })
      const none = await t.call('employee', 'POST', '/api/agent', { ...valid, credit: 0, debit: 0 })
      expect(none.body.errors).toEqual({ credit: 'Either Credit or Debit is required' })
      expect((await t.call('admin', 'GET', '/api/agent')).body.agents.length).toBe(before)
    })

    it('lets employees read and add, not edit or delete', async () => {
      const id = (await t.call('employee', 'POST', '/api/agent', valid)).body.agent.id
      expect((await t.call('employee', 'PUT', `/api/agent/${id}`, valid)).status).toBe(403)
      expect((await t.call('employee', 'DELETE', `/api/agent/${id}`)).status).toBe(403)
      const updated = await t.call('admin', 'PUT', `/api/agent/${id}`, { ...valid, detail: 'changed' })
      expect(updated.body).toMatchObject({ status: 'success', agent: { detail: 'changed', employee: 'emp' } })
      expect((await t.call('admin', 'DELETE', `/api/agent/${id}`)).body.status).toBe('success')
      expect((await t.call('admin', 'DELETE', `/api/agent/${id}`)).status).toBe(404)
    })

    it("shows a ticket's posting in the ledger and refuses to change it there", async () => {
      await t.app.db.transaction().execute((trx) =>
        syncPosting(
          trx,
          'agent_entries',
          { type: 'tickets', id: 77 },
          {
            agent_name: 'Agent Wrap',
            date: '2026-01-15',
            employee: 'emp',
            entry: '9/9',
            detail: 'Ticket LHE-DXB',
            credit: 0,
            debit: 200,
            paid_cash: 0,
            paid_bank: 0,
            receivable_amount: 200,
            bank_title: '',
          },
        ),
      )
      // The ticket's lines with it: the ledger shows the agent account's balance (issue 13).
      await t.app.db
        .transaction()
        .execute((trx) =>
          syncLines(
            trx,
            { type: 'tickets', id: 77 },
            { date: '2026-01-15', entry: '9/9', detail: 'Ticket' },
            move('agent:Agent Wrap', 'income:tickets', 200),
          ),
        )
      const rows = (await t.call('employee', 'GET', '/api/agent?name=Agent%20Wrap')).body.agents
      const posted = rows.find((r: any) => r.source_type === 'tickets')
      // The ticket's row is dated first, so it comes first in the running balance.
      expect(rows[0].id).toBe(posted.id)
      expect(posted.balance).toBe(-200)
      expect(rows.at(-1).balance).toBe(300)
      expect((await t.call('admin', 'PUT', `/api/agent/${posted.id}`, valid)).status).toBe(409)
      expect((await t.call('admin', 'DELETE', `/api/agent/${posted.id}`)).status).toBe(409)
    })
  })

  describe('vendor wrapper keys and messages', () => {
    const valid = LEDGERS.vender.body('Vendor Wrap', '2026-02-01', 1000, 0)

    it('answers {status, vendors, message} and {status, message}', async () => {
      const created = await t.call('admin', 'POST', '/api/vender', valid)
      expect(created.status).toBe(201)
      expect(created.body).toMatchObject({ status: 'success', message: expect.any(String) })
      const paid = await t.call('admin', 'POST', '/api/vender', {
        ...valid,
        credit: 0,
        debit: 400,
        withdraw: 50,
      })
      const list = await t.call('admin', 'GET', '/api/vender?name=Vendor%20Wrap')
      expect(list.body).toEqual({ status: 'success', vendors: expect.any(Array), message: '' })
      // Issue 13: the vendor account's balance, so the 50 withdrawn is owed no more (was 600).
      expect(list.body.vendors.map((v: any) => v.remaining_amount)).toEqual([1000, 550])
      expect(list.body.vendors[1].withdraw).toBe(50)
      const updated = await t.call('admin', 'PUT', `/api/vender/${paid.body.vendor.id}`, {
        ...valid,
        credit: 0,
        debit: 100,
      })
      expect(updated.body).toMatchObject({ status: 'success', message: expect.any(String) })
      const deleted = await t.call('admin', 'DELETE', `/api/vender/${created.body.vendor.id}`)
      expect(deleted.body).toEqual({ status: 'success', message: expect.any(String) })
    })

    it('journals a vendor row only when it withdraws', async () => {
      const journal = () =>
        t.app.db
          .selectFrom('journal')
          .select(['source_id', 'withdraw'])
          .where('source_type', '=', 'vender_entries')
          .execute()
      const before = (await journal()).length
      const plain = await t.call('admin', 'POST', '/api/vender', valid)
      expect((await journal()).length).toBe(before)
      await t.call('admin', 'PUT', `/api/vender/${plain.body.vendor.id}`, { ...valid, withdraw: 75 })
      const rows = await journal()
      expect(rows.find((r) => r.source_id === plain.body.vendor.id)?.withdraw).toBe(7500)
      await t.call('admin', 'PUT', `/api/vender/${plain.body.vendor.id}`, valid)
      expect((await journal()).length).toBe(before)
    })

    it('answers the spec messages', async () => {
      const empty = await t.call('admin', 'POST', '/api/vender', {})
      expect(empty.status).toBe(400)
      expect(empty.body.errors).toMatchObject({
        vender_name: 'Vendor name is required',
        date: 'Date is required',
        detail: 'Detail is required',
        bank_title: 'Bank Title is required',
      })
      const both = await t.call('admin', 'POST', '/api/vender', { ...valid, credit: 5, debit: 5 })
      expect(both.body.errors).toEqual({ credit: 'Either Credit or Debit is required, but not both' })
      const none = await t.call('admin', 'POST', '/api/vender', { ...valid, credit: 0 })
      expect(none.body.errors).toEqual({ credit: 'Either Credit or Debit is required, but not both' })
      const negative = await t.call('admin', 'POST', '/api/vender', { ...valid, debit: -3 })
      expect(negative.body.errors.debit).toBe('Debit must be 0 or more')
    })

    it('is admin only for every method', async () => {
      const id = (await t.call('admin', 'POST', '/api/vender', valid)).body.vendor.id
      expect((await t.call('employee', 'GET', '/api/vender')).status).toBe(403)
      expect((await t.call('employee', 'POST', '/api/vender', valid)).status).toBe(403)
      expect((await t.call('employee', 'PUT', `/api/vender/${id}`, valid)).status).toBe(403)
      expect((await t.call('employee', 'DELETE', `/api/vender/${id}`)).status).toBe(403)
      expect((await t.call('none', 'GET', '/api/vender')).status).toBe(401)
    })
  })

  describe('office accounts', () => {
    const valid = { ...LEDGERS.accounts.body('MCB FIT', '2026-03-01', 0, 250), vendor_name: 'Acme Travels' }
    const vendorRows = async (name = 'Acme Travels') =>
      (await t.call('admin', 'GET', `/api/vender?name=${encodeURIComponent(name)}`)).body.vendors as any[]

    it('answers the spec messages', async () => {
      const empty = await t.call('admin', 'POST', '/api/accounts', {
        bank_name: 'MCB FIT',
        date: '2026-03-01',
      })
      expect(empty.status).toBe(400)
      expect(empty.body.errors.detail).toBe('Enter Detail')
      const none = await t.call('admin', 'POST', '/api/accounts', { ...valid, debit: 0 })
      expect(none.body.errors).toEqual({ credit: 'Enter amount in either Credit or Debit' })
    })

    it('applies the opening balance sign rule', async () => {
      expect(openingBalanceAmounts(1500)).toEqual({ credit: 1500, debit: 0 })
      expect(openingBalanceAmounts(-250.5)).toEqual({ credit: 0, debit: 250.5 })
      const form = { ...valid, vendor_name: '', opening: true, credit: '', debit: '' }
      const missing = AccountFormInput.safeParse({ ...form, balance: '' })
      expect(missing.success).toBe(false)
      expect(missing.error?.issues[0]).toMatchObject({ path: ['balance'], message: 'Enter Opening Balance' })
      const negative = AccountFormInput.parse({ ...form, bank_name: 'JAZ C', balance: '-1200.25' })
      const body = accountBody(negative)
      expect(body).toMatchObject({ credit: 0, debit: 1200.25 })
      expect(body).not.toHaveProperty('opening')
      expect(body).not.toHaveProperty('balance')
      const saved = await t.call('admin', 'POST', '/api/accounts', { ...body, date: '2000-01-01' })
      expect(saved.status).toBe(201)
      const jazz = (await t.call('admin', 'GET', '/api/accounts/JAZ%20C')).body
      expect(jazz[0]).toMatchObject({ id: saved.body.account.id, debit: 1200.25, balance: -1200.25 })
      expect(accountBody(AccountFormInput.parse({ ...form, balance: 300 }))).toMatchObject({
        credit: 300,
        debit: 0,
      })
    })

    it('posts, updates and removes the vendor row with the account entry', async () => {
      const created = await t.call('admin', 'POST', '/api/accounts', valid)
      expect(created.status).toBe(201)
      const account = created.body.account
      let rows = await vendorRows()
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        vender_name: 'Acme Travels',
        entry: account.entry,
        date: '2026-03-01',
        bank_title: 'MCB FIT',
        debit: 250,
        remaining_amount: -250,
        source_type: 'account_entries',
        source_id: account.id,
      })
      const postedId = rows[0].id
      expect(
        (
          await t.call(
            'admin',
            'PUT',
            `/api/vender/${postedId}`,
            LEDGERS.vender.body('X', '2026-01-01', 1, 0),
          )
        ).status,
      ).toBe(409)
      expect((await t.call('admin', 'DELETE', `/api/vender/${postedId}`)).status).toBe(409)

      await t.call('admin', 'PUT', `/api/accounts/${account.id}`, { ...valid, debit: 400 })
      rows = await vendorRows()
      expect(rows).toEqual([expect.objectContaining({ id: postedId, debit: 400, remaining_amount: -400 })])

      await t.call('admin', 'PUT', `/api/accounts/${account.id}`, { ...valid, vendor_name: 'Other Vendor' })
      expect(await vendorRows()).toHaveLength(0)
      expect(await vendorRows('Other Vendor')).toHaveLength(1)

      await t.call('admin', 'PUT', `/api/accounts/${account.id}`, { ...valid, vendor_name: '' })
      expect(await vendorRows('Other Vendor')).toHaveLength(0)

      await t.call('admin', 'PUT', `/api/accounts/${account.id}`, valid)
      expect(await vendorRows()).toHaveLength(1)
      expect((await t.call('admin', 'DELETE', `/api/accounts/${account.id}`)).status).toBe(200)
      expect(await vendorRows()).toHaveLength(0)
    })

    it('stores neither the account row nor the vendor row when the vendor posting fails', async () => {
      const db = t.app.db
      // Make the vendor ledger refuse one name, the way a broken disk or constraint would.
      if (DB_KIND === 'postgres') {
        await sql`ALTER TABLE vender_entries ADD CONSTRAINT no_blocked CHECK (vender_name <> 'Blocked')`.execute(
          db,
        )
      } else {
        await sql`CREATE TRIGGER no_blocked BEFORE INSERT ON vender_entries WHEN NEW.vender_name = 'Blocked'
          BEGIN SELECT RAISE(ABORT, 'blocked'); END`.execute(db)
        await sql`CREATE TRIGGER no_blocked_update BEFORE UPDATE ON vender_entries WHEN NEW.vender_name = 'Blocked'
          BEGIN SELECT RAISE(ABORT, 'blocked'); END`.execute(db)
      }
      try {
        const count = async () => (await t.call('admin', 'GET', '/api/accounts/MCB%20FIT')).body.length
        const before = await count()
        const failed = await t.call('admin', 'POST', '/api/accounts', { ...valid, vendor_name: 'Blocked' })
        expect(failed.status).toBe(500)
        expect(await count()).toBe(before)
        expect(await vendorRows('Blocked')).toHaveLength(0)

        const kept = (await t.call('admin', 'POST', '/api/accounts', valid)).body.account
        const edit = await t.call('admin', 'PUT', `/api/accounts/${kept.id}`, {
          ...valid,
          vendor_name: 'Blocked',
          debit: 9,
        })
        expect(edit.status).toBe(500)
        const stored = (await t.call('admin', 'GET', '/api/accounts/MCB%20FIT')).body.find(
          (r: any) => r.id === kept.id,
        )
        expect(stored).toMatchObject({ vendor_name: 'Acme Travels', debit: 250 })
        expect(await vendorRows()).toEqual([expect.objectContaining({ source_id: kept.id, debit: 250 })])
      } finally {
        if (DB_KIND === 'postgres')
          await sql`ALTER TABLE vender_entries DROP CONSTRAINT no_blocked`.execute(db)
        else {
          await sql`DROP TRIGGER no_blocked`.execute(db)
          await sql`DROP TRIGGER no_blocked_update`.execute(db)
        }
      }
    })

    it('is admin only for every method', async () => {
      const id = (await t.call('admin', 'POST', '/api/accounts', valid)).body.account.id
      expect((await t.call('employee', 'GET', '/api/accounts/MCB%20FIT')).status).toBe(403)
      expect((await t.call('employee', 'GET', '/api/accounts')).status).toBe(403)
      expect((await t.call('employee', 'POST', '/api/accounts', valid)).status).toBe(403)
      expect((await t.call('employee', 'PUT', `/api/accounts/${id}`, valid)).status).toBe(403)
      expect((await t.call('employee', 'DELETE', `/api/accounts/${id}`)).status).toBe(403)
    })
  })

  describe('banks', () => {
    it('adds, renames with its rows, deactivates, and never deletes a used bank', async () => {
      const added = await t.call('admin', 'POST', '/api/admin/banks', { name: 'Meezan Main' })
      expect(added.status).toBe(201)
      expect(added.body.bank).toMatchObject({ name: 'Meezan Main', active: true })
      expect((await t.call('admin', 'POST', '/api/admin/banks', { name: 'Meezan Main' })).status).toBe(409)
      expect((await t.call('admin', 'POST', '/api/admin/banks', { name: ' ' })).body.errors.name).toBe(
        'Bank name is required',
      )
      expect((await t.call('employee', 'POST', '/api/admin/banks', { name: 'Nope' })).status).toBe(403)
      const id = added.body.bank.id

      const entry = { ...LEDGERS.accounts.body('Meezan Main', '2026-04-01', 100, 0) }
      expect((await t.call('admin', 'POST', '/api/accounts', entry)).status).toBe(201)
      const renamed = await t.call('admin', 'PUT', `/api/admin/banks/${id}`, { name: 'Meezan Travel' })
      expect(renamed.body.bank.name).toBe('Meezan Travel')
      expect((await t.call('admin', 'GET', '/api/accounts/Meezan%20Travel')).body).toHaveLength(1)
      expect((await t.call('admin', 'GET', '/api/accounts/Meezan%20Main')).body).toHaveLength(0)

      expect((await t.call('admin', 'DELETE', `/api/admin/banks/${id}`)).status).toBe(409)
      await t.call('admin', 'PUT', `/api/admin/banks/${id}`, { active: false })
      const banks = (await t.call('employee', 'GET', '/api/banks')).body.banks
      expect(banks.find((b: any) => b.id === id)).toMatchObject({ active: false })
      const refused = await t.call('admin', 'POST', '/api/accounts', { ...entry, bank_name: 'Meezan Travel' })
      expect(refused.status).toBe(400)
      expect(refused.body.errors.bank_name).toBe('This bank account is inactive')

      const spare = (await t.call('admin', 'POST', '/api/admin/banks', { name: 'Spare' })).body.bank.id
      expect((await t.call('admin', 'DELETE', `/api/admin/banks/${spare}`)).status).toBe(200)
    })
  })
})
