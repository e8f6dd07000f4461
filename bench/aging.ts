import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { sql } from 'kysely'
import { byName } from '../apps/server/src/db/by-name.ts'
import { connect } from '../apps/server/src/db/connect.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { start, stop } from './processes.ts'
import { random } from './seed.ts'

/**
 * The receivables aging report of one agent with AGING_LINES (default 50,000) ledger lines, and what
 * it does to everyone else: `node --import tsx bench/aging.ts`. A real server process; /api/health
 * is asked every 5 ms (one request at a time) while the report runs REPORTS times, and its latency
 * is compared with the same probe on the idle server in the same run.
 */
const env = process.env
const LINES = Number(env.AGING_LINES ?? 50_000)
const REPORTS = Number(env.REPORTS ?? 3)
const PORT = Number(env.PORT ?? 4293)
const ADMIN = { email: 'aging@bench.local', password: 'aging-bench-pass-123' }
const file = `/tmp/booking-bench/aging-${LINES}.db`

const seed = async () => {
  if (existsSync(`${file}.done`)) return
  mkdirSync('/tmp/booking-bench', { recursive: true })
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
  const db = byName(connect(`sqlite:${file}`))
  await migrateToLatest(db)
  const rand = random(11)
  const startDay = Date.UTC(2024, 0, 1)
  const now = new Date().toISOString()
  await db.insertInto('agent_names').values({ name: 'Agent Big', created_at: now }).execute()
  // Sales to the agent (debit) and its payments (credit), each balanced by its cash or income line.
  const rows: Record<string, unknown>[] = []
  for (let i = 1; i <= LINES; i++) {
    const date = new Date(startDay + Math.floor(rand() * 700) * 86_400_000).toISOString().slice(0, 10)
    const paisa = 100 * (1 + Math.floor(rand() * 50_000))
    const sale = i % 3 !== 0
    const common = {
      source_type: 'agent_entries',
      source_id: i,
      date,
      entry: `A${i}`,
      detail: '',
      created_at: now,
    }
    rows.push(
      { ...common, account: 'agent:Agent Big', debit: sale ? paisa : 0, credit: sale ? 0 : paisa },
      {
        ...common,
        account: sale ? 'income:tickets' : 'cash',
        debit: sale ? 0 : paisa,
        credit: sale ? paisa : 0,
      },
    )
  }
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('posting_lines')
        .values(rows.slice(i, i + 500))
        .execute()
    await sql`INSERT INTO posting_months (account, month, n, debit, credit)
      SELECT account, substr(date, 1, 7), count(*), sum(debit), sum(credit)
      FROM posting_lines GROUP BY account, substr(date, 1, 7)`.execute(trx)
  })
  await sql`ANALYZE`.execute(db)
  await db.destroy()
  writeFileSync(`${file}.done`, now)
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0

/** Asks /api/health one request at a time until `until` resolves; returns the latencies. */
const probe = async (api: string, until: Promise<unknown>) => {
  let done = false
  void until.finally(() => {
    done = true
  })
  const times: number[] = []
  while (!done) {
    const t0 = performance.now()
    await fetch(`${api}/health`).then((r) => r.text())
    times.push(performance.now() - t0)
    await new Promise((r) => setTimeout(r, 5))
  }
  return times.sort((a, b) => a - b)
}

const fmt = (n: number) => n.toFixed(n < 10 ? 1 : 0)
const line = (label: string, t: number[]) =>
  `${label}: ${t.length} probes, p50 ${fmt(percentile(t, 50))} ms, p99 ${fmt(percentile(t, 99))} ms, max ${fmt(t.at(-1) ?? 0)} ms`

await seed()
const api = `http://127.0.0.1:${PORT}/api`
const server = await start(
  ['apps/server/src/main.ts'],
  {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${file}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: 'bench-secret-at-least-32-characters-long',
    LOG: 'off',
    WEB_DIR: '/nonexistent',
    BACKUP_HOUR: 'off',
  },
  `${api}/health`,
)
try {
  const { token } = (await (
    await fetch(`${api}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
  ).json()) as { token: string }
  const idle = await probe(api, new Promise((r) => setTimeout(r, 2_000)))
  const reportTimes: number[] = []
  let total = 0
  const reports = (async () => {
    for (let i = 0; i < REPORTS; i++) {
      const t0 = performance.now()
      const res = await fetch(`${api}/reports/receivables?as_of=2026-01-01`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const body = (await res.json()) as { totals?: { total: number } }
      if (!res.ok) throw new Error(`receivables: ${res.status}`)
      total = body.totals?.total ?? 0
      reportTimes.push(performance.now() - t0)
    }
  })()
  const during = await probe(api, reports)
  await reports
  console.log(`aging: one agent with ${LINES.toLocaleString('en-US')} ledger lines (receivable Rs ${total})`)
  console.log(`  report: ${reportTimes.map((t) => `${fmt(t)} ms`).join(', ')}`)
  console.log(`  ${line('/api/health idle', idle)}`)
  console.log(`  ${line('/api/health during the reports', during)}`)
} finally {
  await stop(server)
}
