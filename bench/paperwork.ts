import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import autocannon from 'autocannon'
import SQLite from 'better-sqlite3'
import { connect } from '../apps/server/src/db/connect.ts'
import { drainSearchQueue } from '../apps/server/src/db/search-queue.ts'
import { sleep, start, stop } from './processes.ts'

/**
 * Paperwork bench (issue 16): a 10,000-row agent statement as PDF and XLSX (time, server peak
 * memory), and a 1,000,000-row CSV and XLSX export of the Protector list (rows/s, server peak
 * memory, and how long a /api/health call waits while the export runs), beside a bare Fastify hello
 * world measured in the same run. `PAPER_ROWS` changes the export size.
 */

const PORT = Number(process.env.BENCH_PORT ?? 4790)
const ROWS = Number(process.env.PAPER_ROWS ?? 1_000_000)
const STATEMENT_ROWS = 10_000
const ADMIN = { email: 'paper@bench.local', password: 'paper-bench-pass-1' }
const dir = '/tmp/booking-bench'
const file = join(dir, `paperwork-${ROWS}.db`)
const base = `http://127.0.0.1:${PORT}`

const status = (pid: number, key: 'VmHWM' | 'VmRSS') =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0) / 1024

/** Resets the peak-RSS counter (Linux: writing 5 to clear_refs), so each figure is its own peak. */
const resetPeak = (pid: number) => {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
  } catch {
    // Not Linux, or not allowed: the figure is then the peak since start.
  }
}

const serverEnv = {
  DATABASE_URL: `sqlite:${file}`,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  LOG: 'off',
  WEB_DIR: '/nonexistent',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  JWT_SECRET: 'paperwork-bench-secret-0123456789abcdef0123456789abcdef',
  BACKUP_HOUR: 'off',
}

/** The data set: ROWS protector records and STATEMENT_ROWS agent-ledger lines for one agent. */
const seed = async () => {
  if (existsSync(file)) return
  mkdirSync(dir, { recursive: true })
  // The server makes the schema (migrations) and the admin; the rows go in straight after.
  const first = await start(['apps/server/src/main.ts'], serverEnv, `${base}/api/health`)
  await stop(first)
  const db = new SQLite(file)
  db.pragma('synchronous = OFF')
  const now = new Date().toISOString()
  db.exec('BEGIN')
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
     INSERT INTO protectors (entry, employee, name, passport, reference, file_no, withdraw, mcb_fee_6000_date,
       ncb_fee_6700_date, ncb_fee_500_date, protector_date, additional_charges, created_at, created_by)
     SELECT 'Protector ' || i || '/' || i, 'bench', 'Passenger ' || i, 'PK' || (1000000 + i), 'REF-' || (i % 997),
       'F-' || i, (i % 50) * 10000, '2025-01-01', '2025-01-01', '2025-01-01',
       printf('%04d-%02d-%02d', 2021 + (i % 5), 1 + (i % 12), 1 + (i % 28)), (i % 7) * 5000, '${now}', NULL
     FROM n`,
  ).run()
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${STATEMENT_ROWS})
     INSERT INTO agent_entries (agent_name, date, employee, entry, detail, credit, debit, paid_cash, paid_bank,
       receivable_amount, bank_title, created_at, created_by)
     SELECT 'Bench Agent', printf('2025-%02d-%02d', 1 + (i % 12), 1 + (i % 28)), 'bench', 'Agent ' || i || '/' || i,
       'Ticket LHE-DXB for passenger ' || i, CASE WHEN i % 3 = 0 THEN 2500000 ELSE 0 END,
       CASE WHEN i % 3 = 0 THEN 0 ELSE 1234550 END, 0, 0, 0, '', '${now}', NULL
     FROM n`,
  ).run()
  db.prepare(`INSERT INTO agent_names (name, created_at) VALUES ('Bench Agent', '${now}')`).run()
  db.exec('COMMIT')
  db.close()
  const indexed = connect(`sqlite:${file}`)
  await drainSearchQueue(indexed, { chunk: 50_000 })
  await indexed.destroy()
  const done = new SQLite(file)
  done.exec('ANALYZE')
  done.pragma('wal_checkpoint(TRUNCATE)')
  done.close()
}

/** GETs a file to the end, timing it; /api/health is called every 20 ms meanwhile. */
const timedDownload = async (url: string, token: string) => {
  const waits: number[] = []
  let running = true
  const probe = (async () => {
    while (running) {
      const t0 = performance.now()
      await fetch(`${base}/api/health`)
      waits.push(performance.now() - t0)
      await sleep(20)
    }
  })()
  const t0 = performance.now()
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
  let bytes = 0
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length
  const ms = performance.now() - t0
  running = false
  await probe
  waits.sort((a, b) => a - b)
  return {
    status: res.status,
    ms,
    bytes,
    probeP50: waits[Math.floor(waits.length / 2)] ?? 0,
    probeP99: waits[Math.floor(waits.length * 0.99)] ?? 0,
    probeMax: waits.at(-1) ?? 0,
    probes: waits.length,
  }
}

const fmt = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(n)

console.log(`Paperwork bench: ${fmt(ROWS)}-row export, ${fmt(STATEMENT_ROWS)}-row statement, SQLite ${file}`)
await seed()

const helloPort = PORT + 1
const hello = await start(['bench/hello.ts'], { PORT: String(helloPort) }, `http://127.0.0.1:${helloPort}/`)
const helloRps = Math.round(
  (await autocannon({ url: `http://127.0.0.1:${helloPort}/`, connections: 10, duration: 3 })).requests
    .average,
)
await stop(hello)
console.log(`  hello world: ${fmt(helloRps)} req/s (10 connections)`)

const server = await start(['apps/server/src/main.ts'], serverEnv, `${base}/api/health`)
try {
  const pid = server.pid!
  const { token } = (await (
    await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
  ).json()) as { token: string }
  const idle = await timedDownload(`${base}/api/health`, token)
  console.log(`  /api/health alone: p50 ${idle.probeP50.toFixed(1)} ms`)
  console.log(`  server RSS at rest: ${status(pid, 'VmRSS').toFixed(0)} MB`)
  for (const format of ['pdf', 'xlsx', 'csv']) {
    resetPeak(pid)
    const before = status(pid, 'VmRSS')
    const r = await timedDownload(`${base}/api/statements/agent/Bench%20Agent?format=${format}`, token)
    console.log(
      `  statement ${fmt(STATEMENT_ROWS)} rows ${format.padEnd(4)}: ${r.ms.toFixed(0)} ms, ${fmt(r.bytes / 1024)} kB, server RSS ${before.toFixed(0)} -> peak ${status(pid, 'VmHWM').toFixed(0)} MB, health p99 ${r.probeP99.toFixed(1)} ms (status ${r.status})`,
    )
  }
  for (const format of ['csv', 'xlsx']) {
    resetPeak(pid)
    const before = status(pid, 'VmRSS')
    const r = await timedDownload(`${base}/api/protector?format=${format}&sort=protector_date`, token)
    console.log(
      `  export ${fmt(ROWS)} protectors ${format.padEnd(4)}: ${(r.ms / 1000).toFixed(1)} s, ${fmt(ROWS / (r.ms / 1000))} rows/s, ${fmt(r.bytes / 1024 / 1024)} MB, server RSS ${before.toFixed(0)} -> peak ${status(pid, 'VmHWM').toFixed(0)} MB; /api/health meanwhile (${r.probes} calls) p50 ${r.probeP50.toFixed(1)} ms, p99 ${r.probeP99.toFixed(1)} ms, max ${r.probeMax.toFixed(1)} ms (status ${r.status})`,
    )
  }
} finally {
  await stop(server)
}
