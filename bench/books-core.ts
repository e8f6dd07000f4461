import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import http from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import autocannon from 'autocannon'
import SQLite from 'better-sqlite3'
import { freshUrl } from './fresh-url.ts'
import { exportPrevious, root } from './processes.ts'
import { BENCH_ADMIN, seedPath } from './seed.ts'
import { ticketBody } from './ticket-body.ts'

/**
 * Issue 21's must-show figures, before and after in the same run (`node --import tsx bench/books-core.ts`):
 * two commits, each exported from git with this tree's packages (bench/processes.ts), measured side by side.
 * - static: explicit `any` in application code, the files a new record type touches (the server
 *   README's count) and the application files that name NAVTCC (the issue's own measure);
 * - stores: the tables one ticket create writes, and those holding its money, through the HTTP API
 *   on a fresh database (the second ticket of two, compared table by table);
 * - reads: for each size, a copy of the same seeded file per commit (bench/seed.ts, seed 4304); the
 *   commit's first start upgrades its copy (timed), a second start serves the reads; the dashboard
 *   (cards, charts, All Bookings pages) and ledger pages (agent, bank, Cash in Office), one request at
 *   a time over one kept-alive socket, every URL new (no answer-cache hit), p50 and p99, each also as
 *   a multiple of a bare Fastify hello world's timed the same way before and after in the same run;
 * - creates: create ticket over HTTP (autocannon), on the upgraded copies of CREATE_SIZE, in the
 *   order before, after, after, before; cpu: CPU per create in process (each tree's entries-probe).
 * BEFORE (2598236), AFTER (a commit; unset: the before side only), BENCH_SIZES (100000,1000000),
 * ITERATIONS (200), CREATE_SIZE (100000), BENCH_DURATION (8 s), BENCH_CONNECTIONS (10), BENCH_PORT
 * (4313), CREATE_ROUNDS (2: before, after, after, before), BENCH_ONLY (parts: static,stores,reads,creates,cpu).
 */
const env = process.env
const BEFORE = env.BEFORE ?? '2598236'
const AFTER = env.AFTER
const SIZES = (env.BENCH_SIZES ?? '100000,1000000').split(',').filter(Boolean).map(Number)
const SEED = Number(env.BENCH_SEED ?? 4304)
const ITERATIONS = Number(env.ITERATIONS ?? 200)
const CREATE_SIZE = Number(env.CREATE_SIZE ?? 100_000)
const DURATION = Number(env.BENCH_DURATION ?? 8)
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 10)
const PORT = Number(env.BENCH_PORT ?? 4313)
const HELLO_PORT = PORT + 80
const PARTS = (env.BENCH_ONLY ?? 'static,stores,reads,creates,cpu').split(',')
const SECRET = 'bench-secret-at-least-32-characters-long'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

const request = (url: string, opts: { method?: string; token?: string; body?: unknown } = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const headers: Record<string, string> = {}
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    if (opts.body !== undefined) headers['content-type'] = 'application/json'
    const req = http.request(url, { method: opts.method ?? 'GET', agent, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }))
    })
    req.on('error', reject)
    req.end(opts.body === undefined ? undefined : JSON.stringify(opts.body))
  })

/** Starts `node --import tsx <args>` in `cwd` and waits for `health`: the time until it answers. */
const start = async (cwd: string, args: string[], extra: Record<string, string>, health: string) => {
  const t0 = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd,
    env: { ...env, ...extra },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  let exited = false
  child.once('exit', () => (exited = true))
  // A first start on a 1M copy upgrades it first (the day checkpoints, the journal's change).
  for (const end = Date.now() + 60 * 60_000; Date.now() < end; await sleep(100)) {
    if (exited) throw new Error(`${args.join(' ')} in ${cwd} exited before answering`)
    try {
      if ((await request(health)).status === 200) return { child, ms: performance.now() - t0 }
    } catch {}
  }
  child.kill()
  throw new Error(`${health} did not answer within an hour`)
}

const stop = async (child: ChildProcess) => {
  if (child.exitCode !== null) return
  const done = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await done
}

const serverEnv = (file: string) => ({
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATABASE_URL: `sqlite:${file}`,
  JWT_SECRET: SECRET,
  LOG: 'off',
  LOGIN_RATE_MAX: '1000000000',
  WEB_DIR: '/nonexistent',
  BACKUP_HOUR: 'off',
  ADMIN_EMAIL: BENCH_ADMIN.email,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
})
const API = `http://127.0.0.1:${PORT}/api`
const startServer = (tree: string, file: string) =>
  start(tree, ['apps/server/src/main.ts'], serverEnv(file), `${API}/health`)

const login = async () => {
  const res = await request(`${API}/user/login`, {
    method: 'POST',
    body: { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password },
  })
  const token = (JSON.parse(res.body) as { token?: string }).token
  if (!token) throw new Error(`login failed: ${res.status} ${res.body}`)
  return token
}

const drop = (file: string) => {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
}

// ---------------------------------------------------------------- static

/** Every .ts/.tsx file under `dir` (relative to `tree`), tests and migrations aside. */
const appFiles = (tree: string, dir: string): string[] => {
  const out: string[] = []
  const walk = (d: string) => {
    if (!existsSync(d)) return
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name)
      if (e.isDirectory()) {
        if (!['node_modules', 'dist', 'migrations', 'test', '__tests__'].includes(e.name)) walk(p)
      } else if (/\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
        out.push(relative(tree, p))
    }
  }
  walk(join(tree, dir))
  return out
}
const APP_DIRS = ['apps/server/src', 'apps/web/src', 'packages/shared/src']

/**
 * The `any` type written in application code, as Biome's noExplicitAny sees it: its diagnostics with
 * the rule on for these files alone (a config of just that rule), plus the uses a
 * `biome-ignore lint/suspicious/noExplicitAny` comment (with its why) lets stand.
 */
const explicitAny = (tree: string, files: string[]) => {
  const config = mkdtempSync(join(tmpdir(), 'books-core-biome-'))
  try {
    writeFileSync(
      join(config, 'biome.json'),
      JSON.stringify({
        formatter: { enabled: false },
        assist: { enabled: false },
        linter: { enabled: true, rules: { recommended: false, suspicious: { noExplicitAny: 'error' } } },
      }),
    )
    const out = spawnSync(
      join(root, 'node_modules/.bin/biome'),
      ['lint', `--config-path=${config}`, '--max-diagnostics=none', '--reporter=json', ...files],
      { cwd: tree, maxBuffer: 64 * 1024 * 1024 },
    ).stdout.toString()
    const { diagnostics } = JSON.parse(out.slice(out.indexOf('{'))) as { diagnostics: { category: string }[] }
    return diagnostics.filter((d) => d.category === 'lint/suspicious/noExplicitAny').length
  } finally {
    rmSync(config, { recursive: true, force: true })
  }
}

const staticFigures = (tree: string) => {
  const files = APP_DIRS.flatMap((d) => appFiles(tree, d))
  let ignores = 0
  const navtcc: string[] = []
  for (const f of files) {
    const text = readFileSync(join(tree, f), 'utf8')
    ignores += (text.match(/biome-ignore lint\/suspicious\/noExplicitAny/g) ?? []).length
    if (/navtcc/i.test(text)) navtcc.push(f)
  }
  const readme = readFileSync(join(tree, 'apps/server/README.md'), 'utf8')
  const howTo = /That is (\d+) files/.exec(readme)?.[1]
  return {
    files: files.length,
    anys: explicitAny(tree, files) + ignores,
    ignores,
    navtcc: navtcc.length,
    howTo: howTo ? Number(howTo) : undefined,
  }
}

// ---------------------------------------------------------------- stores

/**
 * Columns that hold money (paisa): amounts, sums and balances, not counts or ids (bench/entries-probe.ts's,
 * with source_days' `owed` and `bank_in`, decision 078).
 */
const MONEY =
  /debit|credit|paid|receiv|remain|withdraw|^net$|payable|payed|amount|profit|total|cost|return|owed|bank_in/

type Row = Record<string, unknown>
const snapshot = (file: string) => {
  const db = new SQLite(file, { readonly: true })
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[]
    return new Map(tables.map((t) => [t, db.prepare(`SELECT * FROM "${t}"`).all() as Row[]]))
  } finally {
    db.close()
  }
}

/** A new row with a nonzero money column, or a row (by id, else by its text) whose money column changed. */
const movedMoney = (before: Row[], after: Row[]) => {
  const keyOf = (r: Row) =>
    'id' in r ? `id ${r.id}` : JSON.stringify(Object.entries(r).filter(([, v]) => typeof v === 'string'))
  const old = new Map(before.map((r) => [keyOf(r), r]))
  return after.some((r) => {
    const was = old.get(keyOf(r))
    return Object.entries(r).some(
      ([c, v]) =>
        MONEY.test(c) &&
        (typeof v === 'number' || typeof v === 'bigint') &&
        Number(v) !== Number(was?.[c] ?? 0),
    )
  })
}

/** A full-text index is one store however many shadow tables SQLite keeps for it. */
const tablesOf = (names: string[]) => [
  ...new Set(names.map((t) => t.replace(/_search_(data|docsize|idx|config|content)$/, '_search'))),
]

/**
 * The issue's count of "stores written per ticket" (8 before issue 21): the record, and each
 * derived money store, the posting lines counted once with their checkpoints (issue 21 item 3:
 * "Posting lines (with their checkpoints) are the only derived money store").
 */
const LINES_AND_CHECKPOINTS = new Set([
  'posting_lines',
  'posting_months',
  'posting_days',
  'profit_days',
  'source_days',
])
const issueStores = (money: string[]) => [
  ...new Set(money.map((t) => (LINES_AND_CHECKPOINTS.has(t) ? 'posting lines + checkpoints' : t))),
]

/** The tables the second of two ticket creates writes through the API, and those that store its money. */
const storesPerTicket = async (tree: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'books-core-stores-'))
  const file = join(dir, 'db')
  const { child } = await startServer(tree, file)
  try {
    const token = await login()
    for (const [path, name] of [
      ['/agent-names', 'Agent Rafiq'],
      ['/vender-names', 'Sky Links'],
    ] as const) {
      const res = await request(`${API}${path}`, { method: 'POST', token, body: { name } })
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${res.body}`)
    }
    const create = async (ref: string) => {
      const res = await request(`${API}/ticket`, { method: 'POST', token, body: ticketBody(ref) })
      if (res.status !== 201) throw new Error(`create ticket: ${res.status} ${res.body}`)
      // The search index is written a moment later, off the request: let it land before looking.
      await sleep(1500)
    }
    await create('S-0')
    const before = snapshot(file)
    await create('S-1')
    const after = snapshot(file)
    const same = (t: string) => JSON.stringify(before.get(t)) === JSON.stringify(after.get(t))
    const written = [...after.keys()].filter((t) => !same(t)).sort()
    const money = written.filter((t) => movedMoney(before.get(t) ?? [], after.get(t) ?? []))
    return { written: tablesOf(written), money }
  } finally {
    await stop(child)
    rmSync(dir, { recursive: true, force: true })
  }
}

// ---------------------------------------------------------------- reads

interface Timing {
  p50: number
  p99: number
  bytes: number
}

/** One request at a time, every URL new, after 3 warm-up calls; the answer is read to its end. */
const timed = async (url: string, n: number, token?: string): Promise<Timing> => {
  const times: number[] = []
  let bytes = 0
  for (let i = 0; i < n + 3; i++) {
    const t0 = performance.now()
    const res = await request(freshUrl(url, i), { token })
    const ms = performance.now() - t0
    if (res.status !== 200) throw new Error(`${url} -> ${res.status} ${res.body.slice(0, 200)}`)
    bytes = res.body.length
    if (i >= 3) times.push(ms)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number
  return { p50: at(0.5), p99: at(0.99), bytes }
}

/** The dashboard and ledger pages as the screens ask for them (All Bookings 25 a page, ledgers 50). */
const READS: ReadonlyArray<readonly [string, string]> = [
  ['dashboard cards, all time', '/dashboard'],
  ['dashboard cards, one month', '/dashboard?from=2024-06-01&to=2024-06-30'],
  ['dashboard charts, all time', '/dashboard/charts'],
  ['All Bookings, first page', '/dashboard/bookings?limit=25&offset=0'],
  ['All Bookings, offset 50,000', '/dashboard/bookings?limit=25&offset=50000'],
  ['All Bookings, one month, page 1', '/dashboard/bookings?from=2024-06-01&to=2024-06-30&limit=25&offset=0'],
  ['agent ledger, first page', '/agent?name=Agent%20Rafiq&limit=50&offset=0'],
  ['agent ledger, offset 5,000', '/agent?name=Agent%20Rafiq&limit=50&offset=5000'],
  ['bank ledger, first page', '/accounts/UBL%20Account%201?limit=50&offset=0'],
  ['bank ledger, offset 5,000', '/accounts/UBL%20Account%201?limit=50&offset=5000'],
  ['Cash in Office, first page', '/accounts?name=Cash%20in%20Office&limit=50&offset=0'],
]

const helloTiming = async () => {
  const url = `http://127.0.0.1:${HELLO_PORT}/`
  const { child } = await start(root, ['bench/hello.ts'], { PORT: String(HELLO_PORT) }, url)
  try {
    return await timed(url, ITERATIONS)
  } finally {
    await stop(child)
  }
}

/** Upgrades a copy of `seeded` with the tree's migrations (first start, timed), then times the reads on a second start. */
const readsOn = async (tree: string, seeded: string, file: string) => {
  drop(file)
  const t0 = performance.now()
  copyFileSync(seeded, file)
  const copyMs = performance.now() - t0
  const first = await startServer(tree, file)
  await stop(first.child)
  const second = await startServer(tree, file)
  try {
    const token = await login()
    const reads = new Map<string, Timing>()
    for (const [name, path] of READS) reads.set(name, await timed(`${API}${path}`, ITERATIONS, token))
    return { copyMs, upgradeMs: first.ms, startMs: second.ms, reads }
  } finally {
    await stop(second.child)
  }
}

// ---------------------------------------------------------------- creates

const creates = async (tree: string, file: string, run: number) => {
  const { child } = await startServer(tree, file)
  try {
    const token = await login()
    const r = await autocannon({
      url: `${API}/ticket`,
      connections: CONNECTIONS,
      duration: DURATION,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(ticketBody(`CORE-${run}`)),
    })
    return { rps: r.requests.average, p99: r.latency.p99, errors: r.non2xx + r.errors + r.timeouts }
  } finally {
    await stop(child)
  }
}

// ---------------------------------------------------------------- run

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1))
const times = (a: number, b: number) => `${(a / b).toFixed(1)}x`
const secs = (x: number) => `${(x / 1000).toFixed(1)} s`

const commitOf = (ref: string) =>
  execFileSync('git', ['-C', root, 'rev-parse', '--short', ref]).toString().trim()
const sides = [['before', commitOf(BEFORE)] as const, ...(AFTER ? [['after', commitOf(AFTER)] as const] : [])]
const trees = new Map(sides.map(([side, commit]) => [side, exportPrevious(commit)]))
console.log(
  `Books at the core (issue 21): ${sides.map(([s, c]) => `${s} ${c}`).join(', ')}; load average ${load()}`,
)

if (PARTS.includes('static'))
  for (const [side, commit] of sides) {
    const s = staticFigures(trees.get(side) as string)
    console.log(
      `  ${side} (${commit}): ${s.anys} explicit any in ${s.files} application files (${s.ignores} of them with a biome-ignore why-comment); ` +
        `${s.navtcc} application files name NAVTCC; the server README's "How to add a record type": ${s.howTo ?? '?'} files`,
    )
  }

if (PARTS.includes('stores'))
  for (const [side] of sides) {
    const { written, money } = await storesPerTicket(trees.get(side) as string)
    console.log(
      `  ${side}: one ticket create writes ${written.length} tables (a full-text index counted once): ${written.join(', ')}`,
    )
    console.log(`  ${side}: ${money.length} of them store its money: ${money.join(', ')}`)
    const stores = issueStores(money)
    console.log(`  ${side}: stores in the issue's count: ${stores.length} (${stores.join(', ')})`)
  }

const kept = new Map<string, string>()
if (PARTS.includes('reads'))
  for (const size of SIZES) {
    const seeded = seedPath(size, SEED)
    if (!existsSync(`${seeded}.done`))
      throw new Error(`${seeded} is not seeded: node --import tsx bench/seed.ts ${size} ${SEED}`)
    console.log(
      `\n${size.toLocaleString('en-US')} records (${seeded}, ${Math.round(statSync(seeded).size / 1e6)} MB); ${ITERATIONS} calls per read; load average ${load()}`,
    )
    const helloBefore = await helloTiming()
    const results = new Map<string, Awaited<ReturnType<typeof readsOn>>>()
    for (const [side] of sides) {
      const file = `${seeded}.core-${side}`
      const r = await readsOn(trees.get(side) as string, seeded, file)
      results.set(side, r)
      if (size === CREATE_SIZE && PARTS.includes('creates')) kept.set(side, file)
      else drop(file)
      console.log(
        `  ${side}: copy ${secs(r.copyMs)}, first start (upgrades the copy) ${secs(r.upgradeMs)}, second start ${secs(r.startMs)}; load average ${load()}`,
      )
    }
    const helloAfter = await helloTiming()
    const hello = { p50: (helloBefore.p50 + helloAfter.p50) / 2, p99: (helloBefore.p99 + helloAfter.p99) / 2 }
    console.log(
      `  hello world p50 / p99: ${ms(helloBefore.p50)} / ${ms(helloBefore.p99)} ms first, ${ms(helloAfter.p50)} / ${ms(helloAfter.p99)} ms last; ratios are to their mean`,
    )
    for (const [name] of READS) {
      const cells = sides.map(([side]) => {
        const t = results.get(side)?.reads.get(name) as Timing
        return `${side} ${ms(t.p50)} / ${ms(t.p99)} ms (${times(t.p50, hello.p50)} / ${times(t.p99, hello.p99)}, ${Math.round(t.bytes / 1024)} kB)`
      })
      console.log(`  ${name.padEnd(32)} ${cells.join('  ')}`)
    }
  }

if (PARTS.includes('creates')) {
  if (kept.size === 0) {
    // Without the reads: fresh upgraded copies of CREATE_SIZE.
    const seeded = seedPath(CREATE_SIZE, SEED)
    for (const [side] of sides) {
      const file = `${seeded}.core-${side}`
      drop(file)
      copyFileSync(seeded, file)
      await stop((await startServer(trees.get(side) as string, file)).child)
      kept.set(side, file)
    }
  }
  // before, after, after, before, then again (a shared machine drifts; each side gets the same share of it)
  const ROUNDS = Number(env.CREATE_ROUNDS ?? 2)
  const order = Array.from({ length: ROUNDS }, (_, i) =>
    AFTER
      ? i % 2 === 0
        ? (['before', 'after'] as const)
        : (['after', 'before'] as const)
      : (['before'] as const),
  ).flat()
  const runs = new Map<string, number[]>()
  console.log(
    `\ncreate ticket over HTTP: ${CONNECTIONS} connections, ${DURATION} s a run, on the upgraded ${CREATE_SIZE.toLocaleString('en-US')}-record copies`,
  )
  let run = 0
  for (const side of order) {
    const r = await creates(trees.get(side) as string, kept.get(side) as string, run++)
    runs.set(side, [...(runs.get(side) ?? []), r.rps])
    console.log(
      `  ${side}: ${Math.round(r.rps)} tickets/s, p99 ${r.p99} ms${r.errors ? ` (${r.errors} errors)` : ''}; load average ${load()}`,
    )
  }
  const mean = (side: string) => {
    const xs = runs.get(side) ?? []
    return xs.reduce((a, b) => a + b, 0) / xs.length
  }
  console.log(
    `  mean: before ${Math.round(mean('before'))}/s${AFTER ? `, after ${Math.round(mean('after'))}/s (${((mean('after') / mean('before')) * 100).toFixed(0)} %)` : ''}`,
  )
  for (const file of kept.values()) drop(file)
}
if (PARTS.includes('cpu')) {
  // CPU per ticket create through the record lifecycle, in process (each tree's own
  // bench/entries-probe.ts "cpu": 500 creates a transaction, median of rounds): steadier than
  // requests per second on a shared machine. Each run on a fresh copy, upgraded outside the rounds.
  const seeded = seedPath(CREATE_SIZE, SEED)
  const cpu = new Map<string, number[]>()
  const order = AFTER ? (['before', 'after', 'after', 'before'] as const) : (['before', 'before'] as const)
  console.log(
    `\nCPU per ticket create (lifecycle, in process, ${CREATE_SIZE.toLocaleString('en-US')}-record copies)`,
  )
  for (const side of order) {
    const file = `${seeded}.core-cpu`
    drop(file)
    copyFileSync(seeded, file)
    try {
      const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/entries-probe.ts', 'cpu', file], {
        cwd: trees.get(side) as string,
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      const line = out.toString().trim().split('\n').at(-1) ?? ''
      const { us } = JSON.parse(line) as { us: number }
      cpu.set(side, [...(cpu.get(side) ?? []), us])
      console.log(`  ${side}: ${Math.round(us)} µs; load average ${load()}`)
    } finally {
      drop(file)
    }
  }
  const mean = (side: string) => {
    const xs = cpu.get(side) ?? []
    return xs.reduce((a, b) => a + b, 0) / xs.length
  }
  console.log(
    `  mean: before ${Math.round(mean('before'))} µs${AFTER ? `, after ${Math.round(mean('after'))} µs (${((mean('after') / mean('before')) * 100).toFixed(0)} %)` : ''}`,
  )
}
console.log(`load average at end: ${load()}`)
