import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import { buildApp } from '../apps/server/src/app.ts'
import { cashLedger } from '../apps/server/src/areas/records/accounts/cash-ledger.ts'
import { LEDGER_LISTS, ledgerList } from '../apps/server/src/areas/records/ledgers/running-balance.ts'
import type { Database } from '../apps/server/src/db/schema.ts'
import { recordLifecycle } from '../apps/server/src/lib/crud.ts'
import type { AuthUser } from '../apps/server/src/plugins/auth.ts'
import { BENCH_ADMIN, seedDatabase } from './seed.ts'
import { ticketBody } from './ticket-body.ts'

/**
 * One side of bench/entries.ts, run from inside a tree (this one, or the previous release's copy
 * the bench exports), so each side measures its own code:
 *   seed SIZE FILE  - seeds SIZE records with this tree's code and copies the file to FILE
 *   stores          - which tables one ticket create writes (a fresh small database)
 *   pages FILE      - p50/p99 of a 50-row page of the agent ledger and of Cash in Office
 * Prints one JSON line.
 */
const SECRET = 'bench-secret-at-least-32-characters-long'
const [mode, ...args] = process.argv.slice(2)

const adminOf = async (db: Kysely<Database>) =>
  (await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'role'])
    .where('email', '=', BENCH_ADMIN.email)
    .executeTakeFirstOrThrow()) as AuthUser

/** Every table's rows as text, to see which a write changed (small databases only). */
const snapshot = async (db: Kysely<Database>) => {
  const tables = (
    await sql<{
      name: string
    }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db)
  ).rows.map((r) => r.name)
  const out = new Map<string, string>()
  for (const t of tables)
    out.set(t, JSON.stringify((await sql`SELECT * FROM ${sql.table(t)}`.execute(db)).rows))
  return out
}

/** Columns that hold money (paisa) in any table: amounts, sums and balances, not counts or ids. */
const MONEY = /debit|credit|paid|receiv|remain|withdraw|^net$|payable|payed|amount|profit|total|cost|return/

/**
 * Whether a write changed a money figure in a table: a new row with a nonzero money column, or a
 * row (matched by id, else by its text columns) whose money column changed. A table the write
 * touched only for counts, names or places (ledger_months' n, a posted ledger row after decision
 * 072) is written but stores none of the ticket's money.
 */
const movedMoney = (before: string, after: string) => {
  type R = Record<string, unknown>
  const keyOf = (r: R) =>
    'id' in r ? `id ${r.id}` : JSON.stringify(Object.entries(r).filter(([, v]) => typeof v === 'string'))
  const old = new Map((JSON.parse(before) as R[]).map((r) => [keyOf(r), r]))
  return (JSON.parse(after) as R[]).some((r) => {
    const was = old.get(keyOf(r))
    return Object.entries(r).some(
      ([c, v]) => MONEY.test(c) && typeof v === 'number' && v !== (was ? Number(was[c]) : 0),
    )
  })
}

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!

if (mode === 'seed') {
  const [size, file] = args as [string, string]
  const seeded = await seedDatabase(Number(size), 2101, () => {})
  copyFileSync(seeded, file)
  console.log(JSON.stringify({ file }))
} else if (mode === 'stores') {
  const dir = mkdtempSync(join(tmpdir(), 'entries-stores-'))
  const app = await buildApp({
    databaseUrl: `sqlite:${join(dir, 'db')}`,
    jwtSecret: SECRET,
    searchIndexEveryMs: 0,
  })
  try {
    const db = app.db
    const { ensureAdmin } = await import('../apps/server/src/lib/bootstrap-admin.ts')
    await ensureAdmin(app.db, { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password })
    const created_at = new Date().toISOString()
    await db.insertInto('agent_names').values({ name: 'Agent Rafiq', created_at }).execute()
    await db.insertInto('vender_names').values({ name: 'Sky Links', created_at }).execute()
    const user = await adminOf(db)
    const lifecycle = recordLifecycle(app.db, 'tickets')!
    // One ticket first (counters, customer and names exist), then the one measured.
    await app.db
      .transaction()
      .execute((trx) => lifecycle.create(trx, { user }, lifecycle.parse(ticketBody('S-0'))))
    const before = await snapshot(db)
    await app.db
      .transaction()
      .execute((trx) => lifecycle.create(trx, { user }, lifecycle.parse(ticketBody('S-1'))))
    const after = await snapshot(db)
    const written = [...after.keys()].filter((t) => before.get(t) !== after.get(t)).sort()
    const money = written.filter((t) => movedMoney(before.get(t)!, after.get(t)!))
    console.log(JSON.stringify({ written, money }))
  } finally {
    await app.close()
    rmSync(dir, { recursive: true, force: true })
  }
} else if (mode === 'cpu') {
  // CPU time (user + system) per ticket create through the lifecycle, ROUND per transaction, on a
  // copy of the seeded file: less at the mercy of a loaded machine than requests per second.
  const [file] = args as [string]
  const app = await buildApp({ databaseUrl: `sqlite:${file}`, jwtSecret: SECRET, searchIndexEveryMs: 0 })
  try {
    const user = await adminOf(app.db)
    const lifecycle = recordLifecycle(app.db, 'tickets')!
    const ROUND = 500
    const times: number[] = []
    for (let round = 0; round < 4; round++) {
      const cpu = process.cpuUsage()
      await app.db.transaction().execute(async (trx) => {
        for (let i = 0; i < ROUND; i++)
          await lifecycle.create(trx, { user }, lifecycle.parse(ticketBody(`CPU-${round}-${i}`)))
      })
      const used = process.cpuUsage(cpu)
      times.push((used.user + used.system) / ROUND)
    }
    console.log(JSON.stringify({ us: times.slice(1).sort((a, b) => a - b)[1] }))
  } finally {
    await app.close()
  }
} else if (mode === 'pages') {
  const [file] = args as [string]
  const app = await buildApp({ databaseUrl: `sqlite:${file}`, jwtSecret: SECRET, searchIndexEveryMs: 0 })
  try {
    const N = Number(process.env.BENCH_PAGES ?? 200)
    const agent = ledgerList(LEDGER_LISTS.agent)
    const cases = {
      'agent ledger page (name, newest first)': (i: number) =>
        agent(app.db, { name: 'Agent Rafiq', sort: '-date', limit: 50, offset: (i % 10) * 50 } as never),
      'agent ledger deep page (all agents)': (i: number) =>
        agent(app.db, { limit: 50, offset: 20_000 + (i % 10) * 50 } as never),
      'Cash in Office page (newest first)': (i: number) =>
        cashLedger(app.db, { sort: '-date', limit: 50, offset: (i % 10) * 50 } as never),
      'Cash in Office deep page': (i: number) =>
        cashLedger(app.db, { limit: 50, offset: 5_000 + (i % 10) * 50 } as never),
    }
    const out: Record<string, { p50: number; p99: number }> = {}
    for (const [label, run] of Object.entries(cases)) {
      for (let i = 0; i < 10; i++) await run(i)
      const took: number[] = []
      for (let i = 0; i < N; i++) {
        const t0 = performance.now()
        await run(i)
        took.push(performance.now() - t0)
      }
      out[label] = { p50: percentile(took, 50), p99: percentile(took, 99) }
    }
    console.log(JSON.stringify(out))
  } finally {
    await app.close()
  }
}
