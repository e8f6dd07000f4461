import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { recordInput } from '@booking/shared/test-data'
import SQLite from 'better-sqlite3'
import { root, sleep, start } from './processes.ts'

/**
 * Documents off the event loop (issues 27.3, 26.4, 23.7; decision 045). Against a real server on
 * SQLite, with agents of 50,000, 19,000 and 10,000 ledger lines:
 * - /api/health latency alone, during one 10,000-row statement PDF (a probe every 5 ms: the delay
 *   other requests see, i.e. the event loop's), and during four 50,000-row and four 19,000-row PDFs (one user: the pool answers two of them 429);
 * - the server's CPU in the first second and the two seconds after a 19,000-row PDF is aborted;
 * - a one-page receipt PDF (median of 20, after one warm-up).
 * `SERVER_ROOT` points at another checkout (e.g. the commit before this change, extracted with
 * `git archive`) to measure "before" on the same data in the same run.
 * The server's own event-loop delay (bench/loop-delay-probe.mjs, loaded into it) is printed beside
 * the probes' latency. `ROUNDS` repeats the idle / 10,000-row pair (default 1); `QUICK=1` stops
 * after them.
 */

const PORT = Number(process.env.BENCH_PORT ?? 4794)
const SERVER_ROOT = process.env.SERVER_ROOT ?? root
const LABEL = process.env.LABEL ?? 'this checkout'
const ADMIN = { email: 'docs@bench.local', password: 'docs-bench-pass-1' }
const dir = '/tmp/booking-bench'
const template = join(dir, 'documents-template.db')
const file = join(dir, `documents-${LABEL.replace(/\W+/g, '-')}.db`)
const base = `http://127.0.0.1:${PORT}`
const ROUNDS = Number(process.env.ROUNDS ?? 1)
const QUICK = process.env.QUICK === '1'
const loopFile = join(dir, `documents-${LABEL.replace(/\W+/g, '-')}-loop.json`)
const probe = join(root, 'bench/loop-delay-probe.mjs')
/** Lines per agent; "Nineteen K" stays under the 20,000-row PDF limit with its opening line. */
const AGENTS = { 'Fifty K': 50_000, 'Nineteen K': 19_000, 'Ten K': 10_000 } as const

const serverEnv = {
  DATABASE_URL: `sqlite:${file}`,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  LOG: 'off',
  WEB_DIR: '/nonexistent',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  JWT_SECRET: 'documents-bench-secret-0123456789abcdef0123456789abcdef',
  BACKUP_HOUR: 'off',
  LOOP_DELAY_FILE: loopFile,
}

const cpuMs = (pid: number, thread = false) => {
  const f = readFileSync(thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8')
    .split(') ')[1]!
    .split(' ')
  // utime and stime (fields 14 and 15), in clock ticks of 10 ms, for every thread of the process
  // (or, `thread`, for its main thread alone: the one that answers requests).
  return (Number(f[11]) + Number(f[12])) * 10
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0
}

/** /api/health every `every` ms while `work` runs; its latencies. */
const probeDuring = async (work: Promise<unknown>, every = 5) => {
  const waits: number[] = []
  let running = true
  void work.finally(() => {
    running = false
  })
  while (running) {
    const t0 = performance.now()
    await fetch(`${base}/api/health`)
    waits.push(performance.now() - t0)
    await sleep(every)
  }
  return waits
}

const download = async (url: string, token: string, signal?: AbortSignal) => {
  const t0 = performance.now()
  try {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal })
    let bytes = 0
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length
    return { status: res.status, ms: performance.now() - t0, bytes }
  } catch {
    return { status: 0, ms: performance.now() - t0, bytes: 0 }
  }
}

interface LoopDelay {
  p50: number
  p99: number
  max: number
  mean: number
}

/** The server's event-loop delay since the last call (the first call starts the count). */
const loopDelay = async (pid: number): Promise<LoopDelay | null> => {
  rmSync(loopFile, { force: true })
  process.kill(pid, 'SIGUSR2')
  for (let i = 0; i < 200 && !existsSync(loopFile); i++) await sleep(10)
  try {
    return JSON.parse(readFileSync(loopFile, 'utf8')) as LoopDelay
  } catch {
    return null
  }
}
const loopText = (d: LoopDelay | null) =>
  d ? `; event-loop delay p50 ${d.p50} ms, p99 ${d.p99} ms, max ${d.max} ms` : ''

const statementUrl = (agent: string) => `${base}/api/statements/agent/${encodeURIComponent(agent)}?format=pdf`
const line = (name: string, waits: number[], extra = '') =>
  console.log(
    `  ${name}: /api/health p50 ${pct(waits, 0.5).toFixed(1)} ms, p99 ${pct(waits, 0.99).toFixed(1)} ms, max ${pct(waits, 1).toFixed(1)} ms (${waits.length} probes)${extra}`,
  )

/** Posting lines of three agents, straight into the books (a statement reads nothing else). */
const seedTemplate = async () => {
  mkdirSync(dir, { recursive: true })
  const seedEnv = { ...serverEnv, DATABASE_URL: `sqlite:${template}` }
  const first = await start([join(SERVER_ROOT, 'apps/server/src/main.ts')], seedEnv, `${base}/api/health`)
  first.kill('SIGTERM')
  await new Promise((r) => first.once('exit', r))
  const db = new SQLite(template)
  const now = new Date().toISOString()
  db.exec('BEGIN')
  for (const [agent, n] of Object.entries(AGENTS)) {
    // The agent's side of each sale and the income it balances, as the books post a ticket.
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})
       INSERT INTO posting_lines (source_type, source_id, date, account, debit, credit, entry, detail, created_at)
       SELECT 'tickets', i, printf('2025-%02d-%02d', 1 + (i % 12), 1 + (i % 28)), side.account,
         CASE WHEN side.dr THEN 1234550 ELSE 0 END, CASE WHEN side.dr THEN 0 ELSE 1234550 END,
         'Ticket ' || i || '/' || i, 'Ticket LHE-DXB PK8HJ2 for passenger ' || i, '${now}'
       FROM n, (SELECT 'agent:${agent}' AS account, 1 AS dr UNION ALL SELECT 'income:tickets', 0) AS side`,
    ).run()
    db.prepare('INSERT INTO agent_names (name, created_at) VALUES (?, ?)').run(agent, now)
  }
  db.prepare('INSERT INTO vender_names (name, created_at) VALUES (?, ?)').run('Vendor V', now)
  // The books' checkpoints, as the books' own write keeps them: a statement counts its lines from
  // them before reading any (decision 068), so lines inserted past them would not be counted.
  const tables = new Set(
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
      (t) => t.name,
    ),
  )
  db.exec(`DELETE FROM posting_months;
    INSERT INTO posting_months (account, month, n, debit, credit)
    SELECT account, substr(date, 1, 7), count(*), sum(debit), sum(credit) FROM posting_lines GROUP BY 1, 2`)
  if (tables.has('posting_days'))
    db.exec(`DELETE FROM posting_days;
      INSERT INTO posting_days (account, date, n, debit, credit)
      SELECT account, date, count(*), sum(debit), sum(credit) FROM posting_lines GROUP BY 1, 2`)
  db.exec('COMMIT')
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  console.log(`seeded ${template}`)
}

if (!existsSync(template)) await seedTemplate()
copyFileSync(template, file)
console.log(`Documents bench, ${LABEL} (${SERVER_ROOT}), SQLite ${file}`)
const server = await start(
  ['--import', probe, join(SERVER_ROOT, 'apps/server/src/main.ts')],
  serverEnv,
  `${base}/api/health`,
)
const pid = server.pid!
try {
  const { token } = (await (
    await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
  ).json()) as { token: string }
  // Warm: the first PDF loads pdfkit and the fonts.
  await download(`${base}/api/statements/agent/Ten%20K?format=pdf&to=2025-01-02`, token)

  const ratios: number[] = []
  for (let round = 1; round <= ROUNDS; round++) {
    await loopDelay(pid)
    const idle = await probeDuring(sleep(3000))
    line('idle', idle, loopText(await loopDelay(pid)))
    let pdf = { status: 0, ms: 0, bytes: 0 }
    const main0 = cpuMs(pid, true)
    const all0 = cpuMs(pid)
    const tenK = download(statementUrl('Ten K'), token).then((r) => {
      pdf = r
    })
    const during = await probeDuring(tenK)
    const mainCpu = cpuMs(pid, true) - main0
    const allCpu = cpuMs(pid) - all0
    const ratio = pct(during, 0.99) / pct(idle, 0.99)
    ratios.push(ratio)
    line(
      'one 10,000-row statement PDF',
      during,
      `; the PDF ${(pdf.ms / 1000).toFixed(1)} s, ${Math.round(pdf.bytes / 1024)} kB, status ${pdf.status}${loopText(await loopDelay(pid))}; p99 ${ratio.toFixed(2)}x idle; server CPU ${allCpu} ms, of it the main thread ${mainCpu} ms (with the probes it answered)`,
    )
  }
  // The main thread's own share of one document, without probes to answer: what is left there.
  const quiet0 = cpuMs(pid, true)
  const quietAll0 = cpuMs(pid)
  const quiet = await download(statementUrl('Ten K'), token)
  console.log(
    `  one 10,000-row statement PDF, no probes: ${(quiet.ms / 1000).toFixed(1)} s, status ${quiet.status}; server CPU ${cpuMs(pid) - quietAll0} ms, of it the main thread ${cpuMs(pid, true) - quiet0} ms`,
  )
  if (ROUNDS > 1)
    console.log(
      `  p99 during / idle over ${ROUNDS} rounds: median ${pct(ratios, 0.5).toFixed(2)}x, max ${pct(ratios, 1).toFixed(2)}x`,
    )
  if (!QUICK) {
    // Aborted after 2 s: how much CPU does the server still burn?
    const abort = new AbortController()
    const aborted = download(statementUrl('Nineteen K'), token, abort.signal)
    await sleep(2000)
    abort.abort()
    await aborted
    const c0 = cpuMs(pid)
    await sleep(1000)
    const c1 = cpuMs(pid)
    await sleep(2000)
    const c2 = cpuMs(pid)
    console.log(
      `  19,000-row PDF aborted after 2 s: server CPU ${c1 - c0} ms in the next second, ${c2 - c1} ms in the two after`,
    )

    for (const [agent, n] of [
      ['Nineteen K', 19_000],
      ['Fifty K', 50_000],
    ] as const) {
      const stop = new AbortController()
      // At most 30 s of it: four 50,000-row PDFs on the main thread take minutes.
      const timer = setTimeout(() => stop.abort(), 30_000)
      const four = Promise.all([1, 2, 3, 4].map(() => download(statementUrl(agent), token, stop.signal)))
      const waits = await probeDuring(four)
      clearTimeout(timer)
      const results = await four
      line(
        `four ${n.toLocaleString('en-US')}-row statement PDFs at once`,
        waits,
        `; answers ${results.map((r) => `${r.status || 'cut at 30 s'} in ${(r.ms / 1000).toFixed(1)} s`).join(', ')}`,
      )
      // Let a server still drawing aborted documents settle before the next figure.
      const settle = Date.now()
      let last = cpuMs(pid)
      while (Date.now() - settle < 60_000) {
        await sleep(1000)
        const now = cpuMs(pid)
        if (now - last < 100) break
        last = now
      }
    }

    // A one-page receipt: a ticket of the first agent.
    const made = await fetch(`${base}/api/ticket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        ...recordInput('tickets'),
        agent_name: 'Ten K',
        vender_name: '',
        customer_add: 'محمد علی خان',
        reference: 'PK8HJ2',
      }),
    })
    const answer = await made.text()
    const ticket = (JSON.parse(answer) as { ticket?: { id: number } }).ticket
    if (ticket) {
      await download(`${base}/api/ticket/${ticket.id}/receipt.pdf`, token)
      const times: number[] = []
      for (let i = 0; i < 20; i++)
        times.push((await download(`${base}/api/ticket/${ticket.id}/receipt.pdf`, token)).ms)
      console.log(
        `  receipt PDF (one page, Urdu name): median ${pct(times, 0.5).toFixed(1)} ms, p90 ${pct(times, 0.9).toFixed(1)} ms`,
      )
    } else console.log(`  receipt: ticket not saved (${made.status} ${answer})`)
  }
} finally {
  server.kill('SIGKILL')
  await new Promise((r) => server.once('exit', r))
}
