import { type ChildProcess, spawn } from 'node:child_process'
import { copyFileSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs'
import http from 'node:http'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { freshUrl } from './fresh-url.ts'
import { foreignLines } from './fx-lines.ts'
import { dropPostgres, postgresCopy } from './pg-copy.ts'
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
 *
 * Issue 32: BENCH_DB=sqlite,postgres also times this tree's server on PostgreSQL, on the same books
 * copied into a fresh database of the cluster at BENCH_PG (default: the URL in /tmp/pg-url;
 * bench/pg-copy.ts), in the same run and against the same hello world.
 * Issue 34: BENCH_FX=20 also times this tree's SQLite server on a copy where 20 % of the lines are
 * foreign (bench/fx-lines.ts: vendors, agents and a bank in SAR, AED and USD, with rates), beside
 * the all-rupee copy: "before" (all PKR) and "after" (20 % foreign), both servers running at once and
 * every read asked of them in turns, so the shared machine's drift falls on both alike.
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
const DBS = (env.BENCH_DB ?? 'sqlite').split(',')
const FX = Number(env.BENCH_FX ?? 0)
const PG = env.BENCH_PG ?? (existsSync('/tmp/pg-url') ? readFileSync('/tmp/pg-url', 'utf8').trim() : '')
const PG_NAME = 'bench_readers'

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

let READS = ONLY ? ALL_READS.filter(([name]) => ONLY.some((o) => name.includes(o))) : ALL_READS

/**
 * Issue 34's leftovers (decisions 122, 132): with BENCH_FX, a foreign vendor's open bills and
 * advances as the payment form asks for them, and a foreign bank's Office Accounts pages (the view
 * joins each linked row's lines to `accounts` for the bank's currency). The same URLs on the
 * all-PKR copy read a rupee vendor (no bills to list) and a rupee bank: the difference is their cost.
 */
const fxReads = (vendor: string, bank: string): Array<readonly [string, string]> => {
  const v = encodeURIComponent(vendor)
  const b = encodeURIComponent(bank)
  return [
    ['open bills, a foreign vendor (newest 200)', `/api/books/open-bills/vendor/${v}`],
    ['Office Accounts, a foreign bank, page 1 of 50', `/api/accounts?name=${b}&limit=50&offset=0`],
    ['Office Accounts, a foreign bank, page 200 of 50', `/api/accounts?name=${b}&limit=50&offset=10000`],
    ['Office Accounts, a foreign bank, by credit', `/api/accounts?name=${b}&limit=50&sort=-credit`],
  ]
}

const helloTiming = async (n: number) => {
  const port = PORT + 1
  const hello = await start(root, ['bench/hello.ts'], { PORT: String(port) }, `http://127.0.0.1:${port}/`)
  try {
    return await timed(`http://127.0.0.1:${port}/`, n)
  } finally {
    await stop(hello)
  }
}

/**
 * The same URL on several servers, one request at a time, taking turns (the first server of each
 * round rotates), so the machine's drift falls on all of them alike.
 */
const timedTogether = async (urls: string[], n: number, tokens: string[]): Promise<Timing[]> => {
  const times = urls.map(() => [] as number[])
  const bytes = urls.map(() => 0)
  for (let i = 0; i < n + 3; i++)
    for (let k = 0; k < urls.length; k++) {
      const j = (i + k) % urls.length
      const t0 = performance.now()
      const res = await get(freshUrl(urls[j]!, i), tokens[j])
      const took = performance.now() - t0
      if (res.status !== 200) throw new Error(`${urls[j]} -> ${res.status} ${res.body.slice(0, 200)}`)
      bytes[j] = res.body.length
      if (i >= 3) times[j]!.push(took)
    }
  return times.map((t, j) => {
    t.sort((a, b) => a - b)
    const at = (q: number) => t[Math.min(t.length - 1, Math.floor(q * t.length))] as number
    return { p50: at(0.5), p99: at(0.99), bytes: bytes[j]! }
  })
}

const login = (api: string) =>
  new Promise<string>((resolve, reject) => {
    const req = http.request(
      `${api}/user/login`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString()
          const token = (JSON.parse(body) as { token?: string }).token
          if (token) resolve(token)
          else reject(new Error(`login failed: ${body}`))
        })
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify({ email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }))
  })

/**
 * One server of the tree at `cwd` per database (a SQLite file or a postgres:// URL), all running at
 * once on ports PORT, PORT + 2, ..., each read asked of them in turns: one timing map per database.
 */
const serverTimings = async (cwd: string, files: string[], n: number) => {
  const ports = files.map((_, i) => PORT + 2 * i)
  const servers: ChildProcess[] = []
  try {
    for (const [i, file] of files.entries())
      servers.push(
        await start(
          cwd,
          ['apps/server/src/main.ts'],
          {
            PORT: String(ports[i]),
            HOST: '127.0.0.1',
            DATABASE_URL: file.startsWith('postgres') ? file : `sqlite:${file}`,
            JWT_SECRET: 'bench-secret-at-least-32-characters-long',
            LOG: 'off',
            LOGIN_RATE_MAX: '1000000000',
            WEB_DIR: '/nonexistent',
            BACKUP_HOUR: 'off',
          },
          `http://127.0.0.1:${ports[i]}/api/health`,
        ),
      )
    const tokens: string[] = []
    for (const port of ports) tokens.push(await login(`http://127.0.0.1:${port}/api`))
    const out = files.map(() => new Map<string, Timing>())
    for (const [name, path] of READS) {
      const timings = await timedTogether(
        ports.map((port) => `http://127.0.0.1:${port}${path}`),
        n,
        tokens,
      )
      for (const [j, t] of timings.entries()) out[j]!.set(name, t)
    }
    return out
  } finally {
    for (const server of servers) await stop(server)
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

const load = () => loadavg()[0]!.toFixed(1)

const main = async () => {
  console.log(
    `readers bench: one request at a time, every URL new; ${ITERATIONS} calls per read (before: ${BEFORE_ITERATIONS})`,
  )
  for (const size of SIZES) {
    const seeded = existsSync(`${seedPath(size, SEED)}.done`)
      ? seedPath(size, SEED)
      : await seedDatabase(size, SEED)
    const mb = Math.round(statSync(seeded).size / 1e6)
    console.log(`\n${size.toLocaleString('en-US')} records (${seeded}, ${mb} MB); load average ${load()}`)
    // Copies are made before the timings, so none is made while another server is timed.
    const fxFile = `${seeded}.fx`
    if (FX > 0) {
      copy(seeded, fxFile)
      const fx = foreignLines(fxFile, FX / 100)
      console.log(
        `  ${fx.foreign.toLocaleString('en-US')} of ${fx.total.toLocaleString('en-US')} lines foreign (${((fx.foreign / fx.total) * 100).toFixed(1)} %): ${fx.accounts.join(', ')}`,
      )
      const named = (kind: string) =>
        fx.accounts.find((a) => a.startsWith(`${kind}:`))?.replace(/^[a-z]+:(.*) \([A-Z]{3}\)$/, '$1')
      const vendor = named('vendor')
      const bank = named('bank')
      if (vendor && bank && !READS.some(([name]) => name.startsWith('open bills')))
        READS = [
          ...READS,
          ...fxReads(vendor, bank).filter(([name]) => !ONLY || ONLY.some((o) => name.includes(o))),
        ]
    }
    const pgUrl = DBS.includes('postgres') ? await postgresCopy(seeded, PG, PG_NAME, () => {}) : null
    const columns: Array<[string, Map<string, Timing>, number]> = []
    const helloBefore = await helloTiming(ITERATIONS)
    try {
      if (BEFORE_ROOT) {
        const file = `${seeded}.before`
        copy(seeded, file)
        try {
          columns.push([
            'before',
            (await serverTimings(BEFORE_ROOT, [file], BEFORE_ITERATIONS))[0]!,
            Number(load()),
          ])
        } finally {
          drop(file)
        }
      }
      if (DBS.includes('sqlite')) {
        const file = `${seeded}.after`
        copy(seeded, file)
        try {
          // With BENCH_FX, the all-rupee and the foreign books run at once, their requests in turns.
          const [pkr, fx] = await serverTimings(root, FX > 0 ? [file, fxFile] : [file], ITERATIONS)
          columns.push([FX > 0 ? 'SQLite, all PKR' : 'SQLite', pkr!, Number(load())])
          if (fx) columns.push([`SQLite, ${FX} % foreign (in turns with all PKR)`, fx, Number(load())])
        } finally {
          drop(file)
        }
      }
      if (pgUrl)
        columns.push(['PostgreSQL', (await serverTimings(root, [pgUrl], ITERATIONS))[0]!, Number(load())])
    } finally {
      if (FX > 0) drop(fxFile)
      if (pgUrl) await dropPostgres(PG, PG_NAME)
    }
    const helloAfter = await helloTiming(ITERATIONS)
    const hello = { p50: (helloBefore.p50 + helloAfter.p50) / 2, p99: (helloBefore.p99 + helloAfter.p99) / 2 }
    console.log(
      `  hello world p50 / p99: ${ms(helloBefore.p50)} / ${ms(helloBefore.p99)} ms before, ${ms(helloAfter.p50)} / ${ms(helloAfter.p99)} ms after; ratios to their mean; load average ${load()}`,
    )
    console.log(`  | read | ${columns.map(([c, , l]) => `${c} (load ${l})`).join(' | ')} |`)
    console.log(`  |---|${columns.map(() => '---|').join('')}`)
    for (const [name] of READS)
      console.log(
        `  | ${name} | ${columns
          .map(([, t]) => {
            const a = t.get(name) as Timing
            return `${ms(a.p50)} / ${ms(a.p99)} (${x(a.p50, hello.p50)} / ${x(a.p99, hello.p99)}) ${Math.round(a.bytes / 1024)} kB`
          })
          .join(' | ')} |`,
      )
  }
}

await main()
