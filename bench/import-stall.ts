import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { loadavg } from 'node:os'
import { Worker } from 'node:worker_threads'
import SQLite from 'better-sqlite3'
import { exportPrevious, root, sleep, start, stop } from './processes.ts'

/**
 * Issue 33 item 2: a bank-statement import must not stall everyone else. `node --import tsx
 * bench/import-stall.ts` (under 5 minutes): a real server on a fresh SQLite file, a bank holding
 * BOOK_LINES book lines; /api/health is asked at a fixed interval (PROBE_MS, one request at a
 * time, from a thread of its own over one kept-alive connection) during each phase:
 *   idle · 5,000-line imports · 10,000-line imports · the reconciliation screen (JSON) · the
 *   month's reconciliation PDF · POSTS statement lines posted one after another · idle again.
 * A phase's work is repeated (each import its own new file) until PROBES probes are in (1,500), so
 * its p99 is its fifteenth longest wait, not one stray one (at 300 the same tree's p99 moved 2x
 * between runs). Each round is followed by a paired idle window as long
 * as it (200-1,500 ms): on a machine whose load drifts, a phase is also compared with the machine
 * as it was then. Each phase prints p50/p95/p99/max, p99 as a multiple of the same run's first idle
 * p99 and of its paired idle's p99, the load average (1/5/15 min) as it ended, and the server's CPU
 * during its rounds from /proc (main thread; all threads). A table of all phases ends the run.
 * IMPORT_AS=json sends each import as JSON {csv, mapping} instead of the screen's multipart upload.
 * BEFORE=<commit> runs the same against that commit's server (exported under /tmp/booking-bench).
 * WARM=0 skips the warm-up (an import, a PDF and a post on another bank, then WARM_PROBES_MS of
 * probes, before the idle). SERVER_FLAGS: node flags for the server (e.g. --single-threaded-gc).
 * LOOP_DELAY=1 also gives the server's own event-loop delay per phase (perf_hooks, 1 ms timer;
 * it costs the server's main thread a wake-up per ms, so it is off for the figures).
 * BIG_LINES (e.g. 570000, the issue's bank): that many statement lines are then written straight
 * into the file, and a 1-line import, the posts and the PDF are measured again.
 * PHASES=imports,screen,pdf,posts chooses the phases (all by default; the idles always run).
 * CPU_PROF=DIR writes the server's CPU profiles there (bench/cpu-profile.ts reads them).
 * SERVER_CPUS=0 BENCH_CPUS=1 pins the server to CPU 0 and the bench with its prober to CPU 1
 * (taskset): the client off the server's cores, as a browser on another machine. The bench's own
 * threads but the prober run at SCHED_IDLE (BENCH_IDLE=0: not), so its own work never delays a probe.
 */
const env = process.env
const PORT = Number(env.PORT ?? 4295)
const BOOK_LINES = Number(env.BOOK_LINES ?? 300)
const SIZES = (env.IMPORT_SIZES ?? '5000,10000').split(',').map(Number)
const POSTS = Number(env.POSTS ?? 30)
const PROBES = Number(env.PROBES ?? 1500)
const PROBE_MS = Number(env.PROBE_MS ?? 5)
/** A phase stops repeating after this long even short of PROBES (a slow machine), and says so. */
const PHASE_MS = Number(env.PHASE_MS ?? 40_000)
/**
 * The probes' warm-up before the first idle (20,000 ms: four thousand probes). After 5 s the
 * server had not settled: its threads used twice the CPU of the last idle and the first idle's p99
 * was 2.0-3.8 ms against 0.5-1.1 ms for the last; after 20 s the two are alike (decision 153).
 */
const WARM_PROBES_MS = Number(env.WARM_PROBES_MS ?? 20_000)
const BIG_LINES = Number(env.BIG_LINES ?? 0)
/** How imports are sent: `upload` (multipart, as the screen sends a chosen file) or `json` ({csv, mapping}). */
const IMPORT_AS = env.IMPORT_AS === 'json' ? 'json' : 'upload'
const LOOP_DELAY = env.LOOP_DELAY === '1'
/** Which phases run besides the idles: imports, screen, pdf, posts (all by default). */
const PHASES = new Set((env.PHASES ?? 'imports,screen,pdf,posts').split(','))
const cwd = env.BEFORE ? exportPrevious(env.BEFORE) : root
const ADMIN = { email: 'import@bench.local', password: 'import-bench-pass-123' }
const dir = '/tmp/booking-bench'
const file = `${dir}/import-stall-${PORT}.db`
const delayFile = `${dir}/import-stall-${PORT}.delay.json`

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0

/**
 * The prober: /api/health asked one at a time on a fixed grid of PROBE_MS (a probe that overruns
 * its slot is followed at once by the next, missed slots skipped), from a thread of its own so
 * the bench's own work (answers, garbage collection) does not count as the server's stall, and
 * over one kept-alive connection (node:http: less of the prober's own CPU than fetch). 'start'
 * begins a window, 'stop' ends it and answers the window's times (ms).
 */
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads')
let tid = 0
try {
  tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop())
} catch {}
parentPort.postMessage({ tid })
const http = require('node:http')
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
const url = new URL(workerData.url)
const every = workerData.every
const ask = () => new Promise((resolve, reject) => {
  const req = http.get({ host: url.hostname, port: url.port, path: url.pathname, agent }, (res) => {
    res.resume()
    res.on('end', resolve)
  })
  req.on('error', reject)
})
let on = false
let running = Promise.resolve([])
const loop = async () => {
  const times = []
  let slot = performance.now()
  while (on) {
    const t0 = performance.now()
    await ask()
    const t1 = performance.now()
    times.push(t1 - t0)
    slot += every
    if (slot < t1) slot += Math.ceil((t1 - slot) / every) * every
    await new Promise((r) => setTimeout(r, slot - t1))
  }
  return times
}
parentPort.on('message', (m) => {
  if (m === 'start') {
    on = true
    running = loop()
  } else {
    on = false
    running.then((t) => parentPort.postMessage(t), (e) => parentPort.postMessage({ failed: String(e) }))
  }
})
`

const prober = new Worker(PROBER, {
  eval: true,
  workerData: { url: `http://127.0.0.1:${PORT}/api/health`, every: PROBE_MS },
})
/** The prober's thread id (Linux), so that the bench's other threads can step aside for it. */
const proberTid = await new Promise<number>((resolve) =>
  prober.once('message', (m: { tid: number }) => resolve(m.tid)),
)
const probed = async <T>(work: () => Promise<T>) => {
  const got = new Promise<number[]>((resolve, reject) =>
    prober.once('message', (m: number[] | { failed: string }) =>
      Array.isArray(m) ? resolve(m) : reject(new Error(m.failed)),
    ),
  )
  prober.postMessage('start')
  let result: T
  try {
    result = await work()
  } finally {
    prober.postMessage('stop')
  }
  return { result, times: await got }
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
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join('/')

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

interface Phase {
  label: string
  rounds: number
  took: number
  said: string
  times: number[]
  /** Probes of the idle windows paired with the rounds (as long as each, right after it). */
  idleTimes: number[]
  load: string
  main: number
  all: number
  delay: string
}
const phases: Phase[] = []
let idleP99 = 0

/** The server's event-loop delay since the last call (LOOP_DELAY=1; bench/loop-delay-probe.mjs). */
const loopDelay = async (pid: number | undefined) => {
  if (!LOOP_DELAY || pid === undefined) return ''
  const before = existsSync(delayFile) ? statSync(delayFile).mtimeMs : 0
  process.kill(pid, 'SIGUSR2')
  for (let i = 0; i < 100 && (existsSync(delayFile) ? statSync(delayFile).mtimeMs : 0) === before; i++)
    await sleep(10)
  const d = JSON.parse(readFileSync(delayFile, 'utf8')) as {
    p50: number
    p99: number
    max: number
    gc?: { n: number; total: number; max: number }
  }
  const gc = d.gc ? `; GC ${d.gc.n} pauses, ${d.gc.total} ms, longest ${d.gc.max} ms` : ''
  return `loop delay p50 ${d.p50} / p99 ${d.p99} / max ${d.max} ms${gc}`
}

const summary = (p: Phase) => {
  const t = p.times
  const p99 = percentile(t, 99)
  const ratio = idleP99 > 0 ? `${(p99 / idleP99).toFixed(1)}x` : '-'
  const pairedP99 = percentile(p.idleTimes, 99)
  const paired = p.idleTimes.length > 0 && pairedP99 > 0 ? `${(p99 / pairedP99).toFixed(1)}x` : ''
  return { p50: percentile(t, 50), p95: percentile(t, 95), p99, max: t.at(-1) ?? 0, ratio, paired }
}

mkdirSync(dir, { recursive: true })
for (const f of [file, `${file}-wal`, `${file}-shm`, delayFile]) rmSync(f, { force: true })
const api = `http://127.0.0.1:${PORT}/api`
const server = await start(
  [
    ...(LOOP_DELAY ? ['--import', `${root}bench/loop-delay-probe.mjs`] : []),
    ...(env.CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${env.CPU_PROF}`, '--cpu-prof-interval=250'] : []),
    ...(env.SERVER_FLAGS ? env.SERVER_FLAGS.split(' ') : []),
    'apps/server/src/main.ts',
  ],
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
    ...(LOOP_DELAY ? { LOOP_DELAY_FILE: delayFile } : {}),
  },
  `${api}/health`,
  cwd,
)
// The server on cores of its own (SERVER_CPUS, e.g. 0), the bench and its prober on the others
// (BENCH_CPUS, e.g. 1), as staff browsers are on machines of their own. Every thread now (-a), and
// threads started later inherit their creator's cores.
const pin = (cpus: string | undefined, pid: number | undefined) => {
  if (cpus && pid !== undefined)
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' })
}
pin(env.SERVER_CPUS, server.pid)
pin(env.BENCH_CPUS, process.pid)
// The bench's own threads but the prober at SCHED_IDLE (BENCH_IDLE=0: not): making and sending an
// import stands for another desk's browser, and with Linux's scheduler a woken prober waited up to
// a 4 ms tick behind the bench's main thread (perf sched), which is the bench, not the server.
// Threads started later inherit their creator's policy.
if (env.BENCH_IDLE !== '0' && process.platform === 'linux')
  try {
    for (const tid of readdirSync('/proc/self/task').map(Number))
      if (tid !== proberTid) execFileSync('chrt', ['-i', '-p', '0', String(tid)], { stdio: 'ignore' })
  } catch {
    console.log('(chrt failed: the bench threads keep their policy)')
  }
const began = performance.now()
try {
  const { token } = (await (
    await fetch(`${api}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
  ).json()) as { token: string }
  /** A call with its body already a JSON text (made before the probes start), or an object. */
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${api}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
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
    `import stall (${env.BEFORE ? `before: ${env.BEFORE}` : 'this tree'}): SQLite, a bank with ${BOOK_LINES} book lines; /api/health every ${PROBE_MS} ms from a thread of its own, at least ${PROBES} probes per phase; load average ${load()} at the start`,
  )

  /**
   * One phase: `round(i)` (its input made by `prepare(i)` before the probes start) repeated until
   * PROBES probes are in; the probes of its rounds are taken together.
   */
  const phase = async <I>(
    label: string,
    prepare: (i: number) => I,
    round: (input: I, i: number) => Promise<string>,
    maxRounds = 1_000,
    paired = true,
  ) => {
    const times: number[] = []
    const idleTimes: number[] = []
    const said: string[] = []
    let took = 0
    let rounds = 0
    let main = 0
    let all = 0
    const t0 = performance.now()
    await loopDelay(server.pid)
    while (times.length < PROBES && rounds < maxRounds && performance.now() - t0 < PHASE_MS) {
      const input = prepare(rounds)
      const cpu0 = cpuOf(server.pid)
      const s = performance.now()
      const got = await probed(() => round(input, rounds))
      const ms = performance.now() - s
      const cpu1 = cpuOf(server.pid)
      main += cpu1.main - cpu0.main
      all += cpu1.all - cpu0.all
      took += ms
      said.push(got.result)
      for (const t of got.times) times.push(t)
      rounds++
      // The paired idle: as long again with nothing but the probes, right after the round, so a
      // phase is also compared with the machine as it was then (the load here drifts by minutes).
      if (paired)
        for (const t of (await probed(() => sleep(Math.min(1_500, Math.max(200, ms))))).times)
          idleTimes.push(t)
    }
    const delay = await loopDelay(server.pid)
    times.sort((a, b) => a - b)
    idleTimes.sort((a, b) => a - b)
    const p: Phase = {
      label,
      rounds,
      took,
      said: [...new Set(said.filter(Boolean))].slice(0, 3).join('; '),
      times,
      idleTimes,
      load: load(),
      main,
      all,
      delay,
    }
    phases.push(p)
    const s = summary(p)
    console.log(
      `  ${label}: ${rounds} round${rounds === 1 ? '' : 's'} in ${fmt(took)} ms${p.said ? ` (${p.said})` : ''}; ${times.length} probes, p50 ${fmt(s.p50)} / p95 ${fmt(s.p95)} / p99 ${fmt(s.p99)} / max ${fmt(s.max)} ms; p99 ${s.ratio} idle${s.paired ? `, ${s.paired} its paired idle (p99 ${fmt(percentile(p.idleTimes, 99))} ms, ${p.idleTimes.length} probes)` : ''}; load ${p.load}; server CPU main ${p.main} ms, all ${p.all} ms${delay ? `; ${delay}` : ''}${times.length < PROBES ? ` (SHORT of ${PROBES} probes)` : ''}`,
    )
    return p
  }
  const idle = (label: string) =>
    phase(
      label,
      () => undefined,
      async () => {
        await sleep(500)
        return ''
      },
      1_000,
      false,
    )
  /** A file sent as the screen sends it (multipart: the file, and the mapping with the import). */
  const upload = async (path: string, file: Blob, withMapping: boolean) => {
    const form = new FormData()
    if (withMapping) form.append('mapping', JSON.stringify(MAPPING))
    form.append('file', file, 'statement.csv')
    const res = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
    const json = (await res.json()) as Record<string, unknown>
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`)
    return json
  }
  const importOf = (bankOf: number, csv: string) => {
    const preview = `/banks/${bankOf}/statement-preview`
    const imports = `/banks/${bankOf}/statement-imports`
    if (IMPORT_AS === 'json') {
      const body = JSON.stringify({ csv, mapping: MAPPING })
      return async () => {
        await call('POST', preview, body)
        const answer = await call('POST', imports, body)
        return `${answer.lines} lines, ${answer.matched} matched`
      }
    }
    const file = new Blob([csv], { type: 'text/csv' })
    return async () => {
      await upload(preview, file, false)
      const answer = await upload(imports, file, true)
      return `${answer.lines} lines, ${answer.matched} matched`
    }
  }

  // Warm-up on a bank of its own (not measured): the server loads some modules on first use
  // (tsx compiles each then, tens of ms on this machine), the import, PDF and post paths among them.
  if (env.WARM !== '0') {
    const warm = (await call('POST', '/admin/banks', { name: 'Warm Bank' })) as { bank: { id: number } }
    const w = warm.bank.id
    await importOf(w, csvOf(50, 'Warm'))()
    await fetch(`${api}/banks/${w}/reconciliation.pdf?month=2026-01`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.arrayBuffer())
    await call('GET', `/banks/${w}/reconciliation?as_of=2026-01-31`)
    const lines = (await call('GET', `/banks/${w}/statement-lines?status=unmatched`)) as {
      lines: Array<{ id: number; direction: string }>
    }
    const out = lines.lines.find((l) => l.direction === 'out')
    if (out) await call('POST', `/banks/${w}/statement-lines/${out.id}/post`, { kind: 'charge' })
  }

  // The probes' own path warmed too (not measured), so the first idle is not its first use.
  if (env.WARM !== '0') await probed(() => sleep(WARM_PROBES_MS))
  const first = await idle('idle')
  idleP99 = summary(first).p99
  for (const n of PHASES.has('imports') ? SIZES : [])
    await phase(
      `${n.toLocaleString('en-US')}-line imports`,
      (i) => importOf(bankId, csvOf(n, `L${n}r${i}`)),
      (work) => work(),
    )
  const screen = () =>
    phase(
      'reconciliation screen (JSON, as of 31/01/2026)',
      () => undefined,
      async () => {
        const res = await fetch(`${api}/banks/${bankId}/reconciliation?as_of=2026-01-31`, {
          headers: { authorization: `Bearer ${token}` },
        })
        const bytes = (await res.arrayBuffer()).byteLength
        return `${res.status}, ${Math.round(bytes / 1024).toLocaleString('en-US')} kB`
      },
    )
  const pdf = (month: string) =>
    phase(
      `reconciliation PDF (${month})`,
      () => undefined,
      async () => {
        const res = await fetch(`${api}/banks/${bankId}/reconciliation.pdf?month=${month}`, {
          headers: { authorization: `Bearer ${token}` },
        })
        const bytes = (await res.arrayBuffer()).byteLength
        return `${res.status}, ${Math.round(bytes / 1024).toLocaleString('en-US')} kB`
      },
    )
  const postLines = async () => {
    const list = (await call(
      'GET',
      `/banks/${bankId}/statement-lines?status=unmatched&from=2026-04-01&to=2026-06-30`,
    )) as { lines: Array<{ id: number; direction: string }> }
    const ids = list.lines.filter((l) => l.direction === 'out').map((l) => l.id)
    await phase(
      `posting ${POSTS} statement lines one after another`,
      (i) => ids.slice(i * POSTS, (i + 1) * POSTS),
      async (round) => {
        for (const id of round)
          await call('POST', `/banks/${bankId}/statement-lines/${id}/post`, { kind: 'charge' })
        return ''
      },
      Math.floor(ids.length / POSTS),
    )
  }
  if (PHASES.has('screen')) await screen()
  if (PHASES.has('pdf')) await pdf('2026-01')
  if (PHASES.has('posts')) await postLines()
  await idle('idle again (drift)')

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
    const big = await idle('idle, the bank holding BIG_LINES more')
    idleP99 = summary(big).p99
    await phase(
      '1-line imports',
      (i) => importOf(bankId, csvOf(1, `One${i}`)),
      (work) => work(),
    )
    await pdf('2026-01')
    await postLines()
  }
} finally {
  await stop(server)
  await prober.terminate()
}

const pad = (s: string, n: number) => s.padEnd(n)
const num = (n: number) => fmt(n).padStart(6)
console.log(
  `\n/api/health during each phase (ms); p99 as a multiple of the first idle's p99, and of the p99 of its paired idle (windows as long as each round, right after it); load average 1/5/15 min at the phase's end; server CPU during the rounds; ${fmt((performance.now() - began) / 1000)} s in all`,
)
console.log(
  `${pad('phase', 48)} rounds probes     p50    p95    p99    max  p99/idle  /paired  load            main/all CPU ms`,
)
for (const p of phases) {
  const s = summary(p)
  console.log(
    `${pad(p.label, 48)} ${String(p.rounds).padStart(6)} ${String(p.times.length).padStart(6)} ${num(s.p50)} ${num(s.p95)} ${num(s.p99)} ${num(s.max)} ${s.ratio.padStart(9)} ${(s.paired || '-').padStart(8)}  ${pad(p.load, 15)} ${p.main}/${p.all}${p.delay ? `  ${p.delay}` : ''}`,
  )
}
