import { copyFileSync, readFileSync, rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { callerOf } from '@booking/shared'
import { sql } from 'kysely'
import { buildApp } from '../apps/server/src/app.ts'
import { collectionRows } from '../apps/server/src/areas/readers/collect/collections.ts'
import { scopeOf } from '../apps/server/src/lib/caller-scope.ts'
import { dropPostgres, postgresCopy } from './pg-copy.ts'
import { seedDatabase } from './seed.ts'

/**
 * To Collect for one party against the whole list (issue 32 item 5, decision 147): an agent's desk
 * asked "overdue" by running the whole To Collect and keeping its own row; now it runs the same
 * reader scoped to its one party. On the seeded books (bench/seed.ts, BENCH_RECORDS records,
 * default 230,000: about 1,000,000 posting lines), in one process, taking turns: the whole list
 * (staff), the old desk (whole list, then its row) and the new one (one party), p50/p99 each and
 * the ratio to the whole list in the same run; the one-party row must equal the whole list's.
 *
 * `node --import tsx bench/collect-one.ts`  BENCH_DB=sqlite,postgres ROUNDS=30 AS_OF=2025-06-15 MIN_DAYS=30
 */
const env = process.env
const RECORDS = Number(env.BENCH_RECORDS ?? 230_000)
const SEED = Number(env.BENCH_SEED ?? 4304)
const ROUNDS = Number(env.ROUNDS ?? 30)
const AS_OF = env.AS_OF ?? '2025-06-15'
const MIN_DAYS = Number(env.MIN_DAYS ?? 30)
const DBS = (env.BENCH_DB ?? 'sqlite').split(',')
const PG = env.BENCH_PG ?? readFileSync('/tmp/pg-url', 'utf8').trim()
const PG_NAME = 'bench_collect_one'

const load = () => loadavg()[0]!.toFixed(1)
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!
const timed = async (f: () => Promise<unknown>) => {
  const t = performance.now()
  await f()
  return performance.now() - t
}

const file = await seedDatabase(RECORDS, SEED)
for (const kind of DBS) {
  let url: string
  const copy = `${file}.collect-one`
  if (kind === 'postgres') url = await postgresCopy(file, PG, PG_NAME, () => {})
  else {
    for (const f of [copy, `${copy}-wal`, `${copy}-shm`]) rmSync(f, { force: true })
    copyFileSync(file, copy)
    url = `sqlite:${copy}`
  }
  const app = await buildApp({
    databaseUrl: url,
    jwtSecret: 'bench-secret-at-least-32-characters-long',
    searchIndexEveryMs: 0,
  })
  try {
    const db = app.db
    const lines = Number(
      (await sql<{ n: unknown }>`SELECT count(*) AS n FROM posting_lines`.execute(db)).rows[0]!.n,
    )
    const staff = await scopeOf(db, callerOf({ role: 'employee' }))
    const whole = await collectionRows(db, staff, AS_OF, MIN_DAYS)
    // The agent owing the most overdue: the row the desk shows.
    const top = whole.rows.find((r) => r.kind === 'agent')
    if (!top) throw new Error('no agent owes anything overdue on these books')
    const account = await db
      .selectFrom('accounts')
      .select('id')
      .where('address', '=', `agent:${top.key}`)
      .executeTakeFirstOrThrow()
    const one = await scopeOf(db, callerOf({ role: 'agent_user', party: { kind: 'agent', id: account.id } }))
    const own = await collectionRows(db, one, AS_OF, MIN_DAYS)
    const same = JSON.stringify(own.rows) === JSON.stringify([top])
    console.log(
      `\n${kind}: ${lines.toLocaleString('en-US')} posting lines, To Collect ${whole.rows.length} parties on ${AS_OF} (${MIN_DAYS} days); ${top.name}: overdue ${top.overdue}, total ${top.total}; one-party row ${same ? 'equals' : 'DIFFERS FROM'} the whole list's; load average ${load()}`,
    )
    if (!same) throw new Error('the one-party reader differs from the whole list')
    const t = { whole: [] as number[], oldDesk: [] as number[], one: [] as number[] }
    for (let i = 0; i < ROUNDS; i++) {
      // Taking turns, the first of each round rotating, so the machine's drift falls on all alike.
      const runs: Array<[number[], () => Promise<unknown>]> = [
        [t.whole, () => collectionRows(db, staff, AS_OF, MIN_DAYS)],
        [
          t.oldDesk,
          async () =>
            (await collectionRows(db, staff, AS_OF, MIN_DAYS)).rows.find(
              (r) => r.kind === 'agent' && r.key === top.key,
            ),
        ],
        [t.one, () => collectionRows(db, one, AS_OF, MIN_DAYS)],
      ]
      for (let k = 0; k < runs.length; k++) {
        const [into, run] = runs[(i + k) % runs.length]!
        into.push(await timed(run))
      }
    }
    const f = (xs: number[]) =>
      `p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms (${(pct(xs, 50) / pct(t.whole, 50)).toFixed(3)}x / ${(pct(xs, 99) / pct(t.whole, 99)).toFixed(3)}x the whole list)`
    console.log(`  To Collect, every party (staff):        ${f(t.whole)}`)
    console.log(`  desk "overdue" before (whole, its row): ${f(t.oldDesk)}`)
    console.log(`  desk "overdue" now (one party):         ${f(t.one)}`)
    console.log(`  ${ROUNDS} rounds; load average ${load()}`)
  } finally {
    await app.close()
    if (kind === 'postgres') await dropPostgres(PG, PG_NAME)
    else for (const f of ['', '-wal', '-shm']) rmSync(`${copy}${f}`, { force: true })
  }
}
