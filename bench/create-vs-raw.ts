import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import SQLite from 'better-sqlite3'
import type { CompiledQuery } from 'kysely'
import { buildApp } from '../apps/server/src/app.ts'
import { TEST_PASSWORD_HASH } from '../apps/server/test/harness.ts'
import { exportPrevious, root, start, stop } from './processes.ts'
import { ticketBody } from './ticket-body.ts'

/**
 * Issue 26 item 3: create ticket through the API against a raw better-sqlite3 loop that durably
 * commits the same rows, in the same run.
 * - The rows: one create's write statements (inserts, updates, upserts; the triggers they fire
 *   run in both) are recorded in-process with their values; the loop runs them as prepared
 *   statements, one transaction per ticket (BEGIN IMMEDIATE ... COMMIT), WAL with
 *   synchronous = FULL, the new ticket's, book entry's and audit row's ids in place of the
 *   recorded ones. Reads (checks, balances) are the API's own cost and not in the loop.
 * - The API: a server process (synchronous = FULL, group commit) on a copy of the same database,
 *   autocannon POSTing the same ticket with CONNECTIONS connections.
 * The API runs twice on this tree (after) and twice on PREVIOUS (before, exported from git with
 * this tree's packages); the raw loop three times between them; each figure is a mean.
 * `node --import tsx bench/create-vs-raw.ts`  PREVIOUS=823ed62 BENCH_DURATION=10 BENCH_CONNECTIONS=10
 * BENCH_CPU_PROF=DIR also writes the servers' CPU profiles (node --cpu-prof) there.
 *
 * Issue 32 adds a third loop, "the rows the spec needs": of the recorded statements only those that
 * write the ticket, its entry counter and its Agent, Office Accounts, Vendor and journal rows (the
 * spec's own tables; their triggers run too), same transaction and settings. PREVIOUS=none skips the
 * previous tree. Where the rest of a create goes: bench/create-breakdown.ts.
 */
const PREVIOUS = process.env.PREVIOUS ?? '823ed62'
export const SPEC_TABLES = new Set([
  'tickets',
  'entry_counters',
  'agent_entries',
  'account_entries',
  'vender_entries',
  'journal_rows',
])
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const PORT = 4350
const DIR = '/tmp/booking-bench/create-vs-raw'
const ADMIN = { email: 'raw-bench@bench.local', password: 'password123' }
const SECRET = 'bench-secret-at-least-32-characters-long'
const BODY = ticketBody('RAW-1')
/** First ids of the rows other rows point at, far above any amount the statements carry. */
const ID_BASES = { tickets: 9_100_000_000, book_entries: 9_200_000_000, audit_log: 9_300_000_000 } as const

export interface Recorded {
  /** The table the statement writes. */
  table?: string
  sql: string
  parameters: readonly unknown[]
  /** The table whose new row's id later statements carry, when this statement inserts one. */
  returns?: keyof typeof ID_BASES
}

const WRITE = /^\s*(insert|update|delete)\b/i

/** A migrated database with its admin, names and one ticket; then one more create, recorded. */
export const prepare = async (file: string) => {
  const app = await buildApp({ databaseUrl: `sqlite:${file}`, jwtSecret: SECRET, searchIndexEveryMs: 0 })
  const recorded: Recorded[] = []
  try {
    await app.db
      .insertInto('users')
      .values({
        username: 'rawbench',
        email: ADMIN.email,
        password_hash: TEST_PASSWORD_HASH,
        role: 'admin',
        is_approved: 1,
        created_at: new Date().toISOString(),
      })
      .execute()
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: ADMIN })
    const headers = { authorization: `Bearer ${login.json().token}` }
    for (const [url, name] of [
      ['/api/agent-names', BODY.agent_name],
      ['/api/vender-names', BODY.vendor_name],
    ] as const)
      await app.inject({ method: 'POST', url, headers, payload: { name } })
    const warm = await app.inject({ method: 'POST', url: '/api/ticket', headers, payload: BODY })
    if (warm.statusCode !== 201) throw new Error(`create: ${warm.statusCode} ${warm.body}`)
    for (const [table, base] of Object.entries(ID_BASES))
      await app.db
        .updateTable('sqlite_sequence' as never)
        .set({ seq: base - 1 } as never)
        .where('name' as never, '=', table as never)
        .execute()
    const executor = app.db.getExecutor()
    const proto = Object.getPrototypeOf(executor) as {
      executeQuery: (q: CompiledQuery, id: unknown) => Promise<unknown>
    }
    const original = proto.executeQuery
    proto.executeQuery = async function (this: unknown, q: CompiledQuery, id: unknown) {
      if (WRITE.test(q.sql)) {
        const table = /^\s*insert\s+into\s+"?(\w+)"?/i.exec(q.sql)?.[1]
        recorded.push({
          table: /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/i.exec(q.sql)?.[1],
          sql: q.sql,
          parameters: q.parameters,
          returns: table && table in ID_BASES ? (table as keyof typeof ID_BASES) : undefined,
        })
      }
      return original.call(this, q, id)
    }
    try {
      const res = await app.inject({ method: 'POST', url: '/api/ticket', headers, payload: BODY })
      if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`)
    } finally {
      proto.executeQuery = original
    }
  } finally {
    await app.close()
  }
  return recorded
}

/** The recorded statements, one transaction per ticket, for DURATION seconds: tickets per second. */
export const rawLoop = (
  file: string,
  recorded: readonly Recorded[],
  { synchronous = 'FULL', seconds = DURATION }: { synchronous?: 'FULL' | 'NORMAL'; seconds?: number } = {},
) => {
  const db = new SQLite(file)
  db.pragma('journal_mode = WAL')
  db.pragma(`synchronous = ${synchronous}`)
  db.pragma('foreign_keys = ON')
  try {
    const statements = recorded.map((r) => ({ ...r, stmt: db.prepare(r.sql) }))
    const begin = db.prepare('BEGIN IMMEDIATE')
    const commit = db.prepare('COMMIT')
    const recordedId = Object.fromEntries(Object.entries(ID_BASES)) as Record<string, number>
    let n = 0
    const until = performance.now() + seconds * 1000
    while (performance.now() < until) {
      const now = new Map<number, number>()
      begin.run()
      for (const s of statements) {
        const params = s.parameters.map((p) => (typeof p === 'number' ? (now.get(p) ?? p) : p))
        if (s.stmt.reader) {
          const row = s.stmt.get(params) as { id?: number } | undefined
          if (s.returns && row?.id !== undefined) now.set(recordedId[s.returns]!, row.id)
        } else {
          const info = s.stmt.run(params)
          if (s.returns) now.set(recordedId[s.returns]!, Number(info.lastInsertRowid))
        }
      }
      commit.run()
      n++
    }
    return Math.round(n / seconds)
  } finally {
    db.close()
  }
}

const api = async (tree: string, file: string, run: number) => {
  const base = `http://127.0.0.1:${PORT}`
  const prof = process.env.BENCH_CPU_PROF
  const server = await start(
    [...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []), 'apps/server/src/main.ts'],
    {
      DATABASE_URL: `sqlite:${file}`,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG: 'off',
      WEB_DIR: '/nonexistent',
      BACKUP_HOUR: 'off',
      JWT_SECRET: SECRET,
    },
    `${base}/api/health`,
    tree,
  )
  try {
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    const { token } = (await login.json()) as { token: string }
    const r = await autocannon({
      url: `${base}/api/ticket`,
      connections: CONNECTIONS,
      duration: DURATION,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...BODY, reference: `RAW-API-${run}` }),
    })
    return {
      rps: Math.round(r.requests.average),
      p99: r.latency.p99,
      errors: r.non2xx + r.errors + r.timeouts,
    }
  } finally {
    await stop(server)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  rmSync(DIR, { recursive: true, force: true })
  mkdirSync(DIR, { recursive: true })
  const seed = join(DIR, 'seed.db')
  const recorded = await prepare(seed)
  const copy = (name: string) => {
    const file = join(DIR, name)
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
    copyFileSync(seed, file)
    return file
  }
  const spec = recorded.filter((r) => r.table && SPEC_TABLES.has(r.table))
  console.log(
    `Create ticket: API against a raw durable loop, ${DURATION} s per run, ${CONNECTIONS} connections; ${recorded.length} write statements per ticket (${[...new Set(recorded.map((r) => r.table))].join(', ')}); the spec's rows: ${spec.length} (${spec.map((r) => r.table).join(', ')}); load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  const raws: number[] = []
  const specs: number[] = []
  const apis = { before: [] as number[], after: [] as number[] }
  const previous = PREVIOUS === 'none' ? null : exportPrevious(PREVIOUS)
  const rawRun = (name: string) => {
    raws.push(rawLoop(copy(name), recorded))
    console.log(
      `  raw loop (every write statement): ${raws.at(-1)} tickets/s; load ${loadavg()[0]!.toFixed(1)}`,
    )
  }
  const specRun = (name: string) => {
    specs.push(rawLoop(copy(name), spec))
    console.log(
      `  raw loop (the spec's ${spec.length} rows): ${specs.at(-1)} tickets/s; load ${loadavg()[0]!.toFixed(1)}`,
    )
  }
  /** The previous tree refuses a database with migrations it does not know (this tree's, no-ops on SQLite). */
  const forPrevious = (file: string) => {
    const db = new SQLite(file)
    const known = new Set(
      readdirSync(join(previous!, 'apps/server/src/db/migrations')).map((f) => f.replace(/\.ts$/, '')),
    )
    const names = db.prepare('SELECT name FROM kysely_migration').pluck().all() as string[]
    for (const name of names)
      if (!known.has(name)) db.prepare('DELETE FROM kysely_migration WHERE name = ?').run(name)
    db.close()
    return file
  }
  const apiRun = async (which: 'before' | 'after', run: number) => {
    if (which === 'before' && !previous) return
    const file = copy(`api-${which}${run}.db`)
    const r = await api(
      which === 'before' ? previous! : root,
      which === 'before' ? forPrevious(file) : file,
      run,
    )
    apis[which].push(r.rps)
    console.log(
      `  API ${which === 'before' ? `before (${PREVIOUS})` : 'after (this tree)'}: ${r.rps} tickets/s, p99 ${r.p99} ms${r.errors ? ` (${r.errors} errors)` : ''}; load ${loadavg()[0]!.toFixed(1)}`,
    )
  }
  // raw, spec, before, after, raw, after, before, spec, raw: a shared machine drifts; each figure is a mean.
  rawRun('raw1.db')
  specRun('spec1.db')
  await apiRun('before', 1)
  await apiRun('after', 1)
  rawRun('raw2.db')
  await apiRun('after', 2)
  await apiRun('before', 2)
  specRun('spec2.db')
  rawRun('raw3.db')
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length
  for (const which of ['before', 'after'] as const)
    if (apis[which].length)
      console.log(
        `  ${which}: API / raw ${(mean(apis[which]) / mean(raws)).toFixed(2)}x (API ${Math.round(mean(apis[which]))}/s, raw ${Math.round(mean(raws))}/s); API / the spec's rows ${(mean(apis[which]) / mean(specs)).toFixed(2)}x (${Math.round(mean(specs))}/s)`,
      )
  console.log(
    `  load average at end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  rmSync(DIR, { recursive: true, force: true })
}
