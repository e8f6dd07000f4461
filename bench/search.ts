import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { buildApp } from '../apps/server/src/app.ts'
import { byName } from '../apps/server/src/db/by-name.ts'
import { SEARCH_INDEX } from '../apps/server/src/db/search-index.ts'
import { applyListFilters, parseListQuery, SEARCH_COUNT_CAP } from '../apps/server/src/lib/list-query.ts'
import { hashPassword } from '../apps/server/src/lib/passwords.ts'
import { freshUrl } from './fresh-url.ts'
import { seedDatabase, seedPath } from './seed.ts'

/**
 * Search box latency: `node --import tsx bench/search.ts`.
 * Works on a temporary copy of the cached 1M data set (else seeds SEARCH_ROWS, default 200,000),
 * so the cached file is never touched; migration 0005 builds the trigram index on the copy.
 * Times `GET /api/ticket?limit=25&q=…` through the app, and the list's two queries (page, capped
 * count) with and without the index pre-filter, in the same run. ITERATIONS (50) per case.
 */
const ITERATIONS = Number(process.env.ITERATIONS ?? 50)
const QUERIES = ['khan', 'REF-12345', 'zqxwv-none']

const source = async () => {
  const big = seedPath(1_000_000, 42)
  if (existsSync(`${big}.done`)) return { file: big, rows: 1_000_000 }
  const rows = Number(process.env.SEARCH_ROWS ?? 200_000)
  return { file: await seedDatabase(rows, 42), rows }
}

const percentiles = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b)
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number
  return `p50 ${at(50).toFixed(1)} ms, p99 ${at(99).toFixed(1)} ms`
}

const time = async (n: number, run: () => Promise<unknown>) => {
  await run()
  const ms: number[] = []
  for (let i = 0; i < n; i++) {
    const start = performance.now()
    await run()
    ms.push(performance.now() - start)
  }
  return percentiles(ms)
}

const main = async () => {
  const { file, rows } = await source()
  const dir = mkdtempSync(join(tmpdir(), 'booking-search-'))
  const copy = join(dir, 'bench.db')
  copyFileSync(file, copy)
  if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`)
  try {
    let start = performance.now()
    const app = await buildApp({
      databaseUrl: `sqlite:${copy}`,
      jwtSecret: 'bench-secret-at-least-32-characters-long',
      loginRateMax: 1000,
    })
    console.log(
      `${rows} records; app start with migrations (0005 indexes the copy): ${((performance.now() - start) / 1000).toFixed(1)} s`,
    )
    const db = byName(app.db)
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db)
    const mb = (f: string) => (statSync(f).size / 1e6).toFixed(0)
    console.log(`database file: ${mb(file)} MB cached, ${mb(copy)} MB with the search index`)
    const tickets = await db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst()
    console.log(`tickets: ${tickets?.n}`)
    await db
      .insertInto('users')
      .values({
        username: 'search-bench',
        email: 'search-bench@bench.local',
        password_hash: await hashPassword('password123'),
        role: 'admin',
        is_approved: 1,
        created_at: new Date().toISOString(),
      })
      .execute()
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'search-bench@bench.local', password: 'password123' },
    })
    const token = login.json().token as string

    // What the list route runs: a page of 25, then the count capped at SEARCH_COUNT_CAP + 1.
    // "table: 'none'" names no index, which is the path every search took before migration 0005.
    const listQueries = (q: string, indexed: boolean) => async () => {
      const qb = applyListFilters(db, db.selectFrom('tickets'), parseListQuery({ q }), {
        search: SEARCH_INDEX.tickets,
        dateColumn: 'depart_date',
        table: indexed ? 'tickets' : 'none',
      })
      const page = await qb.selectAll().orderBy('id', 'desc').limit(25).execute()
      if (page.length < 25) return page.length
      const counted = await db
        .selectFrom(
          qb
            .select(sql`1`.as('one'))
            .limit(SEARCH_COUNT_CAP + 1)
            .as('m'),
        )
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
      return Number(counted?.n)
    }

    for (const q of QUERIES) {
      const url = `/api/ticket?limit=25&q=${encodeURIComponent(q)}`
      const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } })
      const body = res.json()
      console.log(
        `\nq=${q}: ${body.ticket.length} on the page, total ${body.total}${body.totalCapped ? '+' : ''}`,
      )
      const same = (await listQueries(q, true)()) === (await listQueries(q, false)())
      console.log(`  old and new queries agree: ${same}`)
      start = performance.now()
      let fresh = 0
      const get = () =>
        app.inject({ url: freshUrl(url, fresh++), headers: { authorization: `Bearer ${token}` } })
      console.log(`  GET ${url} (with index):  ${await time(ITERATIONS, get)}`)
      console.log(
        `  list queries, old (scan):    ${await time(Math.min(ITERATIONS, 20), listQueries(q, false))}`,
      )
      console.log(`  list queries, new (index):   ${await time(ITERATIONS, listQueries(q, true))}`)
    }
    await app.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
