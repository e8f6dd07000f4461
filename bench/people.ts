import type { ChildProcess } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import autocannon from 'autocannon'
import Database from 'better-sqlite3'
import { connect } from '../apps/server/src/db/connect.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { freshUrl } from './fresh-url.ts'
import { start, stop } from './processes.ts'
import { seedPath } from './seed.ts'

/**
 * `node --import tsx bench/people.ts [rows]`: customer register, customer page, passenger file and
 * alerts beside a bare Fastify hello world, on a copy of bench/seed.ts's data set (it must exist:
 * `node --import tsx bench/seed.ts 1000000 42`; or BENCH_SOURCE=path of a seeded file).
 * Before migration 0015 runs on the copy, every distinct customer name of the seed becomes a
 * customer and BENCH_CUSTOMERS (default 100,000) more customers are added, so the migration's
 * backfill links the records and indexes their passports, as an upgrade of a live office would.
 */
const env = process.env
const ROWS = Number(process.argv[2] ?? env.BENCH_ROWS ?? 100_000)
const EXTRA_CUSTOMERS = Number(env.BENCH_CUSTOMERS ?? 100_000)
const DURATION = Number(env.BENCH_DURATION ?? 5)
const CONNECTIONS = 10
const PORT = 4215
const ADMIN = { email: 'bench@bench.local', password: 'bench-pass-123' }

interface Load {
  rps: number
  p50: number
  p99: number
  errors: number
}

/** 10 connections for DURATION s; `paths` cycles, each request also a new URL (no answer-cache hit). */
const load = async (base: string, paths: string[], token?: string): Promise<Load> => {
  let n = 0
  const result = await autocannon({
    url: `${base}${paths[0]}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    requests: [
      {
        setupRequest: (req) => {
          const i = n++
          return { ...req, path: token ? freshUrl(paths[i % paths.length], i) : paths[0] }
        },
      },
    ],
  })
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  }
}

const fmt = (n: number) => n.toLocaleString('en-US')

const prepare = async () => {
  const source = env.BENCH_SOURCE ?? seedPath(ROWS, 42)
  if (!env.BENCH_SOURCE && !existsSync(`${source}.done`))
    throw new Error(`${source} is not seeded; run: node --import tsx bench/seed.ts ${ROWS} 42`)
  mkdirSync('/tmp/people-bench', { recursive: true })
  const file = `/tmp/people-bench/people-${ROWS}.db`
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
  copyFileSync(source, file)
  const raw = new Database(file)
  const now = new Date().toISOString()
  const insert = raw.prepare(
    'insert into customers (name, mobile_number, address, passport_number, created_by, created_at) values (?, ?, ?, ?, ?, ?)',
  )
  raw.transaction(() => {
    const names = raw
      .prepare(
        `select customer_add as name from tickets union select customer_add from umrah union select customer_add from visa_processing
         union select customer_add from gamca_tokens union select customer_add from services union select customer_add from navtcc
         union select name from refund_customers`,
      )
      .all() as Array<{ name: string }>
    let i = 0
    for (const { name } of names)
      if (name) insert.run(name, `0300${String(i++).padStart(7, '0')}`, 'Lahore', '', 'bench', now)
    for (let j = 0; j < EXTRA_CUSTOMERS; j++)
      insert.run(
        `Customer ${String(j).padStart(6, '0')}`,
        `0321${String(j).padStart(7, '0')}`,
        'Karachi',
        '',
        'bench',
        now,
      )
  })()
  raw.close()
  const db = connect(`sqlite:${file}`)
  const t0 = performance.now()
  await migrateToLatest(db)
  const migrated = (performance.now() - t0) / 1000
  await db.destroy()
  return { file, migrated }
}

/** 200 passports spread over the index, the customer with the most tickets, and the counts. */
const facts = async (file: string) => {
  const db = connect(`sqlite:${file}`)
  const sample = await db
    .selectFrom('record_passports')
    .select('passport')
    .where(
      'id',
      'in',
      Array.from({ length: 200 }, (_, k) => 1 + Math.floor((k * 7919) % Math.max(1, ROWS))),
    )
    .execute()
  const busiest = await db
    .selectFrom('tickets')
    .select((eb) => ['customer_id', eb.fn.countAll().as('n')])
    .where('customer_id', 'is not', null)
    .groupBy('customer_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  const counts = {
    customers: Number(
      (
        await db
          .selectFrom('customers')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    passports: Number(
      (
        await db
          .selectFrom('record_passports')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  }
  await db.destroy()
  return {
    passports: sample.map((s) => s.passport),
    busiest: Number(busiest.customer_id),
    counts,
  }
}

const main = async () => {
  const load0 = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
  console.log(
    `people bench — ${fmt(ROWS)} records, ${DURATION} s per test, ${CONNECTIONS} connections; load average ${load0}`,
  )
  // BENCH_PREPARED: a copy this script already prepared and migrated (skips copy and migration).
  const prepared = env.BENCH_PREPARED ? { file: env.BENCH_PREPARED, migrated: null } : await prepare()
  const file = prepared.file
  const { passports, busiest, counts } = await facts(file)
  console.log(
    `  migration 0015 on ${fmt(ROWS)} records: ${prepared.migrated === null ? 'done before' : `${prepared.migrated.toFixed(1)} s`} (${fmt(counts.passports)} passport rows, ${fmt(counts.customers)} customers)`,
  )
  const helloPort = PORT + 1
  const hello = await start(['bench/hello.ts'], { PORT: String(helloPort) }, `http://127.0.0.1:${helloPort}/`)
  let helloBefore: Load
  let server: ChildProcess
  const api = `http://127.0.0.1:${PORT}`
  try {
    helloBefore = await load(`http://127.0.0.1:${helloPort}`, ['/'])
    server = await start(
      ['apps/server/src/main.ts'],
      {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${file}`,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ADMIN_USERNAME: 'bench',
        JWT_SECRET: 'bench-secret-at-least-32-characters-long',
        LOG: 'off',
        LOGIN_RATE_MAX: '1000000000',
        BACKUP_HOUR: 'off',
        WEB_DIR: '/nonexistent',
      },
      `${api}/api/health`,
    )
  } catch (err) {
    await stop(hello)
    throw err
  }
  const rows: Array<[string, Load]> = []
  try {
    const login = (await (
      await fetch(`${api}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      })
    ).json()) as { token: string }
    const token = login.token
    const tests: Array<[string, string[]]> = [
      ['customers, first page by name', ['/api/customers?limit=50&sort=name']],
      ['customers, page 100 by name', ['/api/customers?limit=50&offset=4950&sort=name']],
      ['customers, search "Customer 0123"', ['/api/customers?limit=50&q=Customer%200123']],
      [`customer page (busiest, id ${busiest})`, [`/api/customers/${busiest}`]],
      ['passenger file (200 passports)', passports.map((p) => `/api/passengers/${p}`)],
      ['expiry alerts (30 days)', ['/api/alerts?within_days=30']],
    ]
    for (const [name, paths] of tests) {
      const first = await fetch(`${api}${paths[0]}`, { headers: { authorization: `Bearer ${token}` } })
      if (!first.ok) throw new Error(`${paths[0]} → ${first.status}`)
      rows.push([name, await load(api, paths, token)])
    }
  } finally {
    await stop(server)
  }
  const helloAfter = await load(`http://127.0.0.1:${helloPort}`, ['/'])
  await stop(hello)
  const base = Math.round((helloBefore.rps + helloAfter.rps) / 2)
  console.log(
    `  hello world before / after: ${fmt(helloBefore.rps)} / ${fmt(helloAfter.rps)} req/s, p99 ${helloBefore.p99} / ${helloAfter.p99} ms`,
  )
  console.log('  | test | req/s | p50 | p99 | of hello |')
  console.log('  |---|---|---|---|---|')
  console.log(
    `  | hello world (mean) | ${fmt(base)} | ${helloBefore.p50} ms | ${Math.max(helloBefore.p99, helloAfter.p99)} ms | 100 % |`,
  )
  for (const [name, r] of rows)
    console.log(
      `  | ${name} | ${fmt(r.rps)} | ${r.p50} ms | ${r.p99} ms | ${((r.rps / base) * 100).toFixed(1)} % |${r.errors ? ` ${fmt(r.errors)} errors` : ''}`,
    )
  console.log(
    `  load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  if (!env.BENCH_KEEP) for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
}

await main()
