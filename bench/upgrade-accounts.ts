import { copyFileSync, readFileSync, rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { sql } from 'kysely'
import { buildApp } from '../apps/server/src/app.ts'
import { connect } from '../apps/server/src/db/connect.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import type { AuthUser } from '../apps/server/src/plugins/auth.ts'
import { backBeforeAccounts, bookAnswerUrls, captureAnswers } from '../apps/server/test/before-accounts.ts'
import { dropPostgres, postgresCopy } from './pg-copy.ts'
import { BENCH_ADMIN, seedDatabase } from './seed.ts'

/**
 * Issue 32 must-show: the upgrade from the release before the accounts table (migration 0034) at
 * 1M posting lines, on SQLite and PostgreSQL: its time, and every report, statement, ledger page
 * and dashboard answer (apps/server/test/before-accounts.ts, the list accounts-upgrade.test.ts
 * checks on a small file) byte-identical before and after.
 * - The books: bench/seed.ts through the app's lifecycle (BENCH_RECORDS records, default 230,000:
 *   about 1,000,000 posting lines), copied into a PostgreSQL database of the cluster at BENCH_PG
 *   (default: the URL in /tmp/pg-url) for the PostgreSQL pass (bench/pg-copy.ts).
 * - Per database: the answers by this tree's app on the books as this release writes them; the
 *   books taken back to the previous release's shape (accounts, account ids on the lines,
 *   insert-only triggers and the portal's tables gone); then the timed upgrade (the app's start:
 *   0034 builds the accounts from the lines' codes and names every line's account by id, 0041
 *   again) and the same answers, compared byte for byte.
 * `node --import tsx bench/upgrade-accounts.ts`  BENCH_DB=sqlite,postgres BENCH_RECORDS=230000 BENCH_SEED=4304
 */
const RECORDS = Number(process.env.BENCH_RECORDS ?? 230_000)
const SEED = Number(process.env.BENCH_SEED ?? 4304)
const DBS = (process.env.BENCH_DB ?? 'sqlite,postgres').split(',')
const PG = process.env.BENCH_PG ?? readFileSync('/tmp/pg-url', 'utf8').trim()
const PG_NAME = 'bench_upgrade_accounts'
const SECRET = 'bench-secret-at-least-32-characters-long'

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

const urls = bookAnswerUrls({
  agent: 'Agent Rafiq',
  vendor: 'Sky Links',
  bank: 'UBL Account 1',
  day: '2024-06-15',
  from: '2024-06-01',
  to: '2024-06-30',
})

/**
 * The bench admin's token and the books' answers, by this tree's app on `url`: the migrations still
 * to run timed on their own (the upgrade), then the app's start (its start-up checks) timed.
 */
const answers = async (url: string) => {
  const m0 = performance.now()
  const conn = connect(url)
  const applied: string[] = []
  await migrateToLatest(conn, { onApply: (name) => applied.push(name) })
  await conn.destroy()
  const migrated = performance.now() - m0
  const t0 = performance.now()
  const app = await buildApp({ databaseUrl: url, jwtSecret: SECRET, searchIndexEveryMs: 0 })
  const started = performance.now() - t0
  try {
    const user = (await app.db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'role'])
      .where('email', '=', BENCH_ADMIN.email)
      .executeTakeFirstOrThrow()) as AuthUser
    const lines = Number(
      (await sql<{ n: unknown }>`SELECT count(*) AS n FROM posting_lines`.execute(app.db)).rows[0]!.n,
    )
    const t1 = performance.now()
    const got = await captureAnswers(app, await app.signToken(user), urls)
    return { migrated, applied, started, lines, got, read: performance.now() - t1 }
  } finally {
    await app.close()
  }
}

const file = await seedDatabase(RECORDS, SEED)
console.log(
  `Upgrade from the release before the accounts table; ${urls.length} answers; load average ${load()}`,
)
/** The first database's answers: the copy on PostgreSQL is checked against them. */
let first: Map<string, { status: number; body: string }> | undefined
for (const db of DBS) {
  let url: string
  const t0 = performance.now()
  if (db === 'postgres') {
    url = await postgresCopy(file, PG, PG_NAME, () => {})
  } else {
    const copy = `${file}.upgrade`
    for (const f of [copy, `${copy}-wal`, `${copy}-shm`]) rmSync(f, { force: true })
    copyFileSync(file, copy)
    url = `sqlite:${copy}`
  }
  console.log(`\n${db}: books ready in ${seconds(performance.now() - t0)}`)
  try {
    const before = await answers(url)
    const bytes = [...before.got.values()].reduce((s, a) => s + a.body.length, 0)
    console.log(
      `  ${before.lines.toLocaleString('en-US')} posting lines; answers before: ${(bytes / 1e6).toFixed(1)} MB read in ${seconds(before.read)}`,
    )
    if (first) {
      const same = urls.filter((u) => first!.get(u)!.body === before.got.get(u)!.body).length
      console.log(
        `  the same bytes as on ${DBS[0]}: ${same} of ${urls.length} answers (the copy is the same books)`,
      )
    } else first = before.got
    const t1 = performance.now()
    await backBeforeAccounts(url)
    console.log(
      `  back to the previous release's shape in ${seconds(performance.now() - t1)} (not the figure)`,
    )
    const after = await answers(url)
    const differ = urls.filter((u) => {
      const a = before.got.get(u)!
      const b = after.got.get(u)!
      return a.status !== b.status || a.body !== b.body
    })
    const failed = urls.filter((u) => before.got.get(u)!.status !== 200)
    console.log(
      `  upgrade: migrations ${after.applied.join(', ')} in ${seconds(after.migrated)}; then the app's start ${seconds(after.started)} (before the upgrade: ${seconds(before.started)}); load average ${load()}`,
    )
    console.log(
      `  answers byte-identical: ${urls.length - differ.length} of ${urls.length}${differ.length ? `; DIFFERENT: ${differ.join(', ')}` : ''}${failed.length ? `; not 200 before: ${failed.join(', ')}` : ''}`,
    )
  } finally {
    if (db === 'postgres') await dropPostgres(PG, PG_NAME)
    else for (const f of ['', '-wal', '-shm']) rmSync(`${file}.upgrade${f}`, { force: true })
  }
}
