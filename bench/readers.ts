import { type ChildProcess, spawn } from 'node:child_process'
import { copyFileSync, existsSync, rmSync, statSync } from 'node:fs'
import http from 'node:http'
import { fileURLToPath } from 'node:url'
import { freshUrl } from './fresh-url.ts'
import { BENCH_ADMIN, seedDatabase, seedPath } from './seed.ts'

/**
 * The books' readers at 10k, 100k and 1M records (issue 26 item 1, decision 068):
 * `node --import tsx bench/readers.ts`. For each size, on copies of one seeded file (bench/seed.ts,
 * through the app's lifecycle), a bare Fastify hello world and then the real server (src/main.ts,
 * SQLite, logging off) are asked one request at a time (what a user waits for), every URL new so
 * none comes from the answer cache, over one kept-alive node:http socket; p50 and p99 of each read
 * and each as a ratio to the hello world's own p50 and p99 in the same run.
 *
 * BEFORE_ROOT=<a checkout of the commit before> also times that commit's server on its own copy
 * of the same file in the same run (the file must be seeded by that commit: BENCH_SEED_ROOT, else
 * this tree's seed). BENCH_SIZES (10000,100000,1000000), BENCH_SEED (4304), ITERATIONS (200),
 * BEFORE_ITERATIONS (50), BENCH_ONLY (e.g. "statement,day book": only those reads).
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const env = process.env
const SIZES = (env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number)
const SEED = Number(env.BENCH_SEED ?? 4304)
const ITERATIONS = Number(env.ITERATIONS ?? 200)
const BEFORE_ITERATIONS = Number(env.BEFORE_ITERATIONS ?? 50)
const BEFORE_ROOT = env.BEFORE_ROOT
/** Only the reads whose names contain one of these (comma-separated), with hello world; all if unset. */
const ONLY = env.BENCH_ONLY?.split(',').filter(Boolean)
const PORT = Number(env.BENCH_PORT ?? 4304)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

const get = (url: string, token?: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.get(
      url,
      { agent, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }))
      },
    )
    req.on('error', reject)
  })

const waitFor = async (url: string, ms: number) => {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(200)) {
    try {
      if ((await get(url)).status < 500) return
    } catch {}
  }
  throw new Error(`${url} did not answer within ${ms} ms`)
}

const start = async (cwd: string, args: string[], extra: Record<string, string>, health: string) => {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd,
    env: { ...env, ...extra },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  // The first start on a copy runs this tree's migrations (0029 fills the day checkpoints).
  await waitFor(health, 30 * 60_000)
  return child
}

const stop = async (child: ChildProcess) => {
  const done = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await done
}

interface Timing {
  p50: number
  p99: number
  bytes: number
}

/** One request at a time, every URL new; the answer is read to its end. */
const timed = async (url: string, n: number, token?: string): Promise<Timing> => {
  const times: number[] = []
  let bytes = 0
  for (let i = 0; i < n + 3; i++) {
    const t0 = performance.now()
    const res = await get(freshUrl(url, i), token)
    const ms = performance.now() - t0
    if (res.status !== 200) throw new Error(`${url} -> ${res.status} ${res.body.slice(0, 200)}`)
    bytes = res.body.length
    if (i >= 3) times.push(ms)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number
  return { p50: at(0.5), p99: at(0.99), bytes }
}

/** The reads of issue 26's table, as the screens ask for them. */
const ALL_READS: ReadonlyArray<readonly [string, string]> = [
  ['trial balance to a day', '/api/reports/trial-balance?to=2024-06-15'],
  ['trial balance, whole books', '/api/reports/trial-balance'],
  ['receivables aging', '/api/reports/receivables?as_of=2025-06-15'],
  ['payables aging', '/api/reports/payables?as_of=2025-06-15'],
  ['profit by month, one year', '/api/reports/profit?by=month&from=2024-01-01&to=2024-12-31'],
  ['profit by type, one year', '/api/reports/profit?by=type&from=2024-01-01&to=2024-12-31'],
  ['net profit, one year', '/api/reports/net-profit?from=2024-01-01&to=2024-12-31'],
  ['day book, one day', '/api/reports/day-book?date=2024-06-15'],
  ['Cash in Office to a day', '/api/reports/cash-in-office?to=2024-06-15'],
  ['To Collect (30 days)', '/api/collections?as_of=2025-06-15&min_days=30'],
  ['agent statement, one month', '/api/statements/agent/Agent%20Rafiq?from=2024-06-01&to=2024-06-30'],
  // The screens' pages (decision 077): the first, and one deep in the period (at 1M, Agent Rafiq's
  // June holds 1,602 lines, the last page; the day 778).
  [
    'agent statement, page 1 of 200',
    '/api/statements/agent/Agent%20Rafiq?from=2024-06-01&to=2024-06-30&limit=200',
  ],
  // The same ten lines shown at every size (at 10k the month holds 16 lines, fewer than a page of 200).
  [
    'agent statement, page 1 of 10',
    '/api/statements/agent/Agent%20Rafiq?from=2024-06-01&to=2024-06-30&limit=10',
  ],
  [
    'agent statement, page 8 of 200',
    '/api/statements/agent/Agent%20Rafiq?from=2024-06-01&to=2024-06-30&limit=200&offset=1400',
  ],
  ['day book, page 1 of 200', '/api/reports/day-book?date=2024-06-15&limit=200'],
  ['day book, page 3 of 200', '/api/reports/day-book?date=2024-06-15&limit=200&offset=400'],
  ['agent profile (balance)', '/api/agents/Agent%20Rafiq'],
  ['dashboard', '/api/dashboard'],
]

const READS = ONLY ? ALL_READS.filter(([name]) => ONLY.some((o) => name.includes(o))) : ALL_READS

const helloTiming = async (n: number) => {
  const port = PORT + 1
  const hello = await start(root, ['bench/hello.ts'], { PORT: String(port) }, `http://127.0.0.1:${port}/`)
  try {
    return await timed(`http://127.0.0.1:${port}/`, n)
  } finally {
    await stop(hello)
  }
}

const serverTimings = async (cwd: string, file: string, n: number) => {
  const api = `http://127.0.0.1:${PORT}/api`
  const server = await start(
    cwd,
    ['apps/server/src/main.ts'],
    {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${file}`,
      JWT_SECRET: 'bench-secret-at-least-32-characters-long',
      LOG: 'off',
      LOGIN_RATE_MAX: '1000000000',
      WEB_DIR: '/nonexistent',
      BACKUP_HOUR: 'off',
    },
    `${api}/health`,
  )
  try {
    const login = await new Promise<string>((resolve, reject) => {
      const req = http.request(
        `${api}/user/login`,
        { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => resolve(Buffer.concat(chunks).toString()))
        },
      )
      req.on('error', reject)
      req.end(JSON.stringify({ email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }))
    })
    const token = (JSON.parse(login) as { token?: string }).token
    if (!token) throw new Error(`login failed: ${login}`)
    const out = new Map<string, Timing>()
    for (const [name, path] of READS) out.set(name, await timed(`http://127.0.0.1:${PORT}${path}`, n, token))
    return out
  } finally {
    await stop(server)
  }
}

const copy = (from: string, to: string) => {
  for (const f of [to, `${to}-wal`, `${to}-shm`]) rmSync(f, { force: true })
  copyFileSync(from, to)
}
const drop = (file: string) => {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
}

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1))
const x = (a: number, b: number) => `${(a / b).toFixed(1)}x`

const main = async () => {
  console.log(
    `readers bench: one request at a time, every URL new; ${ITERATIONS} calls per read (before: ${BEFORE_ITERATIONS})`,
  )
  for (const size of SIZES) {
    const seeded = existsSync(`${seedPath(size, SEED)}.done`)
      ? seedPath(size, SEED)
      : await seedDatabase(size, SEED)
    const mb = Math.round(statSync(seeded).size / 1e6)
    console.log(`\n${size.toLocaleString('en-US')} records (${seeded}, ${mb} MB)`)
    const helloBefore = await helloTiming(ITERATIONS)
    let before: Map<string, Timing> | undefined
    if (BEFORE_ROOT) {
      const file = `${seeded}.before`
      copy(seeded, file)
      try {
        before = await serverTimings(BEFORE_ROOT, file, BEFORE_ITERATIONS)
      } finally {
        drop(file)
      }
    }
    const file = `${seeded}.after`
    copy(seeded, file)
    let after: Map<string, Timing>
    try {
      after = await serverTimings(root, file, ITERATIONS)
    } finally {
      drop(file)
    }
    const helloAfter = await helloTiming(ITERATIONS)
    const hello = { p50: (helloBefore.p50 + helloAfter.p50) / 2, p99: (helloBefore.p99 + helloAfter.p99) / 2 }
    console.log(
      `  hello world p50 / p99: ${ms(helloBefore.p50)} / ${ms(helloBefore.p99)} ms before, ${ms(helloAfter.p50)} / ${ms(helloAfter.p99)} ms after; ratios to their mean`,
    )
    for (const [name] of READS) {
      const a = after.get(name) as Timing
      const b = before?.get(name)
      console.log(
        `  ${name.padEnd(28)} ${b ? `before ${ms(b.p50)} / ${ms(b.p99)} ms (${x(b.p50, hello.p50)} / ${x(b.p99, hello.p99)})  ` : ''}after ${ms(a.p50)} / ${ms(a.p99)} ms (${x(a.p50, hello.p50)} / ${x(a.p99, hello.p99)} of hello)  ${Math.round(a.bytes / 1024)} kB`,
      )
    }
  }
}

await main()
