import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { buildApp } from '../apps/server/src/app.ts'
import { mergeAccount, renameAccount } from '../apps/server/src/books/account-changes.ts'
import { booksCheck } from '../apps/server/src/books/check.ts'
import { recordLifecycle } from '../apps/server/src/lib/crud.ts'
import type { AuthUser } from '../apps/server/src/plugins/auth.ts'
import { ticketBody } from './ticket-body.ts'

/**
 * The books check (decision 073) on books of BENCH_LINES posting lines (default 1,000,000), SQLite:
 * - the full check (`npm run check-books`), once;
 * - the dashboard's mark (GET /api/reports/books-check, incremental) with nothing new, ROUNDS times;
 * - the mark after one ticket create each time (the new entry, its total, the months it touched).
 * The lines are written in bulk SQL (two-line entries over the last three years, a quarter of them
 * on cash and on the ticket's agent, a third on ticket income and its vendor, so the months a
 * ticket touches hold about 1/36 of the books; with their headers, month checkpoints and total);
 * each ticket is a real create through the record lifecycle. p50 / p99 in ms, and the ratio of the mark to a
 * `SELECT 1` measured the same way in the same run.
 * `node --import tsx bench/books-check.ts`  BENCH_LINES=1000000 BENCH_ROUNDS=50
 */
const LINES = Number(process.env.BENCH_LINES ?? 1_000_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50)
const dir = mkdtempSync(join(tmpdir(), 'books-check-'))
const app = await buildApp({
  databaseUrl: `sqlite:${join(dir, 'db')}`,
  jwtSecret: 'bench-secret-at-least-32-characters-long',
  searchIndexEveryMs: 0,
})
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!
const timed = async (f: () => Promise<unknown>) => {
  const t = performance.now()
  await f()
  return performance.now() - t
}
const fmt = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(2)} / p99 ${percentile(xs, 99).toFixed(2)} ms`

try {
  const db = app.db
  const entries = Math.floor(LINES / 2)
  const started = performance.now()
  const now = new Date().toISOString()
  // Entry i: Dr account a, Cr account b, (i mod 1095) days before today.
  await db.transaction().execute(async (trx) => {
    await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${entries})
      INSERT INTO book_entries (id, source_type, source_id, day, entry, memo, created_at)
      SELECT i, 'bench', i, date('now', '-' || (i % 1095) || ' days'), '', '', ${now} FROM n`.execute(trx)
    // Each line names its account by id (decision 081): the accounts first, then the lines.
    const codes = [
      'cash',
      'agent:Agent Rafiq',
      'income:tickets',
      'vendor:Sky Links',
      'bank:Bench Bank',
      'customer:#1',
      ...Array.from({ length: 60 }, (_, i) => `bench:${i}`),
    ]
    await sql`INSERT INTO accounts (code, address, kind, name, currency, opened_at) VALUES ${sql.join(
      codes.map(
        (c) => sql`(${c}, ${c}, ${c.split(':')[0]}, ${c.split(':').slice(1).join(':') || c}, 'PKR', ${now})`,
      ),
    )}`.execute(trx)
    // A twentieth of the entries move a bank, 1 in 2,000 a customer (the rename and merge below).
    await sql`INSERT INTO posting_lines (id, source_type, source_id, date, account, debit, credit, entry, detail,
        created_at, entry_id, place, account_id)
      SELECT x.*, (SELECT a.id FROM accounts a WHERE a.code = x.account) FROM (
      SELECT 2 * id - 1 AS id, 'bench', id, day,
        CASE id % 4 WHEN 0 THEN 'cash' WHEN 1 THEN 'agent:Agent Rafiq'
          WHEN 2 THEN CASE WHEN id % 20 = 2 THEN 'bank:Bench Bank' WHEN id % 2000 = 6 THEN 'customer:#1'
            ELSE 'bench:' || (id % 60) END
          ELSE 'bench:' || (id % 60) END AS account,
        100 + id % 997, 0, '', '', ${now}, id, 2 * id - 1
      FROM book_entries WHERE source_type = 'bench'
      UNION ALL
      SELECT 2 * id, 'bench', id, day,
        CASE id % 3 WHEN 0 THEN 'income:tickets' WHEN 1 THEN 'vendor:Sky Links' ELSE 'bench:' || ((id + 7) % 60) END,
        0, 100 + id % 997, '', '', ${now}, id, 2 * id
      FROM book_entries WHERE source_type = 'bench') x`.execute(trx)
    await sql`INSERT INTO posting_months (account, month, n, debit, credit)
      SELECT account, substr(date, 1, 7), count(*), sum(debit), sum(credit) FROM posting_lines
      GROUP BY account, substr(date, 1, 7)`.execute(trx)
    await sql`UPDATE books_totals SET debit = (SELECT sum(debit) FROM posting_lines) WHERE id = 1`.execute(
      trx,
    )
    // The day checkpoints, as the books' own write keeps them (decision 068).
    await sql`INSERT INTO posting_days (account, date, n, debit, credit)
      SELECT account, date, count(*), sum(debit), sum(credit) FROM posting_lines GROUP BY account, date`.execute(
      trx,
    )
    await sql`INSERT INTO profit_days (date, source_type, sources, income, cost)
      SELECT date, source_type, count(*), sum(credit - debit), 0 FROM posting_lines
      WHERE account LIKE 'income:%' GROUP BY date, source_type`.execute(trx)
    // Every source moving cash has its All Bookings row, as a record's would (decision 078).
    await sql`INSERT INTO journal_rows (source_type, source_id, date, entry, name, employee)
      SELECT DISTINCT source_type, source_id, date, '', '', '' FROM posting_lines WHERE account = 'cash'`.execute(
      trx,
    )
  })
  console.log(
    `Books check bench: ${(entries * 2).toLocaleString('en-US')} lines written in ${Math.round(performance.now() - started)} ms; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )

  const full = await booksCheck(db, { full: true })
  console.log(
    `  full check (npm run check-books): ${full.ok ? 'OK' : 'DIFFERS'}, ${full.checked.toLocaleString('en-US')} figures, ${full.ms} ms`,
  )

  const hello: number[] = []
  const idle: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    hello.push(await timed(() => sql`SELECT 1`.execute(db)))
    idle.push(await timed(() => booksCheck(db)))
  }
  const { ensureAdmin } = await import('../apps/server/src/lib/bootstrap-admin.ts')
  await ensureAdmin(db, { ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'bench-password-long-enough-1' })
  const user = (await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'role'])
    .executeTakeFirstOrThrow()) as AuthUser
  await db.insertInto('agent_names').values({ name: 'Agent Rafiq', created_at: now }).execute()
  await db.insertInto('vender_names').values({ name: 'Sky Links', created_at: now }).execute()
  const lifecycle = recordLifecycle(db, 'tickets')!
  const after: number[] = []
  let lines = 0
  for (let i = 0; i < ROUNDS; i++) {
    await db
      .transaction()
      .execute((trx) => lifecycle.create(trx, { user }, lifecycle.parse(ticketBody(`BC-${i}`))))
    let answer: Awaited<ReturnType<typeof booksCheck>> | undefined
    after.push(
      await timed(async () => {
        answer = await booksCheck(db)
      }),
    )
    if (!answer?.ok || answer.scope !== 'incremental')
      throw new Error(`mark after a create: ${JSON.stringify(answer)}`)
    lines += answer.lines
  }
  const ratio = (xs: number[]) => (percentile(xs, 50) / percentile(hello, 50)).toFixed(0)
  console.log(`  SELECT 1 (hello): ${fmt(hello)}`)
  console.log(`  mark, nothing new: ${fmt(idle)} (${ratio(idle)}x hello)`)
  console.log(
    `  mark after one ticket create (${(lines / ROUNDS).toFixed(1)} new lines each): ${fmt(after)} (${ratio(after)}x hello)`,
  )
  const last = await booksCheck(db, { full: true })
  console.log(`  full check again: ${last.ok ? 'OK' : 'DIFFERS'}, ${last.ms} ms`)

  // Issue 32 (decisions 082, 083): a bank rename changes its account's name, a customer merge
  // appends; no line changes, so the next mark stays incremental (until then a rename or merge
  // rewrote the lines and reset the check to a full run: the full check's time above).
  const before = await sql<{
    n: number
    m: number
  }>`SELECT count(*) AS n, max(id) AS m FROM posting_lines`.execute(db)
  const renameMs = await timed(() =>
    db
      .transaction()
      .execute((trx) =>
        renameAccount(trx, 'bank:Bench Bank', 'bank:Bench Bank Renamed', 'Bench Bank Renamed'),
      ),
  )
  let mark: Awaited<ReturnType<typeof booksCheck>> | undefined
  const afterRename = await timed(async () => {
    mark = await booksCheck(db)
  })
  if (!mark?.ok || mark.scope !== 'incremental' || mark.lines !== 0)
    throw new Error(`mark after a rename: ${JSON.stringify(mark)}`)
  const moved = await sql<{
    n: number
  }>`SELECT count(*) AS n FROM posting_lines WHERE account = 'customer:#1'`.execute(db)
  const mergeMs = await timed(() =>
    db.transaction().execute((trx) => mergeAccount(trx, 'customer:#1', 'customer:#2', 'Bench customer')),
  )
  const afterMerge = await timed(async () => {
    mark = await booksCheck(db)
  })
  if (!mark?.ok || mark.scope !== 'incremental')
    throw new Error(`mark after a merge: ${JSON.stringify(mark)}`)
  const unchanged = await sql<{
    n: number
  }>`SELECT count(*) AS n FROM posting_lines WHERE id <= ${before.rows[0]!.m}`.execute(db)
  console.log(
    `  bank rename (${Number((await sql<{ n: number }>`SELECT count(*) AS n FROM posting_lines WHERE account = 'bank:Bench Bank'`.execute(db)).rows[0]!.n).toLocaleString('en-US')} lines on the bank): ${renameMs.toFixed(1)} ms; next mark incremental, 0 new lines, ${afterRename.toFixed(1)} ms`,
  )
  console.log(
    `  customer merge (${Number(moved.rows[0]!.n).toLocaleString('en-US')} lines re-posted by reversal and new entry): ${mergeMs.toFixed(0)} ms; next mark incremental, ${mark.lines.toLocaleString('en-US')} new lines, ${afterMerge.toFixed(1)} ms`,
  )
  console.log(
    `  lines before the rename and merge: ${Number(before.rows[0]!.n).toLocaleString('en-US')}, still there unchanged: ${Number(unchanged.rows[0]!.n).toLocaleString('en-US')} (until now both reset the check to a full run: ${last.ms} ms)`,
  )
} finally {
  await app.close()
  rmSync(dir, { recursive: true, force: true })
}
