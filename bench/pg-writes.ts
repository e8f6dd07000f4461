import { type ChildProcess, spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import pg from 'pg'
import { NAMES, ticketBody, umrahBody } from '../apps/server/test/load.ts'
// @ts-expect-error: a plain .mjs script with no types
import { start as startCluster } from '../scripts/pg-cluster.mjs'
import { exportPrevious, root, sleep } from './processes.ts'

/**
 * PostgreSQL write throughput with one and two server processes on one database (decision 070),
 * before (PREVIOUS: every write behind one advisory lock, decision 036) and after (this tree:
 * writes lock their accounts in one key order), in the same run on one throwaway cluster:
 * - "same accounts": the two-processes test's mix (ticket and Umrah creates, edits, deletes, all
 *   posting to one agent, vendor and bank), WORKERS clients for DURATION s;
 * - "own accounts": ticket creates, each client posting to its own agent and vendor.
 * Each run counts 2xx answers and PostgreSQL's deadlocks (pg_stat_database) on a fresh database.
 * `node --import tsx bench/pg-writes.ts`  PREVIOUS=823ed62 BENCH_DURATION=6 BENCH_WORKERS=12
 */
const PREVIOUS = process.env.PREVIOUS ?? '823ed62'
const DURATION = Number(process.env.BENCH_DURATION ?? 6)
const WORKERS = Number(process.env.BENCH_WORKERS ?? 12)
const PORT = 4340
const ADMIN = { email: 'pg-bench@bench.local', password: 'Pg-Bench-Pass-7qLx2' }

const startServer = async (tree: string, url: string, port: number): Promise<ChildProcess> => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: tree,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG: 'off',
      WEB_DIR: '/nonexistent',
      BACKUP_HOUR: 'off',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: 'bench-secret-at-least-32-characters-long',
      LOGIN_RATE_MAX: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child
    } catch {}
    await sleep(100)
  }
  child.kill()
  throw new Error('server did not start')
}

const stopServer = async (child: ChildProcess) => {
  const done = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await done
}

const call = async (base: string, token: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: res.status, body: (await res.json()) as Record<string, { id: number }> }
}

const query = async <T>(url: string, text: string): Promise<T[]> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text)).rows as T[]
  } finally {
    await client.end()
  }
}

type Workload = 'same accounts' | 'own accounts'

const run = async (cluster: string, tree: string, servers: number, workload: Workload) => {
  const name = `b_${Math.random().toString(36).slice(2, 10)}`
  await query(cluster, `CREATE DATABASE ${name}`)
  const url = new URL(cluster)
  url.pathname = `/${name}`
  const children: ChildProcess[] = []
  try {
    // One after the other: both would otherwise migrate the new database at once.
    for (let i = 0; i < servers; i++) children.push(await startServer(tree, url.toString(), PORT + i))
    const bases = children.map((_, i) => `http://127.0.0.1:${PORT + i}`)
    const login = await fetch(`${bases[0]}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    const { token } = (await login.json()) as { token: string }
    const agents = Array.from({ length: WORKERS }, (_, i) => `Bench Agent ${i}`)
    const vendors = Array.from({ length: WORKERS }, (_, i) => `Bench Vendor ${i}`)
    for (const n of [NAMES.agent, ...agents])
      await call(bases[0]!, token, 'POST', '/api/agent-names', { name: n })
    for (const n of [NAMES.vendor, ...vendors])
      await call(bases[0]!, token, 'POST', '/api/vender-names', { name: n })
    const before = Number(
      (
        await query<{ d: string }>(
          url.toString(),
          'SELECT deadlocks AS d FROM pg_stat_database WHERE datname = current_database()',
        )
      )[0]?.d,
    )
    let ok = 0
    let failed = 0
    let serial = 0
    const ids = { ticket: [] as number[], umrah: [] as number[] }
    const until = Date.now() + DURATION * 1000
    const worker = async (w: number) => {
      while (Date.now() < until) {
        const base = bases[(w + serial) % bases.length]!
        const n = ++serial
        let res: { status: number; body: Record<string, { id: number }> }
        if (workload === 'own accounts') {
          res = await call(base, token, 'POST', '/api/ticket', {
            ...ticketBody(`own-${n}`, 50_000 + n),
            agent_name: agents[w],
            vendor_name: vendors[w],
            paid_cash: 0,
            paid_in_bank: 0,
            bank_title: '',
          })
        } else {
          const kind = Math.random() < 0.5 ? 'ticket' : 'umrah'
          const list = ids[kind]
          const body =
            kind === 'ticket'
              ? ticketBody(`two-${n}`, 50_000 + n)
              : umrahBody(`two-${n}`, `2026-${String(1 + (n % 12)).padStart(2, '0')}-10`)
          const roll = Math.random()
          if (roll < 0.45 || list.length === 0) {
            res = await call(base, token, 'POST', `/api/${kind}`, body)
            if (res.status === 201) list.push(res.body[kind === 'ticket' ? 'ticket' : 'umrahBooking']!.id)
          } else {
            const id = list[Math.floor(Math.random() * list.length)]!
            res =
              roll < 0.85
                ? await call(base, token, 'PUT', `/api/${kind}/${id}`, body)
                : await call(base, token, 'DELETE', `/api/${kind}/${id}`)
          }
        }
        if (res.status < 300) ok++
        else if (res.status !== 404) failed++
      }
    }
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)))
    for (const c of children.splice(0)) await stopServer(c)
    await sleep(200)
    const after = Number(
      (
        await query<{ d: string }>(
          url.toString(),
          'SELECT pg_stat_clear_snapshot(), deadlocks AS d FROM pg_stat_database WHERE datname = current_database()',
        )
      )[0]?.d,
    )
    return { ok, failed, deadlocks: after - before }
  } finally {
    for (const c of children) await stopServer(c)
    await query(cluster, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  }
}

const cluster =
  process.env.BENCH_DATABASE_URL ?? ((await startCluster()) as { url: string; stop: () => void }).url
const previous = exportPrevious(PREVIOUS)
console.log(
  `PostgreSQL writes: ${WORKERS} clients, ${DURATION} s per run; before = ${PREVIOUS}, after = this tree; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
console.log(
  '| workload | servers | before: 2xx in run / deadlocks | after: 2xx in run / deadlocks | after / before |',
)
console.log('|---|---|---|---|---|')
for (const workload of ['same accounts', 'own accounts'] as const) {
  for (const servers of [1, 2]) {
    // before, after, after, before: a shared machine drifts; each figure is the mean of two runs.
    const b1 = await run(cluster, previous, servers, workload)
    const a1 = await run(cluster, root, servers, workload)
    const a2 = await run(cluster, root, servers, workload)
    const b2 = await run(cluster, previous, servers, workload)
    const b = (b1.ok + b2.ok) / 2
    const a = (a1.ok + a2.ok) / 2
    const fails = b1.failed + b2.failed + a1.failed + a2.failed
    console.log(
      `| ${workload} | ${servers} | ${b1.ok} / ${b2.ok}; ${b1.deadlocks + b2.deadlocks} | ${a1.ok} / ${a2.ok}; ${a1.deadlocks + a2.deadlocks} | ${(a / b).toFixed(2)}x |${fails ? ` (${fails} non-2xx/404)` : ''}`,
    )
  }
}
process.exit(0)
