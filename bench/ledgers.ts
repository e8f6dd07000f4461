import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { ListQuery } from '@booking/shared'
import { sql } from 'kysely'
import {
  LEDGER_LISTS,
  ledgerList,
  windowList,
} from '../apps/server/src/areas/records/ledgers/running-balance.ts'
import { byName } from '../apps/server/src/db/by-name.ts'
import { connect, type Db } from '../apps/server/src/db/connect.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import type { TableName } from '../apps/server/src/db/schema.ts'
import { random } from './seed.ts'

/**
 * Ledger list latency: `node --import tsx bench/ledgers.ts`.
 * Seeds LEDGER_ROWS (default 1,000,000) ledger rows, BIG_AGENT_ROWS (300,000) of them in one agent,
 * then times one page (limit 50) through ledgerList and through the old whole-ledger window
 * (windowList) in the same run. BENCH_DB=postgres runs the same on a throwaway PostgreSQL cluster.
 * ITERATIONS (200) timed calls per case for ledgerList, BASELINE_ITERATIONS (10) for the window
 * (0: checked once against it, not timed). Balances are over the posting lines (decision 034), so
 * each seeded row also gets its line on its account.
 */
const env = process.env
const TOTAL = Number(env.LEDGER_ROWS ?? 1_000_000)
const BIG = Number(env.BIG_AGENT_ROWS ?? 300_000)
const ITERATIONS = Number(env.ITERATIONS ?? 200)
const BASELINE_ITERATIONS = Number(env.BASELINE_ITERATIONS ?? 10)
const POSTGRES = env.BENCH_DB === 'postgres'
const BIG_AGENT = 'Agent Big'

/** Agent rows: half the total (the big agent plus 200 others); vendors and banks share the rest. */
const plan = () => {
  const agents = Math.max(BIG, Math.round(TOTAL * 0.6))
  const venders = Math.round((TOTAL - agents) / 2)
  return { agents, venders, accounts: TOTAL - agents - venders }
}

const seed = async (db: Db) => {
  const k = byName(db)
  const rand = random(7)
  const start = Date.UTC(2021, 0, 1)
  const day = () => new Date(start + Math.floor(rand() * 5 * 365) * 86_400_000).toISOString().slice(0, 10)
  const amount = () => Math.round(rand() * 5_000_000)
  const now = new Date().toISOString()
  const { agents, venders, accounts } = plan()
  const banks = ['UBL Account 1', 'UBL Account 2', 'HBL Account 1', 'HBL Account 2', 'JAZ C', 'MCB FIT']
  const tables: Array<[TableName, number, (i: number) => Record<string, unknown>]> = [
    [
      'agent_entries',
      agents,
      (i) => ({
        agent_name: i < BIG ? BIG_AGENT : `Agent ${i % 200}`,
        date: day(),
        employee: 'bench',
        entry: `${i + 1}/${i + 1}`,
        detail: `agent row ${i}`,
        ...money(rand() < 0.5, amount()),
        created_at: now,
      }),
    ],
    [
      'vender_entries',
      venders,
      (i) => ({
        vender_name: `Vendor ${i % 50}`,
        date: day(),
        entry: `${i + 1}/${i + 1}`,
        detail: `vendor row ${i}`,
        bank_title: 'HBL Account 1',
        ...money(rand() < 0.5, amount()),
        created_at: now,
      }),
    ],
    [
      'account_entries',
      accounts,
      (i) => ({
        bank_name: banks[i % banks.length],
        employee_name: 'bench',
        entry: `${i + 1}/${i + 1}`,
        date: day(),
        detail: `account row ${i}`,
        ...money(rand() < 0.5, amount()),
        created_at: now,
      }),
    ],
  ]
  for (const [table, count, make] of tables) {
    const started = performance.now()
    // 10,000 rows per transaction: on PostgreSQL each trigger upsert leaves a row version that
    // later upserts of the same checkpoint in the same transaction must step over.
    for (let i = 0; i < count; i += 10_000) {
      await k.transaction().execute(async (trx) => {
        for (let j = i; j < Math.min(count, i + 10_000); j += 500) {
          const batch = Array.from({ length: Math.min(500, count - j) }, (_, x) => make(j + x))
          await trx.insertInto(table).values(batch).execute()
        }
      })
    }
    console.log(`  seeded ${count.toLocaleString()} ${table} in ${ms(performance.now() - started)} ms`)
  }
  // Each row's line on its account, as the books post them (decision 034): the screens' balances
  // are over these. Only the ledger's side is seeded (the other side does not change the timings).
  const started = performance.now()
  const line = (table: string, account: string, debit: string, credit: string) =>
    sql`INSERT INTO posting_lines (source_type, source_id, date, account, debit, credit, entry, detail, created_at)
      SELECT ${table}, id, date, ${sql.raw(account)}, ${sql.raw(debit)}, ${sql.raw(credit)}, entry, '', created_at
      FROM ${sql.table(table)} ORDER BY id`.execute(k)
  await line('agent_entries', "'agent:' || agent_name", 'debit', 'credit')
  await line('vender_entries', "'vendor:' || vender_name", 'debit + withdraw', 'credit')
  await line('account_entries', "'bank:' || bank_name", 'credit', 'debit')
  await sql`INSERT INTO posting_months (account, month, n, debit, credit)
    SELECT account, substr(date, 1, 7), count(*), sum(debit), sum(credit)
    FROM posting_lines GROUP BY account, substr(date, 1, 7)`.execute(k)
  console.log(`  posted their lines in ${ms(performance.now() - started)} ms`)
  if (POSTGRES) await sql`VACUUM ANALYZE`.execute(k)
  else await sql`ANALYZE`.execute(k)
}

const money = (credit: boolean, paisa: number) =>
  credit ? { credit: paisa, debit: 0 } : { credit: 0, debit: paisa }

const ms = (n: number) => n.toFixed(n < 10 ? 2 : 0)

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

const time = async (fn: () => Promise<unknown>, n: number) => {
  await fn()
  const took: number[] = []
  for (let i = 0; i < n; i++) {
    const t0 = performance.now()
    await fn()
    took.push(performance.now() - t0)
  }
  took.sort((a, b) => a - b)
  return { p50: percentile(took, 50), p99: percentile(took, 99) }
}

const open = async (): Promise<{ db: Db; done: () => Promise<void> }> => {
  if (POSTGRES) {
    // A plain .mjs helper without types; its one export is described here.
    const helper = '../scripts/pg-cluster.mjs'
    const { start } = (await import(helper)) as {
      start: () => Promise<{ url: string; stop: () => void }>
    }
    const cluster = await start()
    const db = connect(cluster.url)
    await migrateToLatest(db)
    console.log('Seeding PostgreSQL...')
    await seed(db)
    return {
      db,
      done: async () => {
        await db.destroy()
        cluster.stop()
      },
    }
  }
  const file = `/tmp/booking-bench/ledgers-lines-${TOTAL}-${BIG}.db`
  const fresh = !existsSync(`${file}.done`)
  if (fresh) {
    mkdirSync(dirname(file), { recursive: true })
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
  }
  const db = connect(`sqlite:${file}`)
  await migrateToLatest(db)
  if (fresh) {
    console.log(`Seeding ${file}...`)
    await seed(db)
    writeFileSync(`${file}.done`, '')
  }
  return { db, done: () => db.destroy() }
}

const main = async () => {
  const { db, done } = await open()
  const { agents, venders, accounts } = plan()
  const deep = Math.floor(BIG / 2)
  const cases: Array<[string, keyof typeof LEDGER_LISTS, ListQuery]> = [
    ['agent, all names, newest first', 'agent', { sort: '-date' }],
    ['agent, all names, oldest first', 'agent', {}],
    [
      `agent, by name (${BIG.toLocaleString()} rows), newest first`,
      'agent',
      { name: BIG_AGENT, sort: '-date' },
    ],
    [`agent, by name, oldest first`, 'agent', { name: BIG_AGENT, sort: 'date' }],
    [
      `agent, by name, page at offset ${deep.toLocaleString()}`,
      'agent',
      { name: BIG_AGENT, sort: '-date', offset: deep },
    ],
    [
      `agent, all names, page at offset ${Math.floor(agents / 2).toLocaleString()}`,
      'agent',
      { sort: '-date', offset: Math.floor(agents / 2) },
    ],
    [
      'agent, by name, from..to over 14 months',
      'agent',
      { name: BIG_AGENT, sort: '-date', from: '2023-03-15', to: '2024-05-10' },
    ],
    ['vendor, by name, newest first', 'vender', { name: 'Vendor 7', sort: '-date' }],
    ['vendor, default (id) order, per-row balances', 'vender', {}],
    ['accounts, one bank, newest first', 'accounts', { name: 'HBL Account 1', sort: '-date' }],
  ]
  console.log(
    `\n${POSTGRES ? 'PostgreSQL' : 'SQLite'}: ${TOTAL.toLocaleString()} ledger rows (agents ${agents.toLocaleString()}, vendors ${venders.toLocaleString()}, accounts ${accounts.toLocaleString()}), limit 50`,
  )
  console.log(`ledgerList ${ITERATIONS} calls per case, old window ${BASELINE_ITERATIONS} calls\n`)
  console.log('| Case | ledgerList p50 / p99 ms | old window p50 / p99 ms | p99 ratio |')
  console.log('|---|---|---|---|')
  for (const [label, ledger, extra] of cases) {
    const query: ListQuery = { limit: 50, offset: 0, ...extra }
    const cfg = LEDGER_LISTS[ledger]
    const fast = ledgerList(cfg)
    const slow = windowList(cfg)
    // Same rows, same balances, same total, or the figures mean nothing.
    const [a, b] = [await fast(db, query), await slow(db, query)]
    if (JSON.stringify(a) !== JSON.stringify(b))
      throw new Error(`${label}: ledgerList differs from the window`)
    const f = await time(() => fast(db, query), ITERATIONS)
    const s = BASELINE_ITERATIONS > 0 ? await time(() => slow(db, query), BASELINE_ITERATIONS) : f
    console.log(
      `| ${label} | ${ms(f.p50)} / ${ms(f.p99)} | ${ms(s.p50)} / ${ms(s.p99)} | ${Math.round(s.p99 / f.p99)}x |`,
    )
  }
  await done()
}

await main()
