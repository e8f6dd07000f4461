import { mkdirSync, rmSync } from 'node:fs'
import { type Kysely, sql } from 'kysely'
import { buildApp } from '../apps/server/src/app.ts'
import type { Database } from '../apps/server/src/db/schema.ts'
import { ensureAdmin } from '../apps/server/src/lib/bootstrap-admin.ts'
import { recordLifecycle } from '../apps/server/src/lib/crud.ts'
import type { AuthUser } from '../apps/server/src/plugins/auth.ts'
import { freshUrl } from './fresh-url.ts'
import { AGENTS, random, recordInputs, VENDORS } from './record-inputs.ts'
import { BENCH_ADMIN } from './seed.ts'

/**
 * A busy corporate customer's page (issue 37 item 5): `node --import tsx bench/customer-page.ts`.
 * For each size (BENCH_SIZES, default 10000,100000) a fresh SQLite file gets that many tickets
 * through the app's own lifecycle, one in five sold to one registered customer ("Corporate
 * Travels", the 20,000 of 100,000), the rest to others. Then, in the same process, the
 * page's calls are timed one at a time, every URL new (no answer cache), ITERATIONS each, beside
 * GET /api/health as the baseline of the same run: the page as the screen asked for it before
 * (the customer unpaged, the whole statement) and as it asks now (the newest 100 of each type,
 * the statement's first 200 lines). BENCH_KEEP=1 keeps the file.
 */
const env = process.env
const SIZES = (env.BENCH_SIZES ?? '10000,100000').split(',').map(Number)
const ITERATIONS = Number(env.ITERATIONS ?? 200)
const BATCH = 5_000
const BUSY = 'Corporate Travels'

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1))

const run = async (size: number) => {
  mkdirSync('/tmp/booking-bench', { recursive: true })
  const file = `/tmp/booking-bench/customer-page-${size}.db`
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
  const app = await buildApp({
    databaseUrl: `sqlite:${file}`,
    jwtSecret: 'bench-secret-at-least-32-characters-long',
    searchIndexEveryMs: 0,
  })
  const db = app.db as Kysely<Database>
  try {
    await sql`PRAGMA synchronous = OFF`.execute(db)
    await ensureAdmin(app.db, {
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ADMIN_USERNAME: BENCH_ADMIN.username,
    })
    const user = (await db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'role'])
      .where('email', '=', BENCH_ADMIN.email)
      .executeTakeFirstOrThrow()) as AuthUser
    const token = await app.signToken(user)
    const call = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
      const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload })
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`)
      return res
    }
    for (const name of AGENTS) await call('POST', '/api/agent-names', { name })
    for (const name of VENDORS) await call('POST', '/api/vender-names', { name })
    const customer = (
      await call('POST', '/api/customers', { name: BUSY, mobile_number: '0300-1112223' })
    ).json().customer.id as number

    const t0 = performance.now()
    const rand = random(4304)
    const inputs = recordInputs(rand)
    const lifecycle = recordLifecycle(app.db, 'tickets')
    if (!lifecycle) throw new Error('no ticket lifecycle')
    // Entered over five years, as bench/seed.ts does: the lifecycle dates a sale's lines by the
    // moment it is entered, so the clock reads that moment while it runs.
    const Real = Date
    let at = Real.UTC(2021, 0, 1)
    class EnteredDate extends Real {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(at)
        else super(...(args as [number]))
      }
      static override now() {
        return at
      }
    }
    globalThis.Date = EnteredDate as DateConstructor
    for (let done = 0; done < size; done += BATCH) {
      const n = Math.min(BATCH, size - done)
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < n; i++) {
          const k = done + i
          at = Real.UTC(2021, 0, 1) + Math.floor((k / size) * 5 * 365 * 86_400_000)
          const day = new Real(at).toISOString().slice(0, 10)
          const body = inputs.body('tickets', day) as Record<string, unknown>
          // One in five to the corporate customer, sold on its own account (no agent).
          const mine = k % 5 === 0
          await lifecycle.create(
            trx,
            { user },
            lifecycle.parse(mine ? { ...body, agent_name: '', customer_add: BUSY } : body),
          )
        }
      })
    }
    globalThis.Date = Real
    await sql`ANALYZE`.execute(db)
    const seeded = (performance.now() - t0) / 1000

    const timed = async (url: string) => {
      const times: number[] = []
      let bytes = 0
      for (let i = 0; i < ITERATIONS + 3; i++) {
        const t = performance.now()
        const res = await call('GET', freshUrl(url, i))
        const took = performance.now() - t
        bytes = res.body.length
        if (i >= 3) times.push(took)
      }
      times.sort((a, b) => a - b)
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number
      return { p50: at(0.5), p99: at(0.99), kb: Math.round(bytes / 1024) }
    }
    const reads: Array<[string, string]> = [
      ['baseline GET /api/health', '/api/health'],
      ['before: customer, unpaged', `/api/customers/${customer}`],
      ['before: statement, whole account', `/api/statements/customer/${customer}`],
      ['now: customer, newest 100 per type', `/api/customers/${customer}?limit=100`],
      ['now: statement, first 200 lines', `/api/statements/customer/${customer}?limit=200`],
      ['now: profile panel (credit call)', `/api/credit/customer/${encodeURIComponent(BUSY)}`],
    ]
    const lines = (await call('GET', `/api/statements/customer/${customer}?limit=1`)).json().page.lines_total
    console.log(
      `\n${size.toLocaleString('en-US')} tickets (${Math.round(size / 5).toLocaleString('en-US')} to ${BUSY}, ${Number(lines).toLocaleString('en-US')} statement lines), seeded in ${seeded.toFixed(0)} s; p50 / p99 ms (x baseline p50 / p99), answer size`,
    )
    let base = { p50: 1, p99: 1 }
    for (const [name, url] of reads) {
      const r = await timed(url)
      if (url === '/api/health') base = r
      console.log(
        `  ${name.padEnd(38)} ${ms(r.p50)} / ${ms(r.p99)} ms (${(r.p50 / base.p50).toFixed(1)}x / ${(r.p99 / base.p99).toFixed(1)}x)  ${r.kb} kB`,
      )
    }
  } finally {
    await app.close()
    if (!env.BENCH_KEEP) for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
  }
}

console.log(`customer page bench: in process (app.inject), one call at a time, ${ITERATIONS} calls per read`)
for (const size of SIZES) await run(size)
