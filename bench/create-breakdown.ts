import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import type { CompiledQuery } from 'kysely'
import { buildApp } from '../apps/server/src/app.ts'
import { TEST_PASSWORD_HASH } from '../apps/server/test/harness.ts'
import { prepare, rawLoop, SPEC_TABLES } from './create-vs-raw.ts'
import { ticketBody } from './ticket-body.ts'

/**
 * Issue 32 must-show: where a create ticket's time goes beyond "the rows the spec needs". In one
 * process on a fresh SQLite file (synchronous FULL, the server's settings), POST /api/ticket through
 * `app.inject` (routing, auth, zod, the write pipeline, JSON; no socket), one create at a time:
 * - wall time per create (each answered after its commit's flush, as over HTTP);
 * - every SQL statement a create runs, with its time, attributed to the pipeline step whose code
 *   issued it (lib/record-write.ts: authorize, check, closed period, number, store, index, journal, post, credit
 *   check, audit; read from the statement's async stack);
 * - a CPU profile (node:inspector, 100 µs sampling) of CREATES creates, its samples put in kinds of
 *   work (SQLite's native statements, Kysely building SQL, zod, Fastify and the inject, JSON, GC,
 *   the app's own code by pipeline step).
 * `node --import tsx bench/create-breakdown.ts`  CREATES=2000 BENCH_PROFILE_DIR=/tmp/prof (keeps the .cpuprofile)
 */
const CREATES = Number(process.env.CREATES ?? 2000)
const DIR = '/tmp/booking-bench/create-breakdown'
const ADMIN = { email: 'breakdown@bench.local', password: 'password123' }
const BODY = ticketBody('BREAKDOWN-1')

rmSync(DIR, { recursive: true, force: true })
mkdirSync(DIR, { recursive: true })
const app = await buildApp({
  databaseUrl: `sqlite:${join(DIR, 'bench.db')}`,
  jwtSecret: 'bench-secret-at-least-32-characters-long',
  searchIndexEveryMs: 0,
})
await app.db
  .insertInto('users')
  .values({
    username: 'breakdown',
    email: ADMIN.email,
    password_hash: TEST_PASSWORD_HASH,
    role: 'admin',
    is_approved: 1,
    created_at: new Date().toISOString(),
  })
  .execute()
const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: ADMIN })
const headers = { authorization: `Bearer ${login.json().token}`, 'content-type': 'application/json' }
for (const [url, name] of [
  ['/api/agent-names', BODY.agent_name],
  ['/api/vender-names', BODY.vendor_name],
] as const)
  await app.inject({ method: 'POST', url, headers, payload: { name } })
const payload = JSON.stringify(BODY)
const create = async () => {
  const res = await app.inject({ method: 'POST', url: '/api/ticket', headers, payload })
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`)
}
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')

/** The pipeline step a stack is in: the innermost of these names (lib/record-write.ts and the hooks it calls). */
const STEPS: ReadonlyArray<readonly [string, RegExp]> = [
  ['closed period (the lock)', /books\/lock\.ts|closedPeriod/],
  ['audit', /\b(auditLinked|linkAudit|audit) \(/],
  ['credit check', /credit|postingsCheck/i],
  ['post (book entry, lines, checkpoints)', /books\/|lib\/books|postings\.ts|postEntry|syncPosting/],
  ['journal (All Bookings row)', /\b(writeJournal|journal) \(|lib\/journal\.ts/],
  ['index (customer, passports, tax)', /record-extensions|\bwritten \(|passport|customer-link|tax\//],
  ['store (the ticket row)', /\binsert \(.*record-write/],
  ['number (entry counters)', /nextEntry|entries\.ts/],
  ['check (names, bank, duplicates)', /\bcheck \(|check\.ts/],
  ['authorize (session)', /plugins\/auth|requireAccess|authenticate/],
  ['other', /./],
]
const stepOf = (stack: string) => {
  // Frames of the app only (the driver's and Kysely's first), innermost first.
  const frames = stack
    .split('\n')
    .slice(1)
    .filter((f) => /apps\/server\/src|packages\/shared/.test(f) && !/\/db\/(connect|sqlite|dialect)/.test(f))
  for (const frame of frames) for (const [name, re] of STEPS.slice(0, -1)) if (re.test(frame)) return name
  return 'other'
}

// 1. Warm-up (JIT, statement caches), then the wall time per create.
for (let i = 0; i < 300; i++) await create()
const walls: number[] = []
const cpu0 = process.cpuUsage()
const t0 = performance.now()
for (let i = 0; i < CREATES; i++) {
  const t = performance.now()
  await create()
  walls.push(performance.now() - t)
}
const wallTotal = performance.now() - t0
const cpu = process.cpuUsage(cpu0)
walls.sort((a, b) => a - b)
const cpuPer = ((cpu.user + cpu.system) / CREATES).toFixed(0)
console.log(
  `Create ticket in process (app.inject, one at a time), ${CREATES} creates; load average ${load()}\n` +
    `  wall per create: mean ${((wallTotal / CREATES) * 1000).toFixed(0)} µs, p50 ${(walls[Math.floor(CREATES / 2)]! * 1000).toFixed(0)} µs, p99 ${(walls[Math.floor(CREATES * 0.99)]! * 1000).toFixed(0)} µs; CPU per create (all threads) ${cpuPer} µs`,
)

// 2. The statements, by step (another 200 creates, each statement timed and its stack read).
const executor = app.db.getExecutor()
const proto = Object.getPrototypeOf(executor) as {
  executeQuery: (q: CompiledQuery, id: unknown) => Promise<unknown>
}
const original = proto.executeQuery
const byStep = new Map<string, { reads: number; writes: number; us: number; tables: Set<string> }>()
const SAMPLED = 200
proto.executeQuery = async function (this: unknown, q: CompiledQuery, id: unknown) {
  const stack = new Error().stack ?? ''
  const t = performance.now()
  try {
    return await original.call(this, q, id)
  } finally {
    const us = (performance.now() - t) * 1000
    const step = stepOf(stack)
    const s = byStep.get(step) ?? { reads: 0, writes: 0, us: 0, tables: new Set<string>() }
    const write = /^\s*(insert|update|delete)\b/i.test(q.sql)
    if (write) s.writes++
    else s.reads++
    s.us += us
    const table = /^\s*(?:insert\s+into|update|delete\s+from|select\b.*?\bfrom)\s+"?(\w+)"?/is.exec(
      q.sql,
    )?.[1]
    if (table) s.tables.add(`${write ? 'w' : 'r'}:${table}`)
    byStep.set(step, s)
  }
}
Error.stackTraceLimit = 60
try {
  for (let i = 0; i < SAMPLED; i++) await create()
} finally {
  proto.executeQuery = original
  Error.stackTraceLimit = 10
}
let reads = 0
let writes = 0
let sqlUs = 0
for (const s of byStep.values()) {
  reads += s.reads
  writes += s.writes
  sqlUs += s.us
}
console.log(
  `\n  SQL per create: ${(reads / SAMPLED).toFixed(1)} reads, ${(writes / SAMPLED).toFixed(1)} writes (through Kysely; triggers not counted), ${(sqlUs / SAMPLED).toFixed(0)} µs in the driver calls`,
)
console.log('  | step | reads | writes | µs in SQL calls | tables (r: read, w: write) |')
console.log('  |---|---|---|---|---|')
for (const [step, s] of [...byStep].sort((a, b) => b[1].us - a[1].us))
  console.log(
    `  | ${step} | ${(s.reads / SAMPLED).toFixed(1)} | ${(s.writes / SAMPLED).toFixed(1)} | ${(s.us / SAMPLED).toFixed(0)} | ${[...s.tables].sort().join(', ')} |`,
  )

// 3. A CPU profile of CREATES more, by kind of work.
interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.setSamplingInterval', { interval: 100 })
await session.post('Profiler.start')
for (let i = 0; i < CREATES; i++) await create()
const { profile } = (await session.post('Profiler.stop')) as {
  profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }
}
session.disconnect()
if (process.env.BENCH_PROFILE_DIR) {
  mkdirSync(process.env.BENCH_PROFILE_DIR, { recursive: true })
  writeFileSync(join(process.env.BENCH_PROFILE_DIR, 'create.cpuprofile'), JSON.stringify(profile))
}
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map<number, number>()
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
const pkg = (url: string) => /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1]
const HTTP =
  /^(fastify|@fastify\/.*|light-my-request|find-my-way|avvio|fast-json-stringify|fast-uri|secure-json-parse|process-warning|abstract-logging|pino.*|fastify-plugin|toad-cache|rfdc|ajv.*|fast-querystring|fast-decode-uri-component)$/
/** The kind of work a leaf frame does, and (for the app's own code and what it calls) the step on its stack. */
const kindOf = (id: number): string => {
  const n = byId.get(id)!
  const { functionName: f, url } = n.callFrame
  if (f === '(garbage collector)') return 'garbage collection'
  if (f === '(program)' || f === '(idle)') return f
  // The profiler's own stop (it serializes the profile on this thread) is not a create's.
  for (let at = parent.get(id); at !== undefined; at = parent.get(at))
    if (byId.get(at)!.callFrame.url === 'node:inspector') return '(idle)'
  const p = pkg(url)
  if (p === 'better-sqlite3' || (!url && /^(run|get|all|iterate|prepare|exec|raw|pluck)$/.test(f)))
    return 'SQLite: statements (native)'
  if (p === 'kysely') return 'Kysely: building and compiling SQL, reading rows'
  if (p === 'zod') return 'zod: validating the body'
  if (p && HTTP.test(p)) return 'Fastify, inject, routing, reply'
  if (p === 'jose' || p === 'fast-jwt' || p === '@fastify/jwt' || /jwt/.test(p ?? '')) return 'auth: token'
  if (!url && /^(parse|stringify)$/.test(f)) return 'JSON parse / stringify'
  if (p) return `package ${p}`
  if (/apps\/server\/src|packages\/shared/.test(url)) {
    // The app's own code: by the step on its stack (innermost).
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame
      const text = `${frame.functionName} (${frame.url}`
      for (const [name, re] of STEPS.slice(0, -1)) if (re.test(text)) return `app: ${name}`
    }
    return `app: other (${url.replace(/^.*\/(apps|packages)\//, '$1/')})`
  }
  return `${url ? `node: ${url.replace(/^node:/, '')}` : `native: ${f || '(anonymous)'}`}${callerOf(id)}`
}
/** The nearest app function a native or Node frame was called from. */
const callerOf = (id: number) => {
  for (let at = parent.get(id); at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at)!.callFrame
    if (/apps\/server\/src|packages\/shared/.test(frame.url))
      return ` (from ${frame.functionName || '(anonymous)'} in ${frame.url.replace(/^.*\/(apps|packages)\//, '$1/')})`
  }
  return ''
}
const kinds = new Map<string, number>()
let total = 0
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0
  const k = kindOf(id)
  if (k === '(idle)') return
  kinds.set(k, (kinds.get(k) ?? 0) + dt)
  total += dt
})
console.log(
  `\n  CPU profile of ${CREATES} creates (main thread, idle left out): ${(total / CREATES).toFixed(0)} µs sampled per create; load average ${load()}`,
)
console.log('  | kind of work | µs per create | share |')
console.log('  |---|---|---|')
for (const [k, v] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 30))
  console.log(`  | ${k} | ${(v / CREATES).toFixed(0)} | ${((v / total) * 100).toFixed(1)} % |`)

await app.close()

// 4. The same creates' rows without the API, CPU only: the recorded write statements (all of them,
// and the spec's rows only) in a loop, one transaction per ticket, synchronous = NORMAL (no fsync:
// the disk is the same for both and the API shares its flushes), 5 s each.
const rawFile = join(DIR, 'raw.db')
const recorded = await prepare(rawFile)
const spec = recorded.filter((r) => r.table && SPEC_TABLES.has(r.table))
const perTicket = (rows: typeof recorded) => {
  const c0 = process.cpuUsage()
  const rate = rawLoop(rawFile, rows, { synchronous: 'NORMAL', seconds: 5 })
  const c = process.cpuUsage(c0)
  return { rate, cpu: (c.user + c.system) / (rate * 5) }
}
const all = perTicket(recorded)
const only = perTicket(spec)
console.log(
  `\n  Without the API (no fsync, CPU per ticket): every write statement (${recorded.length}) ${all.cpu.toFixed(0)} µs (${all.rate}/s); the spec's rows (${spec.length}: ${spec.map((r) => r.table).join(', ')}) ${only.cpu.toFixed(0)} µs (${only.rate}/s); load average ${load()}`,
)
console.log(
  `  CPU per create through the API ${cpuPer} µs: ${(Number(cpuPer) / only.cpu).toFixed(1)}x the spec's rows, ${(Number(cpuPer) / all.cpu).toFixed(1)}x every write statement`,
)
rmSync(DIR, { recursive: true, force: true })
