import { copyFileSync, rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import autocannon from 'autocannon'
import { buildApp } from '../apps/server/src/app.ts'
import { connect } from '../apps/server/src/db/connect.ts'
import { down as dropListIndexes } from '../apps/server/src/db/migrations/0013_list_indexes.ts'
import { recordLifecycle } from '../apps/server/src/lib/crud.ts'
import type { AuthUser } from '../apps/server/src/plugins/auth.ts'
import { start, stop } from './processes.ts'
import { BENCH_ADMIN, seedDatabase } from './seed.ts'
import { ticketBody } from './ticket-body.ts'

/**
 * What the sort indexes of migration 0013 cost a write: create ticket (three postings) on a copy
 * of the seeded data set with the indexes, and on a copy with them dropped, in the order
 * without, with, with, without (a shared machine drifts; each figure is the mean of its two
 * runs), beside a bare Fastify hello world before and after.
 * `node --import tsx bench/write-cost.ts`  BENCH_SIZE=100000  BENCH_DURATION=10  BENCH_CONNECTIONS=10
 */
const SIZE = Number(process.env.BENCH_SIZE ?? 100_000)
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const PORT = 4320

const load = async (url: string, token?: string) => {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    method: token ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: token ? JSON.stringify(ticketBody()) : undefined,
  })
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  }
}

const hello = async () => {
  const port = PORT + 1
  const child = await start(['bench/hello.ts'], { PORT: String(port) }, `http://127.0.0.1:${port}/`)
  try {
    return await load(`http://127.0.0.1:${port}/`)
  } finally {
    await stop(child)
  }
}

const seeded = await seedDatabase(SIZE, 42, (m) => console.log(m))

const createTickets = async (withIndexes: boolean) => {
  const file = `${seeded}.write-cost`
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
  copyFileSync(seeded, file)
  if (!withIndexes) {
    const db = connect(`sqlite:${file}`)
    await dropListIndexes(db)
    await db.destroy()
  }
  const base = `http://127.0.0.1:${PORT}`
  const server = await start(
    ['apps/server/src/main.ts'],
    {
      DATABASE_URL: `sqlite:${file}`,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG: 'off',
      WEB_DIR: '/nonexistent',
      BACKUP_HOUR: 'off',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      JWT_SECRET: 'bench-secret-at-least-32-characters-long',
    },
    `${base}/api/health`,
  )
  try {
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
    })
    const { token } = (await login.json()) as { token: string }
    return await load(`${base}/api/ticket`, token)
  } finally {
    await stop(server)
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
  }
}

console.log(
  `Write cost of the sort indexes: ${SIZE.toLocaleString('en-US')} records, ${DURATION} s per run, ${CONNECTIONS} connections`,
)
console.log(
  `  load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
/**
 * The same cost without HTTP or the scheduler's noise: CPU time (user + system) of ROUND ticket
 * creates through the record lifecycle in one transaction, on a copy with and a copy without the
 * indexes, rounds alternating, in this process.
 */
const cpuPerCreate = async () => {
  const ROUND = 1_000
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6)
  const copies = { with: `${seeded}.cpu-with`, without: `${seeded}.cpu-without` }
  const apps: Record<string, Awaited<ReturnType<typeof buildApp>>> = {}
  for (const [mode, file] of Object.entries(copies)) {
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
    copyFileSync(seeded, file)
    if (mode === 'without') {
      const db = connect(`sqlite:${file}`)
      await dropListIndexes(db)
      await db.destroy()
    }
    apps[mode] = await buildApp({
      databaseUrl: `sqlite:${file}`,
      jwtSecret: 'bench-secret-at-least-32-characters-long',
      searchIndexEveryMs: 0,
    })
  }
  const times: Record<string, number[]> = { with: [], without: [] }
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of round % 2 ? (['with', 'without'] as const) : (['without', 'with'] as const)) {
        const app = apps[mode]!
        const user = (await app.db
          .selectFrom('users')
          .select(['id', 'username', 'email', 'role'])
          .where('email', '=', BENCH_ADMIN.email)
          .executeTakeFirstOrThrow()) as AuthUser
        const lifecycle = recordLifecycle(app.db, 'tickets')!
        const cpu = process.cpuUsage()
        await app.db.transaction().execute(async (trx) => {
          for (let i = 0; i < ROUND; i++) {
            const body = {
              ...ticketBody(`REF-W${round}-${i}`),
              agent_name: 'Agent Rafiq',
              vendor_name: 'Sky Links',
            }
            await lifecycle.create(trx, { user }, lifecycle.parse(body))
          }
        })
        const used = process.cpuUsage(cpu)
        times[mode]!.push((used.user + used.system) / ROUND)
      }
    }
  } finally {
    for (const [mode, app] of Object.entries(apps)) {
      await app.close()
      const file = copies[mode as keyof typeof copies]
      for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  const w = median(times.with!)
  const wo = median(times.without!)
  console.log(
    `  CPU per ticket create (lifecycle, ${ROUND} per transaction, median of ${ROUNDS} rounds each): without ${wo.toFixed(0)} µs, with ${w.toFixed(0)} µs (+${(((w - wo) / wo) * 100).toFixed(1)} %)`,
  )
  console.log(
    `    rounds without: ${times.without!.map((t) => t.toFixed(0)).join(' / ')} µs; with: ${times.with!.map((t) => t.toFixed(0)).join(' / ')} µs`,
  )
}

await cpuPerCreate()
if (process.env.BENCH_HTTP === '0') process.exit(0)
const helloBefore = await hello()
const runs = {
  without: [] as Awaited<ReturnType<typeof createTickets>>[],
  with: [] as Awaited<ReturnType<typeof createTickets>>[],
}
for (const mode of ['without', 'with', 'with', 'without'] as const) {
  const r = await createTickets(mode === 'with')
  console.log(
    `  create ticket, ${mode} sort indexes: ${r.rps} req/s, p99 ${r.p99} ms${r.errors ? ` (${r.errors} errors)` : ''}`,
  )
  runs[mode].push(r)
}
const helloAfter = await hello()
const helloMean = (helloBefore.rps + helloAfter.rps) / 2
console.log(`  hello world before / after: ${helloBefore.rps} / ${helloAfter.rps} req/s`)
for (const mode of ['without', 'with'] as const) {
  const rps = runs[mode].reduce((s, r) => s + r.rps, 0) / runs[mode].length
  console.log(
    `  ${mode.padEnd(7)} sort indexes: mean ${Math.round(rps)} req/s (${((rps / helloMean) * 100).toFixed(1)} % of hello), p99 ${Math.max(...runs[mode].map((r) => r.p99))} ms`,
  )
}
const mean = (mode: 'without' | 'with') => runs[mode].reduce((s, r) => s + r.rps, 0) / runs[mode].length
console.log(`  with / without: ${((mean('with') / mean('without')) * 100).toFixed(0)} %`)
console.log(
  `  load average at end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
