import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { start, stop } from './processes.ts'
import { ticketBody } from './ticket-body.ts'

/**
 * `npm run bench:durability`: create ticket on SQLite with `synchronous = FULL` (the default: a
 * 201 is on disk before it is sent) beside NORMAL (the log is fsynced only at checkpoints), and a
 * bare Fastify hello world, in one run on one machine. Each create is measured with one client
 * (every commit pays its own fsync) and with BENCH_CONNECTIONS clients (group commit shares it).
 * BENCH_DURATION seconds per figure (default 10); rates are means of two runs per mode, p50/p99
 * the worse of the two.
 */
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const PORT = 4310
const ADMIN = { email: 'bench@bench.local', password: 'Bench-Durability-9xQ' }

interface Figure {
  rps: number
  p50: number
  p99: number
  errors: number
}

const load = async (url: string, connections: number, token?: string): Promise<Figure> => {
  const result = await autocannon({
    url,
    connections,
    duration: DURATION,
    method: token ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: token ? JSON.stringify(ticketBody()) : undefined,
  })
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  }
}

const createTickets = async (synchronous: 'FULL' | 'NORMAL') => {
  const dir = mkdtempSync(join(tmpdir(), 'booking-durability-'))
  const base = `http://127.0.0.1:${PORT}`
  const server = await start(
    ['apps/server/src/main.ts'],
    {
      DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
      SQLITE_SYNCHRONOUS: synchronous,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG: 'off',
      WEB_DIR: '/nonexistent',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: 'durability-bench-secret-0123456789abcdef0123456789abcdef',
    },
    `${base}/api/health`,
  )
  try {
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    const { token } = (await login.json()) as { token: string }
    for (const [path, name] of [
      ['/api/agent-names', 'Agent Rafiq'],
      ['/api/vender-names', 'Sky Links'],
    ]) {
      await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name }),
      })
    }
    return {
      one: await load(`${base}/api/ticket`, 1, token),
      many: await load(`${base}/api/ticket`, CONNECTIONS, token),
    }
  } finally {
    await stop(server)
    rmSync(dir, { recursive: true, force: true })
  }
}

const fmt = (n: number) => n.toLocaleString('en-US')
const row = (name: string, f: Figure, hello: number) =>
  console.log(
    `  ${name.padEnd(44)} ${fmt(f.rps).padStart(7)} req/s   p50 ${String(f.p50).padStart(3)} ms   p99 ${String(f.p99).padStart(4)} ms   ${((f.rps / hello) * 100).toFixed(1).padStart(5)} % of hello${f.errors ? `   (${fmt(f.errors)} errors)` : ''}`,
  )

/** What one fsync of a small write costs on this disk now: the price FULL pays per commit. */
const fsyncMs = () => {
  const dir = mkdtempSync(join(tmpdir(), 'booking-fsync-'))
  const fd = openSync(join(dir, 'probe'), 'w')
  const times: number[] = []
  try {
    for (let i = 0; i < 50; i++) {
      writeSync(fd, Buffer.alloc(4096, i), 0, 4096, i * 4096)
      const t = performance.now()
      fsyncSync(fd)
      times.push(performance.now() - t)
    }
  } finally {
    closeSync(fd)
    rmSync(dir, { recursive: true, force: true })
  }
  times.sort((a, b) => a - b)
  return `p50 ${times[25]!.toFixed(2)} ms, p90 ${times[45]!.toFixed(2)} ms`
}

console.log(`Durability bench: ${DURATION} s per figure, SQLite file in ${tmpdir()}`)
console.log(`  fsync of 4 kB before: ${fsyncMs()}`)
const helloPort = PORT + 1
const hello = await start(['bench/hello.ts'], { PORT: String(helloPort) }, `http://127.0.0.1:${helloPort}/`)
let helloFigure: Figure
try {
  helloFigure = await load(`http://127.0.0.1:${helloPort}/`, CONNECTIONS)
} finally {
  await stop(hello)
}
// NORMAL, FULL, FULL, NORMAL: a shared machine's speed drifts, and this order gives both modes
// the same average position in the run. Each figure is the mean of its two runs.
const runs = {
  NORMAL: [] as Awaited<ReturnType<typeof createTickets>>[],
  FULL: [] as Awaited<ReturnType<typeof createTickets>>[],
}
for (const mode of ['NORMAL', 'FULL', 'FULL', 'NORMAL'] as const) runs[mode].push(await createTickets(mode))
const mean = (figures: Figure[]): Figure => ({
  rps: Math.round(figures.reduce((s, f) => s + f.rps, 0) / figures.length),
  p50: Math.max(...figures.map((f) => f.p50)),
  p99: Math.max(...figures.map((f) => f.p99)),
  errors: figures.reduce((s, f) => s + f.errors, 0),
})
const both = (mode: 'NORMAL' | 'FULL') => ({
  one: mean(runs[mode].map((r) => r.one)),
  many: mean(runs[mode].map((r) => r.many)),
})
const normal = both('NORMAL')
const full = both('FULL')
for (const mode of ['NORMAL', 'FULL'] as const) {
  console.log(
    `  ${mode} runs: 1 connection ${runs[mode].map((r) => r.one.rps).join(' / ')} req/s, ${CONNECTIONS} connections ${runs[mode].map((r) => r.many.rps).join(' / ')} req/s`,
  )
}
console.log(`  fsync of 4 kB after: ${fsyncMs()}`)
row(`hello world (${CONNECTIONS} connections)`, helloFigure, helloFigure.rps)
row('create ticket, NORMAL, 1 connection', normal.one, helloFigure.rps)
row('create ticket, FULL, 1 connection', full.one, helloFigure.rps)
row(`create ticket, NORMAL, ${CONNECTIONS} connections`, normal.many, helloFigure.rps)
row(`create ticket, FULL, ${CONNECTIONS} connections`, full.many, helloFigure.rps)
console.log(
  `  FULL / NORMAL: ${((full.one.rps / normal.one.rps) * 100).toFixed(0)} % with 1 connection, ${((full.many.rps / normal.many.rps) * 100).toFixed(0)} % with ${CONNECTIONS}`,
)
