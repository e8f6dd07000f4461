import { booksClosedMessage, businessToday, type Money, moneyOfRupees, pkr } from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { booksCheck } from '../src/books/check.ts'
import * as ledger from '../src/books/ledger.ts'
import { linesOf } from '../src/books/moves.ts'
import { DB_KIND, type TestApp } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

/**
 * Issue 32 items 1-2 (decisions 081-083): the books' lines and entry headers are insert-only in
 * the database itself; a bank rename changes its account's name and no line; a customer merge
 * appends (reversal and new entry on the survivor) and changes no line; neither moves a closed
 * day's figure, and the books check stays incremental across both.
 */

const D1 = '2026-11-02'

/** The id of the record a create answered (its one object with an id). */
const idOf = (body: Record<string, unknown>) => {
  const row = Object.values(body).find((v) => typeof v === 'object' && v !== null && 'id' in v)
  return Number((row as { id: unknown } | undefined)?.id)
}

const addCustomer = async (t: TestApp, name: string, mobile: string) => {
  const res = await t.call('admin', 'POST', '/api/customers', { name, mobile_number: mobile })
  expect(res.status).toBe(201)
  return res.body.customer.id as number
}

const sellVisa = async (t: TestApp, customer: string, receivable: number) => {
  const saved = await t.call('employee', 'POST', '/api/visa-processing', {
    ...VALID_BODIES['/api/visa-processing'].body,
    customer_add: customer,
    receivable_amount: receivable,
    paid_cash: 1000,
    paid_in_bank: 0,
    bank_title: '',
  })
  expect(saved.status, JSON.stringify(saved.body)).toBe(201)
  return saved.body.visa_processing as { id: number; customer_id: number }
}

describe(`insert-only books (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, COMMON_NAMES))
  const db = () => t.app.db as unknown as Kysely<any>
  const lines = async () =>
    (await sql<Record<string, unknown>>`SELECT * FROM posting_lines ORDER BY id`.execute(db())).rows.map(
      (r) => JSON.stringify(r),
    )
  const count = async (table: string) =>
    Number(
      (await sql<{ n: unknown }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db())).rows[0]!.n,
    )
  /** The trial balance to a day as text, its accounts in code order (a rename re-sorts them). */
  const trialBalanceText = async (to: string) => {
    const body = (await t.call('admin', 'GET', `/api/reports/trial-balance?to=${to}`)).body
    body.accounts.sort((x: { code: string }, y: { code: string }) => (x.code < y.code ? -1 : 1))
    return JSON.stringify(body)
  }
  const balanceOf = async (id: number) =>
    (await t.call('admin', 'GET', `/api/customers/${id}`)).body.customer.balance as number

  it('refuses an UPDATE or DELETE of a posting line or an entry header in the database', async () => {
    await sellVisa(t, 'Walk-in Insert Only', 5000)
    const before = await lines()
    const headers = await count('book_entries')
    expect(before.length).toBeGreaterThan(0)
    const refused = [
      sql`UPDATE posting_lines SET debit = debit + 1`,
      sql`UPDATE posting_lines SET account = 'bank:Elsewhere'`,
      sql`DELETE FROM posting_lines`,
      sql`DELETE FROM posting_lines WHERE id = (SELECT max(id) FROM posting_lines)`,
      sql`UPDATE book_entries SET memo = 'rewritten'`,
      sql`DELETE FROM book_entries`,
      ...(DB_KIND === 'postgres' ? [sql`TRUNCATE posting_lines`, sql`TRUNCATE book_entries CASCADE`] : []),
    ]
    for (const statement of refused) await expect(statement.execute(db())).rejects.toThrow(/insert-only/)
    expect(await lines()).toEqual(before)
    expect(await count('book_entries')).toBe(headers)
  })

  it('a customer merge appends and changes no line; the survivor carries the balance; the check stays incremental', async () => {
    const c = await addCustomer(t, 'Merge From Customer', '03005551101')
    const d = await addCustomer(t, 'Merge Into Customer', '03005551102')
    const sold = await sellVisa(t, 'Merge From Customer', 9000)
    expect(sold.customer_id).toBe(c)
    await sellVisa(t, 'Merge Into Customer', 4000)
    expect(await booksCheck(t.app.db)).toMatchObject({ ok: true })
    const before = await lines()
    const merged = await t.call('admin', 'POST', `/api/customers/${c}/merge`, { into_id: d })
    expect(merged.status, JSON.stringify(merged.body)).toBe(200)
    const after = await lines()
    // Every line that was there is byte for byte the same; the merge only appended.
    expect(after.slice(0, before.length)).toEqual(before)
    expect(after.length).toBeGreaterThan(before.length)
    expect(await balanceOf(d)).toBe(8000 + 3000)
    const statement = await t.call('admin', 'GET', `/api/statements/customer/${d}`)
    expect(statement.status).toBe(200)
    expect(await booksCheck(t.app.db)).toMatchObject({ ok: true, scope: 'incremental' })
    // The merged account has no address any more and points at the survivor.
    const account = await db()
      .selectFrom('accounts')
      .select(['address', 'merged_into'])
      .where('code', '=', `customer:#${c}`)
      .executeTakeFirstOrThrow()
    expect(account.address).toBeNull()
    const survivor = await db()
      .selectFrom('accounts')
      .select(['id', 'currency', 'party_kind', 'party_id'])
      .where('address', '=', `customer:#${d}`)
      .executeTakeFirstOrThrow()
    expect(Number(account.merged_into)).toBe(Number(survivor.id))
    expect(survivor).toMatchObject({ currency: 'PKR', party_kind: 'customer' })
    expect(Number(survivor.party_id)).toBe(d)
  })

  it('the ledger API posts and answers Money (PKR, bigint paisa), by address, across a rename', async () => {
    const big = pkr(12_345_678_901_234n)
    await t.app.db.transaction().execute((trx) =>
      ledger.post(trx, {
        source: { type: 'ledger_api', id: 1 },
        day: '2026-11-03',
        meta: { entry: 'L-1', detail: 'Ledger API transfer' },
        moves: [...ledger.transfer('agent:Ledger API Agent', 'bank:Ledger API Bank', big)],
      }),
    )
    expect(await ledger.balance(t.app.db, 'agent:Ledger API Agent')).toEqual(big)
    expect(await ledger.balance(t.app.db, 'bank:Ledger API Bank', '2026-11-02')).toEqual(pkr(0n))
    await t.app.db
      .transaction()
      .execute((trx) =>
        ledger.rename(trx, 'bank:Ledger API Bank', 'bank:Ledger API Bank 2', 'Ledger API Bank 2'),
      )
    expect(await ledger.balance(t.app.db, 'bank:Ledger API Bank 2')).toEqual(pkr(-big.minor))
    expect(await ledger.balance(t.app.db, 'bank:Ledger API Bank')).toEqual(pkr(0n))
    expect(moneyOfRupees(1.005)).toEqual(pkr(101n))
    // A move in another currency needs its rate (issue 34, decision 108): refused before anything is written.
    const sar: Money = { currency: 'SAR', minor: 100n }
    expect(() => linesOf(ledger.transfer('cash', 'equity:opening', sar))).toThrow(/needs a rate/)
    expect(await ledger.check(t.app.db)).toMatchObject({ ok: true })
  })

  it('the full books check proves the stored copies: profit, refund remaining and balance, cash count, All ledger months', async () => {
    const created: Record<string, number> = {}
    for (const path of [
      '/api/ticket',
      '/api/visa-processing',
      '/api/navtcc',
      '/api/refund-customer',
      '/api/agent',
    ]) {
      const res = await t.call('admin', 'POST', path, VALID_BODIES[path]!.body)
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201)
      created[VALID_BODIES[path]!.table] = idOf(res.body)
    }
    const count = await t.call('employee', 'POST', '/api/cash-counts', {
      date: D1,
      counted: 1234,
      note: 'Counted',
    })
    expect(count.status, JSON.stringify(count.body)).toBe(201)
    expect(await booksCheck(t.app.db, { full: true })).toMatchObject({ ok: true })
    const damages: Array<[string, string, string]> = [
      ['tickets', 'profit', 'profit'],
      ['visa_processing', 'profit', 'profit'],
      ['navtcc', 'profit', 'profit'],
      ['refund_customers', 'remaining_amount', 'refund remaining'],
      ['refund_customers', 'balance', 'refund balance'],
      ['cash_counts', 'difference', 'count difference'],
      ['cash_counts', 'expected', 'count expected'],
    ]
    for (const [table, column, check] of damages) {
      const id = table === 'cash_counts' ? Number(count.body.cash_count.id) : created[table]!
      expect(id, table).toBeGreaterThan(0)
      const bump = (by: number) =>
        sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${sql.ref(column)} + ${by} WHERE id = ${id}`.execute(
          db(),
        )
      await bump(1)
      expect(
        (await booksCheck(t.app.db, { full: true })).first_divergence,
        `${table}.${column}`,
      ).toMatchObject({
        check,
        account: table,
        row: String(id),
      })
      await bump(-1)
    }
    await sql`UPDATE ledger_months_all SET net = net + 1 WHERE ledger = 'agent_entries'`.execute(db())
    expect((await booksCheck(t.app.db, { full: true })).first_divergence).toMatchObject({
      check: 'ledger checkpoint all net',
    })
    await sql`UPDATE ledger_months_all SET net = net - 1 WHERE ledger = 'agent_entries'`.execute(db())
    expect(await booksCheck(t.app.db, { full: true })).toMatchObject({ ok: true })
  })
  it('after the lock: a rename keeps every closed figure and line; a merge that would move one is a 409', async () => {
    const bank = await t.call('admin', 'POST', '/api/admin/banks', { name: 'Closed Day Bank' })
    expect(bank.status).toBe(201)
    const entry = await t.call('admin', 'POST', '/api/accounts', {
      bank_name: 'Closed Day Bank',
      employee_name: 'admin',
      date: D1,
      detail: 'Opening deposit',
      credit: 0,
      debit: 70_000,
    })
    expect(entry.status, JSON.stringify(entry.body)).toBe(201)
    const a = await addCustomer(t, 'Closed From Customer', '03005551201')
    const b = await addCustomer(t, 'Closed Into Customer', '03005551202')
    await sellVisa(t, 'Closed From Customer', 50_000)
    await sellVisa(t, 'Closed Into Customer', 50_900)
    const today = businessToday()
    expect(
      (
        await t.call('admin', 'PUT', '/api/admin/books/lock', {
          through: today,
          reason: 'Filed',
          confirm: true,
        })
      ).status,
    ).toBe(200)
    expect(await booksCheck(t.app.db)).toMatchObject({ ok: true })
    const before = await lines()
    const closed = await trialBalanceText(today)
    const closedD1 = await trialBalanceText(D1)

    const renamed = await t.call('admin', 'PUT', `/api/admin/banks/${bank.body.bank.id}`, {
      name: 'Open Day Bank',
    })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    const merge = await t.call('admin', 'POST', `/api/customers/${a}/merge`, { into_id: b })
    expect(merge.status).toBe(409)
    expect(merge.body.message).toBe(booksClosedMessage(today))

    expect(await lines()).toEqual(before)
    // The closed days' trial balance is the same text, the bank read by its new name.
    const renamedText = (text: string) => {
      const body = JSON.parse(text.replaceAll('Closed Day Bank', 'Open Day Bank'))
      body.accounts.sort((x: { code: string }, y: { code: string }) => (x.code < y.code ? -1 : 1))
      return JSON.stringify(body)
    }
    expect(await trialBalanceText(today)).toBe(renamedText(closed))
    expect(await trialBalanceText(D1)).toBe(renamedText(closedD1))
    expect(closedD1).toContain('"code":"bank:Closed Day Bank"')
    expect(await balanceOf(a)).toBe(49_000)
    expect(await balanceOf(b)).toBe(49_900)
    // The bank's statement and ledger follow the name.
    const statement = await t.call(
      'admin',
      'GET',
      `/api/statements/bank/${encodeURIComponent('Open Day Bank')}`,
    )
    expect(statement.status).toBe(200)
    expect(JSON.stringify(statement.body)).toContain('Opening deposit')
    const old = await t.call('admin', 'GET', `/api/statements/bank/${encodeURIComponent('Closed Day Bank')}`)
    expect(old.status).toBe(404)
    expect(await booksCheck(t.app.db)).toMatchObject({ ok: true, scope: 'incremental', lines: 0 })
  })
})
