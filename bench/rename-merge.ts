import { createHash } from 'node:crypto'
import { copyFileSync, readFileSync, rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { sql } from 'kysely'
import { buildApp } from '../apps/server/src/app.ts'
import { mergeAccount, renameAccount } from '../apps/server/src/books/account-changes.ts'
import { booksCheck } from '../apps/server/src/books/check.ts'
import type { Db } from '../apps/server/src/db/connect.ts'
import { dropPostgres, postgresCopy } from './pg-copy.ts'
import { seedDatabase } from './seed.ts'

/**
 * Issue 32 must-show, on both databases: "a bank rename and a customer merge leave every line's
 * bytes unchanged and the next books check incremental (its time at 1M in bench/)". On the seeded
 * books (bench/seed.ts, BENCH_RECORDS records, default 230,000: about 1,000,000 posting lines; on
 * PostgreSQL a copy in a fresh database, bench/pg-copy.ts): the full check, the dashboard's mark
 * with nothing new, then the rename of the busiest bank and the merge of the busiest customer into
 * the next (books/account-changes.ts, as the admin screens call them), each followed by the mark
 * (must stay incremental); every line there before is hashed before and after (SHA-256 over the rows
 * in id order). books-check.ts does the same on bulk-written lines, SQLite only.
 * `node --import tsx bench/rename-merge.ts`  BENCH_DB=sqlite,postgres BENCH_RECORDS=230000 ROUNDS=20
 */
const RECORDS = Number(process.env.BENCH_RECORDS ?? 230_000)
const SEED = Number(process.env.BENCH_SEED ?? 4304)
const ROUNDS = Number(process.env.ROUNDS ?? 20)
const DBS = (process.env.BENCH_DB ?? 'sqlite,postgres').split(',')
const PG = process.env.BENCH_PG ?? readFileSync('/tmp/pg-url', 'utf8').trim()
const PG_NAME = 'bench_rename_merge'

const load = () => loadavg()[0]!.toFixed(1)
const timed = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
  const t = performance.now()
  const r = await f()
  return [r, performance.now() - t]
}
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!

/** SHA-256 of every line with id <= max, in id order, and how many. */
const digest = async (db: Db, max: number) => {
  const hash = createHash('sha256')
  let n = 0
  const step = 100_000
  for (let from = 0; from < max; from += step) {
    const rows = await sql<Record<string, unknown>>`SELECT * FROM posting_lines
      WHERE id > ${from} AND id <= ${Math.min(max, from + step)} ORDER BY id`.execute(db)
    for (const r of rows.rows) {
      hash.update(JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)))
      n++
    }
  }
  return { hash: hash.digest('hex').slice(0, 16), n }
}

const file = await seedDatabase(RECORDS, SEED)
for (const kind of DBS) {
  let url: string
  if (kind === 'postgres') url = await postgresCopy(file, PG, PG_NAME, () => {})
  else {
    const copy = `${file}.rename`
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
    const busiest = async (k: string) =>
      (
        await sql<{ code: string; n: unknown }>`SELECT a.code, count(*) AS n FROM posting_lines l
          JOIN accounts a ON a.id = l.account_id WHERE a.kind = ${k} GROUP BY a.code ORDER BY count(*) DESC LIMIT 2`.execute(
          db,
        )
      ).rows
    const [bank] = await busiest('bank')
    const [from, into] = await busiest('customer')
    const max = Number(
      (await sql<{ m: unknown; n: unknown }>`SELECT max(id) AS m FROM posting_lines`.execute(db)).rows[0]!.m,
    )
    console.log(`\n${kind}: ${max.toLocaleString('en-US')} posting lines; load average ${load()}`)
    const [full, fullMs] = await timed(() => booksCheck(db, { full: true }))
    console.log(
      `  full check: ${full.ok ? 'OK' : 'DIFFERS'}, ${full.checked.toLocaleString('en-US')} figures, ${fullMs.toFixed(0)} ms`,
    )
    const hello: number[] = []
    const idle: number[] = []
    for (let i = 0; i < ROUNDS; i++) {
      hello.push((await timed(() => sql`SELECT 1`.execute(db)))[1])
      idle.push((await timed(() => booksCheck(db)))[1])
    }
    console.log(
      `  SELECT 1: p50 ${pct(hello, 50).toFixed(2)} ms; mark with nothing new: p50 ${pct(idle, 50).toFixed(2)} / p99 ${pct(idle, 99).toFixed(2)} ms`,
    )
    const before = await digest(db, max)
    const [, renameMs] = await timed(() =>
      db
        .transaction()
        .execute((trx) => renameAccount(trx, bank!.code, `${bank!.code} (renamed)`, 'Renamed bank')),
    )
    const [afterRename, renameMark] = await timed(() => booksCheck(db))
    console.log(
      `  rename ${bank!.code} (${Number(bank!.n).toLocaleString('en-US')} lines): ${renameMs.toFixed(1)} ms; next mark ${afterRename.scope}, ${afterRename.lines} new lines, ${afterRename.ok ? 'OK' : 'DIFFERS'}, ${renameMark.toFixed(1)} ms`,
    )
    const [, mergeMs] = await timed(() =>
      db.transaction().execute((trx) => mergeAccount(trx, from!.code, into!.code, 'Merged customer')),
    )
    const [afterMerge, mergeMark] = await timed(() => booksCheck(db))
    console.log(
      `  merge ${from!.code} (${Number(from!.n).toLocaleString('en-US')} lines) into ${into!.code}: ${mergeMs.toFixed(0)} ms; next mark ${afterMerge.scope}, ${afterMerge.lines.toLocaleString('en-US')} new lines, ${afterMerge.ok ? 'OK' : 'DIFFERS'}, ${mergeMark.toFixed(1)} ms`,
    )
    const after = await digest(db, max)
    console.log(
      `  lines there before: ${before.n.toLocaleString('en-US')} (sha256 ${before.hash}); after: ${after.n.toLocaleString('en-US')} (sha256 ${after.hash}): ${before.hash === after.hash && before.n === after.n ? 'unchanged' : 'CHANGED'}; load average ${load()}`,
    )
  } finally {
    await app.close()
    if (kind === 'postgres') await dropPostgres(PG, PG_NAME)
    else for (const f of ['', '-wal', '-shm']) rmSync(`${file}.rename${f}`, { force: true })
  }
}
