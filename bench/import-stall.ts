import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { Worker } from 'node:worker_threads'
import SQLite from 'better-sqlite3'
import { exportPrevious, root, start, stop } from './processes.ts'

/**
 * Issue 33 item 2: a bank-statement import must not stall everyone else. `node --import tsx
 * bench/import-stall.ts`: a real server on a fresh SQLite file, a bank holding BOOK_LINES book
 * lines; /api/health is asked every 5 ms (one request at a time) while idle, then while a
 * 5,000-line and a 10,000-line CSV are imported (preview, then import, as the screen does).
 * Prints p50/p99/max of each and the ratio of the imports' p99 to idle's, same run.
 * Then, on the same bank: the month's reconciliation PDF, and POSTS statement lines posted to
 * the books one after another (the screen's "Post"). REPEAT imports of each size (each its
 * own file) pool their probes. With BIG_LINES (e.g. 570000, the issue's bank): that many statement lines are written straight into the file, and a 1-line import,
 * the posts and the PDF are measured again against a fresh idle. BEFORE=<commit> runs the same
 * against that commit's server (exported under /tmp/booking-bench), for before/after figures.
 * WARM=0 skips the warm-up (an import, a PDF and a post on another bank before the idle).
 * PROBE=inline probes from the bench's own thread (the way of the figures before 28 Nov 2026 04:10).
 * Each figure's line also gives the machine's load average (1 min) as it ended.
 */
const env = process.env
const PORT = Number(env.PORT ?? 4295)
const BOOK_LINES = Number(env.BOOK_LINES ?? 300)
const SIZES = (env.IMPORT_SIZES ?? '5000,10000').split(',').map(Number)
const POSTS = Number(env.POSTS ?? 30)
const REPEAT = Number(env.REPEAT ?? 1)
const BIG_LINES = Number(env.BIG_LINES ?? 0)
const cwd = env.BEFORE ? exportPrevious(env.BEFORE) : root
const ADMIN = { email: 'import@bench.local', password: 'import-bench-pass-123' }
const dir = '/tmp/booking-bench'
const file = `${dir}/import-stall.db`

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0

/**
 * The prober: /api/health asked one at a time, 5 ms apart, until told to stop. In a thread of its
 * own (PROBE=inline: in the bench's thread, as until 28 Nov 2026), so that the bench's own work
 * (stringifying a 600 kB body, reading answers, its garbage collection) does not count as the
 * server's stall: inline, a probe waits for the bench's event loop as well as the server.
 */
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads')
let done = false
parentPort.on('message', () => { done = true })
;(async () => {
  const times = []
  while (!done) {
    const t0 = performance.now()
    await fetch(workerData + '/health').then((r) => r.text())
    times.push(performance.now() - t0)
    await new Promise((r) => setTimeout(r, 5))
  }
  parentPort.postMessage(times)
})()
`
const probe = async (api: string, until: Promise<unknown>): Promise<number[]> => {
  if (env.PROBE !== 'inline') {
    const w = new Worker(PROBER, { eval: true, workerData: api })
    const times = new Promise<number[]>((resolve, reject) => {
      w.once('message', resolve)
      w.once('error', reject)
    })
    await until.catch(() => undefined)
    w.postMessage('stop')
    const t = await times
    await w.terminate()
    return t.sort((a, b) => a - b)
  }
  let done = false
  void until.finally(() => {
    done = true
  })
  const times: number[] = []
  while (!done) {
    const t0 = performance.now()
    await fetch(`${api}/health`).then((r) => r.text())
    times.push(performance.now() - t0)
    await new Promise((r) => setTimeout(r, 5))
  }
  return times.sort((a, b) => a - b)
}

/**
 * CPU time (ms, 10 ms ticks) of the server's main thread and of the whole process (its workers
 * too), from /proc: what the event loop itself spent, beside what the probes saw.
 */
const cpuOf = (pid: number | undefined) => {
  if (pid === undefined) return { main: 0, all: 0 }
  const ticks = (path: string) => {
    const f = readFileSync(path, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(f[11]) + Number(f[12])) * 10
  }
  try {
    return { main: ticks(`/proc/${pid}/task/${pid}/stat`), all: ticks(`/proc/${pid}/stat`) }
  } catch {
    return { main: 0, all: 0 }
  }
}

const fmt = (n: number) => n.toFixed(n < 10 ? 1 : 0)
const line = (label: string, t: number[]) =>
  `${label}: ${t.length} probes, p50 ${fmt(percentile(t, 50))} ms, p99 ${fmt(percentile(t, 99))} ms, max ${fmt(t.at(-1) ?? 0)} ms (load ${loadavg()[0]?.toFixed(1)})`

const day = (i: number) => {
  const d = new Date(Date.UTC(2026, 0, 1) + (i % 300) * 86_400_000)
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`
}

/** A statement of `n` lines, each its own (narration numbered), a tenth of them paying book lines. */
const csvOf = (n: number, tag: string) => {
  const rows = ['Txn Date,Description,Cheque No,Debit,Credit']
  for (let i = 0; i < n; i++) {
    const credit = i % 10 === 0 && i / 10 < BOOK_LINES ? 1000 + i / 10 : 0
    const debit = credit ? 0 : 100 + (i % 997)
    rows.push(
      `${day(i)},${tag} transfer ${i},,${debit ? debit.toFixed(2) : ''},${credit ? credit.toFixed(2) : ''}`,
    )
  }
  return `${rows.join('\n')}\n`
}

const MAPPING = {
  date: 'Txn Date',
  date_format: 'dd/mm/yyyy',
  narration: 'Description',
  reference: 'Cheque No',
  amount_style: 'debit_credit',
  debit: 'Debit',
  credit: 'Credit',
}

mkdirSync(dir, { recursive: true })
for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
const api = `http://127.0.0.1:${PORT}/api`
const server = await start(
  ['apps/server/src/main.ts'],
  {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${file}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: 'bench-secret-at-least-32-characters-long',
    LOG: 'off',
    WEB_DIR: '/nonexistent',
    BACKUP_HOUR: 'off',
  },
  `${api}/health`,
  cwd,
)
try {
  const { token } = (await (
    await fetch(`${api}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
  ).json()) as { token: string }
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${api}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await res.json()) as Record<string, unknown>
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`)
    return json
  }
  const bank = (await call('POST', '/admin/banks', { name: 'Bench Bank' })) as { bank: { id: number } }
  const bankId = bank.bank.id
  // Book lines the import's automatic matching has to look at: deposits into the bank.
  for (let i = 0; i < BOOK_LINES; i++) {
    const d = new Date(Date.UTC(2026, 0, 1) + ((i * 10) % 300) * 86_400_000).toISOString().slice(0, 10)
    await call('POST', '/accounts', {
      bank_name: 'Bench Bank',
      employee_name: 'admin',
      date: d,
      detail: `Deposit ${i}`,
      credit: 1000 + i,
      debit: 0,
    })
  }
  console.log(
    `import stall (${env.BEFORE ? `before: ${env.BEFORE}` : 'this tree'}): SQLite, a bank with ${BOOK_LINES} book lines; /api/health every 5 ms, probed ${env.PROBE === 'inline' ? 'inline' : 'from a thread of its own'}`,
  )
  let idleP99 = 0
  const idlePhase = async (label: string) => {
    const cpu0 = cpuOf(server.pid)
    const idle = await probe(api, new Promise((r) => setTimeout(r, 3_000)))
    const cpu1 = cpuOf(server.pid)
    idleP99 = percentile(idle, 99)
    console.log(
      `  ${line(label, idle)}; server CPU: main thread ${cpu1.main - cpu0.main} ms, all threads ${cpu1.all - cpu0.all} ms`,
    )
  }
  /** Probes while `work` runs; prints its time and the ratio of its p99 to the last idle's. */
  const during = async (label: string, work: () => Promise<string>) => {
    let ms = 0
    let said = ''
    const cpu0 = cpuOf(server.pid)
    const running = (async () => {
      const t0 = performance.now()
      said = await work()
      ms = performance.now() - t0
    })()
    const t = await probe(api, running)
    await running
    const cpu1 = cpuOf(server.pid)
    console.log(
      `  ${line(`${label} (${fmt(ms)} ms${said ? `, ${said}` : ''})`, t)}; p99 ${(percentile(t, 99) / idleP99).toFixed(1)}x idle; server CPU: main thread ${cpu1.main - cpu0.main} ms, all threads ${cpu1.all - cpu0.all} ms`,
    )
  }
  const importOf = (csv: string) => async () => {
    await call('POST', `/banks/${bankId}/statement-preview`, { csv, mapping: MAPPING })
    const answer = await call('POST', `/banks/${bankId}/statement-imports`, { csv, mapping: MAPPING })
    return `${answer.lines} lines, ${answer.matched} matched`
  }
  const postLines = async () => {
    const list = (await call(
      'GET',
      `/banks/${bankId}/statement-lines?status=unmatched&from=2026-04-01&to=2026-04-30`,
    )) as { lines: Array<{ id: number; direction: string }> }
    const ids = list.lines
      .filter((l) => l.direction === 'out')
      .slice(0, POSTS)
      .map((l) => l.id)
    await during(`posting ${ids.length} statement lines, one after another`, async () => {
      for (const id of ids)
        await call('POST', `/banks/${bankId}/statement-lines/${id}/post`, { kind: 'charge' })
      return ''
    })
  }
  const pdf = () =>
    during("the month's reconciliation PDF (2026-03)", async () => {
      const res = await fetch(`${api}/banks/${bankId}/reconciliation.pdf?month=2026-03`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const bytes = (await res.arrayBuffer()).byteLength
      return `${res.status}, ${bytes.toLocaleString('en-US')} bytes`
    })

  // Warm-up on a bank of its own (not measured): the server loads some modules on first use
  // (tsx compiles each then, tens of ms on this machine), the import, PDF and post paths among them.
  if (env.WARM !== '0') {
    const warm = (await call('POST', '/admin/banks', { name: 'Warm Bank' })) as { bank: { id: number } }
    const w = warm.bank.id
    const csv = csvOf(50, 'Warm')
    await call('POST', `/banks/${w}/statement-preview`, { csv, mapping: MAPPING })
    await call('POST', `/banks/${w}/statement-imports`, { csv, mapping: MAPPING })
    await fetch(`${api}/banks/${w}/reconciliation.pdf?month=2026-01`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.arrayBuffer())
    const lines = (await call('GET', `/banks/${w}/statement-lines?status=unmatched`)) as {
      lines: Array<{ id: number; direction: string }>
    }
    const out = lines.lines.find((l) => l.direction === 'out')
    if (out) await call('POST', `/banks/${w}/statement-lines/${out.id}/post`, { kind: 'charge' })
  }
  await idlePhase('idle')
  // REPEAT files of each size (each its own lines, into the same bank), their probes taken
  // together: one import gives 30-80 probes, so its "p99" is its single longest wait.
  for (const n of SIZES) {
    const files = Array.from({ length: REPEAT }, (_, r) => csvOf(n, `L${n}r${r}`))
    await during(
      `during ${REPEAT > 1 ? `${REPEAT} ` : 'a '}${n.toLocaleString('en-US')}-line import${REPEAT > 1 ? 's' : ''}`,
      async () => {
        const said: string[] = []
        for (const csv of files) said.push(await importOf(csv)())
        return said.join('; ')
      },
    )
  }
  await pdf()
  await postLines()
  if (BIG_LINES > 0) {
    // Written beside the server (WAL): older days than the others, each line its own amount.
    const t0 = performance.now()
    const sqlite = new SQLite(file)
    sqlite.pragma('busy_timeout = 10000')
    const now = new Date().toISOString()
    sqlite.transaction(() => {
      const imp = sqlite
        .prepare(
          'INSERT INTO bank_statement_imports (bank_id, file_name, lines, added, created_by, created_at) VALUES (?, ?, ?, ?, NULL, ?)',
        )
        .run(bankId, 'history.csv', BIG_LINES, BIG_LINES, now)
      const add = sqlite.prepare(
        'INSERT INTO bank_statement_lines (bank_id, import_id, row_no, date, narration, reference, amount, direction, balance, identity, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)',
      )
      for (let i = 0; i < BIG_LINES; i++) {
        const d = new Date(Date.UTC(2020, 0, 1) + (i % 2000) * 86_400_000).toISOString().slice(0, 10)
        add.run(
          bankId,
          imp.lastInsertRowid,
          i + 2,
          d,
          `History ${i}`,
          '',
          10_000 + (i % 50_000),
          i % 3 ? 'out' : 'in',
          `big-${i}`,
          now,
        )
      }
    })()
    sqlite.close()
    console.log(
      `  ${BIG_LINES.toLocaleString('en-US')} statement lines written into the bank (${fmt(performance.now() - t0)} ms)`,
    )
    await idlePhase(`idle, the bank holding ${(BIG_LINES + 15_000).toLocaleString('en-US')} lines`)
    await during('during a 1-line import', importOf(csvOf(1, 'One')))
    await pdf()
    await postLines()
  }
} finally {
  await stop(server)
}
