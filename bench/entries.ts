import { execSync, spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { root, sleep } from './processes.ts'
import { BENCH_ADMIN } from './seed.ts'
import { ticketBody } from './ticket-body.ts'

/**
 * Issue 21 (decision 050), before and after in the same run: the previous release (PREVIOUS, the
 * commit before entry headers, exported from git with this tree's node_modules) against this tree.
 * - stores written per ticket create (tables whose rows change; a fresh small database);
 * - create ticket over HTTP (autocannon), before, after, after, before, each on a fresh copy of
 *   the same SIZE-record database seeded by the previous release (this tree upgrades its copy, as
 *   an installed agency would);
 * - a 50-row ledger page, p50 / p99 (agent ledger, Cash in Office), on those copies after the load.
 * `node --import tsx bench/entries.ts`  BENCH_SIZE=100000 BENCH_DURATION=10 BENCH_CONNECTIONS=10
 */
const PREVIOUS = process.env.PREVIOUS ?? 'b51e3f0'
const SIZE = Number(process.env.BENCH_SIZE ?? 100_000)
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const PORT = 4330
const DIR = '/tmp/booking-bench'

/** The previous release's tree: its sources from git, this tree's installed packages, its own workspace links. */
const exportPrevious = () => {
  const dir = join(DIR, `engine-prev-${PREVIOUS}`)
  if (existsSync(join(dir, '.ready'))) return dir
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  execSync(`git -C ${root} archive ${PREVIOUS} | tar -x -C ${dir}`)
  mkdirSync(join(dir, 'node_modules', '@booking'), { recursive: true })
  for (const name of readdirSync(join(root, 'node_modules')))
    if (name !== '@booking') symlinkSync(join(root, 'node_modules', name), join(dir, 'node_modules', name))
  for (const [name, target] of [
    ['server', 'apps/server'],
    ['shared', 'packages/shared'],
    ['web', 'apps/web'],
  ])
    symlinkSync(join(dir, target), join(dir, 'node_modules', '@booking', name))
  writeFileSync(join(dir, '.ready'), '')
  return dir
}

/** Runs the probe inside a tree and returns its JSON line. */
const probe = <T>(tree: string, args: string[]) =>
  new Promise<T>((resolve, reject) => {
    copyFileSync(join(root, 'bench/entries-probe.ts'), join(tree, 'bench/entries-probe.ts'))
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/entries-probe.ts', ...args], {
      cwd: tree,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? ''
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line))
      else reject(new Error(`probe ${args[0]} in ${tree} failed (${code}): ${out}`))
    })
  })

const createTickets = async (tree: string, base: string) => {
  const file = join(DIR, `engine-entries-run.db`)
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
  copyFileSync(base, file)
  const url = `http://127.0.0.1:${PORT}`
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: tree,
    env: {
      ...process.env,
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
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const started = performance.now()
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break
    } catch {}
    if (performance.now() - started > 300_000) throw new Error('server did not start')
    await sleep(100)
  }
  const startMs = performance.now() - started
  try {
    const login = await fetch(`${url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
    })
    const { token } = (await login.json()) as { token: string }
    const r = await autocannon({
      url: `${url}/api/ticket`,
      connections: CONNECTIONS,
      duration: DURATION,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(ticketBody()),
    })
    return {
      rps: Math.round(r.requests.average),
      p99: r.latency.p99,
      errors: r.non2xx + r.errors + r.timeouts,
      startMs: Math.round(startMs),
      file,
    }
  } finally {
    const done = new Promise((r) => server.once('exit', r))
    server.kill('SIGTERM')
    await done
  }
}

const prev = exportPrevious()
const trees = { before: prev, after: root }
console.log(
  `Entries bench: ${PREVIOUS} (before) against this tree (after), ${SIZE.toLocaleString('en-US')} records`,
)
console.log(
  `  load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)

for (const [side, tree] of Object.entries(trees)) {
  const { written, money } = await probe<{ written: string[]; money?: string[] }>(tree, ['stores'])
  console.log(`  ${side}: one ticket create writes ${written.length} tables: ${written.join(', ')}`)
  if (money) console.log(`  ${side}: ${money.length} of them store its money: ${money.join(', ')}`)
}

const base = join(DIR, `engine-entries-${SIZE}.db`)
if (!existsSync(base)) await probe(prev, ['seed', String(SIZE), base])

const cpu: Record<string, number[]> = { before: [], after: [] }
for (const side of ['before', 'after', 'after', 'before'] as const) {
  const file = join(DIR, 'engine-entries-cpu.db')
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
  copyFileSync(base, file)
  // This tree upgrades its copy first (migration 0024), outside the timed rounds.
  cpu[side]!.push((await probe<{ us: number }>(trees[side], ['cpu', file])).us)
}
const cpuMean = (side: string) => cpu[side]!.reduce((a, b) => a + b, 0) / cpu[side]!.length
console.log(
  `  CPU per ticket create (lifecycle, 500 per transaction; median of rounds, mean of 2 runs): before ${cpuMean('before').toFixed(0)} µs, after ${cpuMean('after').toFixed(0)} µs (${((cpuMean('after') / cpuMean('before')) * 100).toFixed(0)} %); runs ${JSON.stringify(cpu)}`,
)

const runs: Record<string, { rps: number; p99: number }[]> = { before: [], after: [] }
const pages: Record<string, Record<string, { p50: number; p99: number }>[]> = { before: [], after: [] }
for (const side of ['before', 'after', 'after', 'before'] as const) {
  const r = await createTickets(trees[side], base)
  console.log(
    `  create ticket ${side}: ${r.rps} req/s, p99 ${r.p99} ms${r.errors ? ` (${r.errors} errors)` : ''} (server up in ${r.startMs} ms)`,
  )
  runs[side]!.push(r)
  pages[side]!.push(await probe<Record<string, { p50: number; p99: number }>>(trees[side], ['pages', r.file]))
}
const mean = (side: string) => runs[side]!.reduce((s, r) => s + r.rps, 0) / runs[side]!.length
console.log(
  `  create ticket mean: before ${Math.round(mean('before'))} req/s, after ${Math.round(mean('after'))} req/s (${((mean('after') / mean('before')) * 100).toFixed(0)} %)`,
)
for (const label of Object.keys(pages.before![0]!)) {
  const worst = (side: string) => Math.max(...pages[side]!.map((p) => p[label]!.p99))
  const p50 = (side: string) => Math.max(...pages[side]!.map((p) => p[label]!.p50))
  console.log(
    `  ${label}: p50 ${p50('before').toFixed(2)} -> ${p50('after').toFixed(2)} ms, p99 ${worst('before').toFixed(2)} -> ${worst('after').toFixed(2)} ms`,
  )
}
console.log(
  `  load average at end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
