import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { loginJsSize } from './bundle-size.ts'
import { freshUrl } from './fresh-url.ts'
import { seedDatabase } from './seed.ts'
import { ticketBody } from './ticket-body.ts'

/**
 * `npm run bench`: prints every figure of bench/README.md in one run.
 * BENCH_SIZES=10000,100000,1000000  BENCH_DURATION=5 (seconds per load test)  BENCH_SEED=42
 * BENCH_WEB_DIR=path of a built web app (else apps/web/dist, built when missing).
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const env = process.env
const SIZES = (env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number)
const DURATION = Number(env.BENCH_DURATION ?? 5)
const SEED = Number(env.BENCH_SEED ?? 42)
const CONNECTIONS = 10
const PORT = 4990
const ADMIN = { email: 'bench@bench.local', password: 'bench-pass-123' }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const waitFor = async (url: string) => {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).status < 500) return
    } catch {}
    await sleep(100)
  }
  throw new Error(`server at ${url} did not start`)
}

/** Resident-set peak of a process, from the kernel's own high-water mark. */
const peakRssMb = (pid: number) => {
  try {
    const kb = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)?.[1] ?? 0)
    return Math.round(kb / 1024)
  } catch {
    return 0
  }
}

const startProcess = async (args: string[], extraEnv: Record<string, string>, health: string) => {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await waitFor(health)
  return child
}

const stop = async (child: ChildProcess) => {
  const done = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await done
}

interface Load {
  rps: number
  p99: number
  errors: number
}

const load = async (
  url: string,
  opts: {
    method?: 'GET' | 'POST'
    token?: string
    body?: unknown
    duration?: number
    /** Every request a new URL (`freshUrl`): no answer-cache hits. */
    fresh?: boolean
  } = {},
): Promise<Load> => {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  let n = 0
  const path = new URL(url)
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: opts.duration ?? DURATION,
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    ...(opts.fresh
      ? {
          requests: [
            {
              setupRequest: (req) => ({
                ...req,
                path: freshUrl(`${path.pathname}${path.search}`, n++),
              }),
            },
          ],
        }
      : {}),
  })
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  }
}

/**
 * Latency of one request at a time (no queueing): what a user waits for. Every URL is new
 * (`fresh=i`, ignored by the API), so none is answered from the answer cache.
 */
const timed = async (url: string, token: string, n = 50) => {
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    const t0 = performance.now()
    const res = await fetch(freshUrl(url, i), {
      headers: { authorization: `Bearer ${token}` },
    })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${url} → ${res.status}`)
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) =>
    (times[Math.min(times.length - 1, Math.floor(q * times.length))] as number).toFixed(1)
  return { p50: at(0.5), p99: at(0.99) }
}

const fmt = (n: number) => n.toLocaleString('en-US')
const ratio = (rps: number, base: number) => `${((rps / base) * 100).toFixed(0)}%`
const line = (name: string, r: Load, base: number) =>
  console.log(
    `  ${name.padEnd(34)} ${fmt(r.rps).padStart(8)} req/s   p99 ${String(r.p99).padStart(4)} ms   ${ratio(r.rps, base).padStart(5)} of hello${r.errors ? `   (${fmt(r.errors)} errors)` : ''}`,
  )

const webSize = () => {
  let dir = env.BENCH_WEB_DIR ?? `${root}apps/web/dist`
  if (!existsSync(`${dir}/index.html`)) {
    dir = '/tmp/booking-bench/web'
    console.log('  building the web app…')
    spawnSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: `${root}apps/web`,
      stdio: 'inherit',
    })
  }
  const size = loginJsSize(dir)
  console.log(
    `  login page initial JavaScript: ${(size.gzip / 1024).toFixed(1)} kB gzipped (${(size.raw / 1024).toFixed(0)} kB raw, ${size.files.length} files; target < 200 kB)`,
  )
}

/** The baseline: a bare Fastify hello world on its own port, under the same load. */
const helloWorld = async () => {
  const port = PORT + 1
  const hello = await startProcess(['bench/hello.ts'], { PORT: String(port) }, `http://127.0.0.1:${port}/`)
  try {
    return await load(`http://127.0.0.1:${port}/`)
  } finally {
    await stop(hello)
  }
}

const main = async () => {
  console.log(
    `Booking System bench — ${DURATION} s per load test, ${CONNECTIONS} connections, seed ${SEED}\n`,
  )
  console.log('Web bundle')
  webSize()

  const largest = Math.max(...SIZES)
  for (const size of SIZES) {
    console.log(`\n${fmt(size)} records`)
    const seeded = await seedDatabase(size, SEED, (m) => console.log(m))
    // Each run works on a copy, so the tickets a run creates never change the next run's data.
    const file = `${seeded}.run`
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
    copyFileSync(seeded, file)
    const helloBefore = await helloWorld()
    const api = `http://127.0.0.1:${PORT}/api`
    const server = await startProcess(
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
        WEB_DIR: '/nonexistent',
      },
      `${api}/health`,
    )
    try {
      const login = (await (
        await fetch(`${api}/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ADMIN),
        })
      ).json()) as { token?: string }
      const token = login.token as string
      if (!token) throw new Error(`login failed: ${JSON.stringify(login)}`)
      // Tickets post only to names on the lists (issue 12); a 409 means they are there already.
      for (const [path, name] of [
        ['agent-names', 'Agent Rafiq'],
        ['vender-names', 'Sky Links'],
      ] as const) {
        await fetch(`${api}/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ name }),
        })
      }
      const hasTicket = (
        await fetch(`${api}/ticket?limit=1`, { headers: { authorization: `Bearer ${token}` } })
      ).ok
      const list = hasTicket ? `${api}/ticket?limit=25` : `${api}/protector?limit=25`
      const listName = hasTicket ? 'GET /api/ticket' : 'GET /api/protector'
      const search = `${list}&q=khan`

      for (const [name, url] of [
        ['dashboard  GET /api/dashboard', `${api}/dashboard`],
        ['feed  GET /api/dashboard/bookings', `${api}/dashboard/bookings?limit=25`],
        [
          'feed page 201 of a date range',
          `${api}/dashboard/bookings?limit=25&offset=5000&from=2022-01-01&to=2024-06-30`,
        ],
        [`list page  ${listName}`, list],
      ] as const) {
        const t = await timed(url, token)
        console.log(`  ${name.padEnd(34)} single-user p50 ${t.p50} ms, p99 ${t.p99} ms`)
      }
      // Repeated URLs are answered from the answer cache while nothing is written (SQLite);
      // the "every URL new" lines miss it on every request: what the first look after a write costs.
      const runs: Array<[string, Load]> = []
      runs.push(['dashboard', await load(`${api}/dashboard`, { token })])
      runs.push(['dashboard, every URL new', await load(`${api}/dashboard`, { token, fresh: true })])
      runs.push(['dashboard feed page', await load(`${api}/dashboard/bookings?limit=25`, { token })])
      runs.push([
        'dashboard feed page, every URL new',
        await load(`${api}/dashboard/bookings?limit=25`, { token, fresh: true }),
      ])
      runs.push([`list page (${listName})`, await load(list, { token })])
      runs.push([`list page, every URL new`, await load(list, { token, fresh: true })])
      if (size === largest) {
        runs.push([`search (${listName}&q=khan)`, await load(search, { token })])
        runs.push([`search, every URL new`, await load(search, { token, fresh: true })])
        runs.push([
          'login  POST /api/user/login',
          await load(`${api}/user/login`, { method: 'POST', body: ADMIN }),
        ])
        if (hasTicket) {
          runs.push([
            'create ticket  POST /api/ticket',
            await load(`${api}/ticket`, { method: 'POST', token, body: ticketBody() }),
          ])
        } else {
          console.log('  create ticket: POST /api/ticket does not exist yet — skipped')
        }
      }
      // The machine's speed drifts (shared host): the baseline is the mean of a hello world
      // measured just before and just after this size's load tests.
      const helloAfter = await helloWorld()
      const base = { ...helloBefore, rps: Math.round((helloBefore.rps + helloAfter.rps) / 2) }
      console.log(
        `  hello world before / after: ${fmt(helloBefore.rps)} / ${fmt(helloAfter.rps)} req/s; ratios below are to their mean`,
      )
      line('bare Fastify hello world (mean)', base, base.rps)
      for (const [name, r] of runs) line(name, r, base.rps)
    } finally {
      const peak = peakRssMb(server.pid as number)
      await stop(server)
      console.log(`  peak server memory (RSS): ${peak} MB`)
      for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
    }
  }
}

await main()
