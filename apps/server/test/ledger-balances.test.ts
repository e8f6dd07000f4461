import type { ListQuery } from '@booking/shared'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { LEDGER_LISTS, ledgerList, windowList } from '../src/areas/records/ledgers/running-balance.ts'
import { backfillBooks } from '../src/books/backfill.ts'
import { DB_KIND } from './harness.ts'
import { byDateThenId, seededRandom, setupTestApp } from './helpers.ts'

/**
 * The fast ledger lists (page first, opening balance from monthly checkpoints) against two
 * references: the test's own sums over every row, and the whole-ledger window they replaced.
 */
type Kind = keyof typeof LEDGER_LISTS

const NAMES: Record<Kind, string[]> = {
  agent: ['Agent One', 'Agent Two', 'Agent Three', 'Agent Four', 'Agent Five'],
  vender: ['Vendor One', 'Vendor Two', 'Vendor Three', 'Vendor Four', 'Vendor Five'],
  accounts: ['UBL Account 1', 'UBL Account 2', 'HBL Account 1', 'JAZ C', 'MCB FIT'],
}
const LIST_KEY: Record<Kind, string> = { agent: 'agents', vender: 'vendors', accounts: 'accounts' }
const ITEM_KEY: Record<Kind, string> = { agent: 'agent', vender: 'vendor', accounts: 'account' }

const next = seededRandom(20250101)
const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T
/** Two years of dates, few enough that many rows share a day. */
const day = () =>
  new Date(Date.UTC(2024, 0, 1) + Math.floor(next() * 730) * 86_400_000).toISOString().slice(0, 10)
const rupees = () => Math.round(next() * 10_000_000) / 100 + 1

/** An API body for one ledger: exactly one of credit/debit, as every ledger accepts. */
const body = (kind: Kind, name: string) => {
  const credit = next() < 0.5 ? rupees() : 0
  const debit = credit ? 0 : rupees()
  const date = day()
  if (kind === 'agent')
    return {
      agent_name: name,
      date,
      employee: 'admin',
      detail: 'random',
      credit,
      debit,
      paid_cash: 0,
      paid_bank: 0,
    }
  if (kind === 'vender')
    return { vender_name: name, date, detail: 'random', bank_title: 'HBL Account 1', credit, debit }
  return {
    bank_name: name,
    employee_name: 'admin',
    vendor_name: next() < 0.3 ? pick(NAMES.vender) : '',
    date,
    detail: 'random',
    credit,
    debit,
  }
}

describe(`ledger balances from checkpoints (${DB_KIND})`, () => {
  const t = setupTestApp()

  const url = (kind: Kind, q: ListQuery) => {
    const params = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))
    return `/api/${kind}?${params}`
  }

  /** Every row straight from the ledger's view (its table, posted rows' figures from their sources), with the balance the spec defines, in paisa. */
  const truth = async (kind: Kind) => {
    const cfg = LEDGER_LISTS[kind]
    const rows = (await (t.app.db as any).selectFrom(cfg.view).selectAll().execute()) as any[]
    rows.sort(byDateThenId)
    const sums = new Map<string, number>()
    const balance = new Map<number, number>()
    for (const r of rows) {
      const b = (sums.get(r[cfg.partition]) ?? 0) + Number(r.credit) - Number(r.debit)
      sums.set(r[cfg.partition], b)
      balance.set(r.id, b)
    }
    return { rows, balance }
  }

  const listed = async (kind: Kind, q: ListQuery) => {
    const res = await t.call('admin', 'GET', url(kind, q))
    expect(res.status).toBe(200)
    return { rows: res.body[LIST_KEY[kind]] as any[], total: res.body.total as number | undefined }
  }

  const expectTrueBalances = async (kind: Kind, rows: any[]) => {
    const { balance } = await truth(kind)
    const column = LEDGER_LISTS[kind].balanceColumn
    expect(rows.length).toBeGreaterThan(0)
    for (const r of rows)
      expect([kind, r.id, r.date, Math.round(r[column] * 100)]).toEqual([
        kind,
        r.id,
        r.date,
        balance.get(r.id),
      ])
  }

  /** The ledger's checkpoints must equal a GROUP BY over its rows (empty months may linger as zeros). */
  const expectCheckpointsExact = async () => {
    const db = t.app.db as any
    const stored = (
      await db
        .selectFrom('ledger_months')
        .select(['ledger', 'name', 'month', 'n', 'net'])
        .where((eb: any) => eb.or([eb('n', '<>', 0), eb('net', '<>', 0)]))
        .execute()
    ).map((r: any) => `${r.ledger}|${r.name}|${r.month}|${Number(r.n)}|${Number(r.net)}`)
    const derived: string[] = []
    for (const cfg of Object.values(LEDGER_LISTS)) {
      const { rows } = await sql<any>`SELECT ${sql.ref(cfg.partition)} AS name, substr(date, 1, 7) AS month,
          count(*) AS n, sum(credit - debit) AS net
        FROM ${sql.table(cfg.table)} GROUP BY ${sql.ref(cfg.partition)}, substr(date, 1, 7)`.execute(db)
      for (const r of rows) derived.push(`${cfg.table}|${r.name}|${r.month}|${Number(r.n)}|${Number(r.net)}`)
    }
    expect(stored.sort()).toEqual(derived.sort())
    const storedAll = (
      await db
        .selectFrom('ledger_months_all')
        .select(['ledger', 'month', 'n', 'net'])
        .where((eb: any) => eb.or([eb('n', '<>', 0), eb('net', '<>', 0)]))
        .execute()
    ).map((r: any) => `${r.ledger}|${r.month}|${Number(r.n)}|${Number(r.net)}`)
    const derivedAll: string[] = []
    for (const cfg of Object.values(LEDGER_LISTS)) {
      const { rows } =
        await sql<any>`SELECT substr(date, 1, 7) AS month, count(*) AS n, sum(credit - debit) AS net
        FROM ${sql.table(cfg.table)} GROUP BY substr(date, 1, 7)`.execute(db)
      for (const r of rows) derivedAll.push(`${cfg.table}|${r.month}|${Number(r.n)}|${Number(r.net)}`)
    }
    expect(storedAll.sort()).toEqual(derivedAll.sort())
  }

  it('seeds rows straight into the tables and the triggers checkpoint them', async () => {
    const now = new Date().toISOString()
    for (const kind of Object.keys(LEDGER_LISTS) as Kind[]) {
      const cfg = LEDGER_LISTS[kind]
      const values = Array.from({ length: 600 }, (_, i) => {
        const b = body(kind, pick(NAMES[kind])) as Record<string, any>
        const common = {
          date: b.date,
          entry: `seed ${i}`,
          detail: 'seeded',
          credit: Math.round(b.credit * 100),
          debit: Math.round(b.debit * 100),
          created_at: now,
        }
        if (kind === 'agent') return { ...common, agent_name: b.agent_name, employee: 'seed' }
        if (kind === 'vender') return { ...common, vender_name: b.vender_name, bank_title: 'HBL Account 1' }
        return { ...common, bank_name: b.bank_name, employee_name: 'seed', vendor_name: '' }
      })
      for (let i = 0; i < values.length; i += 200)
        await (t.app.db as any)
          .insertInto(cfg.table)
          .values(values.slice(i, i + 200))
          .execute()
    }
    // Since issue 13 balances are over the posting lines: the seeded rows post theirs as an
    // upgraded database's records do.
    await (t.app.db as any).updateTable('books_totals').set({ backfill: 1 }).where('id', '=', 1).execute()
    await backfillBooks(t.app.db)
    await expectCheckpointsExact()
  })

  it('keeps checkpoints exact through random creates, edits, deletes, postings and a bank rename', async () => {
    for (let step = 0; step < 120; step++) {
      const kind = pick(Object.keys(LEDGER_LISTS) as Kind[])
      const roll = next()
      if (roll < 0.45) {
        const res = await t.call('admin', 'POST', `/api/${kind}`, body(kind, pick(NAMES[kind])))
        expect(res.status).toBe(201)
        continue
      }
      const { rows } = await truth(kind)
      const victim = pick(rows.filter((r) => !r.source_type))
      if (roll < 0.8) {
        const res = await t.call('admin', 'PUT', `/api/${kind}/${victim.id}`, body(kind, pick(NAMES[kind])))
        expect(res.status).toBe(200)
        expect(res.body[ITEM_KEY[kind]].id).toBe(victim.id)
      } else {
        expect((await t.call('admin', 'DELETE', `/api/${kind}/${victim.id}`)).status).toBe(200)
      }
    }
    const banks = (await t.call('admin', 'GET', '/api/banks')).body.banks as any[]
    const jaz = banks.find((b) => b.name === 'JAZ C')
    expect((await t.call('admin', 'PUT', `/api/admin/banks/${jaz.id}`, { name: 'JAZ Current' })).status).toBe(
      200,
    )
    NAMES.accounts[3] = 'JAZ Current'
    expect(
      (await t.call('admin', 'GET', '/api/vender?name=Vendor%20One')).body.vendors.some(
        (r: any) => r.source_type,
      ),
    ).toBe(true)
    await expectCheckpointsExact()
  })

  it('gives a deep page of one name the balances of every earlier row', async () => {
    for (const kind of Object.keys(LEDGER_LISTS) as Kind[]) {
      const name = NAMES[kind][1]!
      const { rows: all } = await truth(kind)
      const count = all.filter((r) => r[LEDGER_LISTS[kind].partition] === name).length
      const offset = Math.floor(count / 2)
      const { rows, total } = await listed(kind, { name, sort: '-date', limit: 20, offset })
      expect(total).toBe(count)
      expect(rows).toHaveLength(20)
      await expectTrueBalances(kind, rows)
    }
  })

  it('gives each name on an All page its own opening balance', async () => {
    for (const kind of Object.keys(LEDGER_LISTS) as Kind[]) {
      const { rows, total } = await listed(kind, { sort: 'date', limit: 50, offset: 400 })
      expect(total).toBe((await truth(kind)).rows.length)
      expect(new Set(rows.map((r) => r[LEDGER_LISTS[kind].partition])).size).toBeGreaterThanOrEqual(3)
      await expectTrueBalances(kind, rows)
    }
  })

  it('answers exactly what the whole-ledger window answers, for every kind of page', async () => {
    const queries: ListQuery[] = [
      {},
      { sort: '-date', limit: 50, offset: 0 },
      { sort: 'date', limit: 50, offset: 550 },
      { sort: '-date', limit: 50, offset: 333 },
      { sort: 'date', limit: 50, offset: 599 },
      { sort: '-date', limit: 50, offset: 10_000 },
      { limit: 25, offset: 77 },
      { sort: 'id', limit: 30, offset: 40 },
      { sort: '-credit', limit: 30, offset: 5 },
      { sort: 'entry', limit: 30 },
      { q: 'random', limit: 40, offset: 10 },
      { q: 'random', sort: '-date', limit: 40 },
      { q: 'seed 1' },
      { from: '2024-03-15', to: '2025-02-10', sort: '-date', limit: 50, offset: 60 },
      { from: '2024-06-01', to: '2024-06-30', limit: 50 },
      { from: '2024-06-10', to: '2024-06-20', limit: 50 },
      { from: '2025-06-10', limit: 50, offset: 20 },
      { to: '2024-04-09', sort: '-date', limit: 50 },
      { from: '2025-01-01', to: '2024-01-01', limit: 50 },
      { from: '2024-05-05', to: '2024-11-11' },
    ]
    for (const kind of Object.keys(LEDGER_LISTS) as Kind[]) {
      // An unknown sort key is refused, not answered in id order.
      const nonsense = await t.call('admin', 'GET', url(kind, { sort: 'nonsense', limit: 30 }))
      expect([kind, nonsense.status, nonsense.body.errors]).toEqual([
        kind,
        400,
        { sort: 'Cannot sort by "nonsense"' },
      ])
      const cfg = LEDGER_LISTS[kind]
      const reference = windowList(cfg)
      const skipper = ledgerList({ ...cfg, walkedOffset: 0 })
      const named = NAMES[kind].map((name) => ({ name }))
      const balanceSort = { sort: `-${cfg.balanceColumn}`, limit: 20 }
      for (const base of [...queries, ...queries.map((q) => ({ ...q, ...pick(named) })), balanceSort]) {
        const fast = await listed(kind, base)
        const slow = await reference(t.app.db, base)
        expect([kind, base, fast.total]).toEqual([kind, base, slow.total])
        expect(fast.rows).toEqual(JSON.parse(JSON.stringify(slow.rows)))
        // The same pages when every offset skips whole months by their counts.
        const skipping = await skipper(t.app.db, base)
        expect([kind, base, skipping.total]).toEqual([kind, base, slow.total])
        expect(skipping.rows).toEqual(slow.rows)
      }
    }
  })
})
